import { z } from "zod";
import { hasLinkPlaceholder } from "~/domain/messaging/template";

// The touchpoint edit drawer (spec 2 sections 2, 4 and 8; issue 6). Messages are i18n keys
// (app/i18n/*/journeys.ts). Shared by the server and the browser: nothing here may be server-only.

export const TOUCHPOINT_CHANNELS = ["sms", "whatsapp", "email"] as const;
export const WAIT_UNITS = ["minutes", "hours", "days"] as const;
/** Longest wait a touchpoint may have: one year. */
export const MAX_WAIT_MINUTES = 366 * 24 * 60;
export const MESSAGE_MAX_LENGTH = 1600;
/** The spec's touchpoint message box: 2 to 6 rows. */
export const MESSAGE_MIN_ROWS = 2;
export const MESSAGE_MAX_ROWS = 6;

const messages = {
  required: "journeys.validation.fieldCanNotBeEmpty",
  tooLong: "journeys.validation.tooLong",
  waitInvalid: "journeys.validation.waitInvalid",
  waitTooLong: "journeys.validation.waitTooLong",
  linkInvalid: "journeys.validation.linkInvalid",
  linkNeeded: "journeys.validation.linkNeeded",
  subjectRequired: "journeys.validation.subjectRequired",
} as const;

const required = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

/** An http(s) address with a dotted host name, or nothing. */
export const LINK_PATTERN = /^https?:\/\/[^\s/?#:@]+\.[^\s/?#:@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const linkTarget = z
  .string()
  .trim()
  .max(2000, messages.tooLong)
  .regex(LINK_PATTERN, messages.linkInvalid)
  .optional();

const waitFactor = { minutes: 1, hours: 60, days: 24 * 60 } as const;

/** Everything a company admin edits. */
export const touchpointSchema = z
  .object({
    intent: z.enum(["create", "update"]),
    id: z.string().optional(),
    journeyId: z.string().optional(),
    name: required(120),
    waitAmount: z
      .number({ error: messages.waitInvalid })
      .refine(Number.isInteger, messages.waitInvalid)
      .min(0, messages.waitInvalid)
      .default(0),
    waitUnit: z.enum(WAIT_UNITS, { error: messages.required }),
    channel: z.enum(TOUCHPOINT_CHANNELS, { error: messages.required }),
    subject: z.string().trim().max(200, messages.tooLong).optional(),
    message: required(MESSAGE_MAX_LENGTH),
    linkTarget,
    // WhatsApp only: an approved template ("name|language") and what fills its {{1}}, {{2}}...
    // (comma-separated contact fields or LINK); app/domain/whatsapp/touchpoint-template.server.ts.
    whatsappTemplate: z.string().trim().max(600).optional(),
    whatsappParameters: z.string().trim().max(600).optional(),
  })
  // `when` runs these even while another field is wrong, so every message shows at once.
  .refine((v) => v.channel !== "email" || Boolean(v.subject), {
    path: ["subject"],
    message: messages.subjectRequired,
    when: () => true,
  })
  .refine((v) => !v.message || !hasLinkPlaceholder(v.message) || Boolean(v.linkTarget), {
    path: ["linkTarget"],
    message: messages.linkNeeded,
    when: () => true,
  })
  .refine((v) => (v.waitAmount ?? 0) * waitFactor[v.waitUnit ?? "minutes"] <= MAX_WAIT_MINUTES, {
    path: ["waitAmount"],
    message: messages.waitTooLong,
    when: () => true,
  });

export type TouchpointInput = Omit<z.infer<typeof touchpointSchema>, "intent" | "id" | "journeyId">;

/** What other writable members edit: the link target only (the spec's touchpoint edit). */
export const touchpointLinkSchema = z.object({
  intent: z.literal("link"),
  id: z.string(),
  linkTarget,
});
