import type { FieldMetadata } from "@conform-to/react";
import { BlockStack, Checkbox, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormTextField } from "~/ui/fields";

type Fields = {
  smsConsent: FieldMetadata<"on" | undefined>;
  consentSource: FieldMetadata<string | undefined>;
  productId: FieldMetadata<string | undefined>;
};

/**
 * What both add-contact forms ask beyond the contact's details (issue 20 item 7): the SMS consent the
 * contact gave, with how in words (recorded in the consent audit), and a product to link, which
 * enrolls them in its journey. `products` undefined: the form already links a product (product page).
 */
export function NewContactExtras({
  fields,
  products,
}: {
  fields: Fields;
  products?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(fields.smsConsent.initialValue === "on");
  const [productId, setProductId] = useState(
    typeof fields.productId.initialValue === "string" ? fields.productId.initialValue : "",
  );
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t("firstRun.contactConsent.title")}
      </Text>
      <Checkbox
        id={fields.smsConsent.id}
        name={fields.smsConsent.name}
        value="on"
        label={t("firstRun.contactConsent.checkbox")}
        checked={consent}
        onChange={setConsent}
      />
      {/* Always in the form (hidden while unticked), so its message shows like every other field's. */}
      <div hidden={!consent}>
        <FormTextField
          meta={fields.consentSource as FieldMetadata<string | undefined>}
          label={t("firstRun.contactConsent.source")}
          helpText={t("firstRun.contactConsent.sourceHelp")}
          autoComplete="off"
        />
      </div>
      {products ? (
        <Select
          id={fields.productId.id}
          name={fields.productId.name}
          label={t("firstRun.contactConsent.product")}
          helpText={t("firstRun.contactConsent.productHelp")}
          options={[
            { label: t("firstRun.contactConsent.productNone"), value: "" },
            ...products.map((p) => ({ label: p.name, value: p.id })),
          ]}
          value={productId}
          onChange={setProductId}
        />
      ) : null}
    </BlockStack>
  );
}
