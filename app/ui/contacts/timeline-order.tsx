import { Link, Text } from "@shopify/polaris";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TimelineEvent } from "~/domain/journeys/timeline.server";
import { formatMoney } from "~/domain/kernel/money";
import { detailUrl } from "~/ui/journeys/journey-card";

type OrderEvent = Extract<TimelineEvent, { kind: "order" }>;

/** A store order's line on the contact's timeline: "Order #1001 · $42.50", in the shop's currency. */
export function orderTitle(t: TFunction, locale: string, event: OrderEvent): string {
  return t("timeline.order", {
    name: event.name,
    total: formatMoney(event.totalMinor, event.currency, locale),
  });
}

/** Below it: the touchpoint the order is attributed to (its detail page shows the touchpoint's revenue). */
export function TimelineOrderDetails({ event }: { event: OrderEvent }) {
  const { t } = useTranslation();
  if (event.cancelled)
    return (
      <Text as="p" tone="subdued" variant="bodySm">
        {t("timeline.orderCancelled")}
      </Text>
    );
  if (!event.touchpoint)
    return (
      <Text as="p" tone="subdued" variant="bodySm">
        {t("timeline.orderNotAttributed")}
      </Text>
    );
  return (
    <Text as="p" variant="bodySm">
      <Link url={detailUrl(event.touchpoint.id)} removeUnderline>
        {t("timeline.orderAttributedTo", { touchpoint: event.touchpoint.name })}
      </Link>
    </Text>
  );
}
