import {
  Badge,
  BlockStack,
  Box,
  Button,
  InlineStack,
  Popover,
  ProgressBar,
  Spinner,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type CsvImportStatus, type CsvImportSummary, isRunning } from "~/domain/contacts/csv-types";
import { asI18nKey } from "~/i18n/keys";
import { useDownload } from "~/ui/download";
import { percent } from "./csv-import-hooks";
import { errorReportUrl } from "./csv-import-progress";

const tones: Record<CsvImportStatus, "info" | "attention" | "success" | "critical" | undefined> = {
  uploaded: undefined,
  queued: "attention",
  processing: "info",
  completed: "success",
  failed: "critical",
};

/**
 * The company's recent imports beside 'Import CSV': running ones with their progress (so a user who
 * closed the dialog, or the browser, finds them again), finished ones with their counts and report.
 */
export function RecentImports(props: {
  imports: CsvImportSummary[];
  /** The newest state of the import being followed live, if any. */
  live: CsvImportSummary | null;
  onShowProgress: (id: string) => void;
}) {
  const { t } = useTranslation();
  const downloadFile = useDownload();
  const [open, setOpen] = useState(false);
  const imports = props.imports.map((i) => (props.live && props.live.id === i.id ? props.live : i));
  const running = imports.find((i) => isRunning(i.status));
  const activator = (
    <Button
      disclosure
      onClick={() => setOpen((o) => !o)}
      icon={running ? <Spinner size="small" /> : undefined}
    >
      {running
        ? `${t("csvImport.recent.running")} · ${percent(running.rowsDone, running.rowsTotal)}%`
        : t("csvImport.recent.button")}
    </Button>
  );
  return (
    <Popover active={open} activator={activator} onClose={() => setOpen(false)} preferredAlignment="right">
      <Box padding="400" minWidth="320px" maxWidth="420px">
        <BlockStack gap="400">
          <Text as="h3" variant="headingSm">
            {t("csvImport.recent.title")}
          </Text>
          {imports.map((item) => (
            <BlockStack gap="150" key={item.id}>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="span" truncate fontWeight="medium">
                  {item.filename}
                </Text>
                <Badge tone={tones[item.status]}>{t(`csvImport.recent.status.${item.status}`)}</Badge>
              </InlineStack>
              <Text as="span" tone="subdued" variant="bodySm">
                {new Date(item.createdAt).toLocaleString()}
              </Text>
              {isRunning(item.status) ? (
                <>
                  <ProgressBar progress={percent(item.rowsDone, item.rowsTotal)} size="small" />
                  {item.resuming ? (
                    <Text as="span" tone="caution" variant="bodySm">
                      {t("csvImport.recent.resuming")}
                    </Text>
                  ) : null}
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <Text as="span" variant="bodySm">
                      {t("csvImport.recent.rows", {
                        done: item.rowsDone.toLocaleString(),
                        total: item.rowsTotal.toLocaleString(),
                      })}
                    </Text>
                    <Button
                      variant="plain"
                      onClick={() => {
                        setOpen(false);
                        props.onShowProgress(item.id);
                      }}
                    >
                      {t("csvImport.recent.open")}
                    </Button>
                  </InlineStack>
                </>
              ) : item.status === "failed" ? (
                <Text as="p" tone="critical" variant="bodySm">
                  {item.error ? t(asI18nKey(`csvImport.${item.error.key}`), item.error.values) : ""}
                </Text>
              ) : (
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <Text as="span" variant="bodySm">
                    {t("csvImport.recent.result", {
                      imported: item.rowsImported.toLocaleString(),
                      failed: item.rowsFailed.toLocaleString(),
                    })}
                  </Text>
                  {item.rowsFailed > 0 ? (
                    <Button variant="plain" onClick={() => downloadFile(errorReportUrl(item.id))}>
                      {t("csvImport.success.downloadReport")}
                    </Button>
                  ) : null}
                </InlineStack>
              )}
            </BlockStack>
          ))}
        </BlockStack>
      </Box>
    </Popover>
  );
}
