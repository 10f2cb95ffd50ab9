// The tokens of alert links (issue 15), pure HMACs with the app's secret: a confirmation token
// (of a subscription's id and its expiry, stored only as a hash) and the signed unsubscribe and
// manage links in every alert, which need no session and no stored token.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** How a confirmation token is kept: only its hash. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The confirmation token of a subscription whose link expires at `expires`. */
export const confirmToken = (secret: string, id: string, expires: string) =>
  createHmac("sha256", secret).update(`alerts:confirm:${id}:${expires}`).digest("base64url");

/** What a signed link lets its holder do. */
export type LinkPurpose = "unsubscribe" | "manage";

const signature = (secret: string, purpose: LinkPurpose, id: string) =>
  createHmac("sha256", secret).update(`alerts:${purpose}:${id}`).digest("base64url");

/** `<id>.<hmac>`: the token in an unsubscribe or manage link. */
export function signLink(secret: string, purpose: LinkPurpose, id: string): string {
  return `${id}.${signature(secret, purpose, id)}`;
}

/** The subscription id a link's token names, or undefined when the signature does not match. */
export function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  token: string | null | undefined,
): string | undefined {
  if (!token || token.length > 200) return undefined;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const wanted = Buffer.from(signature(secret, purpose, id));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? id : undefined;
}
