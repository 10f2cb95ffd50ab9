import type { Auth } from "./auth.server.ts";
import { MIN_PASSWORD_LENGTH } from "./auth.server.ts";
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

/** Create a user, or update the password (and role) of an existing one. */
export async function upsertUser(
  auth: Auth,
  input: { email: string; password: string; name?: string; admin?: boolean },
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
    if (input.admin !== undefined) {
      await ctx.internalAdapter.updateUser(userId, { role: input.admin ? "admin" : "user" });
    }
    return { id: userId, created: false };
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name ?? email.split("@")[0],
      emailVerified: true,
      role: input.admin ? "admin" : "user",
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
