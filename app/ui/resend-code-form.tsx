import { Button, InlineStack } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/** "Resend Code" as its own small form, so Enter in the code field always submits the code. */
export function ResendCodeForm({ email, busy }: { email: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <InlineStack align="center">
        <Button submit variant="plain" loading={busy}>
          {t("auth.resendCode")}
        </Button>
      </InlineStack>
    </Form>
  );
}
