import { Badge, BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { MessageStatus } from "#db/schema";
import type { TimelineEvent } from "~/domain/journeys/timeline.server";
import { EmptyMessage } from "~/ui/empty-message";
import { messageReasonText } from "~/ui/journeys/message-reason";
import { orderTitle, TimelineOrderDetails } from "./timeline-order";

type BadgeTone = "success" | "critical" | "attention" | "info" | "warning" | undefined;

const statusTone: Record<MessageStatus, BadgeTone> = {
  queued: "info",
  sending: "info",
  sent: undefined,
  delivered: "success",
  failed: "critical",
  undelivered: "critical",
  suppressed: "warning",
};

/** The contact's timeline card: what the journeys did with this contact and what they ordered, newest first. */
export function ContactTimeline({ events, limit }: { events: TimelineEvent[]; limit: number }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("timeline.title")}
          </Text>
          {events.length >= limit ? (
            <Text as="span" tone="subdued">
              {t("timeline.showing", { count: limit })}
            </Text>
          ) : null}
        </InlineStack>
        {events.length === 0 ? (
          <EmptyMessage heading={t("timeline.empty")}>{t("timeline.emptyHelp")}</EmptyMessage>
        ) : (
          <ol aria-label={t("timeline.title")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {events.map((event) => (
              <li key={`${event.kind}:${event.id}`} data-testid="timeline-event">
                <Box paddingBlock="200" borderBlockEndWidth="025" borderColor="border-secondary">
                  <BlockStack gap="100">
                    <InlineStack align="space-between" gap="200" blockAlign="start" wrap={false}>
                      <Text as="p" fontWeight="medium">
                        {title(t, i18n.language, event)}
                      </Text>
                      <Text as="span" tone="subdued" variant="bodySm">
                        <time dateTime={event.at}>{format.format(new Date(event.at))}</time>
                      </Text>
                    </InlineStack>
                    <Details event={event} />
                  </BlockStack>
                </Box>
              </li>
            ))}
          </ol>
        )}
      </BlockStack>
    </Card>
  );
}

function title(t: TFunction, locale: string, event: TimelineEvent): string {
  switch (event.kind) {
    case "enrolled":
      return t("timeline.enrolled", { product: event.product });
    case "enrollment_ended":
      return t("timeline.enrollmentEnded", { product: event.product });
    case "message": {
      const channel = t(`timeline.channels.${event.channel}`);
      if (!event.touchpoint) return t("timeline.messageNoTouchpoint", { channel });
      return t(event.isTest ? "timeline.testMessage" : "timeline.message", {
        channel,
        touchpoint: event.touchpoint,
      });
    }
    case "click":
      return event.touchpoint
        ? t("timeline.click", { touchpoint: event.touchpoint })
        : t("timeline.clickNoTouchpoint");
    case "consent": {
      const source = t(`timeline.sources.${event.source}`, { defaultValue: event.source });
      return t(event.consent === "opt_in" ? "timeline.optIn" : "timeline.optOut", { source });
    }
    case "order":
      return orderTitle(t, locale, event);
  }
}

function Details({ event }: { event: TimelineEvent }) {
  const { t } = useTranslation();
  if (event.kind === "message")
    return (
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone={statusTone[event.status]}>{t(`timeline.statuses.${event.status}`)}</Badge>
          {event.statusReason ? (
            <Text as="span" tone="subdued" variant="bodySm">
              {messageReasonText(t, event.statusReason)}
            </Text>
          ) : null}
        </InlineStack>
        {event.body ? (
          <Text as="p" tone="subdued" variant="bodySm" breakWord>
            {event.body}
          </Text>
        ) : null}
      </BlockStack>
    );
  if (event.kind === "click")
    return (
      <Text as="p" tone="subdued" variant="bodySm" breakWord>
        {[event.target, event.userAgent].filter(Boolean).join(" · ")}
      </Text>
    );
  if (event.kind === "order") return <TimelineOrderDetails event={event} />;
  if (event.kind === "consent") {
    const lines = [
      event.collectedFrom ? collectedFromText(t, event.collectedFrom) : null,
      event.keyword ? t("timeline.keyword", { keyword: event.keyword }) : event.consentText,
    ].filter((line): line is string => Boolean(line));
    return lines.length === 0 ? null : (
      <BlockStack gap="050">
        {lines.map((line) => (
          <Text key={line} as="p" tone="subdued" variant="bodySm" breakWord>
            {line}
          </Text>
        ))}
      </BlockStack>
    );
  }
  return null;
}

/** Where Shopify collected the consent (the event's time is Shopify's consent time). */
function collectedFromText(t: TFunction, value: string): string {
  if (value === "shopify" || value === "other") return t(`timeline.collectedFrom.${value}`);
  return t("timeline.collectedFrom.unknown", { value });
}
