// The link monitor (issue 30): in every server process, a loop that takes due links of open
// entries under a lease (one process per link at a time), visits each through the guarded
// outbound client (http/https on 80/443, public addresses only, each redirect re-checked, at most
// 5, bounded time and size), decides its state, and writes the results and their history in one
// transaction. A result that changes what a page shows names that page's cache scope in the same
// transaction, so every process draws it again; a link of an open job that stops working is a
// notice in the back-office (dashboard, Links screen and the menu's count).
import type { LookupFunction } from "node:net";
import { entryScope, type CacheScope } from "~/page-cache/index.ts";
import type { EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { isKind } from "~/content/kinds.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { newId } from "~/platform/db/dialect.ts";
import { env } from "~/platform/env.server.ts";
import { logger } from "~/platform/logger.server.ts";
import { outboundRequest, WEB_PORTS } from "~/platform/outbound/client.server.ts";
import { startPollLoop, type PollLoop } from "~/platform/poll-loop.server.ts";
import type { LocalAllowance } from "~/platform/outbound/settings.server.ts";
import { inWrite, type Actor } from "~/writes/transaction.server.ts";
import { entryLinks } from "./entry-links.server.ts";
import {
  claimDueLinks,
  entriesByIds,
  entriesWithoutLinks,
  insertLinks,
  isBackfilled,
  pruneLinkHistory,
  setBackfilled,
  writeCheck,
  type CheckWrite,
  type LinkRow,
} from "./links.repository.server.ts";
import {
  decideLinkState,
  isBreakage,
  isWorking,
  looksNotFound,
  sameReaderStatus,
  type LinkOutcome,
} from "./rules.ts";
import { readerStatusOf, trustContextFor, trustDirectory } from "./trust.server.ts";

/** Redirects followed, each hop checked like the first. */
export const MAX_LINK_REDIRECTS = 5;
/** The start of an HTML page read to see whether it says "not found"; never stored. */
const SNIFF_BYTES = 64 * 1024;
/** Links taken at once by a process, and visited at once. */
const BATCH = 8;
const CONCURRENCY = 4;
/** Between two rounds while more is due (the first pass over a large site: 80 links a second). */
const ROUND_GAP_MS = 100;
/** How often an idle process looks for due links. */
const POLL_MS = 5_000;
/** A link with no answer is tried again this soon (a second failure makes it news). */
const RETRY_UNREACHABLE_MS = 60 * 60_000;
/** History kept per link. */
const HISTORY_MS = 60 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Entries read at once by the one-time pass over what was published before the monitor. */
const BACKFILL_BATCH = 100;

const MONITOR: Actor = { id: null, email: null, name: "link monitor" };

export interface MonitorOptions {
  /** Between two checks of a working link. */
  intervalMs: number;
  /** One check, redirects included. */
  timeoutMs: number;
  /** Local hosts let through (tests); default OUTBOUND_ALLOW_LOCAL. */
  allowLocal?: readonly LocalAllowance[];
  /** The resolver (tests). */
  lookup?: LookupFunction;
  userAgent?: string;
  /** How long a claim is this process's: longer than a batch may take. */
  leaseMs?: number;
  batch?: number;
}

export function monitorOptions(): MonitorOptions {
  const config = env();
  return {
    intervalMs: config.LINK_CHECK_INTERVAL_HOURS * 60 * 60_000,
    timeoutMs: config.LINK_CHECK_TIMEOUT_SECONDS * 1000,
    userAgent: `govjobs-link-check/1.0 (+${config.BASE_URL}/check-link)`,
  };
}

/** "text/html; charset=UTF-8" → "text/html"; anything odd → null. */
function mediaType(value: string | undefined): string | null {
  const type = value?.split(";")[0].trim().toLowerCase() ?? "";
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(type) ? type : null;
}

function decode(body: Buffer, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const capUrl = (url: string) => url.slice(0, 2000);

/**
 * Visit one link through the guarded client and keep what the rules decide on: the status, the
 * chain, the type, whether the page says "not found". The body's first bytes are read for that
 * and dropped here.
 */
export async function visitLink(
  url: string,
  options: Pick<MonitorOptions, "timeoutMs" | "allowLocal" | "lookup" | "userAgent">,
): Promise<LinkOutcome> {
  const result = await outboundRequest(
    url,
    {
      method: "GET",
      headers: {
        "user-agent": options.userAgent ?? "govjobs-link-check/1.0",
        accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8",
        "accept-language": "en-IN,en;q=0.9,hi;q=0.8",
      },
    },
    {
      ports: WEB_PORTS,
      maxRedirects: MAX_LINK_REDIRECTS,
      timeoutMs: options.timeoutMs,
      readBodyBytes: SNIFF_BYTES,
      ...(options.allowLocal && { allowLocal: options.allowLocal }),
      ...(options.lookup && { lookup: options.lookup }),
    },
  );
  const chain = result.redirects.map((h) => ({ url: capUrl(h.url), status: h.status }));
  if (!result.ok)
    return {
      reason: result.reason,
      status: null,
      finalUrl: capUrl(result.url),
      chain,
      contentType: null,
      soft404: false,
    };
  const header = result.headers["content-type"];
  const contentType = mediaType(header);
  const html =
    contentType === null || contentType === "text/html" || contentType === "application/xhtml+xml";
  return {
    reason: null,
    status: result.status,
    finalUrl: capUrl(result.url),
    chain,
    contentType,
    soft404:
      result.status >= 200 &&
      result.status < 300 &&
      html &&
      looksNotFound(decode(result.body, header)),
  };
}

/** Run `work` over `items`, at most `limit` at a time. */
async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

export interface RoundResult {
  claimed: number;
  /** Due links of closed entries met on the way, left until the next interval. */
  parked: number;
  written: number;
  /** Links of open jobs that stopped working in this round. */
  broke: number;
  /** Pages whose cached copies were dropped. */
  scopes: CacheScope[];
}

/**
 * One round of this process: take due links, visit them, write what was found. `at` is the
 * round's time (tests move it).
 */
export async function checkDueLinks(
  db: DB,
  options: MonitorOptions,
  at: Date = new Date(),
): Promise<RoundResult> {
  const iso = at.toISOString();
  const today = todayInIndia(at);
  const claim = newId();
  const lease = new Date(at.getTime() + (options.leaseMs ?? 5 * 60_000)).toISOString();
  const { links, parked } = await claimDueLinks(db, {
    at: iso,
    today,
    lease,
    claim,
    limit: options.batch ?? BATCH,
    parkUntil: new Date(at.getTime() + options.intervalMs).toISOString(),
  });
  if (links.length === 0) return { claimed: 0, parked, written: 0, broke: 0, scopes: [] };
  const [entries, directory] = await Promise.all([
    entriesByIds(
      db,
      links.map((l) => l.entry_id),
    ),
    trustDirectory(db),
  ]);
  const entryOf = new Map(
    entries.map((e) => [e.id, { ...e, data: JSON.parse(e.data) as EntryData }]),
  );
  const outcomes = await eachLimited(links, CONCURRENCY, (link) => visitLink(link.url, options));
  const broke: { link: LinkRow; state: string }[] = [];

  const result = await inWrite(
    db,
    MONITOR,
    async (trx) => {
      let written = 0;
      const scopes = new Set<CacheScope>();
      for (const [i, link] of links.entries()) {
        const entry = entryOf.get(link.entry_id);
        if (!entry) continue;
        const context = trustContextFor(directory, entry);
        const outcome = outcomes[i];
        const state = decideLinkState(link.url, outcome, context);
        const working = isWorking(state);
        const badChecks = working ? 0 : link.bad_checks + 1;
        const breaks = !working && !link.broken_since && isBreakage(state, badChecks);
        const next = working
          ? options.intervalMs
          : state === "unreachable"
            ? Math.min(options.intervalMs, RETRY_UNREACHABLE_MS)
            : options.intervalMs;
        const check: CheckWrite = {
          state,
          status: outcome.status,
          reason: outcome.reason,
          final_url: outcome.finalUrl,
          chain: JSON.stringify(outcome.chain),
          content_type: outcome.contentType,
          soft_404: outcome.soft404 ? 1 : 0,
          checked_at: iso,
          last_ok_at: working ? iso : link.last_ok_at,
          bad_checks: badChecks,
          broken_since: working ? null : breaks ? iso : link.broken_since,
          // A new breakage is news again, whoever looked at the last one.
          reviewed_at: breaks ? null : link.reviewed_at,
          reviewed_by: breaks ? null : link.reviewed_by,
          due_at: new Date(at.getTime() + next).toISOString(),
        };
        if (!(await writeCheck(trx, link.id, claim, check))) continue;
        written += 1;
        if (breaks && entry.kind === "job") broke.push({ link, state });
        const before = readerStatusOf(link, context, null);
        const after = readerStatusOf({ ...link, ...check }, context, null);
        if (!sameReaderStatus(before, after) && isKind(entry.kind))
          scopes.add(entryScope(REGISTRY[entry.kind].urlPrefix as `/${string}`, entry.slug));
      }
      return { written, scopes: [...scopes] };
    },
    (r) => r.scopes,
  );
  for (const { link, state } of broke)
    logger.warn(
      { link: link.id, entry: link.entry_id, field: link.field, state },
      "an official link of an open job stopped working",
    );
  return {
    claimed: links.length,
    parked,
    written: result.written,
    broke: broke.length,
    scopes: result.scopes,
  };
}

/**
 * A step of the one-time pass over entries published before the monitor existed: their links,
 * due now. Returns the last entry read (the next step starts after it), or null when done.
 */
export async function backfillLinks(db: DB, after: string): Promise<string | null> {
  const entries = await entriesWithoutLinks(db, after, BACKFILL_BATCH);
  const at = new Date().toISOString();
  const links = entries.flatMap((e) =>
    entryLinks(e.kind, JSON.parse(e.data) as EntryData).map((l) => ({ ...l, entryId: e.id })),
  );
  if (links.length) await db.transaction().execute((trx) => insertLinks(trx, links, at));
  if (entries.length < BACKFILL_BATCH) {
    await setBackfilled(db);
    return null;
  }
  return entries[entries.length - 1].id;
}

/** The loop of this process (http/app.ts starts it with the server, stops it at shutdown). */
export function startLinkMonitor(
  db: DB,
  options: MonitorOptions = monitorOptions(),
  { pollMs = POLL_MS }: { pollMs?: number } = {},
): PollLoop {
  let backfill: string | null = "";
  let lastPrune = 0;
  return startPollLoop(
    async () => {
      if (backfill !== null)
        backfill = (await isBackfilled(db)) ? null : await backfillLinks(db, backfill);
      const { claimed, parked } = await checkDueLinks(db, options);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneLinkHistory(db, new Date(Date.now() - HISTORY_MS).toISOString());
      }
      // More is due: the next round a little later, a small batch a round, so the first pass
      // over a large site never holds the process for long nor takes a core from its readers.
      const more = backfill !== null || claimed >= (options.batch ?? BATCH) || parked > 0;
      if (more) await new Promise((resolve) => setTimeout(resolve, ROUND_GAP_MS).unref());
      return more;
    },
    {
      pollMs,
      onError: (err) =>
        logger.error({ err: { message: (err as Error).message } }, "link monitor round failed"),
    },
  );
}

let running: PollLoop | undefined;

/** This process's monitor, unless LINK_MONITOR=0. */
export function startLinkMonitorOnce(db: DB): void {
  if (running || !env().LINK_MONITOR) return;
  running = startLinkMonitor(db);
}

export async function stopLinkMonitor(): Promise<void> {
  const was = running;
  running = undefined;
  await was?.stop();
}
