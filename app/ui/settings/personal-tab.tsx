import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useSearchParams } from "react-router";
import { changePasswordSchema, myDetailsSchema } from "~/domain/settings/schemas";
import type { PersonalTabData, SettingsAnswer } from "~/domain/settings/settings-page.server";
import { asI18nKey } from "~/i18n/keys";
import { FormTextField } from "~/ui/fields";
import { InvitationList } from "./invitation-list";

const subTabs = ["details", "invites"] as const;

export function PersonalTab({ data, actionData }: { data: PersonalTabData; actionData: SettingsAnswer }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const index = Math.max(0, subTabs.indexOf(searchParams.get("sub") as (typeof subTabs)[number]));
  return (
    <Tabs
      tabs={subTabs.map((id) => ({ id: `personal-${id}`, content: t(`settings.personalTabs.${id}`) }))}
      selected={index}
      onSelect={(i) =>
        setSearchParams({ tab: "personal", sub: subTabs[i] }, { replace: true, preventScrollReset: true })
      }
    >
      <Box paddingBlockStart="400">
        {index === 0 ? (
          <BlockStack gap="400">
            <MyDetails data={data} actionData={actionData} />
            <ResetPassword disabled={!data.can.profileWrite} actionData={actionData} />
          </BlockStack>
        ) : (
          <Card>
            <InvitationList invitations={data.invitations} disabled={!data.can.invitesAnswer} />
          </Card>
        )}
      </Box>
    </Tabs>
  );
}

function MyDetails({ data, actionData }: { data: PersonalTabData; actionData: SettingsAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "my-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: { givenName: data.user.givenName, familyName: data.user.familyName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: myDetailsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("settings.myDetails")}
          </Text>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
            <FormTextField
              meta={fields.givenName}
              label={t("settings.firstName")}
              autoComplete="given-name"
              disabled={!data.can.profileWrite}
            />
            <FormTextField
              meta={fields.familyName}
              label={t("settings.lastName")}
              autoComplete="family-name"
              disabled={!data.can.profileWrite}
            />
          </InlineGrid>
          <TextField label={t("settings.email")} value={data.user.email} readOnly autoComplete="email" />
          <InlineStack align="end">
            <Button submit variant="primary" disabled={!data.can.profileWrite} loading={busy}>
              {t("settings.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}

function ResetPassword({ disabled, actionData }: { disabled: boolean; actionData: SettingsAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "password" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t("settings.resetPassword")}
          </Text>
          {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
          <FormTextField
            meta={fields.currentPassword}
            label={t("settings.currentPassword")}
            type="password"
            autoComplete="current-password"
            disabled={disabled}
          />
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
            <FormTextField
              meta={fields.newPassword}
              label={t("settings.newPassword")}
              type="password"
              autoComplete="new-password"
              disabled={disabled}
            />
            <FormTextField
              meta={fields.confirmPassword}
              label={t("settings.confirmPassword")}
              type="password"
              autoComplete="new-password"
              disabled={disabled}
            />
          </InlineGrid>
          <InlineStack align="end">
            <Button submit disabled={disabled} loading={busy}>
              {t("settings.resetPassword")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}
