import { Banner, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { InstallProblem } from "~/domain/shopify/install-problems";
import { AuthLayout } from "~/ui/auth-layout";
import { ShopifyNotConfigured } from "~/ui/shopify/not-configured";

const messages = {
  not_configured: "shopifyOnboarding.install.notConfigured",
  rate_limited: "shopifyOnboarding.install.rateLimited",
  bad_shop: "shopifyOnboarding.install.badShop",
  bad_hmac: "shopifyOnboarding.install.badHmac",
  missing_params: "shopifyOnboarding.install.missingParams",
  bot: "shopifyOnboarding.install.bot",
  replayed: "shopifyOnboarding.redirect.replayed",
  forged: "shopifyOnboarding.redirect.forged",
  exchange_failed: "shopifyOnboarding.redirect.exchangeFailed",
} as const satisfies Record<InstallProblem, string>;

/** Why the install hand-off stopped, in words (never a stack trace or a bare status code). */
export function InstallProblemPage({ problem }: { problem: InstallProblem }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("shopifyOnboarding.install.title")}>
      {problem === "not_configured" ? (
        <ShopifyNotConfigured />
      ) : (
        <Banner tone="critical">
          <Text as="p">{t(messages[problem])}</Text>
        </Banner>
      )}
    </AuthLayout>
  );
}
