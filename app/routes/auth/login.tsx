import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import { redirectSignedInAway } from "~/domain/access/guard.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { authenticateWithPassword } from "~/domain/auth/password-sign-in.server";
import { loginSchema } from "~/domain/auth/schemas";
import { commit, getCookieSession, startUserSession } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormTextField } from "~/ui/fields";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedInAway({ request, context });
  const session = await getCookieSession(request);
  const feedback = session.get("feedback") ?? null;
  // Right after confirming a sign-up, the new account's email is filled in.
  const email = session.get("feedbackEmail") ?? "";
  return data({ feedback, email }, { headers: feedback || email ? await commit(session) : undefined });
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectSignedInAway({ request, context });
  const origin = requestOrigin(context);
  const { submission, outcome } = await authenticateWithPassword(request, origin);
  if (!outcome) return { result: submission.reply({ hideFields: ["password"] }) };
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.error], hideFields: ["password"] });
    return { result, retryAfterSeconds: outcome.retryAfterSeconds };
  }

  const session = await getCookieSession(request);
  switch (outcome.value.kind) {
    case "not_confirmed":
      session.set("pendingConfirmationEmail", outcome.value.email);
      return redirect("/confirm_sign_up", { headers: await commit(session) });
    case "new_password_required":
      session.set("newPasswordChallengeUserId", outcome.value.userId);
      return redirect("/set-new-password", { headers: await commit(session) });
    case "signed_in": {
      const requestId = new URL(request.url).searchParams.get("requestid");
      return startUserSession(request, {
        userId: outcome.value.userId,
        ipAddress: origin.ip,
        // Store details from the Shopify install hand-off: on to store onboarding (spec 1 section 4).
        redirectTo: requestId
          ? `/?${new URLSearchParams({ requestid: requestId })}`
          : session.has("storeDetails")
            ? "/unboxing-tour"
            : "/",
      });
    }
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // An invitation id (?requestid=) travels between sign-up and login.
  const location = useLocation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: loaderData.email ? { email: loaderData.email } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title={t("auth.loginTitle")}>
      <Text as="p" tone="subdued">
        {t("auth.loginSubtitle")}
      </Text>
      {loaderData.feedback ? <Banner tone="success">{t(asI18nKey(loaderData.feedback))}</Banner> : null}
      {form.errors?.length ? (
        <Banner tone="critical">
          {t(asI18nKey(form.errors[0]), {
            count: actionData && "retryAfterSeconds" in actionData ? actionData.retryAfterSeconds : undefined,
          })}
        </Banner>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <FormTextField
            meta={fields.email}
            label={t("auth.emailLabel")}
            type="email"
            autoComplete="email"
            autoFocus={!loaderData.email}
          />
          <FormTextField
            meta={fields.password}
            label={t("auth.passwordLabel")}
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(loaderData.email)}
          />
          <InlineStack align="end">
            <Link url="/forgot-password">{t("auth.resetPasswordLink")}</Link>
          </InlineStack>
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === "submitting"}>
            {t("auth.loginButton")}
          </Button>
          <Text as="p" alignment="center">
            {t("auth.noAccount")} <Link url={`/signup${location.search}`}>{t("auth.createAccountLink")}</Link>
          </Text>
        </BlockStack>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
