import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { ClipboardIcon } from "@shopify/polaris-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { companyEditSchema } from "~/domain/settings/schemas";
import type { OrganizationTabData, SettingsAnswer } from "~/domain/settings/settings-page.server";
import { ConfirmModal } from "~/ui/confirm-modal";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";
import { CountrySelect } from "~/ui/setup/country-select";
import { type Toast, ToastView } from "~/ui/toast";
import { AttributionSettingsCard } from "./attribution-settings";
import { MessagingSettingsCard } from "./messaging-settings";
import { SecretKeys } from "./secret-keys";

export function OrganizationTab({
  data,
  actionData,
}: {
  data: OrganizationTabData;
  actionData: SettingsAnswer;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<Toast | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = useFetcher<{ toast?: Toast }>();
  const href = /^https?:\/\//.test(data.account.url) ? data.account.url : `https://${data.account.url}`;
  const copyId = async () => {
    await navigator.clipboard.writeText(data.account.id);
    setCopied({ message: "toasts.copied" });
  };
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {data.account.company}
            </Text>
            <EditCompany data={data} actionData={actionData} />
          </InlineStack>
          <Text as="p">
            {t("settings.companyUrl")}:{" "}
            <Link url={href} target="_blank">
              {data.account.url}
            </Link>
          </Text>
          <Text as="p">
            {t("firstRun.country.label")}: <CountryName code={data.account.country} />
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <Text as="span">{t("settings.accountId")}:</Text>
            <code>{data.account.id}</code>
            <Button
              variant="tertiary"
              icon={ClipboardIcon}
              onClick={copyId}
              accessibilityLabel={t("settings.copy")}
            />
          </InlineStack>
        </BlockStack>
      </Card>
      <MessagingSettingsCard data={data} actionData={actionData} />
      <AttributionSettingsCard data={data} actionData={actionData} />
      <SecretKeys keys={data.apiKeys} canGenerate={data.can.keysGenerate} canManage={data.can.keysManage} />
      <Card>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("settings.leaveOrganization")}
          </Text>
          <Button tone="critical" onClick={() => setConfirmLeave(true)} disabled={!data.can.teamLeave}>
            {t("settings.leaveOrganization")}
          </Button>
        </InlineStack>
      </Card>
      <ConfirmModal
        open={confirmLeave}
        message={t("settings.leaveConfirm")}
        loading={leave.state !== "idle"}
        onClose={() => setConfirmLeave(false)}
        onConfirm={() => {
          leave.submit({ intent: "leave" }, { method: "post", action: "/resources/members" });
          setConfirmLeave(false);
        }}
      />
      <ToastView toast={leave.data?.toast ?? copied} />
    </BlockStack>
  );
}

function EditCompany({ data, actionData }: { data: OrganizationTabData; actionData: SettingsAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const lastResult = actionData?.intent === "company" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "edit-company",
    lastResult,
    defaultValue: { company: data.account.company, url: data.account.url, country: data.account.country },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyEditSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (actionData?.intent === "company" && actionData.toast) setOpen(false);
  }, [actionData]);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "company";
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!data.can.companyWrite}>
        {t("settings.editCompany")}
      </Button>
      <Drawer open={open} title={t("settings.editCompanyTitle")} onClose={() => setOpen(false)}>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="company" />
          <BlockStack gap="400">
            <FormTextField
              meta={fields.company}
              label={t("settings.companyName")}
              autoComplete="organization"
            />
            <FormTextField meta={fields.url} label={t("settings.companyUrl")} autoComplete="url" />
            <CountrySelect
              id={fields.country.id}
              name={fields.country.name}
              codes={data.countries}
              defaultValue={data.account.country}
              error={fields.country.errors?.[0]}
            />
            <Text as="p" tone="subdued" variant="bodySm">
              {t("settings.accountId")}: {data.account.id}
            </Text>
            <InlineStack align="end" gap="200">
              <Button onClick={() => setOpen(false)}>{t("settings.cancel")}</Button>
              <Button submit variant="primary" loading={busy}>
                {t("settings.save")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      </Drawer>
    </>
  );
}

/** A country code named in the reader's language ("FR" → "France"). */
function CountryName({ code }: { code: string }) {
  const { i18n } = useTranslation();
  const name = new Intl.DisplayNames([i18n.language || "en", "en"], { type: "region" }).of(code);
  return <>{name ?? code}</>;
}
