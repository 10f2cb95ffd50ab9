import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withKindWords } from "~/components/admin/entry-form/checks.ts";
import { inputLabel } from "~/components/admin/entry-form/labels.ts";
import { checkContact } from "~/content/contact-checks.ts";
import { isHoneypotFilled, readContactForm } from "~/content/contact.ts";
import { allFields, type Field } from "~/content/fields.ts";
import { fieldErrorsFromIssues, inputId, parseEntryForm } from "~/content/form-data.ts";
import { entryInputSchema, KIND_LIST, type KindDefinition } from "~/content/registry.ts";
import { SITE_PAGE_SLUGS } from "~/content/site-pages.ts";
import type { AppDatabase } from "~/platform/db/db.server.ts";
import { parseRedirectForm } from "~/redirects/redirect-rules.ts";
import { sanitizeRichText } from "~/platform/sanitize.server.ts";
import { SettingsSchema, settingsFieldErrors } from "~/settings/settings.repository.server.ts";
import { SITE_PAGE_LIMITS } from "~/site-pages/site-page-form.ts";
import { passwordProblem } from "~/users/password-rules.ts";
import { createUser, signIn, startInstance, type Instance } from "./instances.ts";
import {
  countRows,
  errorMessages,
  getPage,
  openInstanceDb,
  pageText,
  postForm,
  snapshot,
  wellFormed,
  type Pairs,
} from "./security-helpers.ts";

/**
 * Property tests over HTTP (ASVS 5.1): generated input — any unicode, control characters, strings
 * up to 20 000 characters, numbers as text, blanks, SQL and HTML metacharacters, repeated and
 * array-like names — posted to every form and put in every query parameter. Properties: never a
 * 5xx; a refusal is a 4xx that names the field (the message the shared schema gives appears next
 * to that field); a refusal writes nothing; what the schema accepts is accepted. On an instance of
 * its own, so the contact form's rate limit is out of the way. fast-check picks a new seed each
 * run; a failure prints the seed and the shrunk input to replay it.
 */

const MAX_BODY = 1024 * 1024;

// --- Generated text ------------------------------------------------------------------------------

const controlChars = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  maxLength: 12,
});
const whitespace = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\ufeff"),
  maxLength: 6,
});
const numbersAsText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom("1e309", "-0", "0x1F", "1_000", "١٢٣", "５", " 42 ", "+7", "1.0", "007"),
);
const metacharacters = fc.constantFrom(
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</textarea><svg onload=alert(1)>",
  "' OR 1=1 --",
  '"; DROP TABLE entries; --',
  "%' --",
  "\\",
  "%",
  "_",
  "NEAR(",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example",
  "/\\evil.example",
  "../../etc/passwd",
  "{{7*7}}${7*7}",
  "]]>&amp;&#0;",
  "\u202e\u200b\ufeff",
  "\u0000",
  "__proto__",
  "draft",
  "scheduled",
  "published",
  "archived",
  "301",
  "410",
  "on",
);
/** Long text, built from a repeated piece so that 20 000 characters cost little to generate. */
const longText = fc
  .tuple(
    fc.string({ unit: "binary", minLength: 1, maxLength: 6 }),
    fc.integer({ min: 200, max: 20_000 }),
  )
  .map(([piece, n]) => piece.repeat(Math.ceil(n / piece.length)).slice(0, n));
const dates = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
  fc.constantFrom("2024-02-30", "2031-13-01", "20311-12-31", "2031-1-1", "31/12/2031"),
);

const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: controlChars },
  { weight: 2, arbitrary: whitespace },
  { weight: 3, arbitrary: numbersAsText },
  { weight: 4, arbitrary: metacharacters },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: dates },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.webUrl() },
);

