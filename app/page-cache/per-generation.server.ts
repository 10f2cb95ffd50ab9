import type { DB } from "~/platform/db/db.server.ts";
import type { GenerationSource } from "./follow.server.ts";

/** Names can come from visitors' filters: the memo is emptied rather than grown past this. */
const MAX_MEMOS = 2_000;

/**
 * A memo of values derived only from public content, each computed once per content generation
 * and shared by every request until the next write (which bumps the generation, in this process
 * or any other): `perGeneration(name, compute)`. Callers must treat the value as read-only. A
 * failed computation is not kept. `sources` gives the process's database and generation
 * (app/entries/public-data.server.ts makes the process's memo with its services).
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
