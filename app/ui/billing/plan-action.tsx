import { Badge, BlockStack, Button, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { PlanChoice } from "~/domain/billing/plans";
import { useHydrated } from "~/ui/use-hydrated";
import { BILLING_ACTION } from "./billing-action";
import { LeavingForShopify, useStoreSelectPlan } from "./store-billing";

export { BILLING_ACTION };

/**
 * Select Plan for one chosen plan, as a form that works without JavaScript: `fields` carries the
 * planId (a hidden input, or the cards' radio buttons). The Pro tier is sold by a person ('Contact
 * Sales' to /support); a plan the member may not pick says to reach out to support instead. A store
 * account's form, once hydrated, takes Shopify's confirmation URL as data and leaves for it in the
 * top window (store-billing.tsx); without JavaScript it is redirected there.
 */
export function SelectPlanForm({
  fields,
  choice,
  contactSales,
  canWrite,
  store = false,
}: {
  fields: ReactNode;
  choice: PlanChoice;
  contactSales: boolean;
  canWrite: boolean;
  store?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const storeSelect = useStoreSelectPlan();
  const FormOf = store ? storeSelect.fetcher.Form : Form;
  const busy =
    (store && (storeSelect.fetcher.state !== "idle" || storeSelect.leaving)) ||
    (navigation.state !== "idle" &&
      navigation.formAction === BILLING_ACTION &&
      navigation.formData?.get("intent") === "select-plan");
  if (contactSales)
    return (
      <InlineStack>
        {canWrite ? (
          <Button url="/support" variant="primary">
            {t("billing.contactSales")}
          </Button>
        ) : (
          <Button variant="primary" disabled>
            {t("billing.contactSales")}
          </Button>
        )}
      </InlineStack>
    );
  return (
    <FormOf method="post" action={BILLING_ACTION}>
      <input type="hidden" name="intent" value="select-plan" />
      {store && hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <BlockStack gap="300">
        {fields}
        {choice === "support" ? (
          <BlockStack gap="200" inlineAlign="start">
            <Text as="p" tone="caution">
              {t("billing.reachOutSupport")}
            </Text>
            <Tooltip content={t("billing.connectSupport")}>
              <Button disabled>{t("billing.selectPlan")}</Button>
            </Tooltip>
          </BlockStack>
        ) : (
          <InlineStack gap="200" blockAlign="center">
            <Button submit variant="primary" disabled={!canWrite || choice === "current"} loading={busy}>
              {t("billing.selectPlan")}
            </Button>
            {choice === "current" ? <Badge tone="success">{t("billing.currentPlanBadge")}</Badge> : null}
          </InlineStack>
        )}
        {store && storeSelect.leaving ? <LeavingForShopify /> : null}
      </BlockStack>
    </FormOf>
  );
}