/** A valid form with some of its fields replaced, plus repeated and array-like names. */
function mutated(
  base: () => Pairs,
  names: readonly string[],
  hostileNames: readonly string[] = [],
) {
  return fc
    .record({
      overrides: fc.dictionary(fc.constantFrom(...names), anyText, { maxKeys: 4 }),
      removed: fc.subarray([...names], { maxLength: 2 }),
      extra: fc.array(
        fc.tuple(
          fc.constantFrom(...names.map((n) => `${n}[]`), ...names, ...hostileNames),
          anyText,
        ),
        { maxLength: 2 },
      ),
    })
    .map(({ overrides, removed, extra }) => {
      const pairs: Pairs = base()
        .filter(([k]) => !removed.includes(k) || k in overrides)
        .map(([k, v]) => [k, k in overrides ? overrides[k] : v]);
      for (const [k, v] of Object.entries(overrides))
        if (!pairs.some(([p]) => p === k)) pairs.push([k, v]);
      pairs.push(...extra);
      return pairs.map(([k, v]): [string, string] => [wellFormed(k), wellFormed(v)]);
    });
}

const formOf = (pairs: Pairs) => {
  const form = new FormData();
  for (const [k, v] of pairs) form.append(k, v);
  return form;
};
/** zod measures strings in code points (an emoji is one), not UTF-16 units. */
const codePoints = (text: string) => [...text].length;
const bodySize = (pairs: Pairs) => Buffer.byteLength(new URLSearchParams(pairs).toString());

/** What the shared rules say about a submission. */
type Verdict =
  | { ok: true }
  | { ok: false; status?: number; errors: Record<string, string | null>; text?: string[] };

interface Outcome {
  status: number;
  html: string;
  wrote: boolean;
}

/** The properties every form shares, given what the rules say and what the server did. */
/** How many generated inputs each form accepted and refused: both paths must have been taken. */
const tally = new Map<string, { accepted: number; refused: number }>();

function judge(label: string, pairs: Pairs, verdict: Verdict, out: Outcome) {
  const where = `${label}: ${out.status}`;
  const key = label.split(" ")[0];
  const t = tally.get(key) ?? { accepted: 0, refused: 0 };
  if (out.status < 400) t.accepted++;
  else t.refused++;
  tally.set(key, t);
  expect(out.status, where).toBeLessThan(500);
  if (bodySize(pairs) > MAX_BODY) {
    expect(out.status, where).toBe(413);
    expect(out.wrote, where).toBe(false);
    return;
  }
  if (!verdict.ok) {
    expect(out.status, where).toBe(verdict.status ?? 400);
    expect(out.wrote, `${where}: a refused input wrote`).toBe(false);
    const shown = errorMessages(out.html);
    for (const [id, message] of Object.entries(verdict.errors)) {
      expect(shown.has(id), `${where}: no error shown at ${id} (${message})`).toBe(true);
      if (message !== null) expect(shown.get(id), where).toBe(message);
    }
    const text = pageText(out.html);
    for (const words of verdict.text ?? []) expect(text, where).toContain(words);
    return;
  }
  if (out.status >= 400) {
    // Accepted by the schema, refused by a rule that needs the database (a taken slug, a missing
    // linked job, a redirect loop): still a 400 that names a field, and still nothing written.
    expect(out.status, where).toBe(400);
    expect(out.wrote, `${where}: a refused input wrote`).toBe(false);
    // The field's own error line, or the entry form's summary (label: message) at the top.
    const named = errorMessages(out.html).size > 0 || out.html.includes('role="alert"');
    expect(named, `${where}: the refusal names no field`).toBe(true);
    return;
  }
  expect([200, 302, 303], where).toContain(out.status);
}

function expectBothPaths(key: string) {
  const t = tally.get(key);
  expect(t?.accepted, `${key}: no generated input was accepted`).toBeGreaterThan(0);
  expect(t?.refused, `${key}: no generated input was refused`).toBeGreaterThan(0);
}

// --- The forms -----------------------------------------------------------------------------------

let instance: Instance;
let database: AppDatabase;
let cookie: string;
let serial = 0;

/**
 * Post a form and tell whether it wrote: the listed tables' checksums, and for `countOnly` tables
 * their row counts (the scheduler may publish a due entry at any moment: an update, not a row).
 */
async function submit(
  path: string,
  pairs: Pairs,
  tables: readonly string[],
  { auth = true, countOnly = [] as readonly string[] } = {},
) {
  const state = async () => {
    const sums = await snapshot(database.db, tables);
    for (const t of countOnly) sums[t] = { rows: await countRows(database.db, t), sha: "" };
    return JSON.stringify(sums);
  };
  const before = await state();
  const res = await postForm(instance.baseURL, path, pairs, auth ? { cookie } : {});
  const html = await res.text();
  return { status: res.status, html, wrote: (await state()) !== before };
}

