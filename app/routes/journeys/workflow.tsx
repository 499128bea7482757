import { Badge, BlockStack, Box, Card, Icon, InlineStack, Link, Page, Select, Text } from "@shopify/polaris";
import { ChatIcon, ClockIcon, EmailIcon, FlagIcon, PersonAddIcon, PhoneIcon } from "@shopify/polaris-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data, useNavigate } from "react-router";
import { requireMember } from "~/domain/access/guard.server";
import { getJourneyWithTouchpoints, listJourneys } from "~/domain/journeys/touchpoints.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { EmptyMessage } from "~/ui/empty-message";
import { detailUrl, workflowUrl } from "~/ui/journeys/journey-card";
import { StateBadge } from "~/ui/journeys/journey-state";
import { waitText } from "~/ui/journeys/wait-text";
import type { Route } from "./+types/workflow";

/** A journey drawn as a vertical flow: enrollment, then each wait and touchpoint, then the end. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const options = (await listJourneys(member)).map((j) => ({ id: j.id, name: j.name }));
  const requested = new URL(request.url).searchParams.get("journey");
  const id = requested ?? options[0]?.id ?? "";
  const found = id ? await getJourneyWithTouchpoints(member, id) : null;
  const body = {
    options,
    journey: found?.journey
      ? {
          id: found.journey.id,
          name: found.journey.name,
          productName: found.journey.productName,
          state: found.journey.state,
        }
      : null,
    steps: (found?.touchpoints ?? []).map((tp) => ({
      id: tp.id,
      name: tp.name,
      channel: tp.channel,
      waitMinutes: tp.waitMinutes,
      excerpt: tp.message.length > 140 ? `${tp.message.slice(0, 139)}…` : tp.message,
    })),
  };
  return requested && !found ? data(body, 404) : body;
}

const channelIcons = { sms: ChatIcon, whatsapp: PhoneIcon, email: EmailIcon } as const;

export default function Workflow({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { journey, steps, options } = loaderData;
  return (
    <Page
      title={journey ? t("journeys.workflow.title", { name: journey.name }) : t("screens.workflow")}
      titleMetadata={journey ? <StateBadge state={journey.state} /> : undefined}
      backAction={{
        content: t("journeys.workflow.back"),
        url: journey ? `/touchpoints?journey=${journey.id}` : "/touchpoints",
      }}
    >
      <BlockStack gap="400">
        {options.length > 1 ? (
          <Select
            label={t("journeys.journeyLabel")}
            options={options.map((o) => ({ value: o.id, label: o.name }))}
            value={journey?.id ?? ""}
            onChange={(value) => navigate(workflowUrl(value))}
          />
        ) : null}
        {!journey ? (
          <Card>
            {options.length === 0 ? (
              <EmptyMessage heading={t("journeys.noJourneys")}>
                {t("journeys.noJourneysBody")} <Link url="/product">{t("journeys.goToProducts")}</Link>
              </EmptyMessage>
            ) : (
              <EmptyMessage heading={t("journeys.workflow.noJourney")}>
                {t("journeys.workflow.noJourneyBody")}
              </EmptyMessage>
            )}
          </Card>
        ) : (
          <ol
            aria-label={t("journeys.workflow.title", { name: journey.name })}
            style={{ listStyle: "none", margin: 0, padding: 0 }}
          >
            <Step icon={PersonAddIcon} title={t("journeys.workflow.enrollment")}>
              {t("journeys.workflow.enrollmentBody", { product: journey.productName })}
            </Step>
            {steps.length === 0 ? (
              <li>
                <Connector />
                <Card>
                  <EmptyMessage heading={t("journeys.workflow.empty")}>
                    <Link url={`/touchpoints?journey=${journey.id}`}>{t("journeys.workflow.back")}</Link>
                  </EmptyMessage>
                </Card>
              </li>
            ) : (
              steps.map((step, index) => (
                <li key={step.id}>
                  <Connector />
                  <Wait
                    text={
                      step.waitMinutes > 0
                        ? t("journeys.wait.after", { wait: waitText(t, step.waitMinutes) })
                        : waitText(t, 0)
                    }
                  />
                  <Connector />
                  <Card>
                    <InlineStack gap="300" blockAlign="start" wrap={false}>
                      <Box>
                        <Icon source={channelIcons[step.channel]} tone="base" />
                      </Box>
                      <BlockStack gap="100">
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="span" tone="subdued" variant="bodySm">
                            {t("journeys.workflow.step", { n: index + 1 })}
                          </Text>
                          <Badge>{t(`journeys.channel.${step.channel}`)}</Badge>
                        </InlineStack>
                        <Link url={detailUrl(step.id)}>
                          <Text as="span" variant="headingSm">
                            {step.name}
                          </Text>
                        </Link>
                        <Text as="p" tone="subdued">
                          {step.excerpt}
                        </Text>
                      </BlockStack>
                    </InlineStack>
                  </Card>
                </li>
              ))
            )}
            <Step icon={FlagIcon} title={t("journeys.workflow.end")} />
          </ol>
        )}
      </BlockStack>
    </Page>
  );
}

function Step({ icon, title, children }: { icon: typeof FlagIcon; title: string; children?: ReactNode }) {
  const end = icon === FlagIcon;
  return (
    <li>
      {end ? <Connector /> : null}
      <Box
        background="bg-surface-secondary"
        borderRadius="300"
        padding="300"
        borderWidth="025"
        borderColor="border"
      >
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Box>
            <Icon source={icon} tone="subdued" />
          </Box>
          <BlockStack gap="050">
            <Text as="h2" variant="headingSm">
              {title}
            </Text>
            {children ? (
              <Text as="p" tone="subdued">
                {children}
              </Text>
            ) : null}
          </BlockStack>
        </InlineStack>
      </Box>
    </li>
  );
}

function Wait({ text }: { text: string }) {
  return (
    <InlineStack align="center">
      <Box background="bg-fill-secondary" borderRadius="full" paddingInline="300" paddingBlock="100">
        <InlineStack gap="100" blockAlign="center" wrap={false}>
          <Icon source={ClockIcon} tone="subdued" />
          <Text as="span" variant="bodySm">
            {text}
          </Text>
        </InlineStack>
      </Box>
    </InlineStack>
  );
}

function Connector() {
  return (
    <div aria-hidden="true" style={{ display: "flex", justifyContent: "center" }}>
      <div style={{ width: 2, height: 20, background: "var(--p-color-border)" }} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/ui/route-error-boundary";
export const headers = shopifyBoundaryHeaders;
