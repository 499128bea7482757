import {
  Banner,
  BlockStack,
  Box,
  Button,
  ChoiceList,
  DropZone,
  InlineStack,
  List,
  Modal,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { type ImportProblem, MAX_CSV_BYTES } from "~/domain/contacts/csv-types";
import { asI18nKey } from "~/i18n/keys";
import { downloadFile, formatBytes } from "./csv-import-hooks";

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

export function ConfirmModal(props: {
  open: boolean;
  file: File | null;
  productNames: string[];
  onConfirm: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t("csvImport.confirm.title")}
      primaryAction={{ content: t("csvImport.confirm.confirm"), onAction: props.onConfirm }}
      secondaryActions={[{ content: t("csvImport.products.back"), onAction: props.onBack }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
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
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
