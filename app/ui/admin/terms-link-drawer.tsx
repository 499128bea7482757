import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import { type LegalLinkKind, legalLinkSchema, MAX_LEGAL_LINK_LENGTH } from "~/domain/admin/legal-link";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";
import type { Toast } from "~/ui/toast";

export type LegalLinkAnswer = { result?: SubmissionResult<string[]>; toast?: Toast | null };

/**
 * The side drawer 'Edit Company Details' (the spec's title, kept as written) with 'Enter hosted
 * link', Cancel and Save. Mounted for one edit: only answers to this edit's saves are shown in it.
 */
export function TermsLinkDrawer({
  kind,
  currentUrl,
  fetcher,
  onClose,
}: {
  kind: LegalLinkKind;
  currentUrl: string;
  fetcher: FetcherWithComponents<LegalLinkAnswer>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answerWhenOpened = useRef(fetcher.data);
  const answer = fetcher.data !== answerWhenOpened.current ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: `legal-link-${kind}`,
    lastResult: answer?.result,
    defaultValue: { url: currentUrl },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalLinkSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Saved: close at once; the list behind refreshes while the drawer goes.
  const saved = Boolean(answer?.toast && !answer.toast.error);
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  return (
    <Drawer open title={t("adminTerms.drawerTitle")} onClose={onClose}>
      <fetcher.Form method="post" action="/resources/admin/legal" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="redirectTo" value="/admin?tab=terms" />
        <BlockStack gap="400">
          <Text as="h3" variant="headingSm">
            {t(`adminTerms.kinds.${kind}`)}
          </Text>
          <FormTextField
            meta={fields.url}
            label={t("adminTerms.linkLabel")}
            helpText={t("adminTerms.linkHelp")}
            autoComplete="url"
            maxLength={MAX_LEGAL_LINK_LENGTH}
          />
          <InlineStack align="end" gap="200">
            <Button onClick={onClose}>{t("adminTerms.cancel")}</Button>
            <Button submit variant="primary" loading={fetcher.state !== "idle"}>
              {t("adminTerms.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </fetcher.Form>
    </Drawer>
  );
}
