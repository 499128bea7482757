import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { messagingSettingsSchema, SMS_HELP_TEXT_MAX } from "~/domain/settings/schemas";
import type { OrganizationTabData, SettingsAnswer } from "~/domain/settings/settings-page.server";
import { asI18nKey } from "~/i18n/keys";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";

/** The company's messaging settings: quiet hours' fallback time zone and the reply to HELP. */
export function MessagingSettingsCard({
  data,
  actionData,
}: {
  data: OrganizationTabData;
  actionData: SettingsAnswer;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = data.messaging;
  const example = t("messaging.sms.helpDefault", { company: data.account.company, url: data.account.url });
  useEffect(() => {
    if (actionData?.intent === "messaging" && actionData.toast) setOpen(false);
  }, [actionData]);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("messagingSettings.title")}
          </Text>
          <Button onClick={() => setOpen(true)} disabled={!data.can.companyWrite}>
            {t("messagingSettings.edit")}
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          {t("messagingSettings.description")}
        </Text>
        <Text as="p">
          {t("messagingSettings.timeZone")}: <strong>{settings.timeZone}</strong>
        </Text>
        <Text as="p">
          {t("messagingSettings.helpText")}: {settings.smsHelpText ?? example}
        </Text>
      </BlockStack>
      <Drawer open={open} title={t("messagingSettings.edit")} onClose={() => setOpen(false)}>
        <MessagingForm data={data} actionData={actionData} example={example} />
      </Drawer>
    </Card>
  );
}

function MessagingForm({
  data,
  actionData,
  example,
}: {
  data: OrganizationTabData;
  actionData: SettingsAnswer;
  example: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "messaging" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "messaging-settings",
    lastResult,
    defaultValue: { timeZone: data.messaging.timeZone, smsHelpText: data.messaging.smsHelpText ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messagingSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [timeZone, setTimeZone] = useState(data.messaging.timeZone);
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf("timeZone");
    return (all.includes(timeZone) ? all : [timeZone, ...all]).map((zone) => ({ label: zone, value: zone }));
  }, [timeZone]);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "messaging";
  const zoneError = fields.timeZone.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="messaging" />
      <BlockStack gap="400">
        <Select
          label={t("messagingSettings.timeZone")}
          options={zones}
          value={timeZone}
          onChange={setTimeZone}
          name={getInputProps(fields.timeZone, { type: "text" }).name}
          error={zoneError ? t(asI18nKey(zoneError)) : undefined}
        />
        <FormTextField
          meta={fields.smsHelpText}
          label={t("messagingSettings.helpText")}
          helpText={t("messagingSettings.helpTextHelp", { example })}
          multiline={3}
          maxLength={SMS_HELP_TEXT_MAX}
          autoComplete="off"
        />
        <InlineStack align="end">
          <Button submit variant="primary" loading={busy}>
            {t("messagingSettings.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
