import { getDocumentProxy } from "unpdf";
import { piecesToLines, type Line, type TextPiece } from "./lines.ts";

/**
 * A notification PDF's text layer, read with pdf.js (through unpdf: no native code), as lines
 * with the page they are on. A scanned notification has no text layer: `hasText` is false and
 * nothing is guessed from its pictures.
 */
export interface NoticeText {
  pages: number;
  /** Pages read (at most MAX_PAGES). */
  pagesRead: number;
  lines: Line[];
  hasText: boolean;
}

/** Notifications run to a few dozen pages; the rest of a longer file is not read. */
export const MAX_PAGES = 60;

export class UnreadablePdfError extends Error {}

interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

export async function readNoticeText(bytes: Uint8Array): Promise<NoticeText> {
  let pdf;
  try {
    // pdf.js takes the buffer over (detaches it): give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      disableFontFace: true,
      useSystemFonts: false,
      // Text positions need no glyph shapes: no warnings about missing standard font data.
      verbosity: 0,
    });
  } catch (err) {
    throw new UnreadablePdfError(`The PDF could not be read: ${(err as Error).message}`);
  }
  try {
    const pagesRead = Math.min(pdf.numPages, MAX_PAGES);
    const lines: Line[] = [];
    for (let n = 1; n <= pagesRead; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const pieces: TextPiece[] = [];
      for (const item of content.items as PdfTextItem[]) {
        if (typeof item.str !== "string" || !item.transform) continue;
        const [a, b, , , x, y] = item.transform;
        pieces.push({
          text: item.str,
          x,
          y,
          width: item.width ?? 0,
          height: item.height || Math.hypot(a, b),
        });
      }
      lines.push(...piecesToLines(pieces, n));
      page.cleanup();
    }
    return { pages: pdf.numPages, pagesRead, lines, hasText: lines.length > 0 };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
