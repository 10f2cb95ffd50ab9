import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import type { DB } from "../platform/db/db.server.ts";
import {
  clearNotFoundIn,
  deleteNotFoundIn,
  forgetBufferedNotFound,
} from "./not-found-log.repository.server.ts";
import { MAX_SOURCE_LENGTH } from "./redirect-rules.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";

export type NotFoundRemoveResult = WriteResult<{ removed: boolean }, Refused<"invalid">>;

/**
 * The 404 log is read only by SEO tools, never by a public page: its writes leave the content
 * generation (and so every cache) alone. Hits still waiting in memory are dropped first, outside
 * the transaction (see `forgetBufferedNotFound`).
 */
const CHANGES_NO_CONTENT = () => [];

/** One path out of the 404 log, with its audit row. */
export async function removeNotFound(
  db: DB,
  { path, actor }: { path: string; actor: Actor },
): Promise<NotFoundRemoveResult> {
  if (path === "" || path.length > MAX_SOURCE_LENGTH)
    return refused("invalid", { message: "This path is unknown." });
  const pending = await forgetBufferedNotFound(db, path);
  const removed = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      const deleted = await deleteNotFoundIn(trx, path);
      await audit("not-found.delete", path);
      return deleted;
    },
    CHANGES_NO_CONTENT,
  );
  return { ok: true, removed: removed || pending };
}

/** The whole 404 log emptied, with one audit row saying how many paths went. */
export async function emptyNotFoundLog(db: DB, { actor }: { actor: Actor }): Promise<number> {
  await forgetBufferedNotFound(db);
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const removed = await clearNotFoundIn(trx);
      await audit("not-found.clear", "404 log", `${removed} paths`);
      return removed;
    },
    CHANGES_NO_CONTENT,
  );
}
