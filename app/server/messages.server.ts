import type { DB } from "./db/db.server.ts";
import { newId, now } from "./db/dialect.ts";

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
