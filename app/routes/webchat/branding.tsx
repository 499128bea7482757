import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { config } from "~/config.server";
import { requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import type { Toast } from "~/domain/actions/toast";
import { loadSubdomainPatterns } from "~/domain/platform/system-configuration.server";
import { readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { listAssets } from "~/domain/webchat/branding/assets.server";
import { getChatBranding, saveChatBranding } from "~/domain/webchat/branding/branding.server";
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
    // The address of the chat as saved: the preview frame and the shareable link use it.
    chatUrl: branding.subdomain ? new URL(`/c/${branding.subdomain}`, config().APP_URL).toString() : null,
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
