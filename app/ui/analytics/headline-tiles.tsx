import { BlockStack, Box, Button, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AnalyticsReport, Figure, MoneyFigure, RateFigure } from "~/domain/analytics/report";
import { rate } from "~/domain/analytics/report";
import { formatMoney } from "~/domain/kernel/money";
import { type Change, changeOf, type Direction, formatCount, formatPercent, toneOf } from "./figures";

/**
 * The headline figures of the period, each with its change from the period before (spec: issue 18
 * item 1). Orders and revenue need a store: without one the tile says so and where to connect it.
 */
export function HeadlineTiles({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const h = report.headline;
  const count = (value: number) => formatCount(value, locale);
  const percent = (value: number | null) => formatPercent(value, locale);
  return (
    <section aria-labelledby="analytics-tiles-title">
      <h2 id="analytics-tiles-title" className="analytics-visually-hidden">
        {t("analytics.tiles.title")}
      </h2>
      <div className="analytics-tiles">
        <CountTile id="sent" label={t("analytics.tiles.sent")} figure={h.sent} />
        <CountTile
          id="delivered"
          label={t("analytics.tiles.delivered")}
          figure={h.delivered}
          detail={t("analytics.tiles.deliveredRate", {
            rate: percent(rate(h.delivered.current, h.sent.current)),
          })}
        />
        <CountTile
          id="failed"
          label={t("analytics.tiles.failed")}
          figure={h.failed}
          direction="lowerIsBetter"
        />
        <CountTile
          id="clicks"
          label={t("analytics.tiles.clicks")}
          figure={h.clicks}
          detail={
            <RateLine
              id="click-rate"
              text={t("analytics.tiles.clickRate", { rate: percent(h.clickRate.current) })}
              figure={h.clickRate}
            />
          }
        />
        <CountTile
          id="opt-outs"
          label={t("analytics.tiles.optOuts")}
          figure={h.optOuts}
          direction="lowerIsBetter"
        />
        <CountTile id="new-contacts" label={t("analytics.tiles.newContacts")} figure={h.newContacts} />
        <CountTile
          id="form-submissions"
          label={t("analytics.tiles.formSubmissions")}
          figure={h.formSubmissions}
          detail={
            <RateLine
              id="form-conversion"
              text={t("analytics.tiles.formConversion", {
                rate: percent(h.formConversion.current),
                views: count(h.formViews.current),
              })}
              figure={h.formConversion}
            />
          }
        />
        {report.storeConnected ? (
          <>
            <CountTile
              id="orders"
              label={t("analytics.tiles.orders")}
              figure={h.orders}
              detail={t("analytics.tiles.attributedOrders", { count: h.attributedOrders.current })}
            />
            <RevenueTile figures={h.attributedRevenue} />
          </>
        ) : (
          <NoStoreTile />
        )}
      </div>
    </section>
  );
}

function Tile({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box borderWidth="025" borderColor="border" borderRadius="200" padding="300" background="bg-surface">
      <BlockStack gap="100">
        <Text as="h3" variant="bodySm" tone="subdued" id={`tile-${id}-label`}>
          {label}
        </Text>
        {children}
      </BlockStack>
    </Box>
  );
}

function CountTile({
  id,
  label,
  figure,
  detail,
  direction = "higherIsBetter",
}: {
  id: string;
  label: string;
  figure: Figure;
  detail?: ReactNode;
  direction?: Direction;
}) {
  const { i18n } = useTranslation();
  return (
    <Tile id={id} label={label}>
      <Text as="p" variant="headingLg">
        <span data-testid={`tile-${id}`} aria-describedby={`tile-${id}-label`}>
          {formatCount(figure.current, i18n.language)}
        </span>
      </Text>
      {typeof detail === "string" ? (
        <Text as="p" variant="bodySm" tone="subdued">
          {detail}
        </Text>
      ) : (
        detail
      )}
      <ChangeLine
        id={id}
        change={changeOf(figure)}
        direction={direction}
        previous={figure.previous === null ? "" : formatCount(figure.previous, i18n.language)}
      />
    </Tile>
  );
}

/** A rate under its count (click rate, form conversion), with its own change. */
function RateLine({ id, text, figure }: { id: string; text: string; figure: RateFigure }) {
  const { i18n } = useTranslation();
  return (
    <BlockStack gap="0">
      <Text as="p" variant="bodySm" tone="subdued">
        <span data-testid={`tile-${id}`}>{text}</span>
      </Text>
      <ChangeLine
        id={id}
        change={changeOf(figure)}
        direction="higherIsBetter"
        previous={formatPercent(figure.previous, i18n.language)}
        quiet
      />
    </BlockStack>
  );
}

/** "Up 12% from 340": the change in words (and colour, which is never the only sign). */
function ChangeLine({
  id,
  change,
  direction,
  previous,
  quiet = false,
}: {
  id: string;
  change: Change;
  direction: Direction;
  previous: string;
  quiet?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (change.kind === "unavailable" || (quiet && change.kind === "none")) return null;
  const arrow = change.kind === "up" || change.kind === "new" ? "↑ " : change.kind === "down" ? "↓ " : "";
  const text =
    change.kind === "up" || change.kind === "down"
      ? t(`analytics.change.${change.kind}`, {
          percent: formatPercent(change.fraction, i18n.language),
          previous,
        })
      : t(`analytics.change.${change.kind}`);
  const tone = toneOf(change, direction);
  return (
    <Text as="p" variant="bodySm" tone={tone === "subdued" ? "subdued" : tone}>
      <span data-testid={`tile-${id}-change`}>
        <span aria-hidden="true">{arrow}</span>
        {text}
      </span>
    </Text>
  );
}

function RevenueTile({ figures }: { figures: MoneyFigure[] }) {
  const { t, i18n } = useTranslation();
  const label = t("analytics.tiles.revenue");
  if (figures.length === 0)
    return (
      <Tile id="revenue" label={label}>
        <Text as="p" variant="headingLg">
          <span data-testid="tile-revenue">{formatMoneyOrZero(null, i18n.language)}</span>
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {t("analytics.tiles.revenueNone")}
        </Text>
      </Tile>
    );
  return (
    <Tile id="revenue" label={label}>
      {figures.map((figure) => (
        <BlockStack gap="0" key={figure.currency}>
          <Text as="p" variant="headingLg">
            <span data-testid={`tile-revenue-${figure.currency}`} aria-describedby="tile-revenue-label">
              {formatMoney(figure.current, figure.currency, i18n.language)}
            </span>
          </Text>
          <ChangeLine
            id={`revenue-${figure.currency}`}
            change={changeOf(figure)}
            direction="higherIsBetter"
            previous={
              figure.previous === null ? "" : formatMoney(figure.previous, figure.currency, i18n.language)
            }
          />
        </BlockStack>
      ))}
    </Tile>
  );
}

function formatMoneyOrZero(_: null, locale: string) {
  return formatCount(0, locale);
}

function NoStoreTile() {
  const { t } = useTranslation();
  return (
    <Tile id="store" label={t("analytics.tiles.orders")}>
      <Text as="p" variant="headingSm">
        <span data-testid="tile-no-store">{t("analytics.tiles.noStore")}</span>
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {t("analytics.tiles.noStoreHelp")}
      </Text>
      <div>
        <Button url="/integration" variant="plain">
          {t("analytics.tiles.connectStore")}
        </Button>
      </div>
    </Tile>
  );
}
