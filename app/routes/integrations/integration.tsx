import { config } from "~/config.server";
import { type MemberContext, permit, requireMember } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { parseIntent, rejectedForm, unknownIntent } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import type { Toast } from "~/domain/actions/toast";
import { redirectWithToast } from "~/domain/auth/session.server";
import { integrationsSchema } from "~/domain/integrations/schemas";
import {
  askSmsMarketingAtCheckout,
  disconnectShopifyStore,
  integrationsOverview,
  setAutomaticOptIn,
} from "~/domain/integrations/shopify-integration.server";
import { smsMarketingStatusOf } from "~/domain/integrations/sms-status";
import { integrationUrl, integrationViewOf } from "~/domain/integrations/views";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { readConsentText } from "~/domain/shopify/consent-text.server";
import { answerConsentTextSave } from "~/domain/shopify/consent-text-action.server";
import { tritechAction } from "~/domain/tritech/action.server";
import { tritechView } from "~/domain/tritech/profile.server";
import { TRITECH_INTENTS } from "~/domain/tritech/schemas";
import {
  answerCheckWebhook,
  answerSyncTemplates,
  answerVerifyAndSave,
} from "~/domain/whatsapp/actions.server";
import { readWhatsAppConfig } from "~/domain/whatsapp/config.server";
import { approvedTemplates } from "~/domain/whatsapp/templates.server";
import { IntegrationsHome } from "~/ui/integrations/home";
import { ShopifyView } from "~/ui/integrations/shopify-view";
import { WhatsAppView } from "~/ui/integrations/whatsapp-view";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { TritechView } from "~/ui/tritech/tritech-view";
import type { Route } from "./+types/integration";

/**
 * /integration: the home (three cards), the Shopify view (?view=shopify), the Tri-Tech view
 * (?view=tritech, and its Configure Events page ?view=tritech-events) or the WhatsApp view
 * (?view=whatsapp), spec 3 section 2.5.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const view = integrationViewOf(new URL(request.url));
  const { store, active } = await integrationsOverview(member);
  const settings = config();
  // Streamed, not awaited: the page renders at once with the status Loading, and a slow or failing
  // store only delays (or turns to Error) that one badge. A new key per load starts it Loading again.
  const smsStatus =
    view === "shopify" && store && settings.shopifyConfigured
      ? askSmsMarketingAtCheckout(store.shop).then(smsMarketingStatusOf)
      : null;
  return {
    view,
    configured: settings.shopifyConfigured,
    appStoreUrl: settings.SHOPIFY_APP_STORE_URL,
    active,
    store,
    smsStatus,
    consent: view === "shopify" && store ? await readConsentText(member) : null,
    whatsapp: view === "whatsapp" ? await readWhatsAppConfig(member) : null,
    whatsappTemplates: view === "whatsapp" ? (await approvedTemplates(member)).length : 0,
    statusKey: `${Date.now()}-${Math.random()}`,
    tritech:
      view === "tritech" || view === "tritech-events"
        ? {
            ...(await tritechView(member)),
            endpoint: new URL("/integrations/tritech/events", settings.APP_URL).href,
            can: { secret: can(member, "tritech.secret"), configure: can(member, "tritech.configure") },
          }
        : null,
    can: {
      connect: can(member, "integrations.connect"),
      disconnect: can(member, "integrations.disconnect"),
      automaticOptIn: can(member, "integrations.aocm"),
      readOnly: member.readOnly,
      whatsapp: can(member, "integrations.whatsapp"),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  const form = await request.formData();
  // The Tri-Tech view's writes parse with their own schema (app/domain/tritech/action.server.ts).
  if ((TRITECH_INTENTS as readonly unknown[]).includes(form.get("intent")))
    return tritechAction(request, form, member);
  const submission = parseIntent(form, integrationsSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case "automatic-opt-in":
      permit(member, "integrations.aocm");
      return saveAutomaticOptIn(request, form, member, input.enabled);
    case "disconnect":
      permit(member, "integrations.disconnect");
      return disconnect(request, form, member);
    case "consent-text":
      permit(member, "integrations.consentText");
      return answerConsentTextSave(request, form, member, input);
    case "whatsapp-verify-and-save":
      permit(member, "integrations.whatsapp");
      return answerVerifyAndSave(request, form, member, input);
    case "whatsapp-check-webhook":
      permit(member, "integrations.whatsapp");
      return answerCheckWebhook(request, form, member);
    case "whatsapp-sync-templates":
      permit(member, "integrations.whatsapp");
      return answerSyncTemplates(request, form, member);
    default:
      return unknownIntent();
  }
}

async function saveAutomaticOptIn(request: Request, form: FormData, member: MemberContext, enabled: boolean) {
  const stored = await setAutomaticOptIn(member, enabled);
  if (stored === null)
    return respond(request, form, { message: "integrations.notConnectedAnymore", error: true });
  const toast: Toast = {
    message: stored ? "integrations.automaticOptInTurnedOn" : "integrations.automaticOptInTurnedOff",
  };
  return respond(request, form, toast, { automaticOptIn: stored });
}

/** Done: back to the home with the spec's toast. Nothing to disconnect: the home, which shows it. */
async function disconnect(request: Request, form: FormData, member: MemberContext) {
  const outcome = await disconnectShopifyStore(member);
  if (outcome.status === "billing-failed")
    return respond(request, form, { message: "integrations.disconnectFailed", error: true });
  if (outcome.status === "not-connected")
    return redirectWithToast(request, integrationUrl("home"), {
      message: "integrations.notConnectedAnymore",
      error: true,
    });
  return redirectWithToast(request, integrationUrl("home"), { message: "integrations.disconnected" });
}

export default function Integration({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "shopify") return <ShopifyView data={loaderData} />;
  if (loaderData.tritech)
    return <TritechView data={loaderData.tritech} events={loaderData.view === "tritech-events"} />;
  if (loaderData.view === "whatsapp") return <WhatsAppView data={loaderData} />;
  return <IntegrationsHome active={loaderData.active} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
