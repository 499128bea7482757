import { BlockStack, Box, Button, Card, EmptyState, InlineStack, Link, Text } from "@shopify/polaris";
import { EditIcon } from "@shopify/polaris-icons";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { loadTermsTab } from "~/domain/admin/legal.server";
import { type LegalLinkKind, legalKinds } from "~/domain/admin/legal-link";
import { ToastView } from "~/ui/toast";
import { type LegalLinkAnswer, TermsLinkDrawer } from "./terms-link-drawer";
import { LocalTime } from "./user-local-time";

type TermsData = Awaited<ReturnType<typeof loadTermsTab>>;
type LegalDocument = TermsData["documents"][number];

/** 'Current Terms and Conditions': the hosted links of both documents, each with its edit pen. */
export function TermsTab({ data, canWrite }: { data: TermsData; canWrite: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LegalLinkAnswer>({ key: "admin-legal-link" });
  const [editing, setEditing] = useState<LegalLinkKind | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const byKind = new Map(data.documents.map((d) => [d.kind, d]));
  const editingDocument = editing ? byKind.get(editing) : undefined;
  // The drawer and the toast sit outside the Card: a Card is a stacking context below the header.
  return (
    <>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("adminTerms.title")}
          </Text>
          {data.documents.length === 0 ? (
            <EmptyState
              heading={t("adminTerms.empty")}
              image=""
              action={{
                content: t("adminTerms.add.terms"),
                onAction: () => setEditing("terms"),
                disabled: !canWrite,
              }}
              secondaryAction={{
                content: t("adminTerms.add.privacy"),
                onAction: () => setEditing("privacy"),
                disabled: !canWrite,
              }}
            />
          ) : (
            <BlockStack gap="0">
              {legalKinds.map((kind, index) => (
                <Box
                  key={kind}
                  paddingBlock="300"
                  borderBlockStartWidth={index === 0 ? undefined : "025"}
                  borderColor="border"
                >
                  <LegalLinkRow
                    kind={kind}
                    document={byKind.get(kind)}
                    canWrite={canWrite}
                    onEdit={() => setEditing(kind)}
                  />
                </Box>
              ))}
            </BlockStack>
          )}
        </BlockStack>
      </Card>
      {editing ? (
        <TermsLinkDrawer
          key={editing}
          kind={editing}
          currentUrl={editingDocument?.url ?? ""}
          fetcher={fetcher}
          onClose={close}
        />
      ) : null}
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

function LegalLinkRow(props: {
  kind: LegalLinkKind;
  document: LegalDocument | undefined;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { document } = props;
  return (
    <InlineStack align="space-between" blockAlign="center" gap="400" wrap={false}>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {t(`adminTerms.kinds.${props.kind}`)}
        </Text>
        {document ? (
          <>
            <Link url={document.url} target="_blank">
              {document.url}
            </Link>
            <Text as="p" tone="subdued" variant="bodySm">
              {t("adminTerms.updatedAt")}: <LocalTime iso={document.updatedAt} />
            </Text>
          </>
        ) : (
          <Text as="p" tone="subdued">
            {t("adminTerms.notSet")}
          </Text>
        )}
      </BlockStack>
      <Button
        variant="tertiary"
        icon={EditIcon}
        onClick={props.onEdit}
        disabled={!props.canWrite}
        accessibilityLabel={t(`adminTerms.edit.${props.kind}`)}
      />
    </InlineStack>
  );
}
