import type { DB } from "~/platform/db/db.server.ts";
import { db } from "~/platform/services.server.ts";
import { contentGeneration, type GenerationSource } from "./follow.server.ts";

/** Names can come from visitors' filters: the memo is emptied rather than grown past this. */
const MAX_MEMOS = 2_000;

/**
 * A memo of values derived only from public content, each computed once per content generation
 * and shared by every request until the next write (which bumps the generation, in this process
 * or any other): `perGeneration(name, compute)`. Callers must treat the value as read-only. A
 * failed computation is not kept. `sources` gives the process's database and generation
 * (the process's own is `perGeneration` below; tests make their own).
 */
export function generationMemo(sources: () => Promise<{ db: DB; generation: GenerationSource }>) {
  const memos = new Map<string, { generation: number; value: Promise<unknown> }>();
  return async function perGeneration<T>(
    name: string,
    compute: (db: DB) => Promise<T>,
  ): Promise<T> {
    const { db, generation } = await sources();
    const current = await generation.current();
    const memo = memos.get(name);
    if (memo && memo.generation === current) return memo.value as Promise<T>;
    const value = compute(db);
    if (memos.size >= MAX_MEMOS) memos.clear();
    memos.set(name, { generation: current, value });
    value.catch(() => {
      if (memos.get(name)?.value === value) memos.delete(name);
    });
    return value;
  };
}

/**
 * The process's memo: its database and the content generation it follows. A value derived only
 * from public content (settings, the bell, the finder's rules), shared by every request until the
 * next write; every feature reads it from here (the page cache sits below them all).
 */
export const perGeneration = generationMemo(async () => ({
  db: await db(),
  generation: await contentGeneration(),
}));
