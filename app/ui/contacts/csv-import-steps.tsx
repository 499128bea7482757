import {
  Banner,
  BlockStack,
  Box,
  Button,
  Checkbox,
  ChoiceList,
  DropZone,
  InlineStack,
  List,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsentDeclaration, parseConsentDate } from "~/domain/contacts/csv-consent";
import { type ImportProblem, MAX_CSV_BYTES } from "~/domain/contacts/csv-types";
import { asI18nKey } from "~/i18n/keys";
import { useDownload } from "~/ui/download";
import { Modal } from "~/ui/modal";
import { type ConsentScan, type ReachCounts, withDeclaration } from "./csv-consent-scan";
import { formatBytes } from "./csv-import-hooks";

/** The first steps of the CSV import, before anything is sent: consent, products, file, confirmation. */

export function ComplianceModal(props: { open: boolean; onClose: () => void; onAccept: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.compliance.title")}
      primaryAction={{ content: t("csvImport.compliance.understand"), onAction: props.onAccept }}
      secondaryActions={[{ content: t("common.cancel"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t("csvImport.compliance.intro")}</Text>
          <List>
            <List.Item>{t("csvImport.compliance.consent")}</List.Item>
            <List.Item>{t("csvImport.compliance.law")}</List.Item>
            <List.Item>{t("csvImport.compliance.optOut")}</List.Item>
          </List>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export type ProductChoice = { id: string; name: string };

export function ProductsModal(props: {
  open: boolean;
  products: ProductChoice[] | null;
  selected: string[];
  onChange: (ids: string[]) => void;
  onBack: () => void;
  onNext: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const products = props.products;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.products.title")}
      loading={products === null}
      primaryAction={{
        content: t("csvImport.products.next"),
        onAction: props.onNext,
        disabled: products === null,
      }}
      secondaryActions={[{ content: t("csvImport.products.back"), onAction: props.onBack }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t("csvImport.products.help")}</Text>
          {products && products.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("csvImport.products.none")}
            </Text>
          ) : null}
          {products && products.length > 0 ? (
            <ChoiceList
              allowMultiple
              title={t("csvImport.products.selected", { count: props.selected.length })}
              choices={products.map((p) => ({ label: p.name, value: p.id }))}
              selected={props.selected}
              onChange={props.onChange}
            />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function UploadModal(props: {
  open: boolean;
  file: File | null;
  problem: ImportProblem | null;
  onFile: (file: File | null) => void;
  onBack: () => void;
  onUpload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const downloadFile = useDownload();
  const { file } = props;
  const tooLarge = file !== null && file.size > MAX_CSV_BYTES;
  const notCsv = file !== null && !/\.csv$/i.test(file.name) && !/csv|excel|text\/plain/i.test(file.type);
  const localProblem: ImportProblem | null = tooLarge
    ? { key: "fileErrors.tooLarge" }
    : notCsv
      ? { key: "upload.notCsv" }
      : null;
  const problem = localProblem ?? props.problem;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.upload.title")}
      primaryAction={{
        content: t("csvImport.upload.upload"),
        onAction: props.onUpload,
        disabled: !file || localProblem !== null,
      }}
      secondaryActions={[{ content: t("csvImport.products.back"), onAction: props.onBack }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {problem ? (
            <Banner tone="critical" title={t("csvImport.processing.timedOut")}>
              <p>{t(asI18nKey(`csvImport.${problem.key}`), problem.values)}</p>
            </Banner>
          ) : null}
          <Text as="p">{t("csvImport.upload.help")}</Text>
          <Text as="p" tone="subdued">
            {t("csvImport.upload.format")}
          </Text>
          <InlineStack>
            <Button onClick={() => downloadFile("/resources/csv-sample")} variant="plain">
              {t("csvImport.upload.sample")}
            </Button>
          </InlineStack>
          <DropZone
            accept=".csv,text/csv"
            type="file"
            allowMultiple={false}
            label={t("csvImport.upload.choose")}
            labelHidden
            onDrop={(_all, accepted, rejected) => props.onFile(accepted[0] ?? rejected[0] ?? null)}
          >
            {file ? (
              <Box padding="400">
                <Text as="p" alignment="center">
                  {t("csvImport.upload.selected", { name: file.name, size: formatBytes(file.size) })}
                </Text>
              </Box>
            ) : (
              <DropZone.FileUpload
                actionTitle={t("csvImport.upload.choose")}
                actionHint={t("csvImport.upload.drop")}
              />
            )}
          </DropZone>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

/** What the merchant declares in the confirmation: consent for the rows the file says nothing about. */
export type DeclarationDraft = { declared: boolean; source: string; date: string };

export function declarationOf(draft: DeclarationDraft): ConsentDeclaration | null {
  return draft.declared ? { source: draft.source.trim(), date: draft.date } : null;
}

function declarationErrors(draft: DeclarationDraft) {
  if (!draft.declared) return { source: false, date: false };
  return {
    source: draft.source.trim().length < 3 || draft.source.trim().length > 500,
    date: parseConsentDate(draft.date) === null,
  };
}

/**
 * 'Upload confirmation': the file, the products, and before anything is sent how many rows can
 * receive SMS (and WhatsApp, when the file has a column for it) and why the others cannot, with the
 * merchant's declaration of consent for the rows the file says nothing about (issue 20).
 */
export function ConfirmModal(props: {
  open: boolean;
  file: File | null;
  productNames: string[];
  scan: ConsentScan | null | "scanning";
  declaration: DeclarationDraft;
  onDeclaration: (draft: DeclarationDraft) => void;
  onConfirm: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const { scan, declaration } = props;
  const errors = declarationErrors(declaration);
  const invalid = errors.source || errors.date;
  const canDeclare = scan !== null && scan !== "scanning" && scan.sms.noConsent > 0;
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.confirm.title")}
      primaryAction={{
        content: t("csvImport.confirm.confirm"),
        disabled: scan === "scanning",
        onAction: () => {
          setTouched(true);
          if (!invalid) props.onConfirm();
        },
      }}
      secondaryActions={[{ content: t("csvImport.products.back"), onAction: props.onBack }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            {t("csvImport.confirm.body", {
              name: props.file?.name ?? "",
              size: formatBytes(props.file?.size ?? 0),
            })}
          </Text>
          <Text as="p">
            {props.productNames.length > 0
              ? t("csvImport.confirm.products", { names: props.productNames.join(", ") })
              : t("csvImport.confirm.noProducts")}
          </Text>
          {scan === "scanning" ? (
            <Text as="p" tone="subdued">
              {t("csvImport.confirm.scanning")}
            </Text>
          ) : scan === null ? (
            <Text as="p" tone="subdued">
              {t("csvImport.confirm.unreadable")}
            </Text>
          ) : (
            <BlockStack gap="300">
              <Text as="p">{t("csvImport.confirm.rows", { count: scan.rows })}</Text>
              <ReachSummary
                title={t("csvImport.confirm.smsTitle")}
                column={scan.smsColumn}
                counts={withDeclaration(scan.sms, declaration.declared)}
              />
              {canDeclare ? (
                <BlockStack gap="200">
                  <Checkbox
                    label={t("csvImport.confirm.declare")}
                    helpText={t("csvImport.confirm.declareHelp")}
                    checked={declaration.declared}
                    onChange={(declared) => props.onDeclaration({ ...declaration, declared })}
                  />
                  {declaration.declared ? (
                    <BlockStack gap="200">
                      <TextField
                        label={t("csvImport.confirm.declareSource")}
                        helpText={t("csvImport.confirm.declareSourceHelp")}
                        autoComplete="off"
                        value={declaration.source}
                        maxLength={500}
                        onChange={(source) => props.onDeclaration({ ...declaration, source })}
                        error={
                          touched && errors.source ? t("csvImport.confirm.declareSourceRequired") : undefined
                        }
                      />
                      <TextField
                        label={t("csvImport.confirm.declareDate")}
                        type="date"
                        autoComplete="off"
                        value={declaration.date}
                        onChange={(date) => props.onDeclaration({ ...declaration, date })}
                        error={touched && errors.date ? t("csvImport.confirm.declareDateInvalid") : undefined}
                      />
                    </BlockStack>
                  ) : null}
                </BlockStack>
              ) : null}
              {scan.whatsapp ? (
                <ReachSummary
                  title={t("csvImport.confirm.whatsappTitle")}
                  column={scan.whatsappColumn}
                  counts={scan.whatsapp}
                  declarable={false}
                />
              ) : null}
            </BlockStack>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

const REACH_REASONS = ["noPhone", "saysNo", "noConsent", "invalid"] as const;

/** One channel's counts: can receive, cannot (with each reason and its count). */
function ReachSummary(props: {
  title: string;
  column: string | null;
  counts: ReachCounts;
  /** WhatsApp: the declaration is about SMS, so "none declared" is not said. */
  declarable?: boolean;
}) {
  const { t } = useTranslation();
  const { counts } = props;
  const cannot = REACH_REASONS.reduce((sum, reason) => sum + counts[reason], 0);
  return (
    <section aria-label={props.title}>
      <Box padding="300" background="bg-surface-secondary" borderRadius="200">
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {props.title}
          </Text>
          <Text as="p" tone="subdued" variant="bodySm">
            {props.column
              ? t("csvImport.confirm.column", { column: props.column })
              : t("csvImport.confirm.noColumn")}
          </Text>
          <Text as="p" fontWeight="semibold" tone="success">
            {t("csvImport.confirm.canReceive", { count: counts.yes })}
          </Text>
          {cannot === 0 ? (
            <Text as="p">{t("csvImport.confirm.noneCannot")}</Text>
          ) : (
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold" tone="caution">
                {t("csvImport.confirm.cannotReceive", { count: cannot })}
              </Text>
              <List>
                {REACH_REASONS.filter((reason) => counts[reason] > 0).map((reason) => (
                  <List.Item key={reason}>
                    {t(
                      reason === "noConsent" && props.declarable === false
                        ? "csvImport.confirm.reach.noConsentInFile"
                        : `csvImport.confirm.reach.${reason}`,
                      { count: counts[reason] },
                    )}
                  </List.Item>
                ))}
              </List>
            </BlockStack>
          )}
        </BlockStack>
      </Box>
    </section>
  );
}
