import { BlockStack, Box, Card, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher";

/** The frame of every public identity screen: logo, a card, and the version footer. */
export function AuthLayout({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-main">
        <div className="auth-columns">
          <div className="auth-card">
            <Card padding="600">
              <BlockStack gap="500">
                <img
                  src="/logo.svg"
                  alt={t("common.productLogo", { defaultValue: "Blusteam" })}
                  width={160}
                  height={36}
                />
                <Text as="h1" variant="headingXl">
                  {title}
                </Text>
                {children}
              </BlockStack>
            </Card>
          </div>
          {aside ? <aside className="auth-aside">{aside}</aside> : null}
        </div>
      </div>
      <Box paddingBlock="400">
        <InlineStack align="center" gap="400" blockAlign="center">
          <Text as="span" tone="subdued" variant="bodySm">
            {t("common.version")} · {t("common.copyright")}
          </Text>
          <LanguageSwitcher />
        </InlineStack>
      </Box>
    </div>
  );
}
