import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { attributionSettingsSchema } from "~/domain/settings/attribution-schema";
import type { OrganizationTabData, SettingsAnswer } from "~/domain/settings/settings-page.server";
import { FormTextField } from "~/ui/fields";

/**
 * Settings › Organization: how many days after a tracked-link click an order still counts for the
 * touchpoint. One small field, saved in place (no drawer); read-only for all but company admins.
 */
export function AttributionSettingsCard({
  data,
  actionData,
}: {
  data: OrganizationTabData;
  actionData: SettingsAnswer;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "attribution" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "attribution-settings",
    lastResult,
    defaultValue: { attributionWindowDays: String(data.attributionWindowDays) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: attributionSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "attribution";
  const disabled = !data.can.companyWrite;
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="attribution" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("attribution.settings.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("attribution.settings.description")}
          </Text>
          <InlineStack gap="300" blockAlign="end" wrap={false}>
            <Box maxWidth="16rem" width="100%">
              <FormTextField
                meta={fields.attributionWindowDays}
                label={t("attribution.settings.windowLabel")}
                helpText={t("attribution.settings.windowHelp")}
                type="number"
                inputMode="numeric"
                autoComplete="off"
                disabled={disabled}
              />
            </Box>
            <Box paddingBlockEnd="500">
              <Button submit variant="primary" loading={busy} disabled={disabled}>
                {t("attribution.settings.save")}
              </Button>
            </Box>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}
