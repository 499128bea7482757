import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, InlineGrid, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect, useLocation, useNavigation } from "react-router";
import { redirectSignedInAway } from "~/domain/access/guard.server";
import { normalizeEmail, signUp } from "~/domain/auth/identity.server";
import { requestOrigin } from "~/domain/auth/origin.server";
import { signupSchema } from "~/domain/auth/schemas";
import { commit, getCookieSession } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormCheckbox, FormTextField } from "~/ui/fields";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedInAway({ request, context });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await redirectSignedInAway({ request, context });
  const submission = parseWithZod(await request.formData(), { schema: signupSchema });
  if (submission.status !== "success") return { result: submission.reply({ hideFields: ["password"] }) };
  const outcome = await signUp(submission.value, requestOrigin(context));
  if (!outcome.ok)
    return { result: submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }) };
  const session = await getCookieSession(request);
  session.set("pendingConfirmationEmail", normalizeEmail(submission.value.email));
  const requestId = new URL(request.url).searchParams.get("requestid");
  const next = requestId
    ? `/confirm_sign_up?${new URLSearchParams({ requestid: requestId })}`
    : "/confirm_sign_up";
  return redirect(next, { headers: await commit(session) });
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // An invitation id (?requestid=) travels between sign-up and login.
  const location = useLocation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const aside = (
    <BlockStack gap="300">
      <Text as="h2" variant="headingLg">
        {t("auth.sidePanelTitle")}
      </Text>
      <Text as="p">{t("auth.sidePanelText")}</Text>
      <div>
        <Button url={`/login${location.search}`} size="large">
          {t("auth.loginButton")}
        </Button>
      </div>
    </BlockStack>
  );
  return (
    <AuthLayout title={t("auth.signupTitle")} aside={aside}>
      {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
            <FormTextField
              meta={fields.givenName}
              label={t("auth.firstName")}
              autoComplete="given-name"
              autoFocus
            />
            <FormTextField meta={fields.familyName} label={t("auth.lastName")} autoComplete="family-name" />
          </InlineGrid>
          <FormTextField meta={fields.email} label={t("auth.emailLabel")} type="email" autoComplete="email" />
          <FormTextField
            meta={fields.password}
            label={t("auth.passwordLabel")}
            type="password"
            autoComplete="new-password"
            helpText={t("validation.passwordMin")}
          />
          <FormCheckbox
            meta={fields.terms}
            label={
              <>
                {t("auth.agreeTo")}{" "}
                <Link url="/termsandCondition" target="_blank">
                  {t("common.termsAndConditions")}
                </Link>{" "}
                {t("auth.and")}{" "}
                <Link url="/privacy" target="_blank">
                  {t("common.privacyPolicy")}
                </Link>
              </>
            }
          />
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === "submitting"}>
            {t("auth.signUpButton")}
          </Button>
          <Text as="p" alignment="center">
            {t("auth.haveAccount")} <Link url={`/login${location.search}`}>{t("auth.loginLink")}</Link>
          </Text>
        </BlockStack>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
