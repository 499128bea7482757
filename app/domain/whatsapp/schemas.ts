import { z } from "zod";

/**
 * The WhatsApp view's writes (spec 3 sections 4.8 and 5.5), checked in the browser and on the server
 * with the same messages (i18n keys of the `whatsapp` namespace). Leading spaces are dropped from
 * every field as it is typed (the view) and again here.
 */
const field = (required: string) =>
  z
    .string({ error: required })
    .overwrite((value) => value.trimStart())
    .min(1, { error: required, abort: true });

export const PHONE_PATTERN = /^\d{10,13}$/;

export const whatsappCredentialsSchema = z.object({
  intent: z.literal("whatsapp-verify-and-save"),
  phoneNumber: field("whatsapp.validation.phoneRequired").regex(
    PHONE_PATTERN,
    "whatsapp.validation.phoneInvalid",
  ),
  phoneNumberId: field("whatsapp.validation.phoneNumberIdRequired"),
  whatsappBusinessAccountId: field("whatsapp.validation.businessAccountIdRequired"),
  authToken: field("whatsapp.validation.authTokenRequired"),
  // Beyond the spec: without the app secret, inbound webhooks cannot be verified.
  appSecret: field("whatsapp.validation.appSecretRequired"),
});
export type WhatsAppCredentials = z.infer<typeof whatsappCredentialsSchema>;

export const whatsappCheckWebhookSchema = z.object({ intent: z.literal("whatsapp-check-webhook") });
export const whatsappSyncTemplatesSchema = z.object({ intent: z.literal("whatsapp-sync-templates") });
