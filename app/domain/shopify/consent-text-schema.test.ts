import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { CONSENT_TEXT_MAX, CONSENT_TITLE_MAX } from "./consent-defaults";
import { consentTextSchema } from "./consent-text-schema";

function parse(fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "consent-text");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: consentTextSchema });
}

const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  return submission.status === "success" ? {} : submission.error;
};

test("a title and a text, trimmed, with the text's CRLF line breaks kept as one character each", () => {
  const submission = parse({ title: "  Text me  ", text: " Line one\r\nLine two " });
  expect(submission.status).toBe("success");
  if (submission.status !== "success") return;
  expect(submission.value).toEqual({ intent: "consent-text", title: "Text me", text: "Line one\nLine two" });
  // At the limit after normalising: CRLFs are not counted twice.
  const text = `${"a".repeat(CONSENT_TEXT_MAX - 2)}\r\nb`;
  expect(parse({ title: "t", text }).status).toBe("success");
});

test("clear messages: required, too long, and a title on one line", () => {
  expect(errorsOf({ title: "   ", text: "" })).toEqual({
    title: ["consent.validation.titleRequired"],
    text: ["consent.validation.textRequired"],
  });
  expect(errorsOf({ text: "x" })).toEqual({ title: ["consent.validation.titleRequired"] });
  expect(
    errorsOf({ title: "a".repeat(CONSENT_TITLE_MAX + 1), text: "x".repeat(CONSENT_TEXT_MAX + 1) }),
  ).toEqual({
    title: ["consent.validation.titleTooLong"],
    text: ["consent.validation.textTooLong"],
  });
  expect(errorsOf({ title: "two\nlines", text: "x" })).toEqual({
    title: ["consent.validation.titleOneLine"],
  });
  expect(parse({ title: "a".repeat(CONSENT_TITLE_MAX), text: "x" }).status).toBe("success");
});
