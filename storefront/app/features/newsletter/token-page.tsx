import { pageTitle } from "@etalage/core";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import "./newsletter-pages.css";

/*
 * The pages behind a newsletter mail's links (confirm, unsubscribe). Opening a link changes
 * nothing, because mail scanners follow links; the shopper's press of the button does.
 */

export function tokenPageMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export function tokenPageHeaders() {
  return { "Cache-Control": "private, no-store" };
}

export function tokenFromLink(request: Request) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** The posted token, or null when it cannot be one of ours (they are 16 to 64 characters). */
export async function postedToken(request: Request): Promise<string | null> {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 64);
  return token.length >= 16 ? token : null;
}

export function TokenPage(props: {
  id: string;
  title: string;
  token: string;
  button: string;
  /** What the shopper sees once the action succeeded; null before or after a failure. */
  done: ReactNode | null;
  /** Shown after the action failed. */
  failed: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container newsletter-page" aria-labelledby={props.id}>
      <h1 id={props.id}>{props.title}</h1>
      {props.done ?? (
        <>
          {props.failed && (
            <p className="newsletter-page__error" role="alert">
              {props.failed}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={props.token} />
            <button type="submit" className="button" disabled={busy || !props.token}>
              {props.button}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
