import { BlockStack, Box, Button, Card, Icon, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { CheckCircleIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { FirstRunChecklist as Checklist, FirstRunStep } from "~/domain/first-run/checklist.server";

/** Where each step is done. */
const stepLinks: Record<FirstRunStep, string> = {
  product: "/product",
  touchpoint: "/touchpoints",
  contacts: "/contacts",
  test: "/touchpoints",
  live: "/touchpoints",
  shopify: "/integration",
};

/**
 * The first-run checklist (issue 20 item 9): six steps, each ticked from the company's data; the
 * first one left to do carries its action as the primary button. Hidden once every step is done,
 * or for good with 'Hide this checklist'.
 */
export function FirstRunChecklist({ checklist, canDismiss }: { checklist: Checklist; canDismiss: boolean }) {
  const { t } = useTranslation();
  const dismiss = useFetcher();
  if (dismiss.state !== "idle" || dismiss.data) return null;
  const total = checklist.steps.length;
  const next = checklist.steps.find((s) => !s.done)?.step;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t("firstRun.checklist.title")}
          </Text>
          <dismiss.Form method="post">
            <input type="hidden" name="intent" value="dismissFirstRun" />
            <Button submit variant="plain" disabled={!canDismiss}>
              {t("firstRun.checklist.dismiss")}
            </Button>
          </dismiss.Form>
        </InlineStack>
        <BlockStack gap="100">
          <Text as="p" tone="subdued">
            {t("firstRun.checklist.progress", { done: checklist.doneCount, total })}
          </Text>
          <ProgressBar progress={(checklist.doneCount / total) * 100} size="small" tone="success" />
        </BlockStack>
        <ol className="first-run-steps" aria-label={t("firstRun.checklist.title")}>
          {checklist.steps.map(({ step, done }) => (
            <li key={step} data-step={step} data-done={done}>
              <Box paddingBlock="200">
                <InlineStack gap="300" blockAlign="start" wrap={false}>
                  <span className="first-run-mark" aria-hidden="true">
                    {done ? (
                      <Icon source={CheckCircleIcon} tone="success" />
                    ) : (
                      <span className="first-run-dot" />
                    )}
                  </span>
                  <BlockStack gap="100">
                    <Text as="h3" variant="headingSm" tone={done ? "subdued" : undefined}>
                      <span className="visually-hidden">
                        {done ? t("firstRun.checklist.done") : t("firstRun.checklist.toDo")}:{" "}
                      </span>
                      {t(`firstRun.checklist.steps.${step}.title`)}
                    </Text>
                    {done ? null : (
                      <>
                        <Text as="p" tone="subdued">
                          {t(`firstRun.checklist.steps.${step}.text`)}
                        </Text>
                        <InlineStack>
                          <Button url={stepLinks[step]} variant={step === next ? "primary" : "secondary"}>
                            {t(`firstRun.checklist.steps.${step}.action`)}
                          </Button>
                        </InlineStack>
                      </>
                    )}
                  </BlockStack>
                </InlineStack>
              </Box>
            </li>
          ))}
        </ol>
      </BlockStack>
    </Card>
  );
}
