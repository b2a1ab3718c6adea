import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import {
  listMailbox,
  type MailboxMessage,
  type MailboxSummary,
  readMailbox,
} from "../providers/mail/mailbox.ts";
import { findRunningServer } from "../services/catalog-import/running-server.ts";
import { runAsScript } from "./import-cli.ts";

const USAGE = `Usage: npm run mail -- list [--to <email>] | show <id>

Reads the built-in mailbox: where the shop's mail goes when SMTP_URL is not set. Reads the
database (DATABASE_URL, else the PGlite data in DATA_DIR); when a running server holds that
PGlite folder, asks the server instead (needs ADMIN_TOKEN, or --url and --token).`;

interface Source {
  list(to?: string): Promise<MailboxSummary[]>;
  show(id: number): Promise<MailboxMessage | undefined>;
  close(): Promise<void>;
}

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function openSource(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<Source> {
  const config = loadConfig(env);
  const token = option(argv, "--token") ?? config.ADMIN_TOKEN;
  let origin = option(argv, "--url");
  if (!origin && !config.DATABASE_URL) origin = (await findRunningServer(config.dataDir))?.url;
  if (origin) {
    if (!token)
      throw new Error("A server holds the database: set ADMIN_TOKEN (or pass --token) to read its mailbox.");
    const get = async (path: string) => {
      const res = await fetch(`${origin}/api/admin/mailbox${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { code: number; result: unknown };
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(String(body.result));
      return body.result;
    };
    return {
      list: async (to) => (await get(to ? `?to=${encodeURIComponent(to)}` : "")) as MailboxSummary[],
      show: async (id) => (await get(`/${id}`)) as MailboxMessage | undefined,
      close: async () => {},
    };
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  return {
    list: (to) => listMailbox(database.db, { to }),
    show: (id) => readMailbox(database.db, id),
    close: () => database.close(),
  };
}

export async function runMailCli(
  argv: readonly string[],
  env = process.env,
  out = console.log,
): Promise<number> {
  const [command, arg] = argv;
  if (command !== "list" && command !== "show") {
    out(USAGE);
    return command === undefined || command === "--help" ? 0 : 1;
  }
  const source = await openSource(argv, env);
  try {
    if (command === "list") {
      const messages = await source.list(option(argv, "--to"));
      if (messages.length === 0) out("The mailbox is empty.");
      for (const m of messages)
        out(
          `${String(m.id).padStart(5)}  ${m.received_at.slice(0, 19).replace("T", " ")}  ${m.to}  ${m.subject}`,
        );
      return 0;
    }
    const id = Number(arg);
    const message = Number.isInteger(id) && id > 0 ? await source.show(id) : undefined;
    if (!message) {
      out(`No message ${arg ?? ""} in the mailbox.`);
      return 1;
    }
    out(
      `From: ${message.from}\nTo: ${message.to}\nDate: ${message.received_at}\nSubject: ${message.subject}\n\n${message.text}`,
    );
    return 0;
  } finally {
    await source.close();
  }
}

runAsScript(import.meta.url, runMailCli);
