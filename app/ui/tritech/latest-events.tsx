import { Badge, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { TritechViewData } from "~/domain/tritech/profile.server";

/** The latest events AIM sent, newest first, with what became of each (processed or ignored, and why). */
export function LatestEvents({ events }: { events: TritechViewData["events"] }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("tritech.latestEvents")}
        </Text>
        {events.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("tritech.noEvents")}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "text", "text", "text"]}
            headings={[
              t("tritech.eventColumns.received"),
              t("tritech.eventColumns.eventId"),
              t("tritech.eventColumns.action"),
              t("tritech.eventColumns.status"),
              t("tritech.eventColumns.outcome"),
              t("tritech.eventColumns.reason"),
            ]}
            rows={events.map((event) => [
              when.format(new Date(event.receivedAt)),
              event.eventId,
              event.action,
              event.transactionStatus ?? "",
              <Badge key="outcome" tone={event.status === "processed" ? "success" : undefined}>
                {t(`tritech.outcome.${event.status}`)}
              </Badge>,
              <span key="reason" style={{ whiteSpace: "normal" }}>
                {event.reason}
              </span>,
            ])}
          />
        )}
      </BlockStack>
    </Card>
  );
}
