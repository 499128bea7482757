import { BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { DeleteIcon, DuplicateIcon, PlusIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigate } from "react-router";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";
import type { CanvasElement, CanvasStyle } from "./canvas-types";
import { FormCanvas } from "./form-canvas";
import { relativeAge } from "./relative-time";

export type FormCardData = {
  id: string;
  name: string;
  disabled: boolean;
  templateName: string;
  updatedAt: string;
  elements: CanvasElement[];
  style: CanvasStyle;
};

const BUILDER = "/contact-form/contact-form-builder";

/** /contact-form (spec 3 section 2.1): 'Create New Form' and one card per saved form. */
export function FormList({
  forms,
  canWrite,
  now,
  company,
}: {
  forms: FormCardData[];
  canWrite: boolean;
  now: string;
  company: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
        <Card>
          <div style={{ minHeight: 260, display: "flex", alignItems: "center", justifyContent: "center" }}>
            <Button icon={PlusIcon} size="large" disabled={!canWrite} onClick={() => navigate(BUILDER)}>
              {t("forms.list.createNew")}
            </Button>
          </div>
        </Card>
        {forms.map((form) => (
          <FormCard key={form.id} form={form} canWrite={canWrite} now={now} company={company} />
        ))}
      </InlineGrid>
      {forms.length === 0 && (
        <Text as="p" tone="subdued">
          {t("forms.list.empty")}
        </Text>
      )}
    </BlockStack>
  );
}

function FormCard(props: { form: FormCardData; canWrite: boolean; now: string; company: string }) {
  const { form, canWrite, now } = props;
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [confirming, setConfirming] = useState(false);
  const age = relativeAge(form.updatedAt, new Date(now));
  const busy = fetcher.state !== "idle";
  return (
    <Card padding="0">
      <article aria-label={form.name}>
        <Link to={`${BUILDER}?id=${form.id}`} aria-label={t("forms.list.open", { name: form.name })}>
          <div
            aria-hidden
            style={{
              height: 180,
              overflow: "hidden",
              position: "relative",
              borderBottom: "1px solid #e3e3e3",
            }}
          >
            {/* A live preview: the saved form drawn at a third of its size, not interactive. */}
            <div style={{ transform: "scale(0.33)", transformOrigin: "top left", width: "303%" }}>
              <FormCanvas
                templateName={form.templateName}
                elements={form.elements}
                style={form.style}
                company={props.company}
              />
            </div>
          </div>
        </Link>
        <Box padding="300">
          <InlineStack align="space-between" blockAlign="center" wrap={false} gap="200">
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm" truncate>
                {form.name}
              </Text>
              <Text as="p" tone="subdued" variant="bodySm">
                {t(`forms.list.updated.${age.unit}`, { count: age.count })}
                {" · "}
                {form.disabled ? t("forms.list.unpublished") : t("forms.list.published")}
              </Text>
            </BlockStack>
            <InlineStack gap="100" wrap={false}>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="copy" />
                <input type="hidden" name="id" value={form.id} />
                <input type="hidden" name="redirectTo" value="/contact-form" />
                <Button
                  submit
                  icon={DuplicateIcon}
                  accessibilityLabel={t("forms.list.copy", { name: form.name })}
                  disabled={!canWrite || busy}
                />
              </fetcher.Form>
              <Button
                icon={DeleteIcon}
                tone="critical"
                accessibilityLabel={t("forms.list.delete", { name: form.name })}
                disabled={!canWrite || busy}
                onClick={() => setConfirming(true)}
              />
            </InlineStack>
          </InlineStack>
        </Box>
      </article>
      <ConfirmModal
        open={confirming}
        message={t("forms.list.deleteConfirm")}
        loading={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          fetcher.submit({ intent: "delete", id: form.id, redirectTo: "/contact-form" }, { method: "post" });
          setConfirming(false);
        }}
      />
      <ToastView toast={fetcher.data?.toast} />
    </Card>
  );
}
