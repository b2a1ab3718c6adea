import { eq } from "drizzle-orm";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** Mail over real SMTP: nodemailer (the shop) to smtp-server (the test), read with mailparser. */

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

let smtp: SMTPServer;
let server: TestServer;
const inbox: Received[] = [];
let failNext = 0;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      if (failNext > 0) {
        failNext--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("mailbox busy"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = (mail.to as AddressObject | undefined)?.value[0]?.address ?? "";
          inbox.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: String(mail.html || ""),
            messageId: mail.messageId ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startTestServer({
    storefront: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: "https://shop.example.nl",
      MAIL_WORKER_INTERVAL_MS: "50",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function received(to: string, subject: string): Promise<Received> {
  for (;;) {
    const mail = inbox.find((m) => m.to === to && m.subject === subject);
    if (mail) return mail;
    await server.services.mail.worker.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("mail over SMTP", () => {
  it("sends the welcome and the reset mail in Dutch, as HTML and text, escaping the shopper's name", async () => {
    const email = `smtp.${run}@example.nl`;
    const res = await server.post("/api/ext/tritonx/create", {
      customer: { email, firstname: "<b>Jan</b>", lastname: "Jansen" },
      password: "Kaasschaaf-Fietsbel-87",
    });
    expect(res.status).toBe(200);
    const welcome = await received(email, "Welkom bij Etalage");
    expect(welcome.text).toContain("Hallo <b>Jan</b>,");
    expect(welcome.html).toContain("Hallo &lt;b&gt;Jan&lt;/b&gt;,");
    expect(welcome.html).not.toContain("<b>Jan</b>");

    await server.post("/api/ext/tritonx/reset-password", { email });
    const reset = await received(email, "Herstel je wachtwoord");
    expect(reset.text).toMatch(/https:\/\/shop\.example\.nl\/password\/reset\?token=[\w-]{43}&email=/);
    expect(reset.html).toContain("Nieuw wachtwoord instellen");
    // Issue 30 item 11: MAIL_FROM's domain and a part no other database's mail repeats.
    expect(welcome.messageId).toMatch(/^<[a-z0-9]+\.\d+\.\w{12}@etalage\.nl>$/);
    expect(reset.messageId).not.toBe(welcome.messageId);
  });

  it("retries a refused delivery later and sends the mail once", async () => {
    const email = `retry.${run}@example.nl`;
    failNext = 1;
    await server.post("/api/ext/tritonx/create", {
      customer: { email, firstname: "Piet", lastname: "Puk" },
      password: "Kaasschaaf-Fietsbel-87",
    });
    // The first attempt is refused (451) and the row waits for its backoff; move it forward.
    const db = server.services.database.db;
    for (;;) {
      await server.services.mail.worker.deliverDue();
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      if (row && row.attempts >= 1) {
        expect(row.status).toBe("pending");
        expect(row.lastError).toContain("mailbox busy");
        break;
      }
    }
    await db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.to, email));
    await received(email, "Welkom bij Etalage");
    await server.services.mail.worker.deliverDue();
    expect(inbox.filter((m) => m.to === email)).toHaveLength(1);
  });
});
