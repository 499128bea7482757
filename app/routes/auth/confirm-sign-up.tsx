import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { redirectSignedInAway } from "~/domain/access/guard.server";
import { confirmSignUp, resendSignUpCode } from "~/domain/auth/identity.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { confirmSignUpSchema } from "~/domain/auth/schemas";
import { getCookieSession, redirectWithFeedback, redirectWithToast } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormTextField } from "~/ui/fields";
import { ResendCodeForm } from "~/ui/resend-code-form";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/confirm-sign-up";

/** Reached from the emailed link (confirmationcode and email) or right after sign-up; otherwise to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedInAway({ request, context });
  const url = new URL(request.url);
  const session = await getCookieSession(request);
  const email = url.searchParams.get("email") ?? session.get("pendingConfirmationEmail") ?? null;
  if (!email) throw redirect("/");
  return { email, code: url.searchParams.get("confirmationcode") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectSignedInAway({ request, context });
  const submission = parseWithZod(await request.formData(), { schema: confirmSignUpSchema });
  if (submission.status !== "success") return { result: submission.reply(), resent: false };
  const origin = requestOrigin(context);
  if (submission.value.intent === "resend") {
    const resent = await resendSignUpCode(submission.value.email, origin);
    if (!resent.ok) return { result: submission.reply({ formErrors: [resent.error] }), resent: false };
    return { result: submission.reply({ resetForm: false }), resent: true };
  }
  const outcome = await confirmSignUp(submission.value.email, submission.value.code, origin);
  if (!outcome.ok) return { result: submission.reply({ formErrors: [outcome.error] }), resent: false };
  if (outcome.value === "already_confirmed") {
    return redirectWithToast(request, "/", { message: "toasts.alreadyVerified" });
  }
  // Following an invitation: the id travels on, so signing in joins the company.
  const requestId = new URL(request.url).searchParams.get("requestid");
  const signIn = requestId ? `/signin?${new URLSearchParams({ requestid: requestId })}` : "/signin";
  return redirectWithFeedback(request, signIn, "auth.feedback.newAccount", submission.value.email.trim());
}

export default function ConfirmSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email, code: loaderData.code },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSignUpSchema }),
    shouldValidate: "onSubmit",
  });
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <AuthLayout title={t("auth.confirmTitle")}>
      {actionData?.resent ? <Banner tone="success">{t("auth.codeResent")}</Banner> : null}
      {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="confirm" />
        <BlockStack gap="400">
          <FormTextField meta={fields.email} label={t("auth.emailLabel")} type="email" autoComplete="email" />
          <FormTextField
            meta={fields.code}
            label={t("auth.confirmationCode")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
          <Button submit variant="primary" size="large" fullWidth loading={busyIntent === "confirm"}>
            {t("auth.confirmButton")}
          </Button>
        </BlockStack>
      </Form>
      <ResendCodeForm email={loaderData.email} busy={busyIntent === "resend"} />
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
