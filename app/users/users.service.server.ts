import { can, isRole, type Role } from "~/content/policy.ts";
import type { Auth } from "../platform/auth.server.ts";
import type { DB } from "../platform/db/db.server.ts";
import { dialectOf } from "../platform/db/dialect.ts";
import { inWrite } from "../writes/transaction.server.ts";
import { claimDisabled, claimRole } from "./users.repository.server.ts";
import { clearSignInFailures } from "./sign-in-throttle.server.ts";
import { passwordProblem } from "./password-rules.ts";

export class WeakPasswordError extends Error {}

/**
 * The role stored in better-auth's `user.role`: a back-office role (app/content/policy.ts), or
 * "user", better-auth's default, for an account without access to the back-office.
 */
export type UserRole = Role | "user";

/**
 * better-auth's types name only its default roles ("admin", "user"); without a `roles` option
 * (auth.server.ts sets none) its create-user and set-role endpoints store any role string, and
 * `adminRoles: ["admin"]` keeps its own admin endpoints to admins alone.
 */
function asAuthRole(role: UserRole): "admin" | "user" {
  return role as "admin" | "user";
}

/** What a stored role means here: anything but a back-office role is no access. */
export function userRoleOf(value: unknown): UserRole {
  return isRole(value) ? value : "user";
}

/**
 * Create a user, or update the password of an existing one. `role` sets the role; without it a
 * new user has no back-office role and an existing user's role is left as it is.
 */
export async function upsertUser(
  auth: Auth,
  input: { email: string; password: string; name?: string; role?: UserRole },
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, email);
  if (problem) throw new WeakPasswordError(problem);
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (existing) {
    const userId = existing.user.id;
    const credential = existing.accounts.find((a) => a.providerId === "credential");
    if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
    else
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: "credential",
        accountId: userId,
        password: hash,
      });
    if (input.role !== undefined) {
      await ctx.internalAdapter.updateUser(userId, { role: input.role });
    }
    return { id: userId, created: false };
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name ?? email.split("@")[0],
      emailVerified: true,
      role: input.role ?? "user",
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id, created: true };
}

/** Who the audit names for a change made from the server's command line (`npm run user:create`). */
const COMMAND_LINE = { id: null, email: "command line (user:create)", name: "user:create" };

/**
 * `npm run user:create`: upsertUser, and the audit line it deserves like any change of a user
 * (a new account with its role, or a new password and maybe a role for an existing one).
 */
export async function saveUserFromCommandLine(
  db: DB,
  auth: Auth,
  input: { email: string; password: string; name?: string; role?: UserRole },
): Promise<{ id: string; created: boolean }> {
  const saved = await upsertUser(auth, input);
  const email = input.email.trim().toLowerCase();
  const role = input.role ? `role ${input.role}` : undefined;
  await inWrite(
    db,
    COMMAND_LINE,
    (_trx, audit) =>
      saved.created
        ? audit("user.create", email, role ?? "no back-office role")
        : audit("user.reset-password", email, role ? `${role}; sessions kept` : "sessions kept"),
    NO_PAGES,
  );
  return saved;
}

// ---------------------------------------------------------------------------------------------
// The Users screen. Each call goes through better-auth's admin endpoints with the caller's own
// request headers, so better-auth checks once more that the caller is an admin (defence in depth
// behind requireAdmin). Passwords are handed to better-auth and never logged or returned.

export interface ListedUser {
  id: string;
  email: string;
  name: string;
  /** "user": no access to the back-office. */
  role: UserRole;
  disabled: boolean;
  createdAt: string;
}

/** A refusal written for the admin who asked; `field` names the form field it is about. */
export class UserActionError extends Error {
  constructor(
    message: string,
    readonly field?: "email" | "name" | "password",
  ) {
    super(message);
  }
}

