import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { minimalPdf } from "../../test/minimal-pdf.ts";
import { dataSchema } from "~/content/fields.ts";
import { linkTrust } from "~/content/official-links.ts";
import { REGISTRY } from "~/content/registry.ts";
import { ConfigError, parseEnv, uploadEnv } from "../platform/env.server.ts";
import { storeFile, uploadMaxBytes } from "./files.service.server.ts";
import {
  describeContent,
  detectFileType,
  requestTooLargeMessage,
  sanitizeFileName,
  tooLargeMessage,
  UPLOAD_OVERHEAD_BYTES,
} from "./file-types.ts";
import { readFile } from "./files.repository.server.ts";

const MB = 1024 * 1024;
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = bytesOf("RIFF\x24\x00\x00\x00WEBPVP8 ");
const HTML = bytesOf("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
const ADMIN = { id: "u-admin", email: "admin@govjobs.test" };

describe("file type by content", () => {
  it("knows a PDF, PNG, JPEG and WebP by their first bytes", () => {
    expect(detectFileType(minimalPdf())).toBe("application/pdf");
    expect(detectFileType(PNG)).toBe("image/png");
    expect(detectFileType(JPEG)).toBe("image/jpeg");
    expect(detectFileType(WEBP)).toBe("image/webp");
  });
  it("knows nothing else, and says what it looks like", () => {
    for (const [bytes, looks] of [
      [HTML, "HTML"],
      [bytesOf("\xEF\xBB\xBF  <html lang=en>"), "HTML"],
      [bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), "SVG"],
      [bytesOf("PK\x03\x04rest"), "ZIP"],
      [bytesOf("GIF89a"), "GIF"],
      [bytesOf("MZ\x90\x00"), "Windows program"],
      [bytesOf("just some words"), "plain text"],
      [bytesOf(" %PDF-1.4 not at the start"), "plain text"],
      [new Uint8Array([0, 1, 2, 3]), "unknown"],
    ] as const) {
      expect(detectFileType(bytes)).toBeNull();
      expect(describeContent(bytes)).toContain(looks);
    }
  });
  it("keeps a safe name whose extension is the content's", () => {
    expect(sanitizeFileName("C:\\Users\\me\\Notice 2026.PDF", "application/pdf")).toBe(
      "Notice 2026.pdf",
    );
    expect(sanitizeFileName('../../x"; filename=evil<script>.pdf', "application/pdf")).toBe(
      "x_ filename_evil_script.pdf",
    );
    expect(sanitizeFileName("photo.pdf", "image/png")).toBe("photo.png");
    expect(sanitizeFileName("", "image/jpeg")).toBe("file.jpg");
    expect(sanitizeFileName("अधिसूचना.pdf", "application/pdf")).toBe("अधिसूचना.pdf");
  });
  it("says sizes the way the refusal needs", () => {
    expect(tooLargeMessage(20 * MB, 10 * MB)).toBe("The file is 20.0 MB; the limit is 10 MB.");
    // Just over the limit never reads as the limit itself.
    expect(tooLargeMessage(10 * MB + 1, 10 * MB)).toBe("The file is 10.1 MB; the limit is 10 MB.");
    // A request's length is the file and a little form around it.
    expect(requestTooLargeMessage(20 * MB + 300, 10 * MB)).toBe(
      "The file is 20.0 MB; the limit is 10 MB.",
    );
    expect(requestTooLargeMessage(10 * MB + UPLOAD_OVERHEAD_BYTES + 1, 10 * MB)).toBe(
      "The file is 10.1 MB; the limit is 10 MB.",
    );
  });
});

describe("UPLOAD_MAX_MB", () => {
  it("is 10 MB unless set, and checked like every setting", () => {
    expect(uploadEnv({}).UPLOAD_MAX_MB).toBe(10);
    expect(uploadEnv({ UPLOAD_MAX_MB: "25" }).UPLOAD_MAX_MB).toBe(25);
    if (!process.env.UPLOAD_MAX_MB) expect(uploadMaxBytes()).toBe(10 * MB);
    const secret = { AUTH_SECRET: "s".repeat(40) };
    expect(parseEnv({ ...secret, UPLOAD_MAX_MB: "3" }).UPLOAD_MAX_MB).toBe(3);
    for (const bad of ["0", "ten", "1000", "2.5"])
      expect(() => parseEnv({ ...secret, UPLOAD_MAX_MB: bad })).toThrow(ConfigError);
  });
});

describe("a notification link may be an uploaded file", () => {
  const links = REGISTRY.job.sections.find((s) => s.id === "links")!;
  const schema = dataSchema([links]);
  const sha = "a".repeat(64);
  it("accepts /files/<sha256>.pdf and full http(s) addresses, nothing else relative", () => {
    expect(schema.safeParse({ notificationUrl: `/files/${sha}.pdf` }).success).toBe(true);
    expect(schema.safeParse({ notificationUrl: "https://upsc.gov.in/n.pdf" }).success).toBe(true);
    for (const bad of [
      "/files/../admin",
      `/files/${sha}.html`,
      `//evil.example/files/${sha}.pdf`,
      "javascript:alert(1)",
      "/jobs",
    ]) {
      const r = schema.safeParse({ notificationUrl: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0].message).toBe(
        "Notification PDF must be a full http:// or https:// address, or an uploaded file",
      );
    }
    // The other links still need a full address.
    expect(schema.safeParse({ applyUrl: `/files/${sha}.pdf` }).success).toBe(false);
  });
  it("labels the file as a copy kept on this site, not as a foreign site", () => {
    expect(linkTrust(`/files/${sha}.pdf`, [])).toEqual({
      host: "PDF copy",
      official: true,
      why: "copy",
    });
    expect(linkTrust(`https://evil.example/files/${sha}.pdf`, [])).toMatchObject({
      official: false,
    });
    expect(linkTrust("/jobs", [])).toBeNull();
  });
});

