import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Popover,
  Text,
  TextField,
  Tooltip,
} from "@shopify/polaris";
import { ArrowLeftIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { EmbedCodes } from "~/domain/forms/embed-codes";
import { ConfirmModal } from "~/ui/confirm-modal";
import { type Toast, ToastView } from "~/ui/toast";
import type { SavedForm } from "./builder-types";
import { PublishPopover } from "./publish-popover";

/**
 * The builder's header (spec 3 sections 2.2 and 4.1): back, the editable title, the Publish switch
 * with its confirmations and tooltips, Save, Preview, Form details and the share popover.
 */
export function BuilderHeader(props: {
  name: string;
  onName: (name: string) => void;
  onBack: () => void;
  saved: SavedForm | null;
  dirty: boolean;
  busy: boolean;
  readOnly: boolean;
  codes: EmbedCodes | null;
  onSave: () => void;
  onPublish: (on: boolean) => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<"publish" | "unpublish" | null>(null);
  const published = props.saved ? !props.saved.disabled : false;
  const switchBlocked = props.readOnly || !props.saved || props.dirty || props.busy;
  const tooltip = !props.saved
    ? t("forms.builder.saveFirst")
    : props.dirty
      ? t("forms.builder.unsavedFirst")
      : null;
  // Save: disabled for read-only admins and, once saved, until there are unsaved changes (4.1).
  const saveDisabled = props.readOnly || (props.saved !== null && !props.dirty);
  const publishSwitch = (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <button
        type="button"
        role="switch"
        aria-checked={published}
        aria-label={t("forms.builder.publish")}
        disabled={switchBlocked}
        onClick={() => setAsking(published ? "unpublish" : "publish")}
        className="forms-switch"
        style={{
          width: 40,
          height: 22,
          borderRadius: 11,
          border: 0,
          padding: 2,
          background: published ? "#008060" : "#b5b5b5",
          opacity: switchBlocked ? 0.5 : 1,
          cursor: switchBlocked ? "not-allowed" : "pointer",
          display: "flex",
          justifyContent: published ? "flex-end" : "flex-start",
        }}
      >
        <span style={{ width: 18, height: 18, borderRadius: 9, background: "#fff", display: "block" }} />
      </button>
      <Text as="span">{t("forms.builder.publish")}</Text>
    </label>
  );
  return (
    <Card>
      <InlineStack align="space-between" blockAlign="center" gap="300">
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Button icon={ArrowLeftIcon} accessibilityLabel={t("forms.builder.back")} onClick={props.onBack} />
          <Box minWidth="min(220px, 60vw)">
            <TextField
              label={t("forms.builder.titleLabel")}
              labelHidden
              value={props.name}
              onChange={props.onName}
              disabled={props.readOnly}
              autoComplete="off"
              maxLength={200}
            />
          </Box>
        </InlineStack>
        <InlineStack gap="300" blockAlign="center">
          {tooltip && !props.readOnly ? (
            <Tooltip content={tooltip}>
              <span data-testid="publish-tooltip">{publishSwitch}</span>
            </Tooltip>
          ) : (
            publishSwitch
          )}
          <Button variant="primary" onClick={props.onSave} disabled={saveDisabled} loading={props.busy}>
            {t("forms.builder.save")}
          </Button>
          <Button onClick={props.onPreview}>{t("forms.builder.preview")}</Button>
          <FormDetails saved={props.saved} published={published} readOnly={props.readOnly} />
          <PublishPopover codes={props.saved ? props.codes : null} disabled={false} />
        </InlineStack>
      </InlineStack>
      <ConfirmModal
        open={asking !== null}
        title={asking === "publish" ? t("forms.builder.publishConfirm") : undefined}
        message={
          asking === "publish" ? t("forms.builder.publishConfirmBody") : t("forms.builder.unpublishConfirm")
        }
        destructive={asking === "unpublish"}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          props.onPublish(asking === "publish");
          setAsking(null);
        }}
      />
    </Card>
  );
}

/** Form details: the form's state, times and id (copied with 'Copied to clipboard!'). */
function FormDetails(props: { saved: SavedForm | null; published: boolean; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const saved = props.saved;
  return (
    <>
      <Popover
        active={open}
        onClose={() => setOpen(false)}
        activator={
          <Button disclosure onClick={() => setOpen((was) => !was)} disabled={props.readOnly}>
            {t("forms.builder.formDetails")}
          </Button>
        }
      >
        <Box padding="400" maxWidth="360px">
          {saved ? (
            <BlockStack gap="200">
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" fontWeight="semibold">
                  {t("forms.builder.details.status")}
                </Text>
                <Badge tone={props.published ? "success" : undefined}>
                  {props.published ? t("forms.list.published") : t("forms.list.unpublished")}
                </Badge>
              </InlineStack>
              <Text as="p">
                {t("forms.builder.details.created")}: {when(saved.createdAt)}
              </Text>
              <Text as="p">
                {t("forms.builder.details.updated")}: {when(saved.updatedAt)}
              </Text>
              <InlineStack gap="200" blockAlign="center" wrap={false}>
                <Text as="span" breakWord>
                  {t("forms.builder.details.id")}: {saved.id}
                </Text>
                <Button
                  size="slim"
                  onClick={async () => {
                    await navigator.clipboard.writeText(saved.id);
                    setToast({ message: "forms.publish.copied" });
                  }}
                >
                  {t("forms.builder.details.copyId")}
                </Button>
              </InlineStack>
            </BlockStack>
          ) : (
            <Text as="p">{t("forms.builder.details.notSaved")}</Text>
          )}
        </Box>
      </Popover>
      <ToastView toast={toast} />
    </>
  );
}
