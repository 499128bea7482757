import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import type { Toast } from "~/domain/actions/toast";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { listAssets } from "~/domain/webchat/branding/assets.server";
import { getChatBranding, saveChatBranding } from "~/domain/webchat/branding/branding.server";
import { SUBDOMAIN_SLOT } from "~/domain/webchat/branding/branding-schema";
import { chatAppUrl, chatPreviewUrl } from "~/domain/webchat/chat/chat-urls.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { BrandingEditor } from "~/ui/webchat/branding-editor";
import webchatStyles from "~/ui/webchat/webchat.css?url";
import type { Route } from "./+types/branding";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: webchatStyles }];

/** /webchat/branding (spec 3 sections 2.4, 3.7, 4.4, 5.4): the chat app's look, with a live preview. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.view");
  const [branding, assets] = await Promise.all([
    getChatBranding(getDb(), member.account.id),
    listAssets(getDb(), member.account.id),
  ]);
  return {
    branding,
    assets,
    // The address of the chat as saved (on its chat host with CHAT_DOMAIN): the shareable link, the
    // preview frame, and the pattern the subdomain field's hint fills in.
    chatUrl: branding.subdomain ? chatAppUrl(branding.subdomain) : null,
    chatUrlPattern: chatAppUrl(SUBDOMAIN_SLOT),
    previewUrl: branding.subdomain ? chatPreviewUrl(branding.subdomain) : null,
    canWrite: can(member, "webchat.write"),
  };
}

const brandingRequest = z.object({ intent: z.literal("apply"), branding: z.record(z.string(), z.unknown()) });
const failed: Toast = { message: "webchat.branding.failed", error: true };

/** Apply: checked (spec 5.4), then saved with the subdomain; read-only admins get 403. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.write");
  let input: z.infer<typeof brandingRequest>;
  try {
    input = brandingRequest.parse(JSON.parse(await readBodyWithin(request, 64 * 1024)));
  } catch {
    return data({ toast: failed }, 400);
  }
  try {
    const patterns = await loadSubdomainPatterns();
    const saved = await saveChatBranding(
      getDb(),
      { accountId: member.account.id, userId: member.user.id },
      input.branding,
      patterns.alias,
    );
    if (!saved.ok) return data({ toast: failed, ...saved }, 400);
    return { toast: { message: "webchat.branding.saved" } satisfies Toast, branding: saved.branding };
  } catch (error) {
    console.error("webchat: branding not saved", error);
    return data({ toast: failed }, 500);
  }
}

export default function BrandingPage({ loaderData }: Route.ComponentProps) {
  return <BrandingEditor data={loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
