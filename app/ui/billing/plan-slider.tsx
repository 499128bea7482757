import { BlockStack, Card, InlineStack, RangeSlider, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanChooserView } from "~/domain/billing/billing-tab.server";
import {
  customersFor,
  initialPlanIndex,
  isContactSalesPlan,
  MAX_SLIDER_POSITION,
  MIN_SLIDER_POSITION,
  planDisplayName,
  planIndexAtPosition,
  sliderPositions,
  steppedPlanIndex,
  touchpointsLabel,
} from "~/domain/billing/plans";
import { useBillingFormat } from "./format";
import { SelectPlanForm } from "./plan-action";

/**
 * The desktop chooser: a slider whose marks are the tiers (spec 2 section 9 positions). A drag or a
 * click snaps to the nearest tier; an arrow key moves one tier.
 */
export function PlanSlider({ data }: { data: PlanChooserView }) {
  const { t } = useTranslation();
  const format = useBillingFormat();
  const plans = data.choosablePlans;
  const positions = sliderPositions(data.isStoreAccount);
  const last = Math.min(plans.length, positions.length) - 1;
  const [index, setIndex] = useState(() =>
    Math.min(initialPlanIndex(plans, data.currentPlan?.id ?? null), last),
  );
  const input = useRef<"keyboard" | "pointer">("pointer");
  const wrapper = useRef<HTMLDivElement>(null);
  const plan = plans[index];
  const name = plan ? planDisplayName(plan) : "";
  // The range's value is a position (2..85), meaningless read aloud: screen readers get the plan.
  useEffect(() => {
    wrapper.current?.querySelector('input[type="range"]')?.setAttribute("aria-valuetext", name);
  }, [name]);
  if (!plan) return null;

  const change = (value: number | [number, number]) => {
    const position = typeof value === "number" ? value : value[0];
    const next =
      input.current === "keyboard"
        ? steppedPlanIndex(position, index, data.isStoreAccount)
        : planIndexAtPosition(position, data.isStoreAccount);
    setIndex(Math.min(next, last));
  };
  const span = MAX_SLIDER_POSITION - MIN_SLIDER_POSITION;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("billing.choosePlan")}
        </Text>
        <div
          ref={wrapper}
          className="billing-slider-track"
          onKeyDownCapture={() => {
            input.current = "keyboard";
          }}
          onPointerDownCapture={() => {
            input.current = "pointer";
          }}
        >
          <RangeSlider
            label={t("billing.sliderLabel")}
            min={MIN_SLIDER_POSITION}
            max={MAX_SLIDER_POSITION}
            value={positions[index]}
            onChange={change}
            disabled={!data.can.billingWrite}
          />
          <div className="billing-marks" aria-hidden="true">
            {plans.slice(0, last + 1).map((p, i) => (
              <span
                key={p.id}
                className="billing-mark"
                data-selected={i === index}
                style={{ left: `${((positions[i] - MIN_SLIDER_POSITION) / span) * 100}%` }}
              >
                {touchpointsLabel(p.touchpoints, i === last)}
              </span>
            ))}
          </div>
        </div>
        <InlineStack align="space-between" blockAlign="end" gap="400">
          <BlockStack gap="100">
            <Text as="p" variant="headingLg">
              <span data-testid="chosen-plan">{name}</span>
            </Text>
            <Text as="p" variant="headingMd">
              {t("billing.perMonth", { price: format.price(plan.monthlyPriceCents) })}
            </Text>
            <Text as="p" tone="subdued">
              {t("billing.messages", { amount: format.count(plan.touchpoints) })} ·{" "}
              {t("billing.customers", { amount: format.count(customersFor(plan.touchpoints)) })}
            </Text>
          </BlockStack>
          <SelectPlanForm
            fields={<input type="hidden" name="planId" value={plan.id} />}
            choice={data.planChoices[plan.id] ?? "select"}
            contactSales={isContactSalesPlan(plan, plans)}
            canWrite={data.can.billingWrite}
            store={data.isStoreAccount}
          />
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
