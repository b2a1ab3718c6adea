import {
  composeStreet,
  formatDate,
  formatPrice,
  normaliseDutchPostcode,
  streetFields,
  t,
} from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { Dialog } from "../../ui/dialog.tsx";
import { AccountNewsletter } from "../newsletter/account-newsletter.tsx";
import { AccountFavorites } from "../recommendations/account-favorites.tsx";
import { changePassword, deleteAddress, saveAddress, updateProfile } from "./account-actions.ts";
import type { Customer, CustomerAddress, OrderSummary } from "./account-http.ts";
import { authed, logout, useAccount } from "./account-store.ts";
import { Field } from "./login-page.tsx";
import { NewPasswordField } from "./password-field.tsx";
import { PrivacySection } from "./privacy-section.tsx";
import { RequireLogin } from "./require-login.tsx";
import "./account.css";

export type AccountSection = "overview" | "details" | "addresses" | "orders" | "order" | "favorites";

/** `/my-account` and its pages (transactional §2): the logged-in customer's own data. */
export function MyAccountPage({ section, orderNumber }: { section: AccountSection; orderNumber?: string }) {
  return (
    <div className="account container">
      <RequireLogin>
        <div className="account-layout">
          <nav className="account-nav" aria-label={t("My account")}>
            <NavLink to="/my-account" end>
              {t("Overview")}
            </NavLink>
            <NavLink to="/my-account/details">{t("My details")}</NavLink>
            <NavLink to="/my-account/addresses">{t("My addresses")}</NavLink>
            <NavLink to="/my-account/orders">{t("My orders")}</NavLink>
            <NavLink to="/my-account/favorites">{t("My favorites")}</NavLink>
            <button type="button" className="link-button" onClick={() => void logout()}>
              {t("Log out")}
            </button>
          </nav>
          <div className="account-main">
            <Section section={section} orderNumber={orderNumber} />
          </div>
        </div>
      </RequireLogin>
    </div>
  );
}

function Section({ section, orderNumber }: { section: AccountSection; orderNumber?: string | undefined }) {
  const user = useAccount().user!;
  switch (section) {
    case "overview":
      return <Overview user={user} />;
    case "details":
      return <Details user={user} />;
    case "addresses":
      return <Addresses user={user} />;
    case "orders":
      return <Orders />;
    case "order":
      return <Order orderNumber={orderNumber ?? ""} />;
    case "favorites":
      return <AccountFavorites />;
  }
}

function AddressText({ address }: { address: CustomerAddress }) {
  return (
    <address className="account-address">
      {address.company && (
        <>
          {address.company}
          <br />
        </>
      )}
      {address.firstname} {address.lastname}
      <br />
      {address.street.filter(Boolean).join(" ")}
      <br />
      {address.postcode} {address.city}
    </address>
  );
}

function Overview({ user }: { user: Customer }) {
  const preferred = user.addresses.find((a) => a.default_shipping) ?? user.addresses[0];
  return (
    <>
      <h1 className="account__title">{t("Hello {name}", { name: user.firstname })}</h1>
      <section className="account-panel" aria-labelledby="overview-details">
        <h2 id="overview-details">{t("My details")}</h2>
        <p>
          {user.firstname} {user.lastname}
          <br />
          {user.email}
        </p>
        <Link to="/my-account/details">{t("Edit details")}</Link>
      </section>
      <AccountNewsletter email={user.email} />
      <section className="account-panel" aria-labelledby="overview-address">
        <h2 id="overview-address">{t("Default address")}</h2>
        {preferred ? <AddressText address={preferred} /> : <p>{t("You have no addresses yet")}</p>}
        <Link to="/my-account/addresses">{t("My addresses")}</Link>
      </section>
      <section className="account-panel" aria-labelledby="overview-orders">
        <h2 id="overview-orders">{t("My orders")}</h2>
        <OrderList pageSize={3} />
      </section>
    </>
  );
}

