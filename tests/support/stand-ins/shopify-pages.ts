import { createHash } from "node:crypto";

/** The stand-in's HTML pages and pictures: plain markup, readable by people and by Playwright. */

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#303030}
button{font-size:1rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.5rem;border:1px solid #888;cursor:pointer}
form:first-of-type button{background:#303030;color:#fff}form{display:inline}</style></head>
<body>${body}</body></html>`;
}

/**
 * A square SVG picture for a product image URL: a colour drawn from the name, and its initials, so
 * product lists look like product lists and the browser loads them without a network.
 */
export function productPicture(name: string): string {
  const hue = createHash("sha256").update(name).digest()[0]! * 1.4;
  const label = decodeURIComponent(name)
    .replace(/\.(svg|png|jpg)$/, "")
    .split(/[-_\s]+/)
    .map((w) => w.charAt(0).toUpperCase())
    .join("")
    .slice(0, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<rect width="200" height="200" fill="hsl(${Math.round(hue)},55%,62%)"/>
<text x="100" y="118" font-family="sans-serif" font-size="56" text-anchor="middle" fill="#fff">${escapeHtml(label)}</text></svg>`;
}
