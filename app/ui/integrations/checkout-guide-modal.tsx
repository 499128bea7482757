import { Banner, BlockStack, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Modal } from "~/ui/modal";

const STEPS = ["settings", "customize", "page", "addBlock", "save"] as const;

/**
 * The checkout-extension guide modal (spec 1 section 2): how a merchant places the SMS consent block
 * (extensions/sms-consent) in Shopify's checkout editor, the steps of Shopify's own help for adding
 * an app block, and what stores not on Shopify Plus do instead. `shop` is the permanent
 * myshopify.com domain; Shopify sends its /admin paths to admin.shopify.com.
 */
export function CheckoutGuideModal({
  open,
  shop,
  readOnly,
  onClose,
}: {
  open: boolean;
  shop: string;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("consent.guide.title")}
      primaryAction={{ content: t("consent.guide.close"), onAction: onClose }}
      secondaryActions={[
        {
          content: t("consent.guide.openSettings"),
          // Read-only admins change nothing in the store either (as the page's other store links).
          url: readOnly ? undefined : `https://${shop}/admin/settings/checkout`,
          external: true,
          disabled: readOnly,
        },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="p">{t("consent.guide.intro")}</Text>
          <List type="number">
            {STEPS.map((step) => (
              <List.Item key={step}>{t(`consent.guide.steps.${step}`)}</List.Item>
            ))}
          </List>
          <Banner tone="info" title={t("consent.guide.plusTitle")}>
            <Text as="p">{t("consent.guide.plusBody")}</Text>
          </Banner>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
