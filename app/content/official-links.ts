/**
 * Whether a link leads to an official site. Fake recruitment sites that charge "registration
 * fees" are what this audience fears most, so every outgoing button says where it goes.
 *
 * A host is official when it is one of the organization's own domains (or a subdomain of one), or
 * ends in a government suffix below. Anything else shows its domain and a plain warning.
 */
export const GOVERNMENT_SUFFIXES = [
  // Central and state government sites, e.g. upsc.gov.in, bpsc.bihar.gov.in.
  "gov.in",
  // National Informatics Centre hosting, e.g. ssc.nic.in, many state portals.
  "nic.in",
  // Defence services, e.g. joinindianarmy.nic.in is above; indianarmy.mil.in.
  "mil.in",
] as const;

export type LinkTrust =
  | { host: string; official: true; why: "government" | "organization" }
  // A copy of the official document that editors uploaded to this site (`/files/<sha256>.pdf`):
  // the site vouches for it as it does for its own pages, so no "not official" warning.
  | { host: string; official: true; why: "copy" }
  | { host: string; official: false };

/**
 * The address of a file uploaded to this site: `/files/<sha256>.<ext>`, kept relative so that it
 * survives a change of domain. Nothing else that is relative is accepted as a link.
 */
export const OWN_FILE_PATH = /^\/files\/[0-9a-f]{64}\.(pdf|png|jpg|webp)$/;

/** "PDF" or "image" for an uploaded file's address; null for any other address. */
export function ownFileKind(url: string): "PDF" | "image" | null {
  const m = OWN_FILE_PATH.exec(url.trim());
  if (!m) return null;
  return m[1] === "pdf" ? "PDF" : "image";
}

/** `host` is `domain` or one of its subdomains. */
export function withinDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The host of `url` without "www.", lower-cased; null when it is not an http(s) address. */
export function linkHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** How far to trust `url`, given the organization's official domains (hosts, without www.). */
export function linkTrust(url: string, officialDomains: readonly string[]): LinkTrust | null {
  const own = ownFileKind(url);
  if (own) return { host: `${own} copy`, official: true, why: "copy" };
  const host = linkHost(url);
  if (!host) return null;
  if (GOVERNMENT_SUFFIXES.some((suffix) => withinDomain(host, suffix)))
    return { host, official: true, why: "government" };
  if (officialDomains.some((d) => d && withinDomain(host, d.toLowerCase().replace(/^www\./, ""))))
    return { host, official: true, why: "organization" };
  return { host, official: false };
}
