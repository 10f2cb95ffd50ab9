// npm run user:create -- --email EMAIL --password PASSWORD [--role admin|editor|author] [--admin] [--name NAME]
// Creates the user, or updates the password (and, with --role or --admin, the role) of an existing
// one. Without a role a new user has no back-office role and an existing user keeps theirs.
import { parseArgs } from "node:util";
import { z } from "zod";
import { isRole, ROLES, type Role } from "~/content/policy.ts";
import { createAuth } from "~/platform/auth.server.ts";
import { migrate, openDatabase } from "~/platform/db/db.server.ts";
import { ConfigError, parseEnv } from "~/platform/env.server.ts";
import { saveUserFromCommandLine, WeakPasswordError } from "~/users/users.service.server.ts";

const usage = `usage: npm run user:create -- --email EMAIL --password PASSWORD [--role ${ROLES.join("|")}] [--admin] [--name NAME]
  --role   the back-office role: admin (everything), editor (publishes), author (drafts, submits for review)
  --admin  the same as --role admin`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      admin: { type: "boolean", default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${usage}`);
}
if (!args.email || !args.password) fail(usage);
if (!z.email().safeParse(args.email).success) fail(`"${args.email}" is not an e-mail address.`);

let role: Role | undefined;
if (args.role !== undefined) {
  const wanted = args.role.trim().toLowerCase();
  if (!isRole(wanted))
    fail(`--role must be one of ${ROLES.join(", ")}; "${args.role}" is not a role.\n${usage}`);
  role = wanted;
}
if (args.admin) {
  if (role !== undefined && role !== "admin")
    fail(`--admin means --role admin; it cannot go with --role ${role}.`);
  role = "admin";
}

let env;
try {
  env = parseEnv();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = openDatabase(env.DATABASE_URL);
try {
  await migrate(database);
  const auth = createAuth(database.db, database.dialect, env);
  const { created } = await saveUserFromCommandLine(database.db, auth, {
    email: args.email,
    password: args.password,
    name: args.name,
    role,
  });
  const what = role ? ` (role ${role})` : created ? " (no back-office role)" : "";
  console.log(`${created ? "Created" : "Updated"} ${args.email}${what}.`);
} catch (err) {
  if (err instanceof WeakPasswordError) fail(err.message);
  fail(`Could not save the user: ${(err as Error).message}`);
} finally {
  await database.close();
}