export const USER_MESSAGES = {
  selfDemote:
    "You cannot remove your own admin role: ask another admin to do it, so the back-office always keeps an admin.",
  selfDisable:
    "You cannot disable your own account: ask another admin to do it, so the back-office always keeps an admin.",
  emailTaken: "A user with this e-mail address already exists.",
  notFound: "This user no longer exists.",
  notAdmin: "Only an admin can change users. Nothing was changed.",
  badRole: "That role is not one the back-office has. Nothing was changed.",
  refused: "better-auth refused this change for your account. Sign in again and retry.",
} as const;

function asDate(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" || typeof value === "number") {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  return "";
}

/** Turn better-auth's errors into words for the admin; anything unexpected is rethrown. */
function translate(err: unknown): never {
  const e = err as { statusCode?: number; body?: { code?: string } };
  const code = e.body?.code;
  if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS")
    throw new UserActionError(USER_MESSAGES.emailTaken, "email");
  if (code === "USER_NOT_FOUND") throw new UserActionError(USER_MESSAGES.notFound);
  if (code === "YOU_CANNOT_BAN_YOURSELF") throw new UserActionError(USER_MESSAGES.selfDisable);
  if (e.statusCode === 401 || e.statusCode === 403)
    throw new UserActionError(USER_MESSAGES.refused);
  throw err;
}

export async function listUsersAsAdmin(auth: Auth, headers: Headers): Promise<ListedUser[]> {
  try {
    const result = await auth.api.listUsers({
      query: { limit: 1000, sortBy: "createdAt", sortDirection: "asc" },
      headers,
    });
    return result.users.map((u) => {
      const user = u as typeof u & { role?: string | null; banned?: boolean | null };
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role: userRoleOf(user.role),
        disabled: !!user.banned,
        createdAt: asDate(user.createdAt),
      };
    });
  } catch (err) {
    translate(err);
  }
}

/**
 * The admin who asks for a change, with the request that carries their session: better-auth's
 * endpoints check that session once more (defence in depth behind the role checked here), and
 * the audit line names them.
 */
export interface UserChanger {
  db: DB;
  auth: Auth;
  headers: Headers;
  actor: { id: string; email: string; name: string; role: Role };
}

const NO_PAGES = () => [];

/** Who may change users (app/content/policy.ts), and the user to change: refused before any change. */
async function allowedOn(by: UserChanger, userId?: string): Promise<ListedUser | undefined> {
  if (!can(by.actor.role, "administer")) throw new UserActionError(USER_MESSAGES.notAdmin);
  if (userId === undefined) return undefined;
  const target = (await listUsersAsAdmin(by.auth, by.headers)).find((u) => u.id === userId);
  if (!target) throw new UserActionError(USER_MESSAGES.notFound);
  return target;
}

/** A role the Users screen gives: a back-office role or "user" (no access); anything else refused. */
function checkedRole(role: string): UserRole {
  if (role !== "user" && !isRole(role)) throw new UserActionError(USER_MESSAGES.badRole);
  return role;
}

/** The user to change, who exists (allowedOn with a user). */
const targetOf = async (by: UserChanger, userId: string) => (await allowedOn(by, userId))!;

/**
 * The Users screen's writes (issue 27: one write pipeline). The account itself is better-auth's
 * and changes through its own adapter, not in our transaction, so the change and its audit line
 * cannot be one transaction: the audit line is written through inWrite right after a change
 * that succeeded, and never for a refused one (policy, better-auth or a missing user). A failure
 * between the two (the process dying, the database refusing the audit row) leaves the change
 * without its line; the error then reaches the admin as a failed request.
 */
async function audited<T>(
  by: UserChanger,
  change: () => Promise<T>,
  line: (result: T) => [action: string, subject: string, detail?: string],
): Promise<T> {
  let result: T;
  try {
    result = await change();
  } catch (err) {
    translate(err);
  }
  const [action, subject, detail] = line(result);
  await inWrite(by.db, by.actor, (_trx, audit) => audit(action, subject, detail), NO_PAGES);
  return result;
}

