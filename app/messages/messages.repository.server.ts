import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";

export const MESSAGE_STATUSES = ["unread", "read", "archived", "spam"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface Message {
  id: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  createdAt: string;
}

/** Store a contact message with the server's own timestamp. */
export async function createMessage(
  db: DB,
  input: { name: string; email: string; message: string },
): Promise<Message> {
  const row = { id: newId(), ...input, status: "unread" as const, created_at: now() };
  await db.insertInto("messages").values(row).execute();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
  };
}

export async function listMessages(
  db: DB,
  { status, limit = 50 }: { status?: MessageStatus; limit?: number } = {},
): Promise<Message[]> {
  let q = db.selectFrom("messages").selectAll().orderBy("created_at", "desc").limit(limit);
  if (status) q = q.where("status", "=", status);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    status: r.status as MessageStatus,
    createdAt: r.created_at,
  }));
}

function toMessage(r: {
  id: string;
  name: string;
  email: string;
  message: string;
  status: string;
  created_at: string;
}): Message {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    status: r.status as MessageStatus,
    createdAt: r.created_at,
  };
}

export function isMessageStatus(value: unknown): value is MessageStatus {
  return typeof value === "string" && (MESSAGE_STATUSES as readonly string[]).includes(value);
}

/** How many messages carry each status (every status present, zero when none). */
export async function countMessagesByStatus(db: DB): Promise<Record<MessageStatus, number>> {
  const rows = await db
    .selectFrom("messages")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<
    MessageStatus,
    number
  >;
  for (const row of rows) if (isMessageStatus(row.status)) counts[row.status] = Number(row.n);
  return counts;
}

/** One page of a status's messages, newest first. `page` is 1-based and clamped to the last page. */
export async function listMessagesPage(
  db: DB,
  { status, page = 1, pageSize = 20 }: { status: MessageStatus; page?: number; pageSize?: number },
): Promise<{ messages: Message[]; total: number; page: number; pageCount: number }> {
  const count = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .selectFrom("messages")
    .selectAll()
    .where("status", "=", status)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { messages: rows.map(toMessage), total, page: current, pageCount };
}

export async function getMessage(db: DB, id: string): Promise<Message | undefined> {
  const row = await db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toMessage(row);
}

/** Move a message to another tab; false when it no longer exists. */
export async function setMessageStatus(
  db: DB,
  id: string,
  status: MessageStatus,
): Promise<boolean> {
  const result = await db
    .updateTable("messages")
    .set({ status })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Opening an unread message reads it. Only an unread one changes, so a second opening (or two
 * admins at once) records one reading; true when this call changed it.
 */
export async function markMessageRead(db: DB, id: string): Promise<boolean> {
  const result = await db
    .updateTable("messages")
    .set({ status: "read" })
    .where("id", "=", id)
    .where("status", "=", "unread")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMessage(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("messages").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Unread messages, for the admin menu's badge: one count on the (status, created_at) index. */
export async function countUnreadMessages(db: DB): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "unread")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Contact messages carry no subject of their own: the reply names what it answers. */
export const REPLY_SUBJECT = "Re: Your message to govjobs";

/**
 * Mail clients and browsers cut or refuse long mailto: links (some at 2,000 characters), so the
 * quoted message is shortened until the whole link fits.
 */
export const REPLY_URL_MAX = 1800;

/**
 * A mailto: link that opens the admin's mail client on a reply: the subject, then the message
 * quoted line by line ("> ") under who sent it and when. Everything is percent-encoded
 * (RFC 6068: line breaks as %0D%0A); a long message is cut at a character boundary and marked.
 */
export function replyMailto(
  message: Pick<Message, "name" | "email" | "message">,
  sentAt: string,
  maxLength = REPLY_URL_MAX,
): string {
  // The address is the visitor's own input: encode what could end or extend it (?, &, #, %).
  const to = encodeURIComponent(message.email).replaceAll("%40", "@");
  const head = `mailto:${to}?subject=${encodeURIComponent(REPLY_SUBJECT)}&body=`;
  const intro = `\r\n\r\nOn ${sentAt}, ${message.name} <${message.email}> wrote:\r\n`;
  const quote = (text: string) =>
    text
      .split(/\r\n|\r|\n/)
      .map((line) => (line ? `> ${line}` : ">"))
      .join("\r\n");
  const link = (text: string, cut: boolean) =>
    head + encodeURIComponent(intro + quote(text) + (cut ? " […]" : ""));
  const full = link(message.message, false);
  if (full.length <= maxLength) return full;
  // Whole code points only, so a cut never leaves half of an emoji's surrogate pair.
  const chars = Array.from(message.message);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (link(chars.slice(0, mid).join("").trimEnd(), true).length <= maxLength) lo = mid;
    else hi = mid - 1;
  }
  return link(chars.slice(0, lo).join("").trimEnd(), true);
}
