import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack, Select } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { selectProductSchema } from "~/domain/contacts/schemas";
import { asI18nKey } from "~/i18n/keys";
import { Drawer } from "~/ui/drawer";

/** Any answer of the contact page's action: the drawer reads only the link-product one. */
export type AddProductAnswer = {
  intent?: string | null;
  result?: SubmissionResult<string[]> | null;
  linked?: boolean;
};

/** The contact page's add-product drawer: choose one of the company's products to link the contact to. */
export function AddProductDrawer({
  products,
  answer,
  onClose,
}: {
  products: { id: string; name: string }[];
  answer: AddProductAnswer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const atOpening = useRef(answer);
  const fresh = answer !== atOpening.current && answer?.intent === "link-product" ? answer : undefined;
  const [form, fields] = useForm({
    id: "add-product",
    lastResult: fresh?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: selectProductSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [productId, setProductId] = useState("");
  useEffect(() => {
    if (fresh?.linked) onClose();
  }, [fresh, onClose]);
  const error = fields.productId.errors?.[0];
  return (
    <Drawer open title={t("contacts.detail.addProduct")} onClose={onClose}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="link-product" />
        <BlockStack gap="400">
          <Select
            id={fields.productId.id}
            name={fields.productId.name}
            label={t("contacts.detail.product")}
            placeholder={t("contacts.detail.productPlaceholder")}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
            value={productId}
            onChange={setProductId}
            error={error ? t(asI18nKey(error)) : undefined}
          />
          <InlineStack align="end" gap="200">
            <Button onClick={onClose}>{t("contacts.cancel")}</Button>
            <Button
              submit
              variant="primary"
              loading={
                navigation.state === "submitting" && navigation.formData?.get("intent") === "link-product"
              }
            >
              {t("contacts.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Drawer>
  );
}
