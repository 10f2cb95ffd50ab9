import type { DB } from "~/platform/db/db.server.ts";
import { inWrite, type Actor } from "~/writes/transaction.server.ts";
import {
  deleteMessage,
  markMessageRead,
  setMessageStatus,
  type MessageStatus,
} from "./messages.repository.server.ts";

/**
 * The inbox's writes (issue 27: one write pipeline): each changes the message and records its
 * audit line in one transaction, or neither. Messages are on no public page, so no cache scope.
 * Each answers whether the message was there to change.
 */
const NO_PAGES = () => [];

/** Opening an unread message reads it (audited once, however many open it at once). */
export function openMessage(db: DB, actor: Actor, id: string): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const changed = await markMessageRead(trx, id);
      if (changed) await audit("message.read", id);
      return changed;
    },
    NO_PAGES,
  );
}

export function removeMessage(db: DB, actor: Actor, id: string): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const deleted = await deleteMessage(trx, id);
      if (deleted) await audit("message.delete", id);
      return deleted;
    },
    NO_PAGES,
  );
}

export function markMessage(
  db: DB,
  actor: Actor,
  id: string,
  status: MessageStatus,
): Promise<boolean> {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const changed = await setMessageStatus(trx, id, status);
      if (changed) await audit(`message.${status}`, id);
      return changed;
    },
    NO_PAGES,
  );
}
