import { z } from "zod";
import { consentTextSchema } from "~/domain/shopify/consent-text-schema";
import {
  whatsappCheckWebhookSchema,
  whatsappCredentialsSchema,
  whatsappSyncTemplatesSchema,
} from "~/domain/whatsapp/schemas";

/** The Shopify view's writes, one intent each (parsed once in the /integration action). */
export const automaticOptInSchema = z.object({
  intent: z.literal("automatic-opt-in"),
  enabled: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const disconnectSchema = z.object({ intent: z.literal("disconnect") });

export const integrationsSchema = z.discriminatedUnion("intent", [
  automaticOptInSchema,
  disconnectSchema,
  consentTextSchema,
  whatsappCredentialsSchema,
  whatsappCheckWebhookSchema,
  whatsappSyncTemplatesSchema,
]);
