import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countingListener } from "../../test/counting-listener.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { inwardEndpoints } from "../../test/inward-endpoints.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { insertGeneratedEntries } from "~/entries/bulk.repository.server.ts";
import { getOrganizationByName } from "~/organizations/organizations.repository.server.ts";
import { saveEntry, setStatuses } from "~/entries/entries.service.server.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { insertKnownFake, insertVendorHost } from "./lists.repository.server.ts";
import { markLinkReviewed, unreviewedBreakages } from "./links-admin.repository.server.ts";
import {
  claimDueLinks,
  isBackfilled,
  linksOfEntry,
  makeLinkDue,
} from "./links.repository.server.ts";
import { backfillLinks, checkDueLinks, type MonitorOptions } from "./monitor.server.ts";

// Issue 30: local servers play the official site, a vendor host, a redirect chain, a soft 404, a
// timeout and a 500, reached by their real names through a resolver that answers 127.0.0.1 and
// the explicit test allowance; a listener nobody may reach counts every connection.

const NAMES = [
  "ssc.gov.in",
  "wbpsc.ucanapply.com",
  "apply.ssc-vendor.example",
  "jobs-portal.example.com",
  "ssc-recruitment.example",
];

const inner = countingListener();
const innerPort = inner.port;

const page = (title: string, heading = title) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${heading}</h1><p>secret body text</p></body></html>`;

const sites = http.createServer((req, res) => {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  const at = (name: string, path: string) => `http://${name}:${port()}${path}`;
  const to = (location: string, status = 302) => {
    res.writeHead(status, { Location: location });
    res.end();
  };
  const html = (body: string, status = 200) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(body);
  };
  if (host === "ssc.gov.in")
    switch (req.url) {
      case "/":
        return html(page("Staff Selection Commission"));
      case "/apply":
        return html(page("SSC: Apply online"));
      case "/notice.pdf":
        res.writeHead(200, { "Content-Type": "application/pdf" });
        return res.end("%PDF-1.7 …");
      case "/old":
        return to("/mid", 301);
      case "/mid":
        return to(at("ssc.gov.in", "/new"), 302);
      case "/new":
        return html(page("SSC: the new page"));
      case "/gone":
        return html(page("Not here"), 404);
      case "/error":
        return html("<h1>Internal error</h1>", 500);
      case "/soft-en":
        return html(page("SSC", "Sorry, the page you requested could not be found"));
      case "/soft-hi":
        return html(page("पृष्ठ नहीं मिला", "त्रुटि"));
      case "/slow":
        return; // never answers
      case "/away":
        return to(at("jobs-portal.example.com", "/apply"));
      case "/via-fake":
        return to(at("ssc-recruitment.example", "/pay"));
      case "/to-vendor":
        return to(at("wbpsc.ucanapply.com", "/apply"), 307);
      case "/inward":
        return to(`http://127.0.0.1:${innerPort()}/internal-only`);
    }
  if (host === "wbpsc.ucanapply.com" || host === "apply.ssc-vendor.example")
    return html(page("Online application"));
  if (host === "jobs-portal.example.com") return html(page("Sarkari jobs portal"));
  if (host === "ssc-recruitment.example") return to(at("ssc.gov.in", "/apply"));
  html(page("Not found"), 404);
});
const port = () => (sites.address() as AddressInfo).port;
const origin = (name: string) => `http://${name}:${port()}`;

/** Every name is 127.0.0.1, as DNS under the test's control. */
const lookup: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
  else callback(null, "127.0.0.1", 4);
};

/** The explicit test setting: these names on the sites' port, nothing else. */
const options = (): MonitorOptions => ({
  intervalMs: 24 * 60 * 60_000,
  timeoutMs: 1_500,
  allowLocal: NAMES.map((host) => ({ host, port: port() })),
  lookup,
  batch: 50,
});