function Details({ user }: { user: Customer }) {
  const [error, setError] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(
      await updateProfile({
        firstname: String(form.get("firstname") ?? "").trim(),
        lastname: String(form.get("lastname") ?? "").trim(),
        email: String(form.get("email") ?? "").trim(),
      }),
    );
  }
  return (
    <>
      <h1 className="account__title">{t("My details")}</h1>
      <form onSubmit={submit} className="account-panel" aria-label={t("Edit details")}>
        <Field
          name="firstname"
          label={t("First name")}
          defaultValue={user.firstname}
          autoComplete="given-name"
        />
        <Field
          name="lastname"
          label={t("Last name")}
          defaultValue={user.lastname}
          autoComplete="family-name"
        />
        <Field
          name="email"
          label={t("E-mail address")}
          type="email"
          defaultValue={user.email}
          autoComplete="email"
        />
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <button type="submit" className="button">
          {t("Save")}
        </button>
      </form>
      <button type="button" className="button button--outline" onClick={() => setChanging(true)}>
        {t("Change password")}
      </button>
      {changing && <PasswordModal user={user} onClose={() => setChanging(false)} />}
      <PrivacySection />
    </>
  );
}

function PasswordModal({ user, onClose }: { user: Customer; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = String(form.get("newPassword") ?? "");
    if (next !== String(form.get("newPassword2") ?? "")) return setError(t("Passwords must be identical."));
    const refused = await changePassword(String(form.get("currentPassword") ?? ""), next);
    if (refused) return setError(refused);
    onClose();
  }
  return (
    <Dialog title={t("Change password")} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={t("Change password")}>
        <Field
          name="currentPassword"
          label={t("Current password")}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField
          name="newPassword"
          label={t("New password")}
          userInputs={[user.email, user.firstname, user.lastname]}
        />
        <Field name="newPassword2" label={t("Repeat password")} type="password" autoComplete="new-password" />
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <button type="submit" className="button">
          {t("Save")}
        </button>
      </form>
    </Dialog>
  );
}

