import { expect, type Page } from "@playwright/test";

/** The phone the layout is checked on (an iPhone 12 to 15 in portrait), in CSS pixels. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export type Overflow = {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements that reach past the right edge, each as a CSS-like path and its right edge. */
  offenders: Array<{ element: string; right: number; width: number }>;
};

/**
 * Whether the page is wider than the window (document.documentElement.scrollWidth > innerWidth),
 * and which elements make it so: each element whose right edge passes the window's while its
 * parent's does not (the one to fix), leaving out what sits inside a box that clips or scrolls
 * sideways (a table scrolling in its card is fine).
 */
export async function horizontalOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const clips = (el: Element) => {
      const x = getComputedStyle(el).overflowX;
      return x === "hidden" || x === "auto" || x === "scroll" || x === "clip";
    };
    const describeElement = (el: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && parts.length < 4; ) {
        const id = node.id ? `#${node.id}` : "";
        const classes = [...node.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join("");
        const label = node.getAttribute("aria-label");
        parts.unshift(
          `${node.tagName.toLowerCase()}${id}${classes}${label ? `[aria-label="${label}"]` : ""}`,
        );
        node = node.parentElement;
      }
      return parts.join(" > ");
    };
    const offenders: Overflow["offenders"] = [];
    const walk = (el: Element, parentOverflows: boolean) => {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.position === "fixed") return;
      const box = el.getBoundingClientRect();
      const overflows = box.width > 0 && box.right > limit;
      if (overflows && !parentOverflows && offenders.length < 8)
        offenders.push({
          element: describeElement(el),
          right: Math.round(box.right),
          width: Math.round(box.width),
        });
      if (clips(el)) return;
      for (const child of el.children) walk(child, overflows);
    };
    for (const child of document.body.children) walk(child, false);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      offenders,
    };
  });
}

/** Fails, naming the elements at fault, when the page is wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, screen = page.url()) {
  const found = await horizontalOverflow(page);
  expect(
    found.scrollWidth,
    `${screen} is ${found.scrollWidth}px wide in a ${found.innerWidth}px window; too wide: ${JSON.stringify(found.offenders, null, 1)}`,
  ).toBeLessThanOrEqual(found.innerWidth);
}

/**
 * Fails when an open dialog reaches past the window's edges (a modal that does not fit the phone).
 * A Polaris modal's role="dialog" box can be empty on a small screen (its panel is positioned
 * inside it), so the box measured is the dialog's or, when empty, that of its visible descendants.
 */
export async function expectDialogsFit(page: Page) {
  const { width, height } = page.viewportSize() ?? PHONE_VIEWPORT;
  const boxes = await page.evaluate(() => {
    const boxOf = (el: Element): DOMRect | null => {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return box;
      const inner = [...el.children].map(boxOf).filter((b): b is DOMRect => b !== null);
      if (inner.length === 0) return null;
      const left = Math.min(...inner.map((b) => b.left));
      const top = Math.min(...inner.map((b) => b.top));
      const right = Math.max(...inner.map((b) => b.right));
      const bottom = Math.max(...inner.map((b) => b.bottom));
      return new DOMRect(left, top, right - left, bottom - top);
    };
    return [...document.querySelectorAll('[role="dialog"]')]
      .map((dialog) => ({ label: dialog.textContent?.slice(0, 60) ?? "", box: boxOf(dialog) }))
      .filter((d) => d.box !== null)
      .map((d) => ({ label: d.label, x: d.box!.x, y: d.box!.y, right: d.box!.right, bottom: d.box!.bottom }));
  });
  expect(boxes.length, "an open dialog").toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.x, `${box.label}: starts left of the window`).toBeGreaterThanOrEqual(-1);
    expect(box.right, `${box.label}: ends right of the window`).toBeLessThanOrEqual(width + 1);
    expect(box.y, `${box.label}: starts below the window`).toBeLessThan(height);
  }
}
