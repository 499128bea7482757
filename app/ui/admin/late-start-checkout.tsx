import { Banner, BlockStack, Button, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { asI18nKey } from "~/i18n/keys";

/** What an admin's LATE_START with a plan answers: the checkout link to hand over, or why there is none. */
export type LateStartCheckoutAnswer = { url: string | null; problem: string | null };

/** The checkout of a late start, shown after Update Account Status or Add Company saved it. */
export function LateStartCheckoutNotice(props: { company: string; checkout: LateStartCheckoutAnswer }) {
  const { t } = useTranslation();
  const { url, problem } = props.checkout;
  if (!url)
    return (
      <Banner tone="warning">
        <p>{t(asI18nKey(problem ?? "adminCompanies.status.checkoutFailed"))}</p>
      </Banner>
    );
  return (
    <BlockStack gap="300">
      <Text as="p">{t("adminCompanies.status.checkoutReady", { company: props.company })}</Text>
      <TextField
        label={t("adminCompanies.status.checkoutLink")}
        value={url}
        readOnly
        autoComplete="off"
        selectTextOnFocus
      />
      <Button url={url} external>
        {t("adminCompanies.status.openCheckout")}
      </Button>
    </BlockStack>
  );
}
