import { Badge, BlockStack, Button, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { PlanChoice } from "~/domain/billing/plans";

/** Where every billing form posts (the resource route owns checkout, plan updates and the portal). */
export const BILLING_ACTION = "/resources/billing";

/**
 * Select Plan for one chosen plan, as a form that works without JavaScript: `fields` carries the
 * planId (a hidden input, or the cards' radio buttons). The Pro tier is sold by a person ('Contact
 * Sales' to /support); a plan the member may not pick says to reach out to support instead.
 */
export function SelectPlanForm({
  fields,
  choice,
  contactSales,
  canWrite,
}: {
  fields: ReactNode;
  choice: PlanChoice;
  contactSales: boolean;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === BILLING_ACTION &&
    navigation.formData?.get("intent") === "select-plan";
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
    <Form method="post" action={BILLING_ACTION}>
      <input type="hidden" name="intent" value="select-plan" />
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
      </BlockStack>
    </Form>
  );
}
