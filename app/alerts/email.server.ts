// The e-mail channel (issue 15): the outbox's sender for confirmation mails, alerts and daily
// digests, over SMTP with nodemailer. Every mail has a plain-text and an HTML part, is written in
// the subscriber's language, and carries RFC 8058 one-click unsubscribe headers.
import nodemailer from "nodemailer";
import { catalog } from "~/i18n/catalog.server.ts";
import { fmt } from "~/lib/locale.ts";
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { formatDate } from "../lib/format.ts";
import { getSettings } from "../settings/settings.repository.server.ts";
import type { OutboxMessage, SendResult, Sender } from "./outbox.server.ts";
import { mintConfirmToken, type ServiceMailPayload } from "./subscriptions.server.ts";
import { signLink } from "./subscription-links.server.ts";
import { alertChangeWords, type AlertPayload, type DigestPayload } from "./triggers.server.ts";

export interface EmailChannelConfig {
  smtpUrl: string;
  /** MAIL_FROM, or `alerts@<BASE_URL's host>`. */
  from?: string;
  baseUrl: string;
  /** Signs the unsubscribe and manage links (the app's AUTH_SECRET). */
  secret: string;
}

type Payload = ServiceMailPayload | AlertPayload | DigestPayload;

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The bare address of a From header ("Site <a@b>" → "a@b"). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * The links every mail to a subscriber carries: the page with a stop button (footer), the RFC 8058
 * one-click address (List-Unsubscribe header; a GET there shows the page) and the manage page.
 */
export function subscriberLinks(
  config: Pick<EmailChannelConfig, "baseUrl" | "secret">,
  id: string,
  language: "en" | "hi",
) {
  const prefix = language === "hi" ? "/hi" : "";
  const stop = encodeURIComponent(signLink(config.secret, "unsubscribe", id));
  const manage = encodeURIComponent(signLink(config.secret, "manage", id));
  return {
    unsubscribe: `${config.baseUrl}${prefix}/alerts/unsubscribe?token=${stop}`,
    oneClick: `${config.baseUrl}/alerts/unsubscribe/one-click?token=${stop}`,
    manage: `${config.baseUrl}${prefix}/alerts/manage?token=${manage}`,
  };
}

