import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AnalyticsReport } from "~/domain/analytics/report";
import { formatCount } from "./figures";
import { TableScroll } from "./table-scroll";

function ListCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd" id={`${id}-title`}>
            {title}
          </Text>
          {children}
        </BlockStack>
      </section>
    </Card>
  );
}

/** The tracked links clicked most in the period. */
export function TopLinks({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <ListCard id="top-links" title={t("analytics.links.title")}>
      {report.topLinks.length === 0 ? (
        <Text as="p" tone="subdued">
          {t("analytics.links.empty")}
        </Text>
      ) : (
        <TableScroll labelledBy="top-links-title">
          <table className="analytics-table" aria-labelledby="top-links-title" data-testid="top-links">
            <thead>
              <tr>
                <th scope="col">{t("analytics.links.url")}</th>
                <th scope="col" className="analytics-number">
                  {t("analytics.links.clicks")}
                </th>
                <th scope="col" className="analytics-number">
                  {t("analytics.links.clickedMessages")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.topLinks.map((link) => (
                <tr key={link.url}>
                  {/* The address as text, not a link: the merchant's targets are not ours to send people to from here. */}
                  <th scope="row" className="analytics-wrap">
                    {link.url}
                  </th>
                  <td className="analytics-number">{count(link.clicks)}</td>
                  <td className="analytics-number">{count(link.clickedMessages)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </ListCard>
  );
}

/** Messages that were not sent, by reason in words; waiting ones (quiet hours, paused) say they may still go. */
export function NotSentReasons({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatCount(n, i18n.language);
  const rows = report.notSent.filter((r) => r.count > 0 || (r.previous ?? 0) > 0);
  return (
    <ListCard id="not-sent" title={t("analytics.notSent.title")}>
      {rows.length === 0 ? (
        <Text as="p" tone="subdued">
          {t("analytics.notSent.empty")}
        </Text>
      ) : (
        <TableScroll labelledBy="not-sent-title">
          <table className="analytics-table" aria-labelledby="not-sent-title" data-testid="not-sent">
            <thead>
              <tr>
                <th scope="col">{t("analytics.notSent.reason")}</th>
                <th scope="col" className="analytics-number">
                  {t("analytics.notSent.count")}
                </th>
                {report.compared ? (
                  <th scope="col" className="analytics-number">
                    {t("analytics.notSent.previous")}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.reason}>
                  <th scope="row" className="analytics-wrap">
                    {t(`analytics.notSent.reasons.${row.reason}`)}
                    {row.waiting ? (
                      <Text as="span" tone="subdued" variant="bodySm">
                        <br />
                        {t("analytics.notSent.waiting")}
                      </Text>
                    ) : null}
                  </th>
                  <td className="analytics-number">{count(row.count)}</td>
                  {report.compared ? <td className="analytics-number">{count(row.previous ?? 0)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </ListCard>
  );
}
