import { isRole, type Role } from "~/content/policy.ts";
import type { Auth } from "../platform/auth.server.ts";
import { MIN_PASSWORD_LENGTH } from "../platform/auth.server.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/** Why a password is too weak, in words for the person choosing it; undefined when it is fine. */
export function passwordProblem(password: string, email = ""): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (password.length > 128) return "Password must be at most 128 characters long.";
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower))
    return "Password is one of the most common passwords; choose another.";
  if (new Set(lower).size < 5)
    return "Password repeats too few characters; choose a less predictable one.";
  const local = email.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local))
    return "Password must not contain your e-mail name.";
  return undefined;
}

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

export async function createUserAsAdmin(
  auth: Auth,
  headers: Headers,
  input: { email: string; name: string; password: string; role: UserRole },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, email);
  if (problem) throw new UserActionError(problem, "password");
  try {
    const { user } = await auth.api.createUser({
      body: {
        email,
        password: input.password,
        name: input.name.trim() || email.split("@")[0],
        role: asAuthRole(input.role),
      },
      headers,
    });
    return { id: user.id, email: user.email };
  } catch (err) {
    translate(err);
  }
}

/** Give a user a role ("user": no access); an admin never changes their own. */
export async function setRoleAsAdmin(
  auth: Auth,
  headers: Headers,
  actorId: string,
  userId: string,
  role: UserRole,
): Promise<void> {
  if (role !== "admin" && userId === actorId) throw new UserActionError(USER_MESSAGES.selfDemote);
  try {
    await auth.api.setRole({ body: { userId, role: asAuthRole(role) }, headers });
  } catch (err) {
    translate(err);
  }
}

/** Disable (better-auth's "ban", which also ends the user's sessions) or enable an account. */
export async function setUserDisabledAsAdmin(
  auth: Auth,
  headers: Headers,
  actorId: string,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (disabled && userId === actorId) throw new UserActionError(USER_MESSAGES.selfDisable);
  try {
    if (disabled)
      await auth.api.banUser({
        body: { userId, banReason: "Disabled by an administrator" },
        headers,
      });
    else await auth.api.unbanUser({ body: { userId }, headers });
  } catch (err) {
    translate(err);
  }
}

/** Set a new password and end every session of that user, so the old password's holder is out. */
export async function resetPasswordAsAdmin(
  auth: Auth,
  headers: Headers,
  user: { id: string; email: string },
  newPassword: string,
): Promise<void> {
  const problem = passwordProblem(newPassword, user.email);
  if (problem) throw new UserActionError(problem, "password");
  try {
    await auth.api.setUserPassword({ body: { userId: user.id, newPassword }, headers });
    await auth.api.revokeUserSessions({ body: { userId: user.id }, headers });
  } catch (err) {
    translate(err);
  }
}

export async function revokeSessionsAsAdmin(
  auth: Auth,
  headers: Headers,
  userId: string,
): Promise<void> {
  try {
    await auth.api.revokeUserSessions({ body: { userId }, headers });
  } catch (err) {
    translate(err);
  }
}