function sampleValue(field: Field): string {
  if (field.type === "rows") return "";
  switch (field.type) {
    case "select":
      return field.options?.[0]?.value ?? "";
    case "date":
      return "2031-01-31";
    case "number":
      return "1";
    case "url":
      return "https://example.com/notice.pdf";
    default:
      return "Sample text for the field";
  }
}

function entryBase(kind: KindDefinition): Pairs {
  const pairs: Pairs = [
    ["title", `Fuzz ${kind.label} ${++serial}`],
    ["organization", "Fuzz Recruitment Board"],
    ["status", "published"],
  ];
  for (const field of allFields(kind.sections)) {
    if (field.type === "rows") {
      for (const c of field.columns)
        pairs.push([`data.${field.name}[0].${c.name}`, sampleValue(c)]);
    } else if (field.required) {
      pairs.push([`data.${field.name}`, sampleValue(field)]);
    }
  }
  return pairs;
}

function entryNames(kind: KindDefinition): string[] {
  return [
    "title",
    "organization",
    "slug",
    "status",
    "publishAt",
    "jobId",
    "intent",
    ...allFields(kind.sections).flatMap((f) =>
      f.type === "rows"
        ? f.columns.flatMap((c) => [`data.${f.name}[0].${c.name}`, `data.${f.name}[1].${c.name}`])
        : [`data.${f.name}`],
    ),
  ];
}

const ENTRY_HOSTILE_NAMES = [
  "data",
  "data[summary]",
  "data.__proto__.polluted",
  "constructor.prototype.polluted",
  "data.posts[1000].post",
  "data.posts.0.post",
  "title[0]",
  ".title",
];

function entryVerdict(kind: KindDefinition, pairs: Pairs): Verdict {
  const form = formOf(pairs);
  const intent = form.get("intent");
  if (intent === "trash" || intent === "restore") return { ok: false, status: 404, errors: {} };
  const { value } = parseEntryForm(form);
  if (intent === "draft") value.status = "draft";
  if (intent === "publish") value.status = "published";
  const parsed = entryInputSchema(kind.kind).safeParse(value);
  if (parsed.success) return { ok: true };
  const errors = withKindWords(kind.kind, fieldErrorsFromIssues(parsed.error.issues));
  // The summary at the top names every field with its label; inputs that exist show it too.
  return {
    ok: false,
    errors: {},
    text: Object.entries(errors).map(
      ([name, message]) => `${inputLabel(kind.kind, name)}: ${message}`,
    ),
  };
}

function contactVerdict(pairs: Pairs): Verdict & { trap?: boolean } {
  const form = formOf(pairs);
  if (isHoneypotFilled(form)) return { ok: true, trap: true };
  const checked = checkContact(readContactForm(form));
  if (checked.ok) return { ok: true };
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(checked.errors).map(([field, message]) => [`contact-${field}`, message]),
    ),
  };
}

function redirectVerdict(pairs: Pairs): Verdict {
  const form = formOf(pairs);
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const parsed = parseRedirectForm({
    id: text("id"),
    source: text("source"),
    destination: text("destination"),
    statusCode: text("statusCode"),
    enabled: form.get("enabled") ? "on" : "",
  });
  if (parsed.ok) return { ok: true };
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([k, m]) => [inputId(k), m ?? null]),
    ),
  };
}

const ContentSettingsRules = SettingsSchema.pick({
  siteName: true,
  tagline: true,
  contactEmail: true,
  contactPhone: true,
  securityEmail: true,
  latestBar: true,
  bell: true,
  homeFaq: true,
}).extend({ sameAs: SettingsSchema.shape.organization.unwrap().shape.sameAs });

const SETTINGS_NAMES = [
  "siteName",
  "tagline",
  "contactEmail",
  "contactPhone",
  "securityEmail",
  "sameAs",
  "latestBar.count",
  "latestBar.rotateMs",
  "latestBar.refreshMs",
  "bell.perKind",
  "bell.max",
  "homeFaq.0.question",
  "homeFaq.0.answer",
  "homeFaq.1.question",
  "homeFaq.1.answer",
  "homeFaq.0.remove",
  "intent",
];

