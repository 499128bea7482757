import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { config } from "~/config.server";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { SUPPORT_PHONE_MAX_LENGTH, supportSchema } from "~/domain/settings/schemas";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { submitSupportMessage } from "~/domain/support/support.server";
import { FormTextField } from "~/ui/fields";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ToastView } from "~/ui/toast";
import type { Route } from "./+types/support";

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return { user: member.user, supportEmail: config().SUPPORT_EMAIL, canWrite: can(member, "support.write") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "support.write");
  const submission = parseWithZod(await request.formData(), { schema: supportSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, 400);
  try {
    await submitSupportMessage(member, submission.value);
  } catch (error) {
    console.error("support message could not be emailed", error);
    return data({ result: submission.reply(), toast: { message: "toasts.supportFailed", error: true } }, 502);
  }
  return { result: submission.reply({ resetForm: true }), toast: { message: "toasts.supportThanks" } };
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "support",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { user } = loaderData;
  return (
    <Page title={t("support.title")}>
      <Layout>
        <Layout.Section>
          <Card>
            <Form method="post" {...getFormProps(form)}>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  {t("support.formTitle")}
                </Text>
                <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
                  <TextField
                    label={t("support.name")}
                    value={`${user.givenName} ${user.familyName}`}
                    readOnly
                    autoComplete="name"
                  />
                  <TextField label={t("support.email")} value={user.email} readOnly autoComplete="email" />
                </InlineGrid>
                <FormTextField
                  meta={fields.phone}
                  label={t("support.phone")}
                  type="tel"
                  autoComplete="tel"
                  maxLength={SUPPORT_PHONE_MAX_LENGTH}
                />
                <FormTextField
                  meta={fields.message}
                  label={t("support.message")}
                  autoComplete="off"
                  multiline={5}
                  maxHeight={25 * 20}
                />
                <InlineStack align="end">
                  <Button
                    submit
                    variant="primary"
                    disabled={!loaderData.canWrite}
                    loading={navigation.state === "submitting"}
                  >
                    {t("support.send")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("support.contactTitle")}
              </Text>
              <Text as="p">{t("support.contactText", { email: loaderData.supportEmail })}</Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      <ToastView toast={actionData?.toast} />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
