import { z } from "zod";
import { normalizePhone } from "~/domain/contacts/phone";

/**
 * The body AIM posts to /integrations/tritech/events (documented in README, "Tri-Tech events").
 * Extra fields are ignored. A body that does not fit is refused with 400 and the first field at
 * fault, in words ("customer.email is not an email address").
 */

const text = (field: string, max = 255) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be text`),
    })
    .trim()
    .min(1, `${field} is empty`)
    .max(max, `${field} is longer than ${max} characters`);

const optionalText = (field: string, max = 255) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} is longer than ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const wholeNumber = (field: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be a number`),
    })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(999_999_999, `${field} is too large`);

/** What every event has, the handshake included: enough to find the company and the action. */
export const eventEnvelope = z.object({
  eventId: text("eventId"),
  accountId: text("accountId", 100),
  action: text("action", 100),
});

export const contractEvent = z.object({
  transactionStatus: text("transactionStatus", 200),
  contract: z.object(
    { id: text("contract.id"), date: optionalText("contract.date", 40) },
    { error: (issue) => (issue.input === undefined ? "contract is missing" : "contract must be an object") },
  ),
  customer: z
    .object(
      {
        firstName: optionalText("customer.firstName", 100),
        lastName: optionalText("customer.lastName", 100),
        phone: optionalText("customer.phone", 40).refine(
          (phone) => phone === null || normalizePhone(phone) !== null,
          "customer.phone is not a valid phone number",
        ),
        email: optionalText("customer.email", 254).refine(
          (email) => email === null || z.email().safeParse(email).success,
          "customer.email is not an email address",
        ),
      },
      {
        error: (issue) => (issue.input === undefined ? "customer is missing" : "customer must be an object"),
      },
    )
    .transform((customer) => ({
      ...customer,
      phone: customer.phone ? normalizePhone(customer.phone) : null,
      email: customer.email ? customer.email.toLowerCase() : null,
    })),
  items: z
    .array(
      z.object(
        { category: wholeNumber("items[].category"), subcategory: wholeNumber("items[].subcategory") },
        { error: "each of items must be an object" },
      ),
      { error: (issue) => (issue.input === undefined ? "items is missing" : "items must be a list") },
    )
    .max(500, "items has more than 500 entries"),
});

export type EventEnvelope = z.infer<typeof eventEnvelope>;
export type ContractEvent = z.infer<typeof contractEvent>;

/** The first problem of a failed parse, in words. */
export function problemOf(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return "the body is malformed";
  if (issue.code === "invalid_type" && issue.path.length > 0 && !/missing|must be/.test(issue.message))
    return `${issue.path.join(".")} is malformed`;
  return issue.message;
}
