import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { isUuid } from "~/domain/kernel/ids";

/**
 * The shape of every multi-intent action: the guard, then the form parsed once with a zod
 * discriminated union on `intent`, then a switch to one named function per intent whose default
 * answers 400. A form whose intent no variant knows, or whose id is malformed, never reaches the
 * domain (a malformed id would otherwise reach PostgreSQL and answer 500).
 */

/** A row id from a form or a URL: the text form PostgreSQL's uuid type reads. */
export const uuidField = z.string().trim().refine(isUuid, "Invalid id");

/** An optional text field that conform turns into undefined when empty. */
export const optionalText = z.string().optional().default("");

/** Parses the submitted form with the route's union of intents (one parse per request). */
export function parseIntent<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  return parseWithZod(form, { schema });
}

/** What a form answers when it does not parse: 400 with conform's reply, nothing done. */
export function rejectedForm(submission: { reply: () => unknown }) {
  return data({ error: "Bad request", result: submission.reply() }, 400);
}

/**
 * The default branch of every intent switch: a new intent added to the schema without its case does
 * nothing and answers 400. Thrown, so it adds no shape to the action's answer.
 */
export function unknownIntent(): never {
  throw data({ error: "Bad request" }, 400);
}
