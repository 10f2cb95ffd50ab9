import { displayText } from "~/lib/printed-text.ts";

/**
 * A PDF page's text pieces put back into lines and cells, from their positions: pieces on one
 * baseline are a line; a wide gap between two pieces starts a new cell (a table's column).
 * Browser-safe and pure: the PDF reader (pdf-text.server.ts) feeds it what pdf.js gives.
 */

export interface TextPiece {
  text: string;
  /** Left edge and baseline, in PDF points (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** The font's size, roughly. */
  height: number;
}

export interface Cell {
  x: number;
  right: number;
  text: string;
}

export interface Line {
  /** 1-based. */
  page: number;
  /** The line's text as the editor is shown it: its cells joined by " | ". */
  text: string;
  cells: Cell[];
}

/** A gap wider than this many font sizes between two pieces starts a new cell. */
const CELL_GAP = 1.6;

export function piecesToLines(pieces: readonly TextPiece[], page: number): Line[] {
  const sorted = pieces.filter((p) => p.text !== "").sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: TextPiece[][] = [];
  for (const piece of sorted) {
    const row = rows[rows.length - 1];
    const tolerance = Math.max(2, 0.5 * (piece.height || 10));
    if (row && Math.abs(row[0].y - piece.y) <= tolerance) row.push(piece);
    else rows.push([piece]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const cells: Cell[] = [];
    // pdf.js stands a whitespace piece in for a gap: it says "a space here", and the gap itself
    // is measured from the positions of the pieces around it.
    let spaced = false;
    for (const piece of row) {
      if (piece.text.trim() === "") {
        spaced = true;
        continue;
      }
      const size = piece.height || 10;
      const cell = cells[cells.length - 1];
      const gap = cell ? piece.x - cell.right : Infinity;
      const space = spaced || gap > 0.15 * size;
      spaced = false;
      if (cell && gap <= CELL_GAP * size) {
        cell.text += (space && !/\s$/.test(cell.text) ? " " : "") + piece.text;
        cell.right = Math.max(cell.right, piece.x + piece.width);
      } else {
        cells.push({ x: piece.x, right: piece.x + piece.width, text: piece.text });
      }
    }
    const kept = cells
      .map((c) => ({ ...c, text: displayText(c.text) }))
      .filter((c) => c.text !== "");
    if (kept.length) lines.push({ page, text: kept.map((c) => c.text).join(" | "), cells: kept });
  }
  return lines;
}
