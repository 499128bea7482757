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
      <Form method="post" {...getFormProps(form)} aria-labelledby="attribution-settings-title">
        <input type="hidden" name="intent" value="attribution" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd" id="attribution-settings-title">
            {t("attribution.settings.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("attribution.settings.description")}
          </Text>
          <InlineStack gap="300" blockAlign="start" wrap={false}>
            <Box width="12rem">
              <FormTextField
                meta={fields.attributionWindowDays}
                label={t("attribution.settings.windowLabel")}
                type="number"
                inputMode="numeric"
                autoComplete="off"
                disabled={disabled}
              />
            </Box>
            {/* Level with the input, below its label, whether or not an error shows under it. */}
            <Box paddingBlockStart="600">
              <Button submit variant="primary" loading={busy} disabled={disabled}>
                {t("attribution.settings.save")}
              </Button>
            </Box>
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {t("attribution.settings.windowHelp")}
          </Text>
        </BlockStack>
      </Form>
    </Card>
  );
}
