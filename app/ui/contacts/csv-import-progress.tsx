import { Banner, BlockStack, Button, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CsvImportSummary, ImportProblem } from "~/domain/contacts/csv-types";
import { asI18nKey } from "~/i18n/keys";
import { useDownload } from "~/ui/download";
import { Modal } from "~/ui/modal";
import { formatBytes, percent, type UploadProgress } from "./csv-import-hooks";

/** The steps after the upload starts: Uploading, Processing, and how it ended. */

export function UploadingModal(props: { open: boolean; progress: UploadProgress | null }) {
  const { t } = useTranslation();
  const loaded = props.progress?.loaded ?? 0;
  const total = props.progress?.total ?? 0;
  return (
    // The upload cannot be taken back once started: no close button until it is through.
    <Modal open={props.open} onClose={() => {}} title={t("csvImport.uploading.title")}>
      <Modal.Section>
        <BlockStack gap="300">
          <ProgressBar progress={percent(loaded, total)} size="small" ariaLabelledBy="csv-upload-progress" />
          <Text as="p" id="csv-upload-progress">
            {t("csvImport.uploading.progress", { done: formatBytes(loaded), total: formatBytes(total) })}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function ProcessingModal(props: {
  open: boolean;
  summary: CsvImportSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const summary = props.summary;
  const started = summary !== null && summary.status === "processing";
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.processing.title")}
      secondaryActions={[{ content: t("csvImport.processing.hide"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <ProgressBar
            progress={summary ? percent(summary.rowsDone, summary.rowsTotal) : 0}
            size="small"
            tone="primary"
            ariaLabelledBy="csv-processing-progress"
          />
          <Text as="p" id="csv-processing-progress">
            {started || (summary && summary.rowsDone > 0)
              ? t("csvImport.processing.progress", {
                  done: summary.rowsDone.toLocaleString(),
                  total: summary.rowsTotal.toLocaleString(),
                })
              : t("csvImport.processing.waiting")}
          </Text>
          {summary?.resuming ? (
            <Text as="p" tone="caution">
              {t("csvImport.processing.resuming")}
            </Text>
          ) : null}
          {summary && summary.rowsDone > 0 ? (
            <Text as="p" tone="subdued">
              {t("csvImport.processing.counts", {
                imported: summary.rowsImported.toLocaleString(),
                failed: summary.rowsFailed.toLocaleString(),
              })}
            </Text>
          ) : null}
          <Text as="p" tone="subdued">
            {t("csvImport.processing.background")}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function errorReportUrl(importId: string) {
  return `/resources/csv-import-errors?${new URLSearchParams({ id: importId })}`;
}

/**
 * The outcome: 'Contacts added successfully!' when every row went in; otherwise a title that says rows
 * were refused (issue 20). Rows added, updated and refused, the first refused rows with their
 * reasons, the columns left out and the full error report.
 */
export function SuccessModal(props: {
  open: boolean;
  summary: CsvImportSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const downloadFile = useDownload();
  const summary = props.summary;
  const refused = summary?.rowsFailed ?? 0;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={
        refused > 0
          ? t("csvImport.success.titleWithRefused", { count: refused, number: refused.toLocaleString() })
          : t("csvImport.success.title")
      }
      primaryAction={{ content: t("csvImport.success.done"), onAction: props.onClose }}
    >
      {summary ? (
        <Modal.Section>
          <BlockStack gap="300">
            <ul className="csv-import-counts" style={{ margin: 0, paddingInlineStart: 18 }}>
              {summary.rowsAdded + summary.rowsUpdated === summary.rowsImported ? (
                <>
                  <li>
                    <Text as="span" variant="headingSm">
                      {t("csvImport.success.added", { number: summary.rowsAdded.toLocaleString() })}
                    </Text>
                  </li>
                  <li>
                    <Text as="span" variant="headingSm">
                      {t("csvImport.success.updated", { number: summary.rowsUpdated.toLocaleString() })}
                    </Text>
                  </li>
                </>
              ) : (
                // An import finished before added and updated were counted apart.
                <li>
                  <Text as="span" variant="headingSm">
                    {t("csvImport.success.imported", { number: summary.rowsImported.toLocaleString() })}
                  </Text>
                </li>
              )}
              <li>
                <Text as="span" variant="headingSm" tone={refused > 0 ? "critical" : undefined}>
                  {t("csvImport.success.refused", { number: refused.toLocaleString() })}
                </Text>
              </li>
            </ul>
            {summary.unknownColumns.length > 0 ? (
              <Banner tone="warning">
                <p>{t("csvImport.success.unknownColumns", { columns: summary.unknownColumns.join(", ") })}</p>
              </Banner>
            ) : null}
            {refused > 0 ? (
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {t(
                    refused > (summary.refused?.length ?? 0)
                      ? "csvImport.success.firstRefused"
                      : "csvImport.success.allRefused",
                    { count: summary.refused?.length ?? 0 },
                  )}
                </Text>
                <ul className="csv-refused-rows" style={{ margin: 0, paddingInlineStart: 18 }}>
                  {(summary.refused ?? []).map((line) => (
                    <li key={line.row}>
                      <Text as="span">
                        {t("csvImport.success.refusedRow", {
                          row: line.row,
                          reasons: line.reasons
                            .map(([key, values]) => t(asI18nKey(`csvImport.reasons.${key}`), values))
                            .join(" "),
                        })}
                      </Text>
                    </li>
                  ))}
                </ul>
                <Text as="p" tone="subdued">
                  {t("csvImport.success.reportHelp")}
                </Text>
                <InlineStack>
                  <Button onClick={() => downloadFile(errorReportUrl(summary.id))}>
                    {t("csvImport.success.downloadReport")}
                  </Button>
                </InlineStack>
              </BlockStack>
            ) : null}
          </BlockStack>
        </Modal.Section>
      ) : null}
    </Modal>
  );
}

/** 'Processing CSV timed out!' with the server's reason (spec 2 section 8). */
export function FailedModal(props: { open: boolean; problem: ImportProblem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.processing.timedOut")}
      primaryAction={{ content: t("common.close"), onAction: props.onClose }}
    >
      <Modal.Section>
        <Banner tone="critical">
          <p>{props.problem ? t(asI18nKey(`csvImport.${props.problem.key}`), props.problem.values) : ""}</p>
        </Banner>
      </Modal.Section>
    </Modal>
  );
}
