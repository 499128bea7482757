import { expect, it } from "vitest";
import { safeRichHtml } from "./rich-text";

it("keeps the allowed tags, checked links and the company's name; drops the rest", () => {
  expect(safeRichHtml("<p>Hi {{COMPANY}}</p>", "A&B")).toBe("<p>Hi A&amp;B</p>");
  expect(safeRichHtml('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe(
    "<p>aalert(1)</p>",
  );
  expect(safeRichHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  expect(safeRichHtml('<a href="https://example.com/?a=1&b=2">x</a>')).toBe(
    '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>',
  );
  expect(safeRichHtml("<strong>b</strong><br/>")).toBe("<strong>b</strong><br>");
});
