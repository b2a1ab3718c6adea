import { normaliseEmail } from "@etalage/core";
import { and, asc, count, eq, gt, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type CustomerAddressData,
  customerAddresses,
  customers,
  loginFailures,
  mailOutbox,
  passwordResets,
} from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";
import type { MailService } from "../../providers/mail/index.ts";
import { startLoginAttempt } from "./login-attempts.ts";
import { checkNewPassword, fieldError, hashPassword, verifyPassword } from "./passwords.ts";
import {
  digest,
  findSession,
  newSecret,
  openLogin,
  revokeLogin,
  revokeOtherLogins,
  rotate,
  type Session,
  type TokenPair,
} from "./tokens.ts";

const LOGIN_FAILED = "Wrong email or password";
const EMAIL_TAKEN = "An account with this email already exists";
const RESET_INVALID = "This reset link is not valid or has expired. Request a new one.";
const RESET_TTL_MS = 60 * 60 * 1000;
const MAX_RESETS_PER_HOUR = 3;
/** Thrown to roll back the answer a sign-up for a taken address is given. */
const ROLLED_BACK = Symbol("rolled back");

/** An address as the contract answers it. */
export interface AddressAnswer extends CustomerAddressData {
  id: number;
  customer_id: number;
  default_shipping: boolean;
  default_billing: boolean;
}

export interface CustomerAnswer {
  id: number;
  external_id: string;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  created_at: string;
  addresses: AddressAnswer[];
}

export interface AddressInput extends CustomerAddressData {
  id?: number | undefined;
  default_shipping?: boolean | undefined;
  default_billing?: boolean | undefined;
}

export interface ProfileInput {
  email?: string | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
  addresses?: AddressInput[] | undefined;
}

