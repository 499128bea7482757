import type { ReactNode } from "react";

/**
 * A plain table for the billing screens. Its wrapper scrolls sideways on a narrow screen and can be
 * focused, so a keyboard can scroll it too (Polaris' DataTable scroll area cannot: axe's
 * scrollable-region-focusable).
 */
export function BillingTable({
  caption,
  headings,
  rows,
  numericFrom = 1,
}: {
  caption: string;
  headings: string[];
  rows: ReactNode[][];
  /** Columns from this index on are numbers, aligned right. */
  numericFrom?: number;
}) {
  const align = (column: number) => (column >= numericFrom ? "billing-table-numeric" : undefined);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="billing-table-wrap" aria-label={caption} tabIndex={0}>
      <table className="billing-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading, column) => (
              <th key={heading} scope="col" className={align(column)}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are static for one render.
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity of their own.
                  <th key={column} scope="row" className={align(column)}>
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity of their own.
                  <td key={column} className={align(column)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