function Addresses({ user }: { user: Customer }) {
  const [editing, setEditing] = useState<CustomerAddress | "new" | null>(null);
  const [deleting, setDeleting] = useState<(CustomerAddress & { id: number }) | null>(null);
  return (
    <>
      <h1 className="account__title">{t("My addresses")}</h1>
      {user.addresses.length === 0 && <p>{t("You have no addresses yet")}</p>}
      <ul className="account-addresses">
        {user.addresses.map((address) => (
          <li key={address.id} className="account-panel" data-testid="address">
            <AddressText address={address} />
            {address.default_shipping && <p className="account__badge">{t("Default address")}</p>}
            <div className="account-panel__actions">
              <button type="button" className="link-button" onClick={() => setEditing(address)}>
                {t("Edit")}
              </button>
              <button type="button" className="link-button" onClick={() => setDeleting(address)}>
                {t("Delete")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => setEditing("new")}>
        {t("Add address")}
      </button>
      {editing && (
        <AddressModal
          user={user}
          address={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <Dialog title={t("Delete address")} onClose={() => setDeleting(null)}>
          <p>{t("Do you want to delete this address?")}</p>
          <AddressText address={deleting} />
          <div className="account-panel__actions">
            <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
              {t("Cancel")}
            </button>
            <button
              type="button"
              className="button"
              onClick={async () => {
                await deleteAddress(user.id, deleting.id);
                setDeleting(null);
              }}
            >
              {t("Delete")}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function AddressModal({
  user,
  address,
  onClose,
}: {
  user: Customer;
  address: CustomerAddress | null;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const fields = streetFields(address?.street);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const postcode = normaliseDutchPostcode(value("postcode"));
    if (!postcode) return setError(t("Enter a Dutch postcode such as 1012 AB"));
    if (!/^[1-9]\d{0,4}$/.test(value("houseNumber"))) return setError(t("Enter a house number"));
    const refused = await saveAddress({
      ...(address?.id ? { id: address.id } : {}),
      firstname: value("firstname"),
      lastname: value("lastname"),
      street: composeStreet({
        street: value("street"),
        houseNumber: value("houseNumber"),
        affix: value("affix"),
      }),
      postcode,
      city: value("city"),
      country_id: "NL",
      default_shipping: form.get("default") === "on",
      default_billing: form.get("default") === "on",
    });
    if (refused) return setError(refused);
    onClose();
  }
  return (
    <Dialog title={address ? t("Edit address") : t("Add address")} onClose={onClose}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={address ? t("Edit address") : t("Add address")}
        className="account-address-form"
      >
        <Field
          name="firstname"
          label={t("First name")}
          defaultValue={address?.firstname ?? user.firstname}
          autoComplete="given-name"
        />
        <Field
          name="lastname"
          label={t("Last name")}
          defaultValue={address?.lastname ?? user.lastname}
          autoComplete="family-name"
        />
        <Field
          name="postcode"
          label={t("Postcode")}
          defaultValue={address?.postcode ?? ""}
          autoComplete="postal-code"
        />
        <Field
          name="houseNumber"
          label={t("House number")}
          defaultValue={fields.houseNumber}
          inputMode="numeric"
        />
        <Field name="affix" label={t("Affix")} defaultValue={fields.affix} required={false} />
        <Field name="street" label={t("Street")} defaultValue={fields.street} autoComplete="address-line1" />
        <Field
          name="city"
          label={t("City")}
          defaultValue={address?.city ?? ""}
          autoComplete="address-level2"
        />
        <div className="account-field account-field--check">
          <input
            id="field-default"
            name="default"
            type="checkbox"
            defaultChecked={address?.default_shipping ?? false}
          />
          <label htmlFor="field-default">{t("Use as default address")}</label>
        </div>
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        <button type="submit" className="button">
          {t("Save")}
        </button>
      </form>
    </Dialog>
  );
}

function useOrders(pageSize: number) {
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    void authed<{ items: OrderSummary[] }>(`/order-history?pageSize=${pageSize}&currentPage=1`).then(
      (answer) => {
        if (live) setOrders(answer.code === 200 ? answer.result.items : []);
      },
    );
    return () => {
      live = false;
    };
  }, [pageSize]);
  return orders;
}

function OrderList({ pageSize }: { pageSize: number }) {
  const orders = useOrders(pageSize);
  if (!orders) return <p aria-busy="true" />;
  if (orders.length === 0) return <p data-testid="orders-empty">{t("You have no orders yet")}</p>;
  return (
    <ul className="account-orders">
      {orders.map((order) => (
        <li key={order.increment_id}>
          <Link to={`/my-account/orders/${encodeURIComponent(order.increment_id)}`}>
            {t("Order {number}", { number: order.increment_id })}
          </Link>{" "}
          · {formatDate(order.created_at)} · {order.status_label ?? t(order.status)} ·{" "}
          {formatPrice(order.grand_total)}
        </li>
      ))}
    </ul>
  );
}

function Orders() {
  return (
    <>
      <h1 className="account__title">{t("My orders")}</h1>
      <OrderList pageSize={20} />
    </>
  );
}

function Order({ orderNumber }: { orderNumber: string }) {
  const [order, setOrder] = useState<OrderSummary | null | undefined>(undefined);
  useEffect(() => {
    void authed<OrderSummary>(`/orders/${encodeURIComponent(orderNumber)}`).then((answer) =>
      setOrder(answer.code === 200 ? answer.result : null),
    );
  }, [orderNumber]);
  if (order === undefined) return <p aria-busy="true" />;
  if (order === null) return <h1 className="account__title">{t("Order not found")}</h1>;
  return (
    <>
      <h1 className="account__title">{t("Order {number}", { number: order.increment_id })}</h1>
      <p>
        {t("Placed on")} {formatDate(order.created_at)} · {t("Status")}:{" "}
        {order.status_label ?? t(order.status)}
      </p>
      <ul className="account-orders">
        {order.items?.map((item) => (
          // Two lines may share a sku (two gift cards to two recipients); their options differ.
          <li key={[item.sku, ...(item.product_option?.options ?? []).map((o) => o.value)].join("\u0000")}>
            {item.qty} × {item.name} · {formatPrice(item.row_total_incl_tax)}
            {item.product_option?.options?.map((option) => (
              <span key={option.label} className="account-orders__option">
                {option.label}: {option.value}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p>
        {t("Total")}: {formatPrice(order.grand_total)}
      </p>
    </>
  );
}
