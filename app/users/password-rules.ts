import { MIN_PASSWORD_LENGTH } from "~/lib/passwords.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

// Free of server modules: the Users screen's create form checks a password in the browser too.

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
