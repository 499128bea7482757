import { and, eq, inArray } from "drizzle-orm";
import {
  contacts,
  messages,
  touchpoints,
  whatsappConfigs,
  whatsappInboundWindows,
  whatsappTemplates,
} from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import type { ChannelAdapter } from "~/services/messaging/channels.server";
import { type MetaSettings, sendWhatsAppText } from "~/services/messaging/meta.server";
import { sendWhatsAppTemplate, type TemplateMessage } from "~/services/messaging/meta-business.server";
import { companyMetaSettings } from "./config.server";
import { parametersOf } from "./templates.server";

/**
 * How a journey's WhatsApp message leaves when its company has its own Meta account: through that
 * account, never the platform's WHATSAPP_* number (which stays for companies without their own, and
 * the outbox when neither is set). Meta delivers free text only within 24 hours of the contact's last
 * message (the customer service window); outside it a business may write only with an approved
 * template. So a template touchpoint is sent as its template with the rendered parameters, and a
 * free-text one is sent inside the window, or recorded as not sent with the reason.
 */

export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const OUTSIDE_WINDOW = "whatsapp_outside_window";
export const TEMPLATE_UNUSABLE = "whatsapp_template_unusable";

export type WhatsAppRoute = { kind: "suppress"; reason: string } | { kind: "send"; adapter: ChannelAdapter };

/** The companies among these that have their own WhatsApp account (their messages never go inline to the outbox). */
export async function accountsWithOwnWhatsApp(db: Queryable, accountIds: string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: whatsappConfigs.accountId })
    .from(whatsappConfigs)
    .where(inArray(whatsappConfigs.accountId, [...new Set(accountIds)]));
  return new Set(rows.map((r) => r.accountId));
}

/** The route of each WhatsApp message of a company with its own account; others are not in the map. */
export async function routeWhatsAppMessages(
  db: Queryable,
  ids: string[],
  now: Date,
): Promise<Map<string, WhatsAppRoute>> {
  const routes = new Map<string, WhatsAppRoute>();
  if (ids.length === 0) return routes;
  const rows = await db
    .select({
      id: messages.id,
      accountId: messages.accountId,
      body: messages.body,
      templateName: touchpoints.whatsappTemplateName,
      templateLanguage: touchpoints.whatsappTemplateLanguage,
      templateBody: whatsappTemplates.body,
      templateStatus: whatsappTemplates.status,
      lastInboundAt: whatsappInboundWindows.lastInboundAt,
    })
    .from(messages)
    .innerJoin(whatsappConfigs, eq(whatsappConfigs.accountId, messages.accountId))
    .innerJoin(touchpoints, eq(touchpoints.id, messages.touchpointId))
    .leftJoin(
      whatsappTemplates,
      and(
        eq(whatsappTemplates.accountId, messages.accountId),
        eq(whatsappTemplates.name, touchpoints.whatsappTemplateName),
        eq(whatsappTemplates.language, touchpoints.whatsappTemplateLanguage),
      ),
    )
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(
      whatsappInboundWindows,
      and(
        eq(whatsappInboundWindows.accountId, messages.accountId),
        eq(whatsappInboundWindows.phone, contacts.phone),
      ),
    )
    .where(and(inArray(messages.id, ids), eq(messages.channel, "whatsapp")));
  const settingsOf = new Map<string, MetaSettings | null>();
  for (const row of rows) {
    if (!settingsOf.has(row.accountId))
      settingsOf.set(row.accountId, await companyMetaSettings(row.accountId, db));
    const settings = settingsOf.get(row.accountId);
    if (!settings) continue; // unreadable token: logged; the platform's route applies
    if (row.templateName) {
      const parameters =
        row.templateStatus === "APPROVED" && row.templateBody !== null
          ? parametersOf(row.templateBody, row.body ?? "")
          : null;
      if (!parameters) {
        routes.set(row.id, { kind: "suppress", reason: TEMPLATE_UNUSABLE });
        continue;
      }
      const template = { name: row.templateName, language: row.templateLanguage ?? "en_US", parameters };
      routes.set(row.id, { kind: "send", adapter: companyAdapter(settings, template) });
      continue;
    }
    const open = row.lastInboundAt !== null && now.getTime() - row.lastInboundAt.getTime() < WINDOW_MS;
    routes.set(
      row.id,
      open
        ? { kind: "send", adapter: companyAdapter(settings, null) }
        : { kind: "suppress", reason: OUTSIDE_WINDOW },
    );
  }
  return routes;
}

function companyAdapter(settings: MetaSettings, template: TemplateMessage | null): ChannelAdapter {
  return {
    name: "meta",
    transactional: false,
    send: async (message) => ({
      providerMessageId: template
        ? await sendWhatsAppTemplate(settings, message.to, template)
        : await sendWhatsAppText(settings, message.to, message.text),
    }),
  };
}
