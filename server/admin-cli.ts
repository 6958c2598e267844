/**
 * `npm run admin:create -- <username>`: creates an administrator, or makes an existing user one,
 * in the configured database. The password comes from ADMIN_PASSWORD or the first line of
 * standard input; there is no default.
 */
import { createInterface } from "node:readline";
import { ZodError } from "zod";
import { openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loadConfig } from "./env.ts";
import { ensureAdmin } from "./modules/auth/admin.ts";

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write("Password for the administrator: ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

const username = process.argv[2];
if (!username) {
  process.stderr.write(
    "usage: npm run admin:create -- <username>   (password from ADMIN_PASSWORD or stdin)\n",
  );
  process.exit(2);
}
const password = await readPassword();
if (password === "") {
  process.stderr.write("no password given: set ADMIN_PASSWORD or type it on standard input\n");
  process.exit(2);
}
const config = loadConfig({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
const canon = openDatabase(config.database);
try {
  await migrateToLatest(canon.db, canon.dialect);
  const outcome = await ensureAdmin(canon.db, { username, password }, Date.now());
  process.stdout.write(`administrator ${username} ${outcome}\n`);
} catch (error) {
  const reason =
    error instanceof ZodError
      ? error.issues.map((issue) => issue.message).join("; ")
      : error instanceof Error
        ? error.message
        : String(error);
  process.stderr.write(`cannot set up ${username}: ${reason}\n`);
  process.exitCode = 1;
} finally {
  await canon.close();
}
