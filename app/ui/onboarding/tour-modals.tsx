import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { ExitIcon } from "@shopify/polaris-icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useRevalidator, useSubmit } from "react-router";
import { Modal } from "~/ui/modal";
import { useLiveUpdates } from "~/ui/use-live-updates";

/** The stepper's welcome (spec 1 section 2), shown each time the stepper opens; Continue closes it. */
export function StepperWelcomeModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t("shopifyOnboarding.stepper.welcomeTitle")}
      primaryAction={{ content: t("shopifyOnboarding.stepper.continue"), onAction: () => setOpen(false) }}
    >
      <Modal.Section>
        <Text as="p">{t("shopifyOnboarding.stepper.welcomeBody")}</Text>
      </Modal.Section>
    </Modal>
  );
}

// How often the thank-you screen re-reads the lock besides the live update the unlock sends.
export const LOCK_POLL_MS = 15_000;

/**
 * The thank-you of a locked profile (spec 1 sections 2 and 4). It stands alone on the page with its
 * log-out icon and nothing to close: the lock, not the user, ends it. The unlock reaches the page live
 * (and by a slow poll), and the tour moves on.
 */
export function ThankYouScreen({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  useLiveUpdates();
  useEffect(() => {
    const timer = window.setInterval(() => void revalidate(), LOCK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [revalidate]);
  return (
    <Card padding="800">
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="start" wrap={false} gap="400">
          <Text as="h1" variant="headingLg">
            {t("shopifyOnboarding.thankYou.title")}
          </Text>
          <Form method="post" action="/logout">
            <Button
              submit
              variant="tertiary"
              icon={ExitIcon}
              accessibilityLabel={t("shopifyOnboarding.thankYou.logout")}
            />
          </Form>
        </InlineStack>
        <Text as="p">{t("shopifyOnboarding.thankYou.body", { email: supportEmail })}</Text>
      </BlockStack>
    </Card>
  );
}

/**
 * 'Welcome to the product!' (spec 1 section 2), once per new store profile when the stepper is done and
 * the profile unlocked: Continue (or closing it) clears the flag and opens the new journeys.
 */
export function WelcomeModal({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const dismiss = () => {
    if (!readOnly) submit({ intent: "welcome" }, { method: "post" });
  };
  return (
    <Modal
      open
      onClose={dismiss}
      title={t("shopifyOnboarding.welcome.title")}
      primaryAction={{
        content: t("shopifyOnboarding.welcome.continue"),
        onAction: dismiss,
        disabled: readOnly,
        loading: navigation.state !== "idle",
      }}
    >
      <Modal.Section>
        <Text as="p">{t("shopifyOnboarding.welcome.body")}</Text>
      </Modal.Section>
    </Modal>
  );
}
