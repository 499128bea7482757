import { BlockStack, Box, Card, InlineGrid, Link, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "~/domain/kernel/money";
import type { TouchpointRevenue } from "~/domain/shopify/commerce/attributed-revenue.server";
import { EmptyMessage } from "~/ui/empty-message";

const cell = { padding: 8, textAlign: "start" } as const;

/**
 * The touchpoint detail's orders and attributed revenue: how many store orders followed a click on
 * its tracked link within the company's window, their revenue per currency in the shop's currency,
 * and the latest of them with their buyer.
 */
export function TouchpointRevenueCard({
  revenue,
  windowDays,
}: {
  revenue: TouchpointRevenue;
  windowDays: number;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const orders = revenue.totals.reduce((sum, total) => sum + total.orders, 0);
  const oneCurrency = revenue.totals.length === 1;
  return (
    <Card>
      <section aria-labelledby="touchpoint-revenue-title">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd" id="touchpoint-revenue-title">
            {t("attribution.touchpoint.title")}
          </Text>
          {orders === 0 ? (
            <EmptyMessage heading={t("attribution.touchpoint.empty")}>
              {t("attribution.touchpoint.emptyHelp", { days: windowDays })}
            </EmptyMessage>
          ) : (
            <>
              <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
                <Figure id="attributed-orders" label={t("attribution.touchpoint.orders")}>
                  {new Intl.NumberFormat(i18n.language).format(orders)}
                </Figure>
                {revenue.totals.map((total) => (
                  <Figure
                    key={total.currency}
                    id={`attributed-revenue-${total.currency}`}
                    label={
                      oneCurrency
                        ? t("attribution.touchpoint.revenue")
                        : t("attribution.touchpoint.revenueIn", { currency: total.currency })
                    }
                  >
                    {money(total.totalMinor, total.currency)}
                  </Figure>
                ))}
              </InlineGrid>
              <Text as="p" tone="subdued" variant="bodySm">
                {t("attribution.touchpoint.note", { days: windowDays })}
              </Text>
              <Text as="h3" variant="headingSm">
                {t("attribution.touchpoint.latest")}
              </Text>
              <table
                style={{ width: "100%", borderCollapse: "collapse" }}
                data-testid="attributed-orders-list"
              >
                <thead>
                  <tr style={{ borderBlockEnd: "1px solid var(--p-color-border)" }}>
                    {(["order", "contact", "total", "placedAt"] as const).map((key) => (
                      <th key={key} scope="col" style={cell}>
                        {t(`attribution.touchpoint.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {revenue.latest.map((order) => (
                    <tr
                      key={order.id}
                      style={{ borderBlockEnd: "1px solid var(--p-color-border-secondary)" }}
                    >
                      <td style={cell}>{order.name}</td>
                      <td style={cell}>
                        {order.contact ? (
                          <Link url={`/contacts/contact-detail?id=${order.contact.id}`}>
                            {order.contact.name}
                          </Link>
                        ) : (
                          <Text as="span" tone="subdued">
                            {t("attribution.touchpoint.contactGone")}
                          </Text>
                        )}
                      </td>
                      <td style={cell}>{money(order.totalMinor, order.currency)}</td>
                      <td style={cell}>
                        <time dateTime={order.placedAt}>{when(order.placedAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </BlockStack>
      </section>
    </Card>
  );
}

/** One figure with its label, read together by screen readers (as the touchpoint's counts are). */
function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box borderWidth="025" borderColor="border" borderRadius="200" padding="300">
      <BlockStack gap="100">
        <Text as="h3" variant="bodySm" tone="subdued" id={`${id}-label`}>
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          <span aria-describedby={`${id}-label`} data-testid={id}>
            {children}
          </span>
        </Text>
      </BlockStack>
    </Box>
  );
}
