import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerAddresses, customers } from "../db/schema.ts";
import { hashPassword } from "../services/accounts/passwords.ts";

/** The demo customer of `npm start` (README "Accounts"): a known login to try the account pages. */
const DEMO_CUSTOMER = {
  email: "demo@etalage.nl",
  password: "Etalage-Demo-2026",
  firstname: "Daan",
  lastname: "de Vries",
} as const;

/** Adds the demo customer once; a shop where the email exists (or was deleted on purpose later) is left alone. */
export async function seedDemoCustomer(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, DEMO_CUSTOMER.email));
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        email: DEMO_CUSTOMER.email,
        firstname: DEMO_CUSTOMER.firstname,
        lastname: DEMO_CUSTOMER.lastname,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    if (!row) return;
    await tx.insert(customerAddresses).values([
      {
        customerId: row.id,
        data: {
          firstname: "Daan",
          lastname: "de Vries",
          street: ["Keizersgracht", "123 B"],
          postcode: "1015 CJ",
          city: "Amsterdam",
          country_id: "NL",
        },
        defaultShipping: true,
        defaultBilling: true,
      },
      {
        customerId: row.id,
        data: {
          firstname: "Daan",
          lastname: "de Vries",
          company: "Studio De Vries",
          street: ["Oudegracht", "45"],
          postcode: "3511 AB",
          city: "Utrecht",
          country_id: "NL",
        },
      },
    ]);
  });
}
