import type { ReactNode } from "react";

/**
 * A table that may be wider than a phone scrolls inside this box instead of the page. The box can
 * take the focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  const region = { "aria-label": label, "aria-labelledby": labelledBy, tabIndex: 0 };
  return (
    <section className="analytics-table-scroll" {...region}>
      {children}
    </section>
  );
}
