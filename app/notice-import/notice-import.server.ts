import type { FormTree } from "~/content/form-data.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { kindLine } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { readFile } from "~/files/files.repository.server.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { readNoticeText, UnreadablePdfError } from "./pdf-text.server.ts";
import {
  applySuggestions,
  DATE_FIELDS,
  NOTICE_KINDS,
  suggestFromLines,
  type NoticeView,
} from "./suggest.ts";

/**
 * "Start from the notification PDF" (issue 32), the server's part: the uploaded file (kept in the
 * file store by the upload, at its SHA-256) is read, and the add form starts from its
 * suggestions. Nothing is saved here: the editor reviews and saves as with any new entry.
 */

/** The add form's query: `fromPdf` (a stored file's hash) or `pdfError` (why an upload failed). */
export const FROM_PDF = "fromPdf";
export const PDF_ERROR = "pdfError";

/** "a job, result, admit card or answer key": the kinds' English names, as a sentence lists them. */
function kindList(kinds: readonly Kind[]): string {
  const names = kinds.map((kind) => kindLine(kind).label.en.toLowerCase());
  return `a ${names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0]}`;
}

/** The upload's refusals, as the add form says them (codes travel in the address, not words). */
export const PDF_ERRORS: Record<string, string> = {
  "too-large": "The PDF is larger than the upload limit.",
  empty: "The file is empty.",
  type: "That file is not a PDF. Choose the notification's PDF file.",
  quota: "Your uploads for today are used up, so the PDF was not stored. Try again tomorrow.",
  storage: "The site's space for uploaded files is full, so the PDF was not stored.",
  missing: "Choose the notification's PDF file first.",
  kind: `PDFs can start ${kindList(NOTICE_KINDS)}.`,
};

export function offersNotice(kind: Kind): boolean {
  return NOTICE_KINDS.includes(kind);
}

/** The notice named by the add form's address, read into suggestions; null when none is named. */
export async function noticeFromUrl(db: DB, kind: Kind, url: URL): Promise<NoticeView | null> {
  const sha = url.searchParams.get(FROM_PDF);
  if (!sha || !offersNotice(kind)) return null;
  const file = await readFile(db, sha.toLowerCase());
  if (!file || file.type !== "application/pdf") {
    return {
      fileName: "",
      fileUrl: "",
      reading: null,
      error: "That PDF is not stored here (any more). Upload it again.",
    };
  }
  const view = { fileName: file.name, fileUrl: file.url };
  try {
    const text = await readNoticeText(file.bytes);
    const organizations = await listOrganizations(db);
    const reading = suggestFromLines(kind, text.lines, {
      pages: text.pages,
      organizations,
      fileUrl: file.url,
    });
    return { ...view, reading, error: null };
  } catch (err) {
    if (!(err instanceof UnreadablePdfError)) throw err;
    return { ...view, reading: null, error: "This PDF could not be read: it may be damaged." };
  }
}

/** The new entry's starting values with the notice's suggestions put in. */
export function startingValues(values: FormTree, notice: NoticeView | null): FormTree {
  return notice?.reading ? applySuggestions(values, notice.reading.suggestions) : values;
}

/** What an editor should find filled from a notification: the kind's dates, a job's tables. */
export function noticeChecklist(kind: Kind): string[] {
  return [
    ...Object.values(DATE_FIELDS[kind] ?? {}),
    ...(kind === "job" ? ["advertisementNumber", "fees", "posts", "ageMax", "qualification"] : []),
  ].map((f) => `data.${f}`);
}

/** Where the add form of a kind is. */
export const addPath = (kind: Kind) => `/admin/${REGISTRY[kind].adminSegment}/add`;
