import { formatDate, formatPrice, t } from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { deleteAddress, updateProfile } from "../../features/account/account-actions.ts";
import { Field } from "../../features/account/login-page.tsx";
import { PasskeysSection } from "../../features/account/passkeys-section.tsx";
import { PrivacySection } from "../../features/account/privacy-section.tsx";
import { RequireLogin } from "../../features/account/require-login.tsx";
import { AccountNewsletter } from "../../features/newsletter/account-newsletter.tsx";
import { OrderDetails } from "../../features/orders/order-details.tsx";
import { AccountFavorites } from "../../features/recommendations/account-favorites.tsx";
import { lazyComponent } from "../../lib/lazy-component.tsx";
import type { OrderDetail } from "../../lib/server-context.ts";
import type { Customer, CustomerAddress, OrderSummary } from "../../session/account-http.ts";
import { authed, logout, useAccount } from "../../session/account-store.ts";
import { openModal } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import "../../features/account/account.css";
// The favourites section is a listing: the category page's frame (header, grid) dresses it.
import "../../features/catalog/category-page.css";

/** Returns (issue 25): loaded only on an order's page that has shipped, not with the account's other pages. */
const ReturnAction = lazyComponent(() => import("../../features/returns/return-action.tsx"));

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
      <button
        type="button"
        className="button button--outline"
        aria-haspopup="dialog"
        onClick={() => openModal("password-update")}
      >
        {t("Change password")}
      </button>
      <PasskeysSection />
      <PrivacySection />
    </>
  );
}

function Addresses({ user }: { user: Customer }) {
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
              <button
                type="button"
                className="link-button"
                aria-haspopup="dialog"
                onClick={() => openModal("account-addresses", { address })}
              >
                {t("Edit")}
              </button>
              <button type="button" className="link-button" onClick={() => setDeleting(address)}>
                {t("Delete")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        onClick={() => openModal("account-addresses")}
      >
        {t("Add address")}
      </button>
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
  const [order, setOrder] = useState<OrderDetail | null | undefined>(undefined);
  const [returnsClosed, setReturnsClosed] = useState(false);
  useEffect(() => {
    void authed<OrderDetail>(`/orders/${encodeURIComponent(orderNumber)}`).then((answer) =>
      setOrder(answer.code === 200 ? answer.result : null),
    );
  }, [orderNumber]);
  if (order === undefined) return <p aria-busy="true" />;
  if (order === null) return <h1 className="account__title">{t("Order not found")}</h1>;
  return (
    <>
      <h1 className="account__title">{t("Order {number}", { number: order.increment_id })}</h1>
      <OrderDetails order={order} />
      {order.shipments && order.shipments.length > 0 && !returnsClosed && (
        <ReturnAction orderNumber={order.increment_id} onClose={() => setReturnsClosed(true)} />
      )}
    </>
  );
}
