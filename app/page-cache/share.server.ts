import { onPeerMessage, sendToPeers } from "~/platform/cluster-peers.server.ts";
import type { CachedResponse } from "./response.server.ts";
import type { PageCache } from "./store.server.ts";

/**
 * One render for the whole cluster (issue 33): a worker that stores a page it drew (a miss, a
 * stale page's background render, a hot page at start) hands the compressed copies to the other
 * workers through the primary, with the page's scopes and the generation it was drawn under. A
 * worker keeps it only at that same generation and when it holds no fresh copy (`PageCache.accept`):
 * storing it is a map insert, with no unzipping and no render. Stale pages after a write and the
 * hot list at start are split between the workers by a hash of the key (`ownerOf`), each drawing
 * its share first, so each page is drawn about once for the cluster.
 */
const TOPIC = "page-cache/fill";

interface SharedPage {
  key: string;
  scopes: readonly string[];
  generation: string;
  response: CachedResponse;
}

/** Where this process stands in the cluster: its slot (0 … workers - 1) among `workers`. */
export interface ClusterSlot {
  slot: number;
  workers: number;
}

/** The worker (slot) that draws `key` first: FNV-1a of the key, modulo the workers. */
export function ownerOf(key: string, workers: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % workers;
}

/** `keys` with this worker's share first, in their order, then the others' from the last back. */
export function shareOrder(keys: readonly string[], mine: (key: string) => boolean): string[] {
  const own = keys.filter(mine);
  const others = keys.filter((key) => !mine(key)).reverse();
  return [...own, ...others];
}

/**
 * Start handing this cache's renders to the other workers and keeping theirs. Does nothing
 * without a cluster slot (one process, tests): then every key is this process's own.
 */
export function sharePages(cache: PageCache, at: ClusterSlot | undefined): () => void {
  if (!at || at.workers < 2) return () => {};
  cache.redraws.mine = (key) => ownerOf(key, at.workers) === at.slot;
  cache.onStore = (key, response, scopes, generation) => {
    const page: SharedPage = { key, scopes, generation, response };
    if (sendToPeers(TOPIC, page)) cache.stats.sharesSent++;
  };
  const stop = onPeerMessage(TOPIC, (body) => {
    const page = body as SharedPage;
    cache.accept(page.key, page.response, page.scopes, page.generation);
  });
  return () => {
    stop();
    cache.onStore = undefined;
    cache.redraws.mine = () => true;
  };
}
