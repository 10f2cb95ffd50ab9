import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { describeEachDatabase, DIALECTS, freshDatabase } from "../../test/databases.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import type { DB } from "../platform/db/db.server.ts";
import {
  ensureOrganization,
  getOrganizationByName,
  hindiOrganizationNames,
} from "../organizations/organizations.repository.server.ts";
import { getSettings } from "../settings/settings.repository.server.ts";
import { emptyNotFoundLog, removeNotFound } from "../redirects/not-found-log.service.server.ts";
import { saveOrganization } from "../organizations/organizations.service.server.ts";
import {
  removeRedirect,
  saveRedirect,
  switchRedirect,
} from "../redirects/redirects.service.server.ts";
import {
  saveContentSettings,
  saveOrganizationRecord,
  saveSeoDefaults,
  type ContentSettingsInput,
} from "../settings/settings.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";

const PRIYA: Actor = { id: "user-priya", email: "priya@govjobs.test", name: "Priya" };

const redirectForm = (source: string, destination = "/jobs", statusCode = "301") => ({
  source,
  destination,
  statusCode,
  enabled: "on",
});

const contentSettings = (siteName: string): ContentSettingsInput => ({
  siteName,
  tagline: "Jobs, results and admit cards",
  contactEmail: "help@govjobs.test",
  contactPhone: "+91 98765 43210",
  securityEmail: "security@govjobs.test",
  sameAs: ["https://x.com/govjobs"],
  latestBar: { count: 5, rotateMs: 7000, refreshMs: 300_000 },
  bell: { perKind: 5, max: 10 },
  homeFaq: [{ question: "Is it free?", answer: "Yes." }],
});

/**
 * The audit rows of one subject, in the order of `ACTIONS` (rows written in the same millisecond
 * share a timestamp, so the table's own order cannot be relied on).
 */
async function auditOf(db: DB, subject: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select(["action", "subject", "detail", "actor_id", "actor_email"])
    .where("subject", "=", subject)
    .execute();
  return rows.sort((a, b) => ACTIONS.indexOf(a.action) - ACTIONS.indexOf(b.action));
}

const ACTIONS = [
  "redirect.create",
  "redirect.update",
  "redirect.enable",
  "redirect.disable",
  "redirect.delete",
  "organization.update",
  "not-found.delete",
  "not-found.clear",
];

async function logNotFound(db: DB, path: string) {
  const at = new Date().toISOString();
  await db
    .insertInto("not_found_log")
    .values({ path, hits: 3, last_referrer: null, first_seen_at: at, last_seen_at: at })
    .execute();
}

const notFoundRow = (db: DB, path: string) =>
  db.selectFrom("not_found_log").select("path").where("path", "=", path).executeTakeFirst();

const redirectRows = (db: DB, source: string) =>
  db.selectFrom("redirects").selectAll().where("source", "=", source).execute();

async function organizationNamed(db: DB, name: string) {
  await ensureOrganization(db, name);
  const org = await getOrganizationByName(db, name);
  if (!org) throw new Error(`no organization ${name}`);
  return org;
}

