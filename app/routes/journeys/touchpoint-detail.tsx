import { Badge, BlockStack, Box, Card, InlineGrid, InlineStack, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { config } from "~/config.server";
import { requireMember } from "~/domain/access/guard.server";
import { latestMessages, touchpointCounts } from "~/domain/journeys/touchpoint-sends.server";
import { getJourney, getTouchpoint } from "~/domain/journeys/touchpoints.server";
import { trackedLinkUrl } from "~/domain/messaging/link-codes";
import { getAttributionWindowDays } from "~/domain/settings/attribution.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { touchpointRevenue } from "~/domain/shopify/commerce/attributed-revenue.server";
import { EmptyMessage } from "~/ui/empty-message";
import { workflowUrl } from "~/ui/journeys/journey-card";
import { messageReasonText } from "~/ui/journeys/message-reason";
import { TouchpointRevenueCard } from "~/ui/journeys/touchpoint-revenue";
import { waitText } from "~/ui/journeys/wait-text";
import type { Route } from "./+types/touchpoint-detail";

/** One touchpoint (?id=): what it sends, its sent, delivered, failed and clicked counts, its latest messages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const touchpoint = await getTouchpoint(member, new URL(request.url).searchParams.get("id") ?? "");
  const journey = touchpoint ? await getJourney(member, touchpoint.journeyId) : null;
  if (!touchpoint || !journey) return data({ found: false as const }, 404);
  const [allCounts, messages, revenue, attributionWindowDays] = await Promise.all([
    touchpointCounts(member, [touchpoint.id]),
    latestMessages(member, touchpoint.id, 20),
    touchpointRevenue(member, touchpoint.id),
    getAttributionWindowDays(member),
  ]);
  const counts = allCounts.get(touchpoint.id);
  return {
    found: true as const,
    touchpoint: {
      id: touchpoint.id,
      name: touchpoint.name,
      ordinal: touchpoint.ordinal,
      channel: touchpoint.channel,
      subject: touchpoint.subject,
      message: touchpoint.message,
      waitMinutes: touchpoint.waitMinutes,
      linkTarget: touchpoint.linkTarget,
      trackedLink: touchpoint.linkCode ? trackedLinkUrl(config().APP_URL, touchpoint.linkCode) : null,
    },
    journey: { id: journey.id, name: journey.name, touchpointCount: journey.touchpointCount },
    counts: counts ?? { sent: 0, delivered: 0, failed: 0, clicked: 0 },
    messages: messages.map((m) => ({ ...m, at: (m.sentAt ?? m.createdAt).toISOString() })),
    revenue,
    attributionWindowDays,
  };
}

const statusTones = {
  queued: "info",
  sending: "info",
  sent: "success",
  delivered: "success",
  failed: "critical",
  undelivered: "critical",
  suppressed: "attention",
} as const;

export default function TouchpointDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  if (!loaderData.found)
    return (
      <Page
        title={t("screens.touchpointDetail")}
        backAction={{ content: t("journeys.detail.back"), url: "/touchpoints" }}
      >
        <Card>
          <EmptyMessage heading={t("journeys.detail.notFound")}>
            {t("journeys.detail.notFoundBody")} <Link url="/touchpoints">{t("journeys.detail.back")}</Link>
          </EmptyMessage>
        </Card>
      </Page>
    );
  const { touchpoint, journey, counts, messages, revenue, attributionWindowDays } = loaderData;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <Page
      title={touchpoint.name}
      subtitle={t("journeys.detail.stepOf", { n: touchpoint.ordinal, total: journey.touchpointCount })}
      backAction={{ content: t("journeys.detail.back"), url: `/touchpoints?journey=${journey.id}` }}
      secondaryActions={[{ content: t("journeys.viewWorkflow"), url: workflowUrl(journey.id) }]}
    >
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Badge>{t(`journeys.channel.${touchpoint.channel}`)}</Badge>
              <Text as="span">{t("journeys.detail.journey", { name: journey.name })}</Text>
              <Text as="span" tone="subdued">
                · {waitText(t, touchpoint.waitMinutes)}
              </Text>
            </InlineStack>
            {touchpoint.subject ? (
              <Text as="p" fontWeight="semibold">
                {touchpoint.subject}
              </Text>
            ) : null}
            <Box background="bg-surface-secondary" padding="300" borderRadius="200">
              <p style={{ whiteSpace: "pre-wrap", margin: 0 }}>{touchpoint.message}</p>
            </Box>
            {touchpoint.linkTarget ? (
              <Text as="p">
                {t("journeys.columns.link")}:{" "}
                <Link url={touchpoint.linkTarget} target="_blank">
                  {touchpoint.linkTarget}
                </Link>
                {touchpoint.trackedLink
                  ? ` · ${t("journeys.detail.trackedLink")}: ${touchpoint.trackedLink}`
                  : ""}
              </Text>
            ) : null}
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("journeys.detail.counts")}
            </Text>
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
              {(["sent", "delivered", "failed", "clicked"] as const).map((key) => (
                <Box key={key} borderWidth="025" borderColor="border" borderRadius="200" padding="300">
                  <BlockStack gap="100">
                    <Text as="h3" variant="bodySm" tone="subdued" id={`count-${key}`}>
                      {t(`journeys.detail.${key}`)}
                    </Text>
                    <Text as="p" variant="headingLg">
                      <span aria-describedby={`count-${key}`} data-testid={`count-${key}`}>
                        {counts[key]}
                      </span>
                    </Text>
                  </BlockStack>
                </Box>
              ))}
            </InlineGrid>
            <Text as="p" tone="subdued" variant="bodySm">
              {t("journeys.detail.countsNote")}
            </Text>
          </BlockStack>
        </Card>
        <TouchpointRevenueCard revenue={revenue} windowDays={attributionWindowDays} />
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("journeys.detail.latest")}
            </Text>
            {messages.length === 0 ? (
              <EmptyMessage heading={t("journeys.detail.noMessages")} />
            ) : (
              <table style={{ width: "100%", borderCollapse: "collapse" }}>
                <thead>
                  <tr>
                    {(["contact", "status", "reason", "time"] as const).map((key) => (
                      <th
                        key={key}
                        scope="col"
                        style={{
                          textAlign: "start",
                          padding: 8,
                          borderBlockEnd: "1px solid var(--p-color-border)",
                        }}
                      >
                        {t(`journeys.detail.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {messages.map((m) => (
                    <tr key={m.id} style={{ borderBlockEnd: "1px solid var(--p-color-border-secondary)" }}>
                      <td style={{ padding: 8 }}>
                        <Link url={`/contacts/contact-detail?id=${m.contactId}`}>{m.contactName}</Link>
                        {m.recipient ? (
                          <Text as="span" tone="subdued" variant="bodySm">
                            {" "}
                            {m.recipient}
                          </Text>
                        ) : null}
                      </td>
                      <td style={{ padding: 8 }}>
                        <InlineStack gap="100">
                          <Badge tone={statusTones[m.status]}>
                            {t(`journeys.detail.statuses.${m.status}`)}
                          </Badge>
                          {m.isTest ? <Badge>{t("journeys.detail.test")}</Badge> : null}
                        </InlineStack>
                      </td>
                      <td style={{ padding: 8 }}>
                        {m.statusReason ? messageReasonText(t, m.statusReason) : "—"}
                      </td>
                      <td style={{ padding: 8 }}>{when(m.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/ui/route-error-boundary";
export const headers = shopifyBoundaryHeaders;