beforeAll(async () => {
  await inner.listen();
  await new Promise<void>((resolve) => sites.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  sites.closeAllConnections();
  await new Promise((resolve) => sites.close(resolve));
  await inner.close();
});

const actor = { id: null, email: null, name: "test" };

async function publish(db: DB, title: string, data: Record<string, unknown>, status = "published") {
  const saved = await saveEntry(db, {
    kind: "job",
    input: job(title, data as never, status as never),
    actor,
  });
  if (!saved.ok) throw new Error(`save failed: ${saved.reason}`);
  return saved.entry;
}

const stateByUrl = async (db: DB, entryId: string) =>
  Object.fromEntries((await linksOfEntry(db, entryId)).map((l) => [l.url, l.state]));

describeEachDatabase("the link monitor", (get) => {
  let db: DB;
  beforeAll(() => {
    db = get();
  });

  it("ends each link in the right state: official, vendor, chain, 404, 500, soft 404s, timeout, off the official hosts, a known fake", async () => {
    const ssc = origin("ssc.gov.in");
    const links = {
      official: `${ssc}/apply`,
      pdf: `${ssc}/notice.pdf`,
      chain: `${ssc}/old`,
      gone: `${ssc}/gone`,
      error: `${ssc}/error`,
      softEnglish: `${ssc}/soft-en`,
      softHindi: `${ssc}/soft-hi`,
      slow: `${ssc}/slow`,
      away: `${ssc}/away`,
      viaFake: `${ssc}/via-fake`,
      sharedVendor: `${origin("wbpsc.ucanapply.com")}/apply`,
      toVendor: `${ssc}/to-vendor`,
      ownVendor: `${origin("apply.ssc-vendor.example")}/apply`,
      inward: `${ssc}/inward`,
    };
    const entry = await publish(db, "Monitor Probe Clerk", {
      applyUrl: links.official,
      notificationUrl: links.pdf,
      officialWebsite: `${ssc}/`,
      links: Object.entries(links)
        .filter(([name]) => name !== "official" && name !== "pdf")
        .map(([label, url]) => ({ label, url })),
    });
    const organization = await getOrganizationByName(db, entry.organization);
    await insertVendorHost(
      db,
      {
        organizationId: organization!.id,
        pattern: "apply.ssc-vendor.example",
        note: "",
        source: "test",
        createdBy: null,
      },
      new Date().toISOString(),
    );
    await insertKnownFake(
      db,
      {
        host: "ssc-recruitment.example",
        reportedOn: "2026-11-01",
        source: "test",
        note: "",
        createdBy: null,
      },
      new Date().toISOString(),
    );
    expect(Object.values(await stateByUrl(db, entry.id)).every((s) => s === "unchecked")).toBe(
      true,
    );
    const before = inner.connections();
    const round = await checkDueLinks(db, options());
    expect(round.claimed).toBe(Object.keys(links).length + 1);
    const states = await stateByUrl(db, entry.id);
    expect({
      official: states[links.official],
      pdf: states[links.pdf],
      chain: states[links.chain],
      gone: states[links.gone],
      error: states[links.error],
      softEnglish: states[links.softEnglish],
      softHindi: states[links.softHindi],
      slow: states[links.slow],
      away: states[links.away],
      viaFake: states[links.viaFake],
      sharedVendor: states[links.sharedVendor],
      toVendor: states[links.toVendor],
      ownVendor: states[links.ownVendor],
      inward: states[links.inward],
    }).toEqual({
      official: "ok",
      pdf: "ok",
      chain: "moved",
      gone: "broken",
      error: "broken",
      softEnglish: "soft-404",
      softHindi: "soft-404",
      slow: "unreachable",
      away: "off-official",
      viaFake: "known-fake",
      sharedVendor: "ok",
      toVendor: "moved",
      ownVendor: "ok",
      // The redirect towards 127.0.0.1's other port is not followed (the test setting names only
      // the sites' names); it led off the official hosts all the same.
      inward: "off-official",
    });
    expect(inner.connections() - before).toBe(0);

    const stored = await linksOfEntry(db, entry.id);
    const chain = stored.find((l) => l.url === links.chain)!;
    expect(chain.final_url).toBe(`${ssc}/new`);
    expect(JSON.parse(chain.chain)).toEqual([
      { url: `${ssc}/old`, status: 301 },
      { url: `${ssc}/mid`, status: 302 },
    ]);
    const gone = stored.find((l) => l.url === links.gone)!;
    expect(gone).toMatchObject({ status: 404, content_type: "text/html", reason: null });
    expect(stored.find((l) => l.url === links.slow)).toMatchObject({
      status: null,
      reason: "timeout",
    });
    // Nothing of a remote body is kept anywhere.
    const everything = JSON.stringify(
      await db.selectFrom("official_link_checks").selectAll().execute(),
    );
    expect(everything).not.toContain("secret body text");
    expect(everything).not.toContain("Internal error");
    const history = await db
      .selectFrom("official_link_checks")
      .select(["link_id", "state"])
      .execute();
    expect(history).toHaveLength(stored.length);

    // What changed on the page, the page's cache scope says in the same transaction.
    const changes = await db
      .selectFrom("content_changes")
      .select("scopes")
      .orderBy("generation", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(changes.scopes)).toEqual([`entry:/jobs/${entry.slug}`]);

    // The notice: a job's links that broke, until an editor marks them checked. A timeout is
    // not news the first time.
    const today = todayInIndia();
    const notice = await unreviewedBreakages(db, today, 50);
    const noticed = new Set(notice.rows.map((r) => r.url));
    expect(noticed).toEqual(
      new Set([
        links.gone,
        links.error,
        links.softEnglish,
        links.softHindi,
        links.away,
        links.viaFake,
        links.inward,
      ]),
    );
    await markLinkReviewed(db, gone.id, "Test editor", new Date().toISOString());
    expect((await unreviewedBreakages(db, today, 50)).total).toBe(notice.total - 1);
  });

  it("draws no page again when a check finds what the last one did", async () => {
    const entry = await publish(db, "Monitor Steady Clerk", {
      applyUrl: `${origin("ssc.gov.in")}/apply`,
    });
    await checkDueLinks(db, options());
    const generation = async () =>
      (
        await db
          .selectFrom("content_changes")
          .select((eb) => eb.fn.max("generation").as("g"))
          .executeTakeFirstOrThrow()
      ).g;
    const was = await generation();
    const [link] = await linksOfEntry(db, entry.id);
    expect(link.state).toBe("ok");
    await makeLinkDue(db, link.id, new Date().toISOString());
    expect((await checkDueLinks(db, options())).written).toBe(1);
    expect(await generation()).toBe(was);
  });

  it("never connects to a local or private address without the test setting", async () => {
    const port = innerPort();
    const urls = [
      ...inwardEndpoints(port),
      ...inwardEndpoints(port).map((u) => u.replace(/^https:/, "http:")),
      // A real-looking name whose DNS answers 127.0.0.1, on the listener's port and on 80.
      `http://ssc.gov.in:${port}/apply`,
      "http://ssc.gov.in/apply",
      "https://ssc.gov.in/apply",
    ];
    const entry = await publish(db, "Monitor Inward Clerk", {
      links: urls.slice(0, 20).map((url, i) => ({ label: `l${i}`, url })),
    });
    const second = await publish(db, "Monitor Inward Clerk 2", {
      links: urls.slice(20).map((url, i) => ({ label: `l${i}`, url })),
    });
    const before = inner.connections();
    const round = await checkDueLinks(db, { ...options(), allowLocal: [] });
    expect(round.claimed).toBe(urls.length);
    const states = { ...(await stateByUrl(db, entry.id)), ...(await stateByUrl(db, second.id)) };
    for (const url of urls) expect(states[url], url).toBe("refused");
    expect(inner.connections() - before).toBe(0);
  });

  it("checks a link in one process at a time: a claim is disjoint from another and taken again when its lease runs out", async () => {
    const entry = await publish(db, "Monitor Lease Clerk", {
      links: Array.from({ length: 6 }, (_, i) => ({
        label: `l${i}`,
        url: `${origin("ssc.gov.in")}/apply?n=${i}`,
      })),
    });
    const at = new Date().toISOString();
    const today = todayInIndia();
    const lease = new Date(Date.now() + 60_000).toISOString();
    const parkUntil = lease;
    const claims = await Promise.all(
      ["a", "b", "c"].map((claim) =>
        claimDueLinks(db, { at, today, lease, claim, limit: 4, parkUntil }),
      ),
    );
    const ids = claims.flatMap((c) => c.links).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(6);
    // Held: nobody else takes them; after the lease, a process takes them again.
    expect(
      (await claimDueLinks(db, { at, today, lease, claim: "d", limit: 10, parkUntil })).links,
    ).toEqual([]);
    const later = new Date(Date.now() + 61_000).toISOString();
    const again = await claimDueLinks(db, {
      at: later,
      today,
      lease: new Date(Date.now() + 120_000).toISOString(),
      claim: "e",
      limit: 10,
      parkUntil,
    });
    expect(again.links.map((l) => l.id).sort()).toEqual([...ids].sort());
    expect((await linksOfEntry(db, entry.id)).every((l) => l.claim === "e")).toBe(true);
  });

  it("follows the write path: a draft is not checked, publishing makes its links due, changed links are added and removed, a closed job is left alone", async () => {
    const ssc = origin("ssc.gov.in");
    const draft = await publish(db, "Monitor Draft Clerk", { applyUrl: `${ssc}/apply` }, "draft");
    const closed = await publish(db, "Monitor Closed Clerk", {
      applyUrl: `${ssc}/apply`,
      lastDate: "2020-01-31",
    });
    expect(await linksOfEntry(db, draft.id)).toHaveLength(1);
    expect(await linksOfEntry(db, closed.id)).toHaveLength(1);
    await checkDueLinks(db, options());
    expect((await linksOfEntry(db, draft.id))[0].state).toBe("unchecked");
    expect((await linksOfEntry(db, closed.id))[0].state).toBe("unchecked");

    await setStatuses(db, "job", [draft.id], "published", actor);
    expect((await checkDueLinks(db, options())).claimed).toBe(1);
    expect((await linksOfEntry(db, draft.id))[0].state).toBe("ok");

    const changed = await saveEntry(db, {
      kind: "job",
      id: draft.id,
      input: job("Monitor Draft Clerk", {
        applyUrl: `${ssc}/gone`,
        notificationUrl: `${ssc}/notice.pdf`,
      }),
      actor,
    });
    expect(changed.ok).toBe(true);
    const rows = await linksOfEntry(db, draft.id);
    expect(rows.map((r) => [r.url, r.state]).sort()).toEqual([
      [`${ssc}/gone`, "unchecked"],
      [`${ssc}/notice.pdf`, "unchecked"],
    ]);
    await checkDueLinks(db, options());
    expect(await stateByUrl(db, draft.id)).toEqual({
      [`${ssc}/gone`]: "broken",
      [`${ssc}/notice.pdf`]: "ok",
    });
  });

  it("reads a few due links a round whatever the site's size: a closed job's links are parked, and due again when its closing date moves", async () => {
    const ssc = origin("ssc.gov.in");
    // Due before everything else (the oldest due first): 30 links of a closed job.
    const closed = await publish(db, "Monitor Parked Clerk", {
      links: Array.from({ length: 30 }, (_, i) => ({ label: `p${i}`, url: `${ssc}/apply?p=${i}` })),
      lastDate: "2020-01-31",
    });
    await db
      .updateTable("official_links")
      .set({ due_at: "2000-01-01T00:00:00.000Z" })
      .where("entry_id", "=", closed.id)
      .execute();
    const open = await publish(db, "Monitor Open Behind Clerk", { applyUrl: `${ssc}/apply` });
    const at = new Date();
    const first = await checkDueLinks(db, { ...options(), batch: 2 }, at);
    // 2 × 8 read, all closed: parked until the next interval, none visited; then the one due
    // link of an open entry is taken, the open job's.
    expect(first.parked).toBe(16);
    expect(first.claimed).toBe(1);
    const parkedUntil = new Date(at.getTime() + options().intervalMs).toISOString();
    const rows = await linksOfEntry(db, closed.id);
    expect(rows.filter((r) => r.due_at === parkedUntil)).toHaveLength(16);
    expect(rows.every((r) => r.state === "unchecked")).toBe(true);
    expect((await linksOfEntry(db, open.id))[0].state).toBe("ok");
    // The next round parks the other 14.
    expect((await checkDueLinks(db, { ...options(), batch: 2 }, at)).parked).toBe(14);
    expect((await linksOfEntry(db, closed.id)).every((r) => r.due_at === parkedUntil)).toBe(true);

    // The closing date moves to the future: its links are due now, and checked.
    const reopened = await saveEntry(db, {
      kind: "job",
      id: closed.id,
      input: job("Monitor Parked Clerk", {
        links: Array.from({ length: 30 }, (_, i) => ({
          label: `p${i}`,
          url: `${ssc}/apply?p=${i}`,
        })),
        lastDate: "2099-01-31",
      }),
      actor,
    });
    expect(reopened.ok).toBe(true);
    expect((await linksOfEntry(db, closed.id)).every((r) => r.due_at < parkedUntil)).toBe(true);
    let rounds = 0;
    while ((await checkDueLinks(db, options())).claimed > 0) rounds++;
    expect(rounds).toBeGreaterThan(0);
    expect((await linksOfEntry(db, closed.id)).every((r) => r.state !== "unchecked")).toBe(true);
  });

  it("finds the links of entries published before it existed, once", async () => {
    await insertGeneratedEntries(
      db,
      [
        {
          kind: "job",
          title: "Monitor Older Clerk",
          organization: "Older Board",
          publishedAt: new Date().toISOString(),
          data: { applyUrl: `${origin("ssc.gov.in")}/apply`, lastDate: "2030-01-31" },
        },
      ],
      1,
    );
    const older = await db
      .selectFrom("entries")
      .select("id")
      .where("title", "=", "Monitor Older Clerk")
      .executeTakeFirstOrThrow();
    expect(await linksOfEntry(db, older.id)).toEqual([]);
    expect(await isBackfilled(db)).toBe(false);
    expect(await backfillLinks(db, "")).toBeNull();
    expect(await isBackfilled(db)).toBe(true);
    const [link] = await linksOfEntry(db, older.id);
    expect(link).toMatchObject({ url: `${origin("ssc.gov.in")}/apply`, state: "unchecked" });
    await checkDueLinks(db, options());
    expect((await linksOfEntry(db, older.id))[0].state).toBe("ok");
  });
});
