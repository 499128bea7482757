import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, InlineStack } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { productNameSchema } from "~/domain/products/schemas";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";

/** Any answer of the page's action: the drawer reads only its own intent's (rename or create). */
export type ProductNameAnswer = {
  intent?: string | null;
  result?: SubmissionResult<string[]> | null;
  done?: boolean;
};

/** Creates (intent create) or renames (intent rename) a product: its name only. */
export function ProductNameDrawer({
  intent,
  title,
  name,
  answer,
  onClose,
}: {
  intent: "create" | "rename";
  title: string;
  name?: string;
  answer: ProductNameAnswer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const atOpening = useRef(answer);
  const fresh = answer !== atOpening.current && answer?.intent === intent ? answer : undefined;
  const [form, fields] = useForm({
    id: `product-${intent}`,
    lastResult: fresh?.result ?? undefined,
    defaultValue: name ? { name } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productNameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (fresh?.done) onClose();
  }, [fresh, onClose]);
  return (
    <Drawer open title={title} onClose={onClose}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <BlockStack gap="400">
          <FormTextField meta={fields.name} label={t("products.nameLabel")} autoComplete="off" />
          <InlineStack align="end" gap="200">
            <Button onClick={onClose}>{t("products.cancel")}</Button>
            <Button
              submit
              variant="primary"
              loading={navigation.state === "submitting" && navigation.formData?.get("intent") === intent}
            >
              {t("products.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Drawer>
  );
}
