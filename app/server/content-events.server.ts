/**
 * The content generation: a number that changes whenever anything public changes (entries, site
 * pages, settings, redirects). Public caches key on it, so a write is visible on the next request.
 * Every write path calls `contentChanged()` after its transaction commits.
 */
let generation = 0;
const listeners = new Set<(generation: number) => void>();

export function contentGeneration(): number {
  return generation;
}

export function contentChanged(): void {
  generation++;
  for (const listener of listeners) listener(generation);
}

export function onContentChanged(listener: (generation: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
