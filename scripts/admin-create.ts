// `npm run admin:create -- --email E --name N`: creates a super-admin, the first admin of a real
// panel (a production start creates none). The password is read from standard input: asked twice,
// unseen, on a terminal; the first line otherwise (`printf '%s\n' "$PASSWORD" | npm run …`), so it
// never appears in the process list or the shell history. Migrates the database first, so it works
// before the first start. On the embedded database, run it only while the server is stopped (one
// process at a time); on PostgreSQL, any time. See docs/decisions/031-start-modes.md.
import readline from "node:readline";
import { parseArgs } from "node:util";
import { createAdminFromCommandLine } from "../app/domain/admins.server";
import { getDatabaseTarget } from "../app/lib/env.server";
import { closeDatabase, migrateDatabase } from "../app/lib/db.server";

const USAGE =
  'Usage: npm run admin:create -- --email admin@example.com --name "Ada Admin"  (password on standard input)';

async function main(): Promise<number> {
  let options: { email?: string; name?: string };
  try {
    options = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!options.email || !options.name) {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  if (password === null) return 1;
  await migrateDatabase(getDatabaseTarget());
  try {
    const result = await createAdminFromCommandLine({ email: options.email, name: options.name, password });
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    console.log(`Super-admin ${options.email.trim().toLowerCase()} created (id ${result.id}). Sign in at /admin.`);
    return 0;
  } finally {
    await closeDatabase();
  }
}

/** The password: asked twice, hidden, on a terminal; the first line of standard input otherwise. */
async function readPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    console.error("No password on standard input.");
    return null;
  }
  const first = await askHidden("Password (at least 12 characters): ");
  const second = await askHidden("The same password again: ");
  if (first !== second) {
    console.error("The two passwords differ. Nothing was created.");
    return null;
  }
  return first;
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const output = process.stdout;
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    // Echo the prompt, then nothing of what is typed.
    const write = output.write.bind(output);
    output.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
      typeof chunk === "string" && chunk.startsWith(prompt)
        ? write(chunk, ...(rest as []))
        : true) as typeof output.write;
    rl.question(prompt, (answer) => {
      output.write = write;
      write("\n");
      rl.close();
      resolve(answer);
    });
  });
}

process.exitCode = await main();
