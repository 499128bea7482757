import { InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** Version and legal links; opening a link records acceptance of that version (see routes/legal). */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <footer className="shell-footer">
      <InlineStack gap="400" align="center" blockAlign="center">
        <Text as="span" tone="subdued" variant="bodySm">
          {t("common.version")}
        </Text>
        <Link url="/termsandCondition" target="_blank" monochrome>
          {t("common.termsAndConditions")}
        </Link>
        <Link url="/privacy" target="_blank" monochrome>
          {t("common.privacyPolicy")}
        </Link>
      </InlineStack>
    </footer>
  );
}
