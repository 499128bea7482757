import { BlockStack, Card, InlineStack, Link, Page, Select, Spinner } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigate, useNavigation } from "react-router";
import { requireMember } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { type DrawerAnswer, touchpointAction } from "~/domain/journeys/touchpoint-actions.server";
import { listJourneys, listStateChanges, listTouchpoints } from "~/domain/journeys/touchpoints.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { approvedTemplates } from "~/domain/whatsapp/templates.server";
import { EmptyMessage } from "~/ui/empty-message";
import { JourneyCard, type JourneyView, type TouchpointView } from "~/ui/journeys/journey-card";
import { TestNow } from "~/ui/journeys/test-now";
import { TouchpointDrawer } from "~/ui/journeys/touchpoint-drawer";
import { ToastView } from "~/ui/toast";
import type { Route } from "./+types/touchpoints";

/** The touchpoint manager: the company's journeys (all, or the one in ?journey=) and their touchpoints. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const all = await listJourneys(member);
  const chosen = new URL(request.url).searchParams.get("journey") ?? "";
  const shown = all.some((j) => j.id === chosen) ? all.filter((j) => j.id === chosen) : all;
  const touchpoints = await listTouchpoints(
    member,
    shown.map((j) => j.id),
  );
  const journeys: JourneyView[] = await Promise.all(
    shown.map(async (journey) => ({
      id: journey.id,
      name: journey.name,
      productName: journey.productName,
      state: journey.state,
      touchpoints: touchpoints
        .filter((tp) => tp.journeyId === journey.id)
        .map((tp) => ({
          id: tp.id,
          ordinal: tp.ordinal,
          name: tp.name,
          waitMinutes: tp.waitMinutes,
          waitUnit: tp.waitUnit,
          channel: tp.channel,
          subject: tp.subject,
          message: tp.message,
          linkTarget: tp.linkTarget,
          whatsappTemplateName: tp.whatsappTemplateName,
          whatsappTemplateLanguage: tp.whatsappTemplateLanguage,
          whatsappTemplateParameters: tp.whatsappTemplateParameters,
        })),
      changes: (await listStateChanges(member, journey.id, 3)).map((c) => ({
        ...c,
        createdAt: c.createdAt.toISOString(),
      })),
    })),
  );
  return {
    options: all.map((j) => ({ id: j.id, name: j.name })),
    chosen: shown.length === 1 && all.length > 1 ? shown[0].id : "",
    journeys,
    // The company's approved WhatsApp templates for WhatsApp touchpoints (issue 16).
    whatsappTemplates: await approvedTemplates(member),
    can: {
      admin: member.isCompanyAdmin,
      manage: can(member, "journeys.manage"),
      editLink: can(member, "touchpoints.test"),
      test: can(member, "touchpoints.test"),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return touchpointAction(await requireMember({ request, context }), request);
}

type Editing = { mode: "create" | "update" | "link"; journeyId: string; touchpoint?: TouchpointView };

export default function Touchpoints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { journeys, can } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [testing, setTesting] = useState<TouchpointView | null>(null);
  const closeDrawer = useCallback(() => setEditing(null), []);
  const closeTest = useCallback(() => setTesting(null), []);
  const action = `/touchpoints${location.search}`;
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/touchpoints";
  const answer = actionData as DrawerAnswer | undefined;
  return (
    <Page fullWidth title={t("journeys.title")}>
      <BlockStack gap="400">
        {loaderData.options.length > 0 ? (
          <Card>
            {/* A GET form, so the dropdown also works without JavaScript (its Show button). */}
            <Form method="get" action="/touchpoints">
              <InlineStack gap="300" blockAlign="end">
                <div style={{ minWidth: 280 }}>
                  <Select
                    name="journey"
                    label={t("journeys.journeyLabel")}
                    options={[
                      { value: "", label: t("journeys.allJourneys") },
                      ...loaderData.options.map((o) => ({ value: o.id, label: o.name })),
                    ]}
                    value={loaderData.chosen}
                    onChange={(value) => navigate(value ? `/touchpoints?journey=${value}` : "/touchpoints")}
                  />
                </div>
                <noscript>
                  <button type="submit">{t("journeys.show")}</button>
                </noscript>
                {loading ? <Spinner size="small" accessibilityLabel={t("journeys.loading")} /> : null}
              </InlineStack>
            </Form>
          </Card>
        ) : null}
        {journeys.length === 0 ? (
          <Card>
            <EmptyMessage heading={t("journeys.noJourneys")}>
              {t("journeys.noJourneysBody")} <Link url="/product">{t("journeys.goToProducts")}</Link>
            </EmptyMessage>
          </Card>
        ) : (
          journeys.map((journey) => (
            <JourneyCard
              key={journey.id}
              journey={journey}
              can={can}
              action={action}
              onAdd={() => setEditing({ mode: "create", journeyId: journey.id })}
              onEdit={(touchpoint) =>
                setEditing({ mode: can.manage ? "update" : "link", journeyId: journey.id, touchpoint })
              }
              onTest={setTesting}
            />
          ))
        )}
      </BlockStack>
      {editing ? (
        <TouchpointDrawer
          key={`${editing.mode}-${editing.touchpoint?.id ?? editing.journeyId}`}
          mode={editing.mode}
          journeyId={editing.journeyId}
          touchpoint={editing.touchpoint}
          answer={answer}
          onClose={closeDrawer}
          whatsappTemplates={loaderData.whatsappTemplates}
          first={
            editing.touchpoint
              ? editing.touchpoint.ordinal ===
                Math.min(...journeyTouchpointOrdinals(journeys, editing.journeyId))
              : journeys.find((j) => j.id === editing.journeyId)?.touchpoints.length === 0
          }
        />
      ) : null}
      <TestNow touchpoint={testing} action={action} onClose={closeTest} />
      <ToastView toast={answer?.toast} />
    </Page>
  );
}

function journeyTouchpointOrdinals(journeys: JourneyView[], journeyId: string) {
  return journeys.find((j) => j.id === journeyId)?.touchpoints.map((tp) => tp.ordinal) ?? [];
}

export { RouteErrorBoundary as ErrorBoundary } from "~/ui/route-error-boundary";
export const headers = shopifyBoundaryHeaders;
