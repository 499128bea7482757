import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { redirectSignedInAway } from "~/domain/access/guard.server";
import { forgotPassword, resetPassword } from "~/domain/auth/identity.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { resetPasswordSchema } from "~/domain/auth/schemas";
import { redirectWithFeedback } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormTextField } from "~/ui/fields";
import { ResendCodeForm } from "~/ui/resend-code-form";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/reset-password";

/** Reached from the emailed link (confirmationcode and email) or from /forgot-password; otherwise to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedInAway({ request, context });
  const url = new URL(request.url);
  const email = url.searchParams.get("email");
  if (!email) throw redirect("/");
  return { email, code: url.searchParams.get("confirmationcode") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectSignedInAway({ request, context });
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return { result: submission.reply({ hideFields: ["password"] }), resent: false };
  const origin = requestOrigin(context);
  if (submission.value.intent === "resend") {
    const resent = await forgotPassword(submission.value.email, origin);
    if (!resent.ok) return { result: submission.reply({ formErrors: [resent.error] }), resent: false };
    return { result: submission.reply({ resetForm: false }), resent: true };
  }
  const outcome = await resetPassword(
    { email: submission.value.email, code: submission.value.code, newPassword: submission.value.password },
    origin,
  );
  if (!outcome.ok) {
    return {
      result: submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }),
      resent: false,
    };
  }
  return redirectWithFeedback(request, "/signin", "auth.feedback.newPassword");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email, code: loaderData.code },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <AuthLayout title={t("auth.resetTitle")}>
      <Text as="p" tone="subdued">
        {t("auth.resetHelp", { email: loaderData.email })}
      </Text>
      {actionData?.resent ? <Banner tone="success">{t("auth.codeResent")}</Banner> : null}
      {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="email" value={loaderData.email} />
        <BlockStack gap="400">
          <FormTextField
            meta={fields.code}
            label={t("auth.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
          <FormTextField
            meta={fields.password}
            label={t("auth.newPassword")}
            type="password"
            autoComplete="new-password"
            helpText={t("validation.passwordMin")}
          />
          <Button submit variant="primary" size="large" fullWidth loading={busyIntent === "reset"}>
            {t("auth.submit")}
          </Button>
        </BlockStack>
      </Form>
      <ResendCodeForm email={loaderData.email} busy={busyIntent === "resend"} />
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
