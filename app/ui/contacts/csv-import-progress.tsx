import { Banner, BlockStack, Button, InlineStack, Modal, ProgressBar, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CsvImportSummary, ImportProblem } from "~/domain/contacts/csv-types";
import { asI18nKey } from "~/i18n/keys";
import { downloadFile, formatBytes, percent, type UploadProgress } from "./csv-import-hooks";

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

/** 'Contacts added successfully!' with the counts, the columns left out and the error report. */
export function SuccessModal(props: {
  open: boolean;
  summary: CsvImportSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const summary = props.summary;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.success.title")}
      primaryAction={{ content: t("csvImport.success.done"), onAction: props.onClose }}
    >
      {summary ? (
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p" variant="headingSm">
              {t("csvImport.success.imported", { number: summary.rowsImported.toLocaleString() })}
            </Text>
            <Text as="p" variant="headingSm" tone={summary.rowsFailed > 0 ? "critical" : undefined}>
              {t("csvImport.success.failed", { number: summary.rowsFailed.toLocaleString() })}
            </Text>
            {summary.unknownColumns.length > 0 ? (
              <Banner tone="warning">
                <p>{t("csvImport.success.unknownColumns", { columns: summary.unknownColumns.join(", ") })}</p>
              </Banner>
            ) : null}
            {summary.rowsFailed > 0 ? (
              <BlockStack gap="200">
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