const tx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/** Accounts: customers, their logins, addresses and passwords (issue 12). Routes only map. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly shopUrl: string,
  ) {}

  /** For the cart and every authenticated route: token → customer (services.customerTokens). */
  verify(token: string): Promise<Session | null> {
    return findSession(this.db, token);
  }

  async create(
    input: { email: string; firstname: string; lastname: string; addresses?: AddressInput[] | undefined },
    password: string,
  ): Promise<CustomerAnswer> {
    const email = normaliseEmail(input.email);
    checkNewPassword(password, "body.password", [email, input.firstname, input.lastname]);
    const passwordHash = await hashPassword(password);
    const id = await tx(this.db, async (t) => {
      const [row] = await t
        .insert(customers)
        .values({ email, firstname: input.firstname, lastname: input.lastname, passwordHash })
        .onConflictDoNothing()
        .returning({ id: customers.id });
      if (!row) return null;
      if (input.addresses?.length) await this.#syncAddresses(t, row.id, input.addresses);
      await this.mail.enqueue(t, {
        to: email,
        mail: { template: "welcome", firstname: input.firstname, shopUrl: this.shopUrl },
      });
      return row.id;
    });
    if (id === null) return this.#alreadyRegistered(input, email, passwordHash);
    this.mail.kick();
    return (await this.profile(id))!;
  }

  /**
   * A sign-up for an address that has an account (issue 31 item 4): the caller gets the answer a
   * new account gets — made as one, in a transaction that is rolled back, so its ids and shape are
   * a new account's and nothing of it stays — and the address's owner gets a mail instead.
   */
  async #alreadyRegistered(
    input: { firstname: string; lastname: string; addresses?: AddressInput[] | undefined },
    email: string,
    passwordHash: string,
  ): Promise<CustomerAnswer> {
    let answer: CustomerAnswer | null = null;
    await tx(this.db, async (t) => {
      const [row] = await t
        .insert(customers)
        .values({
          email: `unclaimed-${newSecret()}@etalage.invalid`,
          firstname: input.firstname,
          lastname: input.lastname,
          passwordHash,
        })
        .returning({ id: customers.id });
      if (input.addresses?.length) await this.#syncAddresses(t, row!.id, input.addresses);
      answer = await this.profile(row!.id, t);
      throw ROLLED_BACK;
    }).catch((error: unknown) => {
      if (error !== ROLLED_BACK) throw error;
    });
    await this.#mailOwner(email);
    return { ...answer!, email };
  }

  /**
   * Tells an account's owner that someone tried to use their address (a sign-up, another
   * customer's change of email): once an hour at most, so the shop cannot be made to mail them.
   */
  async #mailOwner(email: string): Promise<void> {
    const sent = await tx(this.db, async (t) => {
      const [owner] = await t
        .select({ email: customers.email, firstname: customers.firstname })
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, email))
        .for("update");
      if (!owner) return false;
      const [recent] = await t
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, owner.email),
            eq(mailOutbox.template, "account-exists"),
            gt(mailOutbox.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
          ),
        );
      if ((recent?.n ?? 0) > 0) return false;
      await this.mail.enqueue(t, {
        to: owner.email,
        mail: { template: "account-exists", firstname: owner.firstname, shopUrl: this.shopUrl },
      });
      return true;
    });
    if (sent) this.mail.kick();
  }

  /**
   * Same answer and about the same time for an unknown email and a wrong password. Failures are
   * counted per email and client address (issue 31 item 5): ten from one address in 15 minutes
   * refuse that address (429); failures from everywhere only slow the email's logins down, so
   * strangers guessing from many addresses never lock its owner out.
   */
  async login(username: string, password: string, address = ""): Promise<TokenPair> {
    const email = normaliseEmail(username);
    const attempt = await startLoginAttempt(this.db, loginFailures, email, address);
    const [customer] = await this.db
      .select({ id: customers.id, passwordHash: customers.passwordHash })
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, email));
    const ok = await verifyPassword(customer?.passwordHash, password);
    // A failure stays counted: the attempt was written as one before the password was checked.
    if (!customer || !ok) throw new ApiError(401, LOGIN_FAILED);
    await attempt.succeeded();
    return tx(this.db, (t) => openLogin(t, customer.id));
  }

  /** A new pair for a refresh token; null when refused (a replay has revoked the login by then). */
  async refresh(refreshToken: string): Promise<TokenPair | null> {
    const outcome = await tx(this.db, (t) => rotate(t, refreshToken));
    return outcome.kind === "rotated" ? outcome.pair : null;
  }

  async logout(session: Session): Promise<void> {
    await revokeLogin(this.db, session.loginId);
  }

  async profile(customerId: number, db: Db = this.db): Promise<CustomerAnswer | null> {
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
    if (!row) return null;
    const addresses = await db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(asc(customerAddresses.id));
    return {
      id: row.id,
      external_id: row.externalId,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      group_id: row.groupId,
      created_at: row.createdAt.toISOString(),
      addresses: addresses.map(addressAnswer),
    };
  }

  /** Only firstname, lastname, email and addresses change; empty fields are left as they are. */
  async updateProfile(customerId: number, input: ProfileInput): Promise<CustomerAnswer> {
    const email = input.email ? normaliseEmail(input.email) : undefined;
    // Another account's address is not taken, and not told either (issue 31 item 4): the answer
    // reads as if it were, the rest of the change is made, and that address's owner is mailed.
    const taken =
      email !== undefined &&
      (
        await this.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(sql`lower(${customers.email})`, email), sql`${customers.id} <> ${customerId}`))
      ).length > 0;
    await tx(this.db, async (t) => {
      const changes: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
      if (input.firstname) changes.firstname = input.firstname;
      if (input.lastname) changes.lastname = input.lastname;
      if (email && !taken) changes.email = email;
      try {
        await t.update(customers).set(changes).where(eq(customers.id, customerId));
      } catch (error) {
        // Taken between the look and the change: as rare as it is, the same 409 as ever.
        if (isUniqueViolation(error)) throw fieldError("body.customer.email", EMAIL_TAKEN, {}, 409);
        throw error;
      }
      if (input.addresses) await this.#syncAddresses(t, customerId, input.addresses, true);
    });
    const profile = (await this.profile(customerId))!;
    if (!taken) return profile;
    await this.#mailOwner(email);
    return { ...profile, email };
  }

  /** Adds (no id) or edits (an id of this customer's) one address. */
  async saveAddress(customerId: number, address: AddressInput): Promise<AddressAnswer> {
    return tx(this.db, async (t) => {
      const [row] = await this.#syncAddresses(t, customerId, [address]);
      return addressAnswer(row!);
    });
  }

  async deleteAddress(customerId: number, addressId: number): Promise<boolean> {
    const deleted = await this.db
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
      .returning({ id: customerAddresses.id });
    return deleted.length > 0;
  }

  async #syncAddresses(t: Db, customerId: number, list: AddressInput[], replace = false) {
    const rows = [];
    for (const [i, address] of list.entries()) {
      const { id, default_shipping, default_billing, ...data } = address;
      const flags = { defaultShipping: default_shipping ?? false, defaultBilling: default_billing ?? false };
      // One default of each kind: setting it here takes it from the others.
      if (flags.defaultShipping)
        await t
          .update(customerAddresses)
          .set({ defaultShipping: false })
          .where(eq(customerAddresses.customerId, customerId));
      if (flags.defaultBilling)
        await t
          .update(customerAddresses)
          .set({ defaultBilling: false })
          .where(eq(customerAddresses.customerId, customerId));
      if (id !== undefined) {
        const [row] = await t
          .update(customerAddresses)
          .set({ data, ...flags })
          .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
          .returning();
        // Another customer's address id is indistinguishable from one that does not exist.
        if (!row)
          throw fieldError(
            replace ? `body.customer.addresses[${i}].id` : "body.address.id",
            "Address not found",
            {},
            404,
          );
        rows.push(row);
      } else {
        const [row] = await t
          .insert(customerAddresses)
          .values({ customerId, data, ...flags })
          .returning();
        rows.push(row!);
      }
    }
    if (replace) {
      const keep = rows.map((r) => r.id);
      await t
        .delete(customerAddresses)
        .where(
          and(
            eq(customerAddresses.customerId, customerId),
            ...(keep.length ? [notInArray(customerAddresses.id, keep)] : []),
          ),
        );
    }
    return rows;
  }

  /** Changes the password and revokes every other login; the calling device stays logged in. */
  async changePassword(session: Session, currentPassword: string, newPassword: string): Promise<void> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, session.customerId));
    if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
      throw new ApiError(400, "body.currentPassword: The current password is not correct", {
        errorMessage: "The current password is not correct",
        errors: [{ path: "body.currentPassword", message: "The current password is not correct" }],
      });
    }
    checkNewPassword(newPassword, "body.newPassword", [row.email, row.firstname, row.lastname]);
    const passwordHash = await hashPassword(newPassword);
    await tx(this.db, async (t) => {
      await t.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, row.id));
      await revokeOtherLogins(t, row.id, session.loginId);
      await this.mail.enqueue(t, {
        to: row.email,
        mail: { template: "password-changed", firstname: row.firstname, shopUrl: this.shopUrl },
      });
    });
    this.mail.kick();
  }

  /** Always succeeds for the caller: whether the email has an account is never told. */
  async requestReset(emailInput: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const sent = await tx(this.db, async (t) => {
      const [customer] = await t
        .select()
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, email))
        .for("update");
      if (!customer) return false;
      const [recent] = await t
        .select({ n: count() })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.customerId, customer.id),
            gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
          ),
        );
      if ((recent?.n ?? 0) >= MAX_RESETS_PER_HOUR) return false;
      const secret = newSecret();
      await t.insert(passwordResets).values({
        hash: digest(secret),
        customerId: customer.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      const resetUrl = `${this.shopUrl}/password/reset?${new URLSearchParams({ token: secret, email: customer.email })}`;
      await this.mail.enqueue(t, {
        to: customer.email,
        mail: { template: "password-reset", firstname: customer.firstname, resetUrl },
      });
      return true;
    });
    if (sent) this.mail.kick();
  }

  /** Sets a new password with a reset token: single use, 1 hour, for this email only. */
  async resetPassword(emailInput: string, resetToken: string, newPassword: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    await tx(this.db, async (t) => {
      const [found] = await t
        .select({ customer: customers, usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .innerJoin(customers, eq(customers.id, passwordResets.customerId))
        .where(eq(passwordResets.hash, digest(resetToken)))
        .for("update", { of: passwordResets });
      if (
        !found ||
        found.usedAt ||
        found.expiresAt.getTime() <= Date.now() ||
        found.customer.email.toLowerCase() !== email
      ) {
        throw fieldError("body.resetToken", RESET_INVALID);
      }
      const { customer } = found;
      checkNewPassword(newPassword, "body.newPassword", [
        customer.email,
        customer.firstname,
        customer.lastname,
      ]);
      const passwordHash = await hashPassword(newPassword);
      await t
        .update(customers)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(customers.id, customer.id));
      // Every open reset link of this customer dies with the one used.
      await t
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.customerId, customer.id), sql`${passwordResets.usedAt} is null`));
      await revokeOtherLogins(t, customer.id);
      await this.mail.enqueue(t, {
        to: customer.email,
        mail: { template: "password-changed", firstname: customer.firstname, shopUrl: this.shopUrl },
      });
    });
    this.mail.kick();
  }
}

function addressAnswer(row: typeof customerAddresses.$inferSelect): AddressAnswer {
  return {
    id: row.id,
    customer_id: row.customerId,
    ...row.data,
    default_shipping: row.defaultShipping,
    default_billing: row.defaultBilling,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
