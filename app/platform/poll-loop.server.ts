/** A loop of rounds in the background of a process (the outbox, the link monitor). */
export interface PollLoop {
  /** Finish the round under way and stop. */
  stop(): Promise<void>;
}

/**
 * Run `round` again and again: at once after a round that says there is more to do, else after
 * `pollMs`. A round that throws (a database hiccup) is reported to `onError` and the loop goes on.
 */
export function startPollLoop(
  round: () => Promise<boolean>,
  { pollMs, onError }: { pollMs: number; onError: (err: unknown) => void },
): PollLoop {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (running) {
      let more = false;
      try {
        more = await round();
      } catch (err) {
        onError(err);
      }
      if (!more && running) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, pollMs);
          timer.unref();
        });
      }
    }
  })();
  return {
    async stop() {
      running = false;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