/** The content settings screen's reading of its form (content-settings.tsx), for the verdict. */
function settingsVerdict(pairs: Pairs): Verdict {
  const form = formOf(pairs);
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const intent = form.get("intent");
  if (intent === "add-faq") return { ok: true };
  if (intent !== "save") return { ok: false, errors: {}, text: ["This button is not known here."] };
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const m = /^homeFaq\.(\d{1,3})\./.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  const homeFaq = [...indexes]
    .sort((a, b) => a - b)
    .filter((i) => !form.get(`homeFaq.${i}.remove`))
    .map((i) => ({ question: text(`homeFaq.${i}.question`), answer: text(`homeFaq.${i}.answer`) }))
    .filter((row) => row.question.trim() !== "" || row.answer.trim() !== "");
  const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
  const parsed = ContentSettingsRules.safeParse({
    siteName: text("siteName"),
    tagline: text("tagline"),
    contactEmail: text("contactEmail"),
    contactPhone: text("contactPhone"),
    securityEmail: text("securityEmail"),
    sameAs: text("sameAs")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    latestBar: {
      count: num(text("latestBar.count")),
      rotateMs: num(text("latestBar.rotateMs")),
      refreshMs: num(text("latestBar.refreshMs")),
    },
    bell: { perKind: num(text("bell.perKind")), max: num(text("bell.max")) },
    homeFaq,
  });
  if (parsed.success) return { ok: true };
  const errors: Record<string, string | null> = {};
  for (const [key, message] of Object.entries(settingsFieldErrors(parsed.error))) {
    // Either "List at most 10 profiles" or "Line N: …" of the first bad line.
    if (key === "sameAs" || key.startsWith("sameAs.")) errors[inputId("sameAs")] = null;
    else if (key === "homeFaq") continue;
    else errors[inputId(key)] = message;
  }
  return { ok: false, errors };
}

function sitePageVerdict(pairs: Pairs): Verdict {
  const form = formOf(pairs);
  const title = String(form.get("title") ?? "");
  const description = String(form.get("description") ?? "");
  const body = String(form.get("body") ?? "");
  const errors: Record<string, string | null> = {};
  const t = title.trim();
  if (t.length === 0) errors["f-title"] = "Enter the page title";
  else if (codePoints(t) > SITE_PAGE_LIMITS.title)
    errors["f-title"] = `The title must be at most ${SITE_PAGE_LIMITS.title} characters`;
  if (codePoints(description.trim()) > SITE_PAGE_LIMITS.description)
    errors["f-description"] =
      `The description must be at most ${SITE_PAGE_LIMITS.description} characters`;
  if (codePoints(body) > SITE_PAGE_LIMITS.body) errors["f-body"] = null;
  else if (
    sanitizeRichText(body)
      .replace(/<[^>]*>/g, "")
      .trim() === ""
  )
    errors["f-body"] = "Write the page's text";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true };
}

const UserRules = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
  name: z.string().trim().max(80),
  password: z.string().max(128),
  role: z.enum(["admin", "editor", "author", "user"]),
});