export async function createUser(
  by: UserChanger,
  input: { email: string; name: string; password: string; role: UserRole },
): Promise<{ id: string; email: string }> {
  await allowedOn(by);
  const role = checkedRole(input.role);
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, email);
  if (problem) throw new UserActionError(problem, "password");
  return audited(
    by,
    async () => {
      const { user } = await by.auth.api.createUser({
        body: {
          email,
          password: input.password,
          name: input.name.trim() || email.split("@")[0],
          role: asAuthRole(role),
        },
        headers: by.headers,
      });
      return { id: user.id, email: user.email };
    },
    (created) => ["user.create", created.email, `role ${role}`],
  );
}

/** Give a user a role ("user": no access); an admin never removes their own admin role. */
export async function setUserRole(by: UserChanger, userId: string, role: UserRole): Promise<void> {
  const target = await targetOf(by, userId);
  checkedRole(role);
  if (role !== "admin" && userId === by.actor.id)
    throw new UserActionError(USER_MESSAGES.selfDemote);
  // Our own column, claimed with its line in one transaction: twenty identical requests at once
  // change it once and write one line; a role the user has already writes nothing.
  await inWrite(
    by.db,
    by.actor,
    async (trx, audit) => {
      if (await claimRole(trx, userId, asAuthRole(role)))
        await audit("user.set-role", target.email, role);
    },
    NO_PAGES,
  );
}

/** Disable (better-auth's "ban", which also ends the user's sessions) or enable an account. */
export async function setUserDisabled(
  by: UserChanger,
  userId: string,
  disabled: boolean,
): Promise<void> {
  const target = await targetOf(by, userId);
  if (disabled && userId === by.actor.id) throw new UserActionError(USER_MESSAGES.selfDisable);
  const headers = by.headers;
  // The flag is claimed with its line in one transaction (one change and one line however many
  // identical requests arrive at once; none for an account already so); better-auth's own call
  // then does the rest of it, once: the reason kept, every session ended, or both undone.
  const dialect = dialectOf(by.db);
  const claimed = await inWrite(
    by.db,
    by.actor,
    async (trx, audit) => {
      const changed = await claimDisabled(trx, dialect, userId, disabled);
      if (changed) await audit(disabled ? "user.disable" : "user.enable", target.email);
      return changed;
    },
    NO_PAGES,
  );
  if (!claimed) return;
  try {
    await (disabled
      ? by.auth.api.banUser({
          body: { userId, banReason: "Disabled by an administrator" },
          headers,
        })
      : by.auth.api.unbanUser({ body: { userId }, headers }));
  } catch (err) {
    translate(err);
  }
}

/** Set a new password and end every session of that user, so the old password's holder is out. */
export async function resetUserPassword(
  by: UserChanger,
  userId: string,
  newPassword: string,
): Promise<void> {
  const target = await targetOf(by, userId);
  const problem = passwordProblem(newPassword, target.email);
  if (problem) throw new UserActionError(problem, "password");
  await audited(
    by,
    async () => {
      await by.auth.api.setUserPassword({ body: { userId, newPassword }, headers: by.headers });
      await by.auth.api.revokeUserSessions({ body: { userId }, headers: by.headers });
    },
    () => ["user.reset-password", target.email, "sessions revoked"],
  );
}

export async function revokeUserSessions(by: UserChanger, userId: string): Promise<void> {
  const target = await targetOf(by, userId);
  await audited(
    by,
    () => by.auth.api.revokeUserSessions({ body: { userId }, headers: by.headers }),
    () => ["user.revoke-sessions", target.email],
  );
}

/**
 * Clear a user's failed sign-ins, so a locked-out editor can try again at once. The counter is
 * ours: the change and its audit line are one transaction.
 */
export async function unlockUserSignIn(by: UserChanger, userId: string): Promise<void> {
  const target = await targetOf(by, userId);
  await inWrite(
    by.db,
    by.actor,
    async (trx, audit) => {
      await clearSignInFailures(trx, target.email);
      await audit("user.unlock-sign-in", target.email);
    },
    NO_PAGES,
  );
}
