// Creates or drops a CI database through the pg driver the server already depends on, so CI
// needs no psql client.
import pg from "pg";

const [adminUrl, action, name] = process.argv.slice(2);
if (!/^etalage_ci_\w+$/.test(name ?? "")) throw new Error(`refusing database name ${name}`);
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === "create") await client.query(`create database "${name}"`);
  else if (action === "drop") await client.query(`drop database if exists "${name}" with (force)`);
  else throw new Error(`unknown action ${action}`);
  console.log(`${action}d database ${name}`);
} finally {
  await client.end();
}
