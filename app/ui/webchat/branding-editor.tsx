import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  List,
  Page,
  Popover,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AssetView } from "~/domain/webchat/branding/assets.server";
import {
  type ChatBranding,
  type ColorField as ColorFieldName,
  type ImageField,
  SUBDOMAIN_SLOT,
  withReadableText,
} from "~/domain/webchat/branding/branding-schema";
import { asI18nKey } from "~/i18n/keys";
import { LeaveGuard } from "~/ui/forms/leave-guard";
import { type ToastData, ToastView } from "~/ui/toast";
import { AssetsCard } from "./assets-card";
import { ColorField, ImagePicker, Panel } from "./branding-fields";
import { PreviewFrame } from "./preview-frame";
import { WebchatTabs } from "./webchat-tabs";

type BrandingData = {
  branding: ChatBranding;
  assets: AssetView[];
  chatUrl: string | null;
  chatUrlPattern: string;
  previewUrl: string | null;
  canWrite: boolean;
};
type Answer = {
  toast?: ToastData;
  branding?: ChatBranding;
  fieldErrors?: Partial<Record<keyof ChatBranding, string[]>>;
  problems?: string[];
};
type TextFieldName = Exclude<keyof ChatBranding, ColorFieldName | ImageField>;

/** /webchat/branding: the panels on the left, the live preview of the chat app on the right. */
export function BrandingEditor({ data }: { data: BrandingData }) {
  const { t } = useTranslation();
  const readOnly = !data.canWrite;
  const fetcher = useFetcher<Answer>();
  const [saved, setSaved] = useState(data.branding);
  const [draft, setDraft] = useState(data.branding);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const chatUrl = data.chatUrl;

  // Applied: the server's copy is the new saved copy (the loader, run again, has the new address).
  useEffect(() => {
    if (!answer?.branding) return;
    setSaved(answer.branding);
    setDraft(answer.branding);
  }, [answer]);

  const [editingWelcome, setEditingWelcome] = useState(false);
  const set = <K extends keyof ChatBranding>(field: K, value: ChatBranding[K]) => {
    setEditingWelcome(field.startsWith("welcome"));
    setDraft((current) => withReadableText({ ...current, [field]: value }, field));
  };
  const errorOf = (field: keyof ChatBranding) => {
    const key = answer?.fieldErrors?.[field]?.[0];
    return key ? t(asI18nKey(key)) : undefined;
  };
  const text = (
    field: TextFieldName,
    options: { multiline?: boolean; help?: string; maxLength?: number } = {},
  ) => (
    <TextField
      label={t(`webchat.branding.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      autoComplete="off"
      error={errorOf(field)}
      disabled={readOnly}
      multiline={options.multiline ? 3 : undefined}
      helpText={options.help}
      maxLength={options.maxLength}
    />
  );
  const color = (field: ColorFieldName) => (
    <ColorField
      label={t(`webchat.branding.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      disabled={readOnly}
    />
  );
  const image = (field: ImageField, hint?: string) => (
    <ImagePicker
      field={field}
      label={t(`webchat.branding.fields.${field}`)}
      value={draft[field]}
      assets={data.assets}
      hint={hint}
      error={errorOf(field)}
      onChange={(value) => set(field, value)}
      disabled={readOnly}
    />
  );
  const chatAddress = draft.subdomain ? data.chatUrlPattern.replace(SUBDOMAIN_SLOT, draft.subdomain) : "";

  return (
    <Page
      fullWidth
      title={t("webchat.branding.title")}
      primaryAction={{
        content: t("webchat.branding.apply"),
        onAction: () =>
          fetcher.submit(
            { intent: "apply", branding: draft },
            { method: "post", encType: "application/json" },
          ),
        disabled: readOnly || !dirty,
        loading: fetcher.state !== "idle",
      }}
      secondaryActions={<PreviewPopover url={chatUrl} />}
    >
      <BlockStack gap="400">
        <WebchatTabs current="branding" />
        {readOnly && <Banner tone="info">{t("webchat.readOnly")}</Banner>}
        {!data.branding.subdomain && <Banner tone="critical">{t("webchat.branding.noSubdomain")}</Banner>}
        {answer?.problems?.length ? (
          <Banner tone="critical" title={t("webchat.branding.fixTitle")}>
            <List>
              {answer.problems.map((problem) => (
                <List.Item key={problem}>{t(asI18nKey(problem), { defaultValue: problem })}</List.Item>
              ))}
            </List>
          </Banner>
        ) : null}
        <InlineGrid columns={{ xs: 1, lg: "3fr 2fr" }} gap="400">
          <BlockStack gap="400">
            <Card padding="200">
              <BlockStack gap="100">
                <Panel title={t("webchat.branding.panels.theme")} initiallyOpen>
                  {text("pageTitle", { maxLength: 60 })}
                  {color("mainElementColor")}
                  {color("buttonTextColor")}
                  {color("linkTextColor")}
                  {image("favicon", t("webchat.branding.hints.favicon"))}
                </Panel>
                <Panel title={t("webchat.branding.panels.welcomePopup")}>
                  {text("welcomeTitleText", { maxLength: 120 })}
                  {text("welcomeBodyText", { multiline: true, maxLength: 500 })}
                  {text("welcomeButtonText", { maxLength: 60 })}
                </Panel>
                <Panel title={t("webchat.branding.panels.chat")}>
                  {image("headerIcon")}
                  {image("brandMessageIcon")}
                  {color("brandMessageBackgroundColor")}
                  {color("brandMessageTextColor")}
                  {color("contactMessageBackgroundColor")}
                  {color("contactMessageTextColor")}
                </Panel>
                <Panel title={t("webchat.branding.panels.pwa")}>
                  {text("longAppName", { maxLength: 60 })}
                  {text("shortAppName", { maxLength: 30, help: t("webchat.branding.hints.shortAppName") })}
                  {text("subdomain", {
                    maxLength: 63,
                    help: chatAddress
                      ? t("webchat.branding.hints.subdomain", { url: chatAddress })
                      : undefined,
                  })}
                  {image("homeScreenIcon", t("webchat.branding.hints.homeScreenIcon"))}
                </Panel>
                <Panel title={t("webchat.branding.panels.links")}>
                  {text("faqLink", { help: t("webchat.branding.hints.link") })}
                  {text("supportLink", { help: t("webchat.branding.hints.link") })}
                  {text("shopLink", { help: t("webchat.branding.hints.link") })}
                </Panel>
              </BlockStack>
            </Card>
            <AssetsCard assets={data.assets} readOnly={readOnly} />
          </BlockStack>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("webchat.branding.preview")}
              </Text>
              <Text as="p" tone="subdued">
                {t("webchat.branding.previewUnsaved")}
              </Text>
              {data.previewUrl ? (
                <PreviewFrame src={data.previewUrl} branding={draft} showWelcome={editingWelcome} />
              ) : null}
            </BlockStack>
          </Card>
        </InlineGrid>
      </BlockStack>
      <LeaveGuard dirty={dirty && fetcher.state === "idle"} body={t("webchat.leaveBody")} />
      <ToastView toast={answer?.toast} />
    </Page>
  );
}

/** The Preview popover: the chat's shareable address as saved, to copy or open. */
function PreviewPopover({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button onClick={() => setOpen(!open)} disclosure disabled={!url}>
          {t("webchat.branding.preview")}
        </Button>
      }
      preferredAlignment="right"
    >
      <div style={{ padding: 16, width: 360 }}>
        <BlockStack gap="200">
          <TextField
            label={t("webchat.branding.previewLink")}
            value={url ?? ""}
            readOnly
            autoComplete="off"
            helpText={t("webchat.branding.previewLinkHelp")}
            onFocus={(event) => (event?.target as HTMLInputElement | undefined)?.select()}
          />
          <InlineStack gap="200">
            <Button
              onClick={() => {
                if (!url) return;
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              {copied ? t("webchat.branding.copied") : t("webchat.branding.copy")}
            </Button>
            <Button url={url ?? undefined} target="_blank">
              {t("webchat.branding.open")}
            </Button>
          </InlineStack>
        </BlockStack>
      </div>
    </Popover>
  );
}
