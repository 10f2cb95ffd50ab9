import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import { defaultAc } from "better-auth/plugins/admin/access";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server.ts";
import type { Env } from "./env.server.ts";
import type { DB } from "./db/db.server.ts";
import type { MigrationDialect } from "./db/migrations/index.ts";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords.ts";

/**
 * What better-auth's admin API lets each role do: for an admin, exactly what the Users screen
 * calls (app/users/users.service.server.ts, which checks the password policy and writes the audit row
 * first) and nothing else, so no impersonation, no editing or deleting users, no reading
 * sessions. The other roles may do nothing there. Naming every role also makes set-role and
 * create-user refuse a role that is not one of them ("superuser", "editor,admin").
 */
const adminApiRoles = {
  admin: defaultAc.newRole({
    user: ["create", "list", "set-role", "ban", "set-password"],
    session: ["revoke"],
  }),
  editor: defaultAc.newRole({ user: [], session: [] }),
  author: defaultAc.newRole({ user: [], session: [] }),
  user: defaultAc.newRole({ user: [], session: [] }),
};

export function createAuth(
  db: DB,
  dialect: MigrationDialect,
  env: Pick<Env, "BASE_URL" | "AUTH_SECRET" | "NODE_ENV">,
) {
  return betterAuth({
    appName: "govjobs",
    baseURL: env.BASE_URL,
    secret: env.AUTH_SECRET,
    database: { db, type: dialect },
    // Editors are created by an admin or on the command line; nobody signs themselves up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"], roles: adminApiRoles })],
    // One throttle guards every door that checks a password (sign-in-throttle.server.ts, per
    // account and per address, in the database); the library's own per-instance limiter is off so
    // that a refusal always comes from that one place, with one Retry-After.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      // better-auth's own limiter keys on the address our server writes (client-address.server.ts),
      // never on X-Forwarded-For, which a visitor writes.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
