import { t } from "@etalage/core";
import { notify } from "../../lib/notification-store.ts";
import {
  type Customer,
  type CustomerAddress,
  callApi,
  dutch,
  messageOf,
  Offline,
} from "../../session/account-http.ts";
import { authed, loadProfile, login, logout, setUser } from "../../session/account-store.ts";

/** The account pages' writes; each returns the Dutch message of a refusal, or null. */

export async function register(
  fields: {
    email: string;
    firstname: string;
    lastname: string;
    password: string;
  },
  options: { attachCart?: boolean } = {},
): Promise<string | null> {
  const { password, ...customer } = fields;
  try {
    const answer = await callApi<Customer>("/create", { body: { customer, password } });
    if (answer.code !== 200) return messageOf(answer);
    const refused = await login(fields.email, password, options);
    // The new password did not open the account: the address had one already, and its owner is
    // mailed about it (issue 31 item 4). The same words as for anyone else, whose mail says more.
    if (refused === "Wrong email or password")
      return t("Check your mailbox: we sent you an e-mail about your account.");
    return refused ? dutch(refused) : null;
  } catch {
    return t("You are offline. Some features might not be available.");
  }
}

export async function updateProfile(customer: {
  firstname: string;
  lastname: string;
  email: string;
}): Promise<string | null> {
  const answer = await authed<Customer>("/me", { body: { customer } });
  if (answer.code !== 200) return `${t("We could not update your account")}: ${messageOf(answer)}`;
  setUser(answer.result);
  notify({ type: "success", message: t("Account data has successfully been updated") });
  return null;
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<string | null> {
  if (globalThis.navigator?.onLine === false) return t("Reset password feature does not work while offline!");
  try {
    const answer = await authed<null>("/change-password", { body: { currentPassword, newPassword } });
    if (answer.code !== 200) return messageOf(answer);
  } catch (error) {
    if (error instanceof Offline) return t("Reset password feature does not work while offline!");
    throw error;
  }
  notify({ type: "success", message: t("Password has successfully been changed") });
  return null;
}

/** Adds or changes an address: the address as the server keeps it (with its id), or the refusal. */
export async function saveAddress(
  address: CustomerAddress,
): Promise<{ saved: CustomerAddress; refused?: never } | { refused: string; saved?: never }> {
  const answer = await authed<CustomerAddress>("/address", { body: { address } });
  if (answer.code !== 200) return { refused: messageOf(answer) };
  await loadProfile();
  return { saved: answer.result };
}

export async function deleteAddress(userId: number, addressId: number): Promise<string | null> {
  const answer = await authed<{ address_id: number }>("/address", {
    method: "DELETE",
    body: { user_id: userId, address_id: addressId },
  });
  if (answer.code !== 200) return messageOf(answer);
  await loadProfile();
  return null;
}

export async function requestReset(email: string): Promise<string | null> {
  try {
    const answer = await callApi<null>("/reset-password", { body: { email } });
    return answer.code === 200 ? null : messageOf(answer);
  } catch {
    return t("Error while sending reset password e-mail");
  }
}

export async function resetPassword(
  email: string,
  resetToken: string,
  newPassword: string,
): Promise<string | null> {
  try {
    const answer = await callApi<null>("/create-password", { body: { email, resetToken, newPassword } });
    return answer.code === 200 ? null : messageOf(answer);
  } catch {
    return t("You are offline. Some features might not be available.");
  }
}

/** "Download mijn gegevens": the answer of /me/data saved as a JSON file. */
export async function downloadMyData(): Promise<string | null> {
  try {
    const answer = await authed<unknown>("/me/data");
    if (answer.code !== 200) return t("We could not download your data");
    const file = new Blob([JSON.stringify(answer.result, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(file);
    const link = document.createElement("a");
    link.href = url;
    link.download = "mijn-gegevens-etalage.json";
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the click; the object URL is not needed afterwards.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return null;
  } catch (error) {
    if (error instanceof Offline) return t("You are offline. Some features might not be available.");
    throw error;
  }
}

/** "Verwijder mijn account": erased on the server, then logged out here without a logout call. */
export async function deleteAccount(password: string): Promise<string | null> {
  try {
    const answer = await authed<null>("/me/delete", { body: { password } });
    if (answer.code !== 200) return messageOf(answer);
  } catch (error) {
    if (error instanceof Offline) return t("You are offline. Some features might not be available.");
    throw error;
  }
  await logout({ silent: true, revoked: true });
  return null;
}
