import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { CONSENT_TEXT_MAX, CONSENT_TITLE_MAX } from "~/domain/shopify/consent-defaults";
import type { ConsentText } from "~/domain/shopify/consent-text.server";
import { consentTextSchema } from "~/domain/shopify/consent-text-schema";
import { FormTextField } from "~/ui/fields";
import { Modal } from "~/ui/modal";
import { type Toast, ToastView } from "~/ui/toast";

export type ConsentTextAnswer = { result?: SubmissionResult<string[]>; toast?: Toast | null };

/** Where the modal posts: the /integration action, intent "consent-text". */
const ACTION = "/integration?view=shopify";

/**
 * The consent-text modal (spec 1 section 2): the title (the checkbox label at checkout) and the
 * consent text, with Save and Cancel. Read-only admins see the text but cannot change it. The
 * toast ('Concent Text Saved successfully!' or 'Something went wrong, please try again!.') stays
 * on the page after the modal closes.
 */
export function ConsentTextModal({
  open,
  consent,
  readOnly,
  onClose,
}: {
  open: boolean;
  consent: ConsentText;
  readOnly: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ConsentTextAnswer>({ key: "consent-text" });
  return (
    <>
      {open ? (
        <ConsentTextForm consent={consent} readOnly={readOnly} fetcher={fetcher} onClose={onClose} />
      ) : null}
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

function ConsentTextForm({
  consent,
  readOnly,
  fetcher,
  onClose,
}: {
  consent: ConsentText;
  readOnly: boolean;
  fetcher: ReturnType<typeof useFetcher<ConsentTextAnswer>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  // Mounted for one edit: answers to earlier saves are not this edit's.
  const answerWhenOpened = useRef(fetcher.data);
  const answer = fetcher.data !== answerWhenOpened.current ? fetcher.data : undefined;
  // 'Use the default text' starts the form again from the defaults (a new form, new field keys).
  const [seed, setSeed] = useState({ version: 0, title: consent.title, text: consent.text });
  const idle = fetcher.state === "idle";
  const [form, fields] = useForm({
    id: `consent-text-${seed.version}`,
    lastResult: idle ? answer?.result : undefined,
    defaultValue: { title: seed.title, text: seed.text },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: consentTextSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saved = idle && Boolean(answer?.toast && !answer.toast.error);
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  return (
    <Modal
      open
      onClose={onClose}
      title={t("consent.modal.title")}
      primaryAction={{
        content: t("consent.modal.save"),
        disabled: readOnly,
        loading: !idle,
        onAction: () => formRef.current?.requestSubmit(),
      }}
      secondaryActions={[{ content: t("consent.modal.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <fetcher.Form method="post" action={ACTION} {...getFormProps(form)} ref={formRef}>
          <input type="hidden" name="intent" value="consent-text" />
          <input type="hidden" name="redirectTo" value={ACTION} />
          <BlockStack gap="400">
            <Text as="p">{t("consent.modal.intro")}</Text>
            {readOnly ? (
              <Banner tone="info">{t("consent.modal.readOnly")}</Banner>
            ) : !consent.customised && seed.version === 0 ? (
              <Text as="p" tone="subdued">
                {t("consent.modal.defaultShown")}
              </Text>
            ) : null}
            <FormTextField
              key={`title-${seed.version}`}
              meta={fields.title}
              label={t("consent.modal.titleLabel")}
              helpText={t("consent.modal.titleHelp")}
              autoComplete="off"
              maxLength={CONSENT_TITLE_MAX}
              readOnly={readOnly}
            />
            <FormTextField
              key={`text-${seed.version}`}
              meta={fields.text}
              label={t("consent.modal.textLabel")}
              helpText={t("consent.modal.textHelp")}
              autoComplete="off"
              multiline={6}
              maxLength={CONSENT_TEXT_MAX}
              readOnly={readOnly}
            />
            {readOnly ? null : (
              <div>
                <Button
                  variant="plain"
                  onClick={() => setSeed((s) => ({ version: s.version + 1, ...consent.defaults }))}
                >
                  {t("consent.modal.useDefault")}
                </Button>
              </div>
            )}
          </BlockStack>
        </fetcher.Form>
      </Modal.Section>
    </Modal>
  );
}
