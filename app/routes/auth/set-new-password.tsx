import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Button, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { completeNewPassword } from "~/domain/auth/identity.server";
import { setNewPasswordSchema } from "~/domain/auth/schemas";
import { commit, getCookieSession } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { asI18nKey } from "~/i18n/keys";
import { AuthLayout } from "~/ui/auth-layout";
import { FormTextField } from "~/ui/fields";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/set-new-password";

/** Only reachable right after a sign-in that requires a new password (invited users). */
async function requireChallenge(request: Request) {
  const session = await getCookieSession(request);
  const userId = session.get("newPasswordChallengeUserId");
  if (!userId) throw redirect("/signin");
  return { session, userId };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireChallenge(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { session, userId } = await requireChallenge(request);
  const submission = parseWithZod(await request.formData(), { schema: setNewPasswordSchema });
  if (submission.status !== "success")
    return { result: submission.reply({ hideFields: ["password", "confirmPassword"] }) };
  const outcome = await completeNewPassword(userId, submission.value.password);
  if (!outcome.ok) {
    return {
      result: submission.reply({ formErrors: [outcome.error], hideFields: ["password", "confirmPassword"] }),
    };
  }
  session.unset("newPasswordChallengeUserId");
  session.flash("toast", { message: "toasts.loginWithNewPassword" });
  return redirect("/signin", { headers: await commit(session) });
}

export default function SetNewPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setNewPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title={t("auth.setNewPasswordTitle")}>
      <Text as="p" tone="subdued">
        {t("auth.setNewPasswordHelp")}
      </Text>
      {form.errors?.length ? <Banner tone="critical">{t(asI18nKey(form.errors[0]))}</Banner> : null}
      <Form method="post" {...getFormProps(form)}>
        <BlockStack gap="400">
          <FormTextField
            meta={fields.password}
            label={t("auth.enterNewPassword")}
            type="password"
            autoComplete="new-password"
            helpText={t("validation.passwordMin")}
            autoFocus
          />
          <FormTextField
            meta={fields.confirmPassword}
            label={t("auth.confirmNewPassword")}
            type="password"
            autoComplete="new-password"
          />
          <Button submit variant="primary" size="large" fullWidth loading={navigation.state === "submitting"}>
            {t("auth.setNewPasswordButton")}
          </Button>
        </BlockStack>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
