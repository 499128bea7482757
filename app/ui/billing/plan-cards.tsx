import { BlockStack, Card, ChoiceList, Text } from "@shopify/polaris";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanChooserView } from "~/domain/billing/billing-tab.server";
import {
  type BillingPlan,
  customersFor,
  isContactSalesPlan,
  type PlanGroupName,
  planDisplayName,
  splitPlans,
} from "~/domain/billing/plans";
import { useBillingFormat } from "./format";
import { SelectPlanForm } from "./plan-action";

/**
 * The cards chooser (below 768 px, and /responsive-billingpage): Lite, Standard and Pro, each with a
 * radio choice of volume. The radios are the form's planId, so a card posts without JavaScript too.
 */
export function PlanCards({ data }: { data: PlanChooserView }) {
  const groups = splitPlans(data.choosablePlans, data.isStoreAccount);
  return (
    <div className="billing-cards-grid">
      {(Object.keys(groups) as PlanGroupName[]).map((group) =>
        groups[group].length > 0 ? (
          <PlanCard key={group} group={group} plans={groups[group]} data={data} />
        ) : null,
      )}
    </div>
  );
}

function PlanCard({
  group,
  plans,
  data,
}: {
  group: PlanGroupName;
  plans: BillingPlan[];
  data: PlanChooserView;
}) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  const headingId = useId();
  const current = plans.find((p) => p.id === data.currentPlan?.id);
  const [selectedId, setSelectedId] = useState((current ?? plans[0]).id);
  const selected = plans.find((p) => p.id === selectedId) ?? plans[0];
  const contactSales = isContactSalesPlan(selected, data.choosablePlans);
  const choices = plans.map((plan) => ({
    value: plan.id,
    label: planDisplayName(plan),
    helpText: `${t("billing.perMonth", { price: format.price(plan.monthlyPriceCents) })} · ${t(
      "billing.customers",
      { amount: format.count(customersFor(plan.touchpoints)) },
    )}`,
  }));
  const volume = (
    <ChoiceList
      title={t("billing.volume")}
      name="planId"
      choices={choices}
      selected={[selected.id]}
      onChange={([id]) => setSelectedId(id)}
      disabled={!data.can.billingWrite}
    />
  );
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h3" variant="headingLg" id={headingId}>
              {t(`billing.groups.${group}`)}
            </Text>
            <Text as="p" tone="subdued">
              {t(`billing.groupCustomers.${group}`)}
            </Text>
          </BlockStack>
          <Text as="p" variant="headingMd">
            {t("billing.perMonth", { price: format.price(selected.monthlyPriceCents) })}
          </Text>
          {/* Contact Sales is a link, not a form: the volume is only shown. */}
          {contactSales ? volume : null}
          <SelectPlanForm
            fields={contactSales ? null : volume}
            choice={data.planChoices[selected.id] ?? "select"}
            contactSales={contactSales}
            canWrite={data.can.billingWrite}
            store={data.isStoreAccount}
          />
        </BlockStack>
      </Card>
    </section>
  );
}
