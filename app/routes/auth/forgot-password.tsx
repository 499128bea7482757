import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { redirectSignedInAway } from "~/domain/access/guard.server";
import { forgotPassword, normalizeEmail } from "~/domain/auth/identity.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { forgotPasswordSchema } from "~/domain/auth/schemas";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormTextField } from "~/ui/fields";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedInAway({ request, context });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectSignedInAway({ request, context });
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const outcome = await forgotPassword(submission.value.email, requestOrigin(context));
  if (!outcome.ok) return { result: submission.reply({ formErrors: [outcome.error] }) };
  return redirect(
    `/reset-password?${new URLSearchParams({ email: normalizeEmail(submission.value.email) })}`,
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <AuthLayout title={t("auth.forgotTitle")}>
      <Text as="p" tone="subdued">
        {t("auth.forgotHelp")}
      </Text>
      {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <FormTextField
            meta={fields.email}
            label={t("auth.emailLabel")}
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === "submitting"}>
            {t("auth.sendCode")}
          </Button>
          <Text as="p" alignment="center">
            <Link url="/signin">{t("auth.loginLink")}</Link>
          </Text>
        </BlockStack>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
