import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { StuckReason } from "~/domain/forms/stuck-submissions.server";
import { type Toast, ToastView } from "~/ui/toast";

/**
 * /contact-form, for the company's admins: public form submissions that could not be saved after
 * every try (the visitors were told they were), the last failure's reason in plain words when it is
 * one we can name, and Retry, which puts them back in the queue. Read-only admins see it disabled.
 */
export function StuckSubmissionsBanner({
  stuck,
  canRetry,
}: {
  stuck: { count: number; reason: StuckReason | null };
  canRetry: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ toast?: Toast }>();
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Banner tone="critical" title={t("forms.list.stuck.title", { count: stuck.count })}>
        <BlockStack gap="200">
          <Text as="p">
            {stuck.reason ? t(`forms.list.stuck.reason.${stuck.reason}`) : t("forms.list.stuck.noReason")}{" "}
            {t("forms.list.stuck.help")}
          </Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="retry-submissions" />
            <input type="hidden" name="redirectTo" value="/contact-form" />
            <InlineStack>
              <Button submit disabled={!canRetry} loading={busy}>
                {t("forms.list.stuck.retry")}
              </Button>
            </InlineStack>
          </fetcher.Form>
        </BlockStack>
      </Banner>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}
