import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { OnboardingStep } from "~/domain/shopify/onboarding.server";
import { useLiveUpdates } from "~/ui/use-live-updates";

type RequestStep = Extract<OnboardingStep, { step: "REQUEST_ACCESS" }>;

/**
 * REQUEST_ACCESS (spec 1 section 2): the store belongs to an organisation the user is not in. They ask
 * its admins to let them in (the team's access requests); the page follows the request live, and moves
 * on to the stepper as soon as an admin approves.
 */
export function RequestAccessStep({ step, readOnly }: { step: RequestStep; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useLiveUpdates();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const skip = step.canSkip ? (
    <Form method="post">
      <input type="hidden" name="intent" value="skip" />
      <Button submit loading={busy("skip")}>
        {t("shopifyOnboarding.request.skip")}
      </Button>
    </Form>
  ) : null;
  const createOrJoin = (
    <BlockStack gap="300">
      <Text as="p">{t("shopifyOnboarding.request.createOrJoin")}</Text>
      <InlineStack gap="200">
        {skip}
        <Button variant="primary" url="/setup">
          {t("shopifyOnboarding.request.continue")}
        </Button>
      </InlineStack>
    </BlockStack>
  );
  return (
    <Card padding="600">
      <BlockStack gap="500">
        <Text as="h1" variant="headingLg">
          {t("shopifyOnboarding.request.title")}
        </Text>
        <BlockStack gap="100">
          <Text as="p" fontWeight="semibold">
            {t("shopifyOnboarding.request.organization", { company: step.owner.company })}
          </Text>
          <Text as="p" tone="subdued">
            {t("shopifyOnboarding.request.store", { store: step.store.storeName })}
          </Text>
        </BlockStack>
        {step.request === "none" ? (
          <BlockStack gap="300">
            <Text as="p">{t("shopifyOnboarding.request.help")}</Text>
            <InlineStack gap="200">
              {skip}
              <Form method="post">
                <input type="hidden" name="intent" value="request" />
                <Button submit variant="primary" disabled={readOnly} loading={busy("request")}>
                  {t("shopifyOnboarding.request.requestAccess")}
                </Button>
              </Form>
            </InlineStack>
          </BlockStack>
        ) : null}
        {step.request === "pending" ? (
          <>
            <Banner tone="success" title={t("shopifyOnboarding.request.sent")}>
              <Text as="p">{t("shopifyOnboarding.request.sentHelp")}</Text>
            </Banner>
            {createOrJoin}
          </>
        ) : null}
        {step.request === "denied" ? (
          <>
            <Banner tone="critical" title={t("shopifyOnboarding.request.denied")}>
              <Text as="p">{t("shopifyOnboarding.request.deniedHelp")}</Text>
            </Banner>
            {createOrJoin}
          </>
        ) : null}
      </BlockStack>
    </Card>
  );
}