/** One paragraph per line of text; a line that is a URL becomes a link. */
function html(lines: readonly (string | { href: string; label: string })[], footer: string[]) {
  const body = lines
    .map((l) =>
      typeof l === "string"
        ? `<p>${escapeHtml(l)}</p>`
        : `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`,
    )
    .join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${body}\n<hr><p style="font-size:small;color:#555">${footer.join("<br>")}</p></body></html>`;
}

const text = (lines: readonly (string | { href: string; label: string })[], footer: string[]) =>
  [
    ...lines.map((l) => (typeof l === "string" ? l : `${l.label}: ${l.href}`)),
    "",
    "--",
    ...footer,
  ].join("\n");

/**
 * The mail for a message, in the subscriber's language; undefined when there is nothing to send
 * (a confirmation for a subscription already confirmed, a digest whose items are gone).
 */
export async function composeMail(
  db: DB,
  config: Pick<EmailChannelConfig, "baseUrl" | "secret">,
  subscription: { id: string; language: "en" | "hi"; status: "pending" | "active" },
  payload: Payload,
): Promise<Mail | undefined> {
  const locale = subscription.language;
  const t = catalog(locale).alerts;
  const settings = await getSettings(db);
  const site = settings.siteName;
  const prefix = locale === "hi" ? "/hi" : "";
  const links = subscriberLinks(config, subscription.id, locale);
  const footer = [
    escapeHtml(fmt(t.mail.footer, { site })),
    `<a href="${escapeHtml(links.manage)}">${escapeHtml(t.mail.manage)}</a> · <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(t.mail.unsubscribe)}</a>`,
  ];
  const textFooter = [
    fmt(t.mail.footer, { site }),
    `${t.mail.manage}: ${links.manage}`,
    `${t.mail.unsubscribe}: ${links.unsubscribe}`,
  ];
  const mail = (subject: string, lines: (string | { href: string; label: string })[]) => ({
    subject,
    text: text(lines, textFooter),
    html: html(lines, footer),
  });

  if (payload.type === "confirm") {
    if (subscription.status !== "pending") return undefined;
    const token = await mintConfirmToken(db, config.secret, subscription.id);
    if (!token) return undefined;
    const href = `${config.baseUrl}${prefix}/alerts/confirm?token=${token}`;
    return mail(t.mail.confirmSubject, [
      fmt(t.mail.confirmIntro, { site }),
      { href, label: t.confirmButton },
      t.mail.confirmIgnore,
    ]);
  }
  if (payload.type === "manage-link") {
    return mail(t.mail.manageLinkSubject, [
      t.mail.manageLinkIntro,
      { href: links.manage, label: t.mail.manage },
    ]);
  }
  if (subscription.status !== "active") return undefined;
  const entryLines = (p: AlertPayload) => {
    const title = (locale === "hi" && p.entry.hiTitle) || p.entry.title;
    const organization = (locale === "hi" && p.entry.hiOrganization) || p.entry.organization;
    const lines: (string | { href: string; label: string })[] = [
      `${title} (${organization})`,
      ...p.changes.map((c) => alertChangeWords(c, locale).detail),
    ];
    if (p.entry.kind === "job" && p.entry.lastDate)
      lines.push(fmt(t.mail.lastDate, { date: formatDate(p.entry.lastDate, locale) }));
    lines.push({ href: `${config.baseUrl}${prefix}${p.entry.path}`, label: t.mail.open });
    return { title, lines };
  };
  if (payload.type === "alert") {
    const { title, lines } = entryLines(payload);
    const subject =
      payload.event === "published" || payload.changes.length === 0
        ? fmt(t.mail.publishedSubject, { title })
        : fmt(t.mail.changedSubject, {
            headline: alertChangeWords(payload.changes[0], locale).headline,
            title,
          });
    return mail(subject, lines);
  }
  const items = await db
    .selectFrom("alert_digest_items")
    .select("payload")
    .where("subscription_id", "=", subscription.id)
    .where("day", "=", payload.day)
    .orderBy("created_at")
    .execute();
  if (items.length === 0) return undefined;
  const lines = items.flatMap((i) => [
    ...entryLines(JSON.parse(i.payload) as AlertPayload).lines,
    "",
  ]);
  return mail(
    fmt(t.mail.digestSubject, { n: items.length, date: formatDate(payload.day, locale) }),
    lines.filter((l) => l !== ""),
  );
}

/** 4xx (and no answer at all) is worth another try; 5xx is final. */
function failure(err: unknown): SendResult {
  const e = err as { responseCode?: number; message?: string };
  const error = e.message ?? String(err);
  if (typeof e.responseCode === "number")
    return { ok: false, retryable: e.responseCode < 500, error };
  return { ok: false, retryable: true, error };
}

export interface EmailSender {
  send: Sender;
  close(): void;
}

/** The outbox's sender for the e-mail channel: a pooled SMTP connection. */
export function createEmailSender(db: DB, config: EmailChannelConfig): EmailSender {
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
  });
  const from = config.from ?? `alerts@${new URL(config.baseUrl).hostname}`;
  const send: Sender = async (message: OutboxMessage) => {
    if (!message.subscriptionId) return { ok: false, retryable: false, error: "No subscriber" };
    const subscription = await db
      .selectFrom("alert_subscriptions")
      .select(["id", "email", "language", "status"])
      .where("id", "=", message.subscriptionId)
      .executeTakeFirst();
    // Unsubscribed since: nothing to send (its rows go with it anyway).
    if (!subscription?.email) return { ok: true };
    const payload = message.payload as Payload;
    const composedAt = now();
    const mail = await composeMail(db, config, subscription, payload);
    if (!mail) return { ok: true };
    const links = subscriberLinks(config, subscription.id, subscription.language);
    try {
      await transport.sendMail({
        from,
        to: subscription.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          "List-Unsubscribe": `<${links.oneClick}>, <mailto:${addressOf(from)}?subject=unsubscribe>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    } catch (err) {
      return failure(err);
    }
    if (payload.type === "digest")
      await db
        .deleteFrom("alert_digest_items")
        .where("subscription_id", "=", subscription.id)
        .where("day", "=", payload.day)
        .where("created_at", "<=", composedAt)
        .execute();
    return { ok: true };
  };
  return { send, close: () => transport.close() };
}