function userVerdict(pairs: Pairs): Verdict {
  const form = formOf(pairs);
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  if (text("intent") !== "create") return { ok: false, errors: {} };
  const parsed = UserRules.safeParse({
    email: text("email"),
    name: text("name"),
    password: text("password"),
    role: text("role"),
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    return { ok: false, errors: Object.fromEntries([...fields].map((f) => [inputId(f), null])) };
  }
  const problem = passwordProblem(text("password"), parsed.data.email);
  if (problem) return { ok: false, errors: { [inputId("password")]: problem } };
  return { ok: true };
}

// --- The properties ------------------------------------------------------------------------------

describe("generated input against every form and query parameter", () => {
  beforeAll(async () => {
    instance = await startInstance({ CONTACT_RATE_LIMIT: "999999/1m", SEED_DEMO: "1" });
    const email = "fuzz-admin@govjobs.test";
    const password = "Copper-kettle-morning-58";
    createUser({ DATABASE_URL: `file:${instance.dataDir}/instance.db` }, email, password, true);
    cookie = await signIn(instance.baseURL, email, password);
    database = openInstanceDb(`${instance.dataDir}/instance.db`);
  });

  afterAll(async () => {
    console.log(`[property-forms] accepted/refused: ${JSON.stringify(Object.fromEntries(tally))}`);
    await database?.close();
    await instance?.stop();
  });

  it("public contact form (name, email, message, honeypot)", async () => {
    const base = (): Pairs => [
      ["name", "Fuzz Visitor"],
      ["email", "fuzz@example.com"],
      ["message", "A question about the exam dates, long enough."],
      ["website", ""],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base, ["name", "email", "message", "website"]), async (pairs) => {
        const verdict = contactVerdict(pairs);
        const out = await submit("/contact-us", pairs, ["messages"], { auth: false });
        judge("contact", pairs, verdict, out);
        // The honeypot answers like success, and keeps nothing.
        if (verdict.ok && "trap" in verdict && verdict.trap) expect(out.wrote).toBe(false);
        else if (verdict.ok && out.status === 200) expect(out.wrote).toBe(true);
      }),
      { numRuns: 200 },
    );
    expectBothPaths("contact");
  });

  it("public search (?q=, ?page=)", async () => {
    const param = fc.option(anyText, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(param, param, async (q, page) => {
        const params = new URLSearchParams();
        if (q !== undefined) params.set("q", wellFormed(q));
        if (page !== undefined) params.set("page", wellFormed(page));
        const url = `/search?${params}`;
        const res = await getPage(instance.baseURL, url);
        const html = await res.text();
        expect(res.status, url).toBeLessThan(500);
        if (url.length > 8_000) {
          expect([200, 400, 414, 431], url).toContain(res.status);
          return;
        }
        const pageText_ = pageText(html);
        const qBad = codePoints((params.get("q") ?? "").trim()) > 100;
        const p = params.get("page");
        const n = Number(p);
        const pageBad = p !== null && p !== "" && !(Number.isInteger(n) && n >= 1 && n <= 10_000);
        if (qBad || pageBad) {
          expect(res.status, url).toBe(400);
          expect(pageText_, url).toMatch(qBad ? /Search words can be at most 100/ : /page number/);
        } else {
          expect(res.status, url).toBe(200);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("every public list's query parameters (page, organization, state, qualification)", async () => {
    const labels: Record<string, string> = {
      organization: "Organization",
      state: "State",
      qualification: "Qualification",
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...KIND_LIST),
        fc.dictionary(fc.constantFrom("page", "organization", "state", "qualification"), anyText, {
          maxKeys: 3,
        }),
        async (kind, raw) => {
          const params = new URLSearchParams(
            Object.entries(raw).map(([k, v]) => [k, wellFormed(v)]),
          );
          const url = `${kind.urlPrefix}?${params}`;
          const res = await getPage(instance.baseURL, url);
          const html = await res.text();
          expect(res.status, url).toBeLessThan(500);
          if (url.length > 8_000) {
            expect([200, 400, 404, 414, 431], url).toContain(res.status);
            return;
          }
          const tooLong = ["organization", "state", "qualification"].find(
            (f) => codePoints((params.get(f) ?? "").trim()) > 200,
          );
          const p = params.get("page");
          const n = Number(p);
          const pageBad = p !== null && p !== "" && !(Number.isInteger(n) && n >= 1 && n <= 10_000);
          if (tooLong || pageBad) {
            expect(res.status, url).toBe(400);
            expect(pageText(html), url).toContain(
              pageBad ? "page number" : `${labels[tooLong!]} must be at most 200 characters`,
            );
          } else {
            // A filter that matches nothing is an empty page 1; a page past the end is not found.
            expect([200, 404], url).toContain(res.status);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("detail pages with a generated slug", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KIND_LIST), anyText, async (kind, slug) => {
        const url = `${kind.urlPrefix}/${encodeURIComponent(wellFormed(slug))}`;
        const res = await getPage(instance.baseURL, url);
        await res.arrayBuffer();
        expect(res.status, url).toBeLessThan(500);
        if (url.length <= 8_000)
          expect([200, 301, 302, 307, 308, 404, 410], url).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });

  it("admin: the add form of every kind (core fields, every data field, row fields)", async () => {
    const perKind = KIND_LIST.map((kind) =>
      mutated(() => entryBase(kind), entryNames(kind), ENTRY_HOSTILE_NAMES).map(
        (pairs) => [kind, pairs] as const,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(...perKind), async ([kind, pairs]) => {
        const verdict = entryVerdict(kind, pairs);
        const out = await submit(
          `/admin/${kind.adminSegment}/add`,
          pairs,
          ["revisions", "audit_log"],
          {
            countOnly: ["entries", "entry_slugs"],
          },
        );
        judge(`add ${kind.kind}`, pairs, verdict, out);
        if (out.status === 302) expect(out.wrote).toBe(true);
        expect(Object.getPrototypeOf({})).not.toHaveProperty("polluted");
      }),
      { numRuns: 250 },
    );
    expectBothPaths("add");
  });

  it("admin: SEO tools, add a redirect (source, destination, status, enabled)", async () => {
    const base = (): Pairs => [
      ["intent", "redirect-save"],
      ["source", `/fuzz-old-page-${++serial}`],
      ["destination", "https://example.com/new-page"],
      ["statusCode", "301"],
      ["enabled", "on"],
    ];
    await fc.assert(
      fc.asyncProperty(
        mutated(base, ["source", "destination", "statusCode", "enabled"]),
        async (pairs) => {
          const out = await submit("/admin/seo-tools", pairs, ["redirects", "audit_log"]);
          judge("redirect", pairs, redirectVerdict(pairs), out);
          if (out.status === 302) expect(out.wrote).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
    expectBothPaths("redirect");
  });

  it("admin: content settings save (every field, FAQ rows)", async () => {
    const base = (): Pairs => [
      ["intent", "save"],
      ["siteName", "govjobs"],
      ["tagline", "Government jobs, results and admit cards"],
      ["contactEmail", "help@govjobs.example"],
      ["contactPhone", "+91 98765 43210"],
      ["securityEmail", "security@govjobs.example"],
      ["sameAs", "https://x.com/govjobs"],
      ["latestBar.count", "5"],
      ["latestBar.rotateMs", "7000"],
      ["latestBar.refreshMs", "300000"],
      ["bell.perKind", "5"],
      ["bell.max", "10"],
      ["homeFaq.0.question", "Is it free?"],
      ["homeFaq.0.answer", "Yes."],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base, SETTINGS_NAMES), async (pairs) => {
        const out = await submit("/admin/content-settings", pairs, ["settings", "audit_log"]);
        judge("settings", pairs, settingsVerdict(pairs), out);
        if (out.status === 302) expect(out.wrote).toBe(true);
      }),
      { numRuns: 150 },
    );
    expectBothPaths("settings");
  });

  it("admin: site page edit (title, description, rich-text body)", async () => {
    const base = (): Pairs => [
      ["title", "About Us"],
      ["description", "Who we are."],
      ["body", `<p>We publish government job notices. Edit ${++serial}.</p>`],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITE_PAGE_SLUGS),
        mutated(base, ["title", "description", "body"]),
        async (slug, pairs) => {
          const out = await submit(`/admin/manage-site-pages/edit/${slug}`, pairs, [
            "site_pages",
            "revisions",
            "audit_log",
          ]);
          judge(`site page ${slug}`, pairs, sitePageVerdict(pairs), out);
        },
      ),
      { numRuns: 150 },
    );
    expectBothPaths("site");
  });

  it("admin: users, create a user (email, name, password, role)", async () => {
    const base = (): Pairs => [
      ["intent", "create"],
      ["email", `fuzz-user-${++serial}@example.com`],
      ["name", "Fuzz Editor"],
      ["password", "Quiet-harbour-lantern-82"],
      ["role", "author"],
    ];
    await fc.assert(
      fc.asyncProperty(mutated(base, ["email", "name", "password", "role"]), async (pairs) => {
        const out = await submit("/admin/users", pairs, ["user", "account", "audit_log"]);
        judge("user", pairs, userVerdict(pairs), out);
        if (out.status === 302) expect(out.wrote).toBe(true);
      }),
      { numRuns: 150 },
    );
    expectBothPaths("user");
  });
});