describeEachDatabase("the admin write paths", (db) => {
  it("redirects: each change, its audit row and a new generation together; the path leaves the 404 log", async () => {
    await logNotFound(db(), "/old-notice");
    let generation = await readContentGeneration(db());

    const created = await saveRedirect(db(), { input: redirectForm("/old-notice"), actor: PRIYA });
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect(await redirectRows(db(), "/old-notice")).toHaveLength(1);
    expect(await notFoundRow(db(), "/old-notice")).toBeUndefined();
    expect(await readContentGeneration(db())).toBe(++generation);

    const edited = await saveRedirect(db(), {
      id: created.rule.id,
      input: { ...redirectForm("/old-notice", "", "410"), enabled: "" },
      actor: PRIYA,
    });
    expect(edited).toMatchObject({ ok: true, rule: { statusCode: 410, enabled: false } });
    expect(await readContentGeneration(db())).toBe(++generation);

    expect(
      await switchRedirect(db(), { id: created.rule.id, enabled: true, actor: PRIYA }),
    ).toMatchObject({ ok: true, rule: { enabled: true } });
    expect(await readContentGeneration(db())).toBe(++generation);
    expect(
      await switchRedirect(db(), { id: created.rule.id, enabled: false, actor: PRIYA }),
    ).toMatchObject({ ok: true, rule: { enabled: false } });
    expect(await readContentGeneration(db())).toBe(++generation);

    expect(await removeRedirect(db(), { id: created.rule.id, actor: PRIYA })).toMatchObject({
      ok: true,
    });
    expect(await redirectRows(db(), "/old-notice")).toEqual([]);
    expect(await readContentGeneration(db())).toBe(++generation);

    // The action names the audit screen and older tests know.
    expect(await auditOf(db(), "/old-notice")).toEqual([
      {
        action: "redirect.create",
        subject: "/old-notice",
        detail: "301 /jobs",
        actor_id: PRIYA.id,
        actor_email: PRIYA.email,
      },
      expect.objectContaining({ action: "redirect.update", detail: "410 (gone) (disabled)" }),
      expect.objectContaining({ action: "redirect.enable", detail: null }),
      expect.objectContaining({ action: "redirect.disable", detail: null }),
      expect.objectContaining({ action: "redirect.delete", detail: "410 (gone)" }),
    ]);
  });

  it("redirects: a refusal is a typed result, and writes nothing", async () => {
    const generation = await readContentGeneration(db());
    const audits = (await db().selectFrom("audit_log").select("id").execute()).length;

    expect(
      await saveRedirect(db(), { input: redirectForm("/jobs", "/results"), actor: PRIYA }),
    ).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { source: expect.stringContaining("core page") },
    });
    const first = await saveRedirect(db(), {
      input: redirectForm("/loop-a", "/loop-b"),
      actor: PRIYA,
    });
    expect(first.ok).toBe(true);
    const loop = await saveRedirect(db(), {
      input: redirectForm("/loop-b", "/loop-a"),
      actor: PRIYA,
    });
    expect(loop).toMatchObject({ ok: false, reason: "invalid" });
    const taken = await saveRedirect(db(), {
      input: redirectForm("/loop-a", "/about-us"),
      actor: PRIYA,
    });
    expect(taken).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { source: expect.any(String) },
    });
    expect(
      await saveRedirect(db(), { id: "no-such-id", input: redirectForm("/x"), actor: PRIYA }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(
      await switchRedirect(db(), { id: "no-such-id", enabled: true, actor: PRIYA }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(await removeRedirect(db(), { id: "no-such-id", actor: PRIYA })).toMatchObject({
      ok: false,
      reason: "not-found",
    });

    expect(await redirectRows(db(), "/loop-b")).toEqual([]);
    // Only the one rule that was accepted moved anything.
    expect(await readContentGeneration(db())).toBe(generation + 1);
    expect((await db().selectFrom("audit_log").select("id").execute()).length).toBe(audits + 1);
  });

  it("settings: each screen's save, its audit row and a new generation together", async () => {
    let generation = await readContentGeneration(db());

    expect((await saveContentSettings(db(), contentSettings("Sarkari Board"), PRIYA)).ok).toBe(
      true,
    );
    expect(await readContentGeneration(db())).toBe(++generation);
    expect(
      await saveOrganizationRecord(
        db(),
        { name: "Sarkari Board Trust", sameAs: ["https://x.com/sarkari"] },
        PRIYA,
      ),
    ).toMatchObject({ ok: true });
    expect(await readContentGeneration(db())).toBe(++generation);
    expect(
      (
        await saveSeoDefaults(
          db(),
          { titleTemplate: "%s | Sarkari", defaultDescription: "Jobs.", robotsTxt: "" },
          PRIYA,
        )
      ).ok,
    ).toBe(true);
    expect(await readContentGeneration(db())).toBe(++generation);
    // Content settings change the social links, and keep the rest of the organization record.
    expect(
      (
        await saveContentSettings(
          db(),
          { ...contentSettings("Sarkari Board"), sameAs: ["https://t.me/sarkari"] },
          PRIYA,
        )
      ).ok,
    ).toBe(true);
    expect(await readContentGeneration(db())).toBe(++generation);

    const settings = await getSettings(db());
    expect(settings.siteName).toBe("Sarkari Board");
    expect(settings.seo.titleTemplate).toBe("%s | Sarkari");
    expect(settings.organization).toMatchObject({
      name: "Sarkari Board Trust",
      sameAs: ["https://t.me/sarkari"],
    });
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "subject", "detail"])
      .where("action", "=", "settings.update")
      .execute();
    expect(audit.map((a) => a.subject).sort()).toEqual([
      "content settings",
      "content settings",
      "organization",
      "seo",
    ]);
    expect(audit.find((a) => a.subject === "content settings")?.detail).toBe(
      "siteName, tagline, contactEmail, contactPhone, securityEmail, latestBar, bell, homeFaq, sameAs",
    );
  });

  it("settings: a save without the Hindi section keeps the stored Hindi; one with it replaces it", async () => {
    const hindi = { tagline: "सरकारी नौकरी", defaultDescription: "विवरण", homeFaq: [] };
    expect((await saveContentSettings(db(), { ...contentSettings("A"), hindi }, PRIYA)).ok).toBe(
      true,
    );
    expect((await saveContentSettings(db(), contentSettings("B"), PRIYA)).ok).toBe(true);
    expect((await getSettings(db())).hindi).toMatchObject({ tagline: "सरकारी नौकरी" });
    const cleared = { tagline: "", defaultDescription: "", homeFaq: [] };
    expect(
      (await saveContentSettings(db(), { ...contentSettings("C"), hindi: cleared }, PRIYA)).ok,
    ).toBe(true);
    expect((await getSettings(db())).hindi.tagline).toBe("");
  });

  it("settings: a value the settings' rules refuse comes back as field errors; nothing written", async () => {
    const generation = await readContentGeneration(db());
    const before = await getSettings(db());
    const refused = await saveContentSettings(
      db(),
      {
        ...contentSettings(""),
        sameAs: ["https://ok.example", "not a link"],
        latestBar: { count: Number.NaN, rotateMs: 10, refreshMs: 300_000 },
      },
      PRIYA,
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        siteName: expect.any(String),
        "sameAs.1": expect.any(String),
        "latestBar.count": expect.any(String),
        "latestBar.rotateMs": expect.any(String),
      },
    });
    expect(await saveSeoDefaults(db(), { titleTemplate: "no placeholder" }, PRIYA)).toMatchObject({
      ok: false,
      fieldErrors: { titleTemplate: expect.stringContaining("%s") },
    });
    expect(await getSettings(db())).toEqual(before);
    expect(await readContentGeneration(db())).toBe(generation);
  });

  it("organizations: domains, audit row and a new generation together; refusals write nothing", async () => {
    const org = await organizationNamed(db(), "Staff Selection Board");
    let generation = await readContentGeneration(db());

    const saved = await saveOrganization(db(), {
      id: org.id,
      input: {
        // Issue 29: its Hindi name, trimmed and in NFC (a precomposed "ड़", U+095C, is ड + ़).
        hiName: "  कर्मचारी चयन बोर्ड \u095c ",
        shortName: "SSB",
        domains: "https://www.ssb.gov.in/\nssb.nic.in",
        state: "",
      },
      actor: PRIYA,
    });
    expect(saved).toEqual({ ok: true, domains: ["ssb.gov.in", "ssb.nic.in"] });
    expect(await getOrganizationByName(db(), org.name)).toMatchObject({
      domains: ["ssb.gov.in", "ssb.nic.in"],
      hiName: "कर्मचारी चयन बोर्ड \u0921\u093c",
    });
    expect(await hindiOrganizationNames(db())).toEqual(
      new Map([[org.name, "कर्मचारी चयन बोर्ड \u0921\u093c"]]),
    );
    expect(await readContentGeneration(db())).toBe(++generation);
    expect(await auditOf(db(), org.name)).toEqual([
      expect.objectContaining({ action: "organization.update", detail: "ssb.gov.in, ssb.nic.in" }),
    ]);

    expect(
      await saveOrganization(db(), {
        id: org.id,
        input: { shortName: "SSB", domains: "not a host", state: "" },
        actor: PRIYA,
      }),
    ).toMatchObject({
      ok: false,
      reason: "invalid",
      message: expect.stringContaining("not a host"),
    });
    expect(
      await saveOrganization(db(), {
        id: org.id,
        input: { shortName: "SSB", domains: "", state: "Atlantis" },
        actor: PRIYA,
      }),
    ).toMatchObject({ ok: false, reason: "invalid", message: "Choose a state from the list." });
    expect(
      await saveOrganization(db(), {
        id: "no-such-organization",
        input: { shortName: "", domains: "", state: "" },
        actor: PRIYA,
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await getOrganizationByName(db(), org.name)).toMatchObject({
      shortName: "SSB",
      // A save without the field keeps the Hindi name.
      hiName: "कर्मचारी चयन बोर्ड \u0921\u093c",
    });
    expect(await readContentGeneration(db())).toBe(generation);
    expect(await auditOf(db(), org.name)).toHaveLength(1);
    expect(await auditOf(db(), "no-such-organization")).toEqual([]);
  });

  it("the 404 log: removals with their audit rows, leaving the content generation alone", async () => {
    await logNotFound(db(), "/gone-1");
    await logNotFound(db(), "/gone-2");
    await logNotFound(db(), "/gone-3");
    const generation = await readContentGeneration(db());

    expect(await removeNotFound(db(), { path: "/gone-1", actor: PRIYA })).toEqual({
      ok: true,
      removed: true,
    });
    expect(await notFoundRow(db(), "/gone-1")).toBeUndefined();
    expect(await removeNotFound(db(), { path: "", actor: PRIYA })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    const left = (await db().selectFrom("not_found_log").select("path").execute()).length;
    expect(await emptyNotFoundLog(db(), { actor: PRIYA })).toBe(left);
    expect(await db().selectFrom("not_found_log").select("path").execute()).toEqual([]);

    // The 404 log is no public page's content: caches stay as they are.
    expect(await readContentGeneration(db())).toBe(generation);
    expect(await auditOf(db(), "/gone-1")).toEqual([
      expect.objectContaining({ action: "not-found.delete", actor_email: PRIYA.email }),
    ]);
    expect(await auditOf(db(), "404 log")).toEqual([
      expect.objectContaining({ action: "not-found.clear", detail: `${left} paths` }),
    ]);
  });
});

for (const dialect of DIALECTS) {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  /** A fresh database on which, from now on, every audit insert fails. */
  async function withoutAuditLog(prepare: (db: DB) => Promise<void> = async () => {}) {
    database = await freshDatabase(dialect);
    const db = database.db;
    await prepare(db);
    await sql`drop table audit_log`.execute(db);
    return { db, generation: await readContentGeneration(db) };
  }

  it(`rolls a redirect change back when its audit row fails [${dialect}]`, async () => {
    let id = "";
    const { db, generation } = await withoutAuditLog(async (db) => {
      const made = await saveRedirect(db, { input: redirectForm("/kept"), actor: PRIYA });
      if (!made.ok) throw new Error("not created");
      id = made.rule.id;
      await logNotFound(db, "/new-notice");
    });

    await expect(
      saveRedirect(db, { input: redirectForm("/new-notice"), actor: PRIYA }),
    ).rejects.toThrow(/audit_log/);
    expect(await redirectRows(db, "/new-notice")).toEqual([]);
    expect(await notFoundRow(db, "/new-notice")).toBeDefined();

    await expect(
      saveRedirect(db, { id, input: redirectForm("/kept", "/results"), actor: PRIYA }),
    ).rejects.toThrow(/audit_log/);
    await expect(switchRedirect(db, { id, enabled: false, actor: PRIYA })).rejects.toThrow(
      /audit_log/,
    );
    await expect(removeRedirect(db, { id, actor: PRIYA })).rejects.toThrow(/audit_log/);
    expect(await redirectRows(db, "/kept")).toEqual([
      expect.objectContaining({ id, destination: "/jobs", enabled: 1 }),
    ]);
    expect(await readContentGeneration(db)).toBe(generation);
  });

  it(`rolls a settings save back when its audit row fails [${dialect}]`, async () => {
    const { db, generation } = await withoutAuditLog();
    const before = await getSettings(db);

    await expect(saveContentSettings(db, contentSettings("Never Saved"), PRIYA)).rejects.toThrow(
      /audit_log/,
    );
    await expect(saveSeoDefaults(db, { titleTemplate: "%s | never" }, PRIYA)).rejects.toThrow(
      /audit_log/,
    );
    await expect(saveOrganizationRecord(db, { name: "Never Saved Trust" }, PRIYA)).rejects.toThrow(
      /audit_log/,
    );
    expect(await db.selectFrom("settings").selectAll().execute()).toEqual([]);
    expect(await getSettings(db)).toEqual(before);
    expect(await readContentGeneration(db)).toBe(generation);
  });

  it(`rolls an organization save and a 404 log removal back when the audit row fails [${dialect}]`, async () => {
    let orgId = "";
    const { db, generation } = await withoutAuditLog(async (db) => {
      orgId = (await organizationNamed(db, "Rollback Board")).id;
      await logNotFound(db, "/still-here");
    });

    await expect(
      saveOrganization(db, {
        id: orgId,
        input: { shortName: "RB", domains: "rollback.gov.in", state: "" },
        actor: PRIYA,
      }),
    ).rejects.toThrow(/audit_log/);
    expect(await getOrganizationByName(db, "Rollback Board")).toMatchObject({
      shortName: "",
      domains: [],
    });
    await expect(removeNotFound(db, { path: "/still-here", actor: PRIYA })).rejects.toThrow(
      /audit_log/,
    );
    await expect(emptyNotFoundLog(db, { actor: PRIYA })).rejects.toThrow(/audit_log/);
    expect(await notFoundRow(db, "/still-here")).toBeDefined();
    expect(await readContentGeneration(db)).toBe(generation);
  });
}
