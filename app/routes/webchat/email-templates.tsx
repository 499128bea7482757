import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import type { Toast } from "~/domain/actions/toast";
import { listAttributes } from "~/domain/contacts/attributes.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { MAX_BODY_LENGTH, TEMPLATE_KINDS } from "~/domain/webchat/templates/template-html";
import {
  applyTemplate,
  discardTemplateDraft,
  listTemplates,
  saveTemplateDraft,
} from "~/domain/webchat/templates/templates.server";
import { sendTestEmail } from "~/domain/webchat/templates/test-email.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import richEditorStyles from "~/ui/webchat/rich-editor.css?url";
import { TemplatesEditor } from "~/ui/webchat/templates-editor";
import webchatStyles from "~/ui/webchat/webchat.css?url";
import type { Route } from "./+types/email-templates";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: webchatStyles },
  { rel: "stylesheet", href: richEditorStyles },
];

/** /webchat/email-templates (spec 3 sections 2.4, 3.6, 4.3): the chat's three emails. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.view");
  const [templates, attributes] = await Promise.all([
    listTemplates(getDb(), member.account.id),
    // Spec 8: 'Could not load contact attributes.' when they fail; the editor works without them.
    listAttributes(member, "contact").then(
      (rows) => rows.map((row) => row.title),
      (error) => {
        console.warn("webchat: contact attributes not loaded", error);
        return null;
      },
    ),
  ]);
  return { templates, attributes, canWrite: can(member, "webchat.write"), email: member.user.email };
}

const copy = { subject: z.string().max(1000), body: z.string().max(MAX_BODY_LENGTH) };
const templateRequest = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply"), kind: z.enum(TEMPLATE_KINDS), ...copy }),
  z.object({ intent: z.literal("draft"), kind: z.enum(TEMPLATE_KINDS), ...copy }),
  z.object({ intent: z.literal("discardDraft"), kind: z.enum(TEMPLATE_KINDS) }),
  z.object({ intent: z.literal("test"), kind: z.enum(TEMPLATE_KINDS), ...copy }),
]);

const failed: Toast = { message: "webchat.templates.failed", error: true };
const errorSaving: Toast = { message: "webchat.templates.error", error: true };

/** Apply, the autosaved draft and the test email, posted as JSON; read-only admins get 403. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "webchat.write");
  let parsed: z.infer<typeof templateRequest>;
  try {
    parsed = templateRequest.parse(JSON.parse(await readBodyWithin(request, 2 * MAX_BODY_LENGTH)));
  } catch {
    return data({ toast: failed }, 400);
  }
  const actor = { accountId: member.account.id, userId: member.user.id };
  const db = getDb();
  try {
    switch (parsed.intent) {
      case "draft": {
        const kept = await saveTemplateDraft(db, actor, parsed.kind, parsed);
        return data({ draft: parsed.kind }, kept.ok ? 200 : 400);
      }
      case "discardDraft":
        await discardTemplateDraft(db, actor, parsed.kind);
        return { draft: parsed.kind };
      case "test": {
        const sent = await sendTestEmail(db, member, parsed);
        if (sent === "sent")
          return { toast: { message: "webchat.templates.testSent", values: { email: member.user.email } } };
        const message = sent === "limited" ? "webchat.templates.testLimited" : "webchat.templates.testFailed";
        return data({ toast: { message, error: true } satisfies Toast }, sent === "limited" ? 429 : 400);
      }
      case "apply": {
        const applied = await applyTemplate(db, actor, parsed.kind, parsed);
        if (!applied.ok) return data({ toast: failed }, 400);
        return {
          toast: { message: "webchat.templates.saved" } satisfies Toast,
          applied: { kind: parsed.kind, id: applied.id, saved: applied.saved },
        };
      }
    }
  } catch (error) {
    console.error("webchat: template action failed", error);
    return data({ toast: errorSaving }, 500);
  }
}

/** The autosave and the test email change nothing the page shows: no reload after them. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && !("applied" in actionResult)) return false;
  return defaultShouldRevalidate;
}

export default function EmailTemplatesPage({ loaderData }: Route.ComponentProps) {
  return <TemplatesEditor data={loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