describeEachDatabase("the file store", (getDb) => {
  const count = async () =>
    Number(
      (
        await getDb()
          .selectFrom("files")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploads = () =>
    getDb().selectFrom("audit_log").selectAll().where("action", "=", "file.upload").execute();

  it("keeps a PDF with its type, sanitized name, size and hash, and an audit line", async () => {
    const pdf = minimalPdf("store");
    const result = await storeFile(getDb(), {
      bytes: pdf,
      name: "../Notice (final).pdf",
      declaredType: "application/pdf",
      by: ADMIN,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.created).toBe(true);
    const { file } = result;
    expect(file).toMatchObject({
      type: "application/pdf",
      name: "Notice (final).pdf",
      size: pdf.length,
      uploadedBy: "u-admin",
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.url).toBe(`/files/${file.sha256}.pdf`);

    const back = await readFile(getDb(), file.sha256);
    expect(back?.type).toBe("application/pdf");
    expect(Buffer.compare(back!.bytes, Buffer.from(pdf))).toBe(0);

    const audit = await uploads();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: "u-admin",
      actor_email: "admin@govjobs.test",
      subject: "Notice (final).pdf",
    });
    expect(audit[0].detail).toContain(file.sha256);
    expect(audit[0].detail).toContain("application/pdf");
  });

  it("keeps images as images, whatever their name says", async () => {
    const result = await storeFile(getDb(), {
      bytes: PNG,
      name: "scan.pdf",
      declaredType: "application/pdf",
      by: ADMIN,
    });
    expect(result.ok && result.file.type).toBe("image/png");
    expect(result.ok && result.file.url).toMatch(/\.png$/);
    expect(result.ok && result.file.name).toBe("scan.png");
  });

  it("stores the same bytes once", async () => {
    const before = await count();
    const auditBefore = (await uploads()).length;
    const bytes = minimalPdf("twice");
    const first = await storeFile(getDb(), { bytes, name: "a.pdf", by: ADMIN });
    const second = await storeFile(getDb(), { bytes, name: "b.pdf", by: ADMIN });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.file.id).toBe(first.file.id);
    expect(second.file.name).toBe("a.pdf");
    expect(second.created).toBe(false);
    expect(await count()).toBe(before + 1);
    expect((await uploads()).length).toBe(auditBefore + 1);
  });

  it("stores the same bytes once when two uploads race", async () => {
    const before = await count();
    const bytes = minimalPdf("race");
    const results = await Promise.all(
      [1, 2, 3].map((n) => storeFile(getDb(), { bytes, name: `r${n}.pdf`, by: ADMIN })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.file.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it("refuses a file over the limit, and stores nothing", async () => {
    const before = await count();
    const big = new Uint8Array(20 * MB);
    big.set(minimalPdf());
    const result = await storeFile(
      getDb(),
      { bytes: big, name: "huge.pdf", by: ADMIN },
      { maxBytes: 10 * MB },
    );
    expect(result).toEqual({
      ok: false,
      reason: "too-large",
      message: "The file is 20.0 MB; the limit is 10 MB.",
    });
    // At the limit exactly is allowed.
    const exact = new Uint8Array(1024);
    exact.set(minimalPdf("exact").subarray(0, 1024));
    expect(
      (await storeFile(getDb(), { bytes: exact, name: "x", by: ADMIN }, { maxBytes: 1024 })).ok,
    ).toBe(true);
    expect(await count()).toBe(before + 1);
  });

  it("refuses HTML named .pdf and declared a PDF, and stores nothing", async () => {
    const before = await count();
    const auditBefore = (await uploads()).length;
    const result = await storeFile(getDb(), {
      bytes: HTML,
      name: "notice.pdf",
      declaredType: "application/pdf",
      by: ADMIN,
    });
    expect(result).toEqual({
      ok: false,
      reason: "type",
      message:
        "This file is not a PDF or an image (PNG, JPEG, WebP): it starts like HTML (a web page).",
    });
    const empty = await storeFile(getDb(), { bytes: new Uint8Array(), name: "e.pdf", by: ADMIN });
    expect(empty).toMatchObject({ ok: false, reason: "empty", message: "The file is empty." });
    expect(await count()).toBe(before);
    expect((await uploads()).length).toBe(auditBefore);
  });

  it("refuses an image where only a PDF will do", async () => {
    const result = await storeFile(getDb(), {
      bytes: JPEG,
      name: "notice.pdf",
      by: ADMIN,
      accept: "pdf",
    });
    expect(result).toMatchObject({
      ok: false,
      reason: "type",
      message: "This file is a JPEG image; this field takes a PDF.",
    });
    const html = await storeFile(getDb(), { bytes: HTML, name: "n.pdf", by: ADMIN, accept: "pdf" });
    expect(html.ok || html.message).toBe(
      "This file is not a PDF: it starts like HTML (a web page).",
    );
  });

  it("writes the file and its audit line together, or neither", async () => {
    const before = await count();
    // Without the audit table the audit line fails: the file's row must go with it.
    await sql`alter table audit_log rename to audit_log_away`.execute(getDb());
    try {
      await expect(
        storeFile(getDb(), { bytes: minimalPdf("rollback"), name: "r.pdf", by: ADMIN }),
      ).rejects.toThrow();
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(getDb());
    }
    expect(await count()).toBe(before);
  });

  it("finds nothing for an unknown or malformed hash", async () => {
    expect(await readFile(getDb(), "0".repeat(64))).toBeUndefined();
    expect(await readFile(getDb(), "../etc/passwd")).toBeUndefined();
    expect(await readFile(getDb(), "A".repeat(64))).toBeUndefined();
  });
});
