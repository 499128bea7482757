import { expect, test } from "vitest";
import { richTextToPlain, sanitizeRichText, withCompany } from "./rich-text";

test("keeps the allowed tags and safe links, drops scripts, handlers and other attributes, closes tags", () => {
  expect(sanitizeRichText('<p class="x" onclick="a()">Hi <b>you</b> &amp; me</p>')).toBe(
    "<p>Hi <b>you</b> &amp; me</p>",
  );
  expect(sanitizeRichText('<script>alert(1)</script><a href="javascript:alert(1)">x</a>')).toBe(
    "alert(1)<a>x</a>",
  );
  expect(sanitizeRichText('<a href="https://shop.example/terms?a=1&amp;b=2">terms')).toBe(
    '<a href="https://shop.example/terms?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">terms</a>',
  );
  expect(sanitizeRichText("<p>a < b & c</p></div>")).toBe("<p>a &lt; b &amp; c</p>");
  expect(sanitizeRichText('<img src=x onerror="alert(1)"><p>ok')).toBe("<p>ok</p>");
});

test("the consent record is the text the visitor reads, with the company's name", () => {
  const text = withCompany(
    richTextToPlain("<p>Texts from {{COMPANY}} &amp; partners.</p><p>Reply STOP.</p>"),
    "Acme <Co>",
  );
  expect(text).toBe("Texts from Acme <Co> & partners.\nReply STOP.");
  expect(withCompany("<p>{{COMPANY}}</p>", "A<b>", true)).toBe("<p>A&lt;b&gt;</p>");
});
