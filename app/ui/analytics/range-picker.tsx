import { Button, InlineStack, Select, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import type { RangeChoice } from "~/domain/analytics/period";
import { useDownload } from "~/ui/download";
import { useHydrated } from "~/ui/use-hydrated";

type RangeValue = RangeChoice["range"];

/**
 * The date range: last 7, 30 or 90 days, or two dates of the company's calendar. A GET form, so the
 * range is in the address (shareable, and the CSV export reads the same) and works without scripts;
 * once the page is live a preset applies as soon as it is chosen.
 */
export function RangePicker({
  choice,
  exportUrl,
  keep = {},
}: {
  choice: RangeChoice;
  /** The CSV export of the range, when the screen has one. */
  exportUrl?: string;
  /** Other search parameters of the screen to keep (the admin page's ?tab=). */
  keep?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const downloadFile = useDownload();
  const submit = useSubmit();
  const [range, setRange] = useState<RangeValue>(choice.range);
  const [from, setFrom] = useState(choice.range === "custom" ? choice.from : "");
  const [to, setTo] = useState(choice.range === "custom" ? choice.to : "");
  const live = useHydrated();
  // Back and forward change the address: follow it.
  useEffect(() => {
    setRange(choice.range);
    if (choice.range === "custom") {
      setFrom(choice.from);
      setTo(choice.to);
    }
  }, [choice]);
  const options = [
    { label: t("analytics.range.last7"), value: "7d" },
    { label: t("analytics.range.last30"), value: "30d" },
    { label: t("analytics.range.last90"), value: "90d" },
    { label: t("analytics.range.custom"), value: "custom" },
  ];
  const choose = (value: string) => {
    setRange(value as RangeValue);
    if (value !== "custom") submit({ ...keep, range: value }, { method: "get", preventScrollReset: true });
  };
  return (
    <Form method="get" preventScrollReset>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ minWidth: 170 }}>
          <Select
            label={t("analytics.range.label")}
            name="range"
            options={options}
            value={range}
            onChange={choose}
          />
        </div>
        {range === "custom" ? (
          <>
            <TextField
              label={t("analytics.range.from")}
              name="from"
              type="date"
              autoComplete="off"
              value={from}
              onChange={setFrom}
            />
            <TextField
              label={t("analytics.range.to")}
              name="to"
              type="date"
              autoComplete="off"
              value={to}
              onChange={setTo}
            />
          </>
        ) : null}
        {range === "custom" || !live ? (
          <Button submit variant="primary">
            {t("analytics.range.apply")}
          </Button>
        ) : null}
        {exportUrl ? (
          // A click on an anchor made for it, as the contacts' CSV downloads do: a router link would
          // navigate to the file instead of downloading it.
          <Button onClick={() => downloadFile(exportUrl)}>{t("analytics.export.button")}</Button>
        ) : null}
      </InlineStack>
    </Form>
  );
}
