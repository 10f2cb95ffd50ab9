import type { HTMLAttributes, ReactNode } from "react";
import { ScrollTable } from "./backoffice-ui.tsx";

/** One column of an admin table: its header and how a row fills its cell. */
export interface AdminColumn<Row> {
  /** A stable name for the column (React's key). */
  key: string;
  /** The header's words; `hidden` keeps them for screen readers only (an actions column). */
  header: ReactNode;
  hidden?: boolean;
  /** Classes for the header and every cell of the column (alignment: `text-right`). */
  align?: string;
  /** Classes for the column's cells only (widths, wrapping, type). */
  cellClass?: string | ((row: Row) => string);
  /** The cell is the row's header (`<th scope="row">`): what the other cells describe. */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

const tableClass = "w-full min-w-[40rem] border-collapse text-left text-sm";
const thClass =
  "border-b border-stone-200 px-2 py-2 text-xs font-semibold uppercase tracking-wide text-muted";
const tdClass = "border-b border-stone-100 px-2 py-2 align-top";

/**
 * The back-office's table: a caption for screen readers, column headers with their scope, one
 * row per item, and a box that scrolls sideways on a phone and says so. Every admin list of rows
 * is drawn by it, so they look and read alike.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  frameClass,
}: {
  caption: string;
  columns: readonly (AdminColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of a row's `<tr>` (a class for a disabled row, a test's data attribute). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** Classes of the scrolling box (a border and background when the table stands alone). */
  frameClass?: string;
}) {
  const shown = columns.filter((c): c is AdminColumn<Row> => !!c);
  return (
    <ScrollTable className={frameClass}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.key} scope="col" className={c.align ? `${thClass} ${c.align}` : thClass}>
                {c.hidden ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((c) => {
                const extra = typeof c.cellClass === "function" ? c.cellClass(row) : c.cellClass;
                const className = [tdClass, c.align, extra].filter(Boolean).join(" ");
                return c.rowHeader ? (
                  <th key={c.key} scope="row" className={className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={className}>
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
