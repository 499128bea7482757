import type { PlanLimits, PriceValue } from "#db/schema";
import { planLabel } from "~/domain/admin/company-admin-schemas";

/**
 * The plan catalogue as the Billing tab and the public billing pages show it, and the rules of
 * choosing a plan (spec 2 sections 2, 4, 6 and 9; spec 1 section 9; spec 3 section 9). Pure: the
 * server checks a choice with the same functions the UI uses to disable a button.
 */

export type BillingPlan = {
  id: string;
  name: string;
  touchpoints: number;
  monthlyPriceCents: number;
  /** Null when the tier has no yearly price (Lite 1,000). */
  yearlyPriceCents: number | null;
  /** Per message, in thousandths of a cent (0.13 USD is 13,000). */
  associatedCostMillicents: number;
  overageCostMillicents: number;
  storePlatformOnly: boolean;
  /** Stripe lookup keys of the monthly licensed price and the metered overage price. */
  checkoutLookupKeys: string[];
};

export type PlanRow = {
  id: string;
  name: string;
  limits: PlanLimits;
  priceValues: Record<string, PriceValue>;
  monthlyPriceCents: number;
  storePlatformOnly: boolean;
};

/** The free plan (spec 2 section 9: $0 and 250 messages, planID '0'): a company with no plan is on it. */
export const FREE_PLAN_ID = "0";
export const FREE_PLAN_MESSAGES = 250;

export function toBillingPlan(row: PlanRow): BillingPlan {
  const prices = Object.entries(row.priceValues);
  const yearly = prices.find(([, p]) => p.billingPeriod === "year");
  return {
    id: row.id,
    name: row.name,
    touchpoints: row.limits.touchpoints,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyPriceCents: yearly ? yearly[1].valueCents : null,
    associatedCostMillicents: row.limits.associatedCostMillicents ?? 0,
    overageCostMillicents: row.limits.overageCostMillicents ?? 0,
    storePlatformOnly: row.storePlatformOnly,
    // Yearly prices never go into a checkout (spec 1 section 9); the monthly and metered ones do.
    checkoutLookupKeys: prices.filter(([, p]) => p.billingPeriod !== "year").map(([key]) => key),
  };
}

/** '{name}-{touchpoints}-${price with thousands separators}', as everywhere else. */
export const planDisplayName = (plan: Pick<BillingPlan, "name" | "touchpoints" | "monthlyPriceCents">) =>
  planLabel({ id: "", ...plan });

/**
 * The plans a company can choose, cheapest first: never the free plan; the $25 plan only for a store
 * account (the two plan ids hidden from other accounts, spec 2 section 9).
 */
export function choosablePlans(plans: BillingPlan[], isStoreAccount: boolean): BillingPlan[] {
  return plans
    .filter((p) => p.monthlyPriceCents > 0 && (isStoreAccount || !p.storePlatformOnly))
    .sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents || a.touchpoints - b.touchpoints);
}

const NON_STORE_POSITIONS = [2, 10, 19, 28, 40, 60, 85];
const STORE_POSITIONS = [2, 9, 16, 23, 30, 40, 60, 85];
export const MIN_SLIDER_POSITION = 2;
export const MAX_SLIDER_POSITION = 85;

/** The slider position of each choosable plan, in order (spec 2 section 9). */
export const sliderPositions = (isStoreAccount: boolean) =>
  isStoreAccount ? STORE_POSITIONS : NON_STORE_POSITIONS;

export const clampSliderPosition = (position: number) =>
  Math.min(MAX_SLIDER_POSITION, Math.max(MIN_SLIDER_POSITION, Math.round(position)));

/** The index of the plan whose mark is nearest to a slider position. */
export function planIndexAtPosition(position: number, isStoreAccount: boolean): number {
  const positions = sliderPositions(isStoreAccount);
  const at = clampSliderPosition(position);
  let best = 0;
  for (let i = 1; i < positions.length; i++)
    if (Math.abs(positions[i] - at) < Math.abs(positions[best] - at)) best = i;
  return best;
}

/** A slider mark's label: 250, 1k, 2.5k, ... and '+' on the top (Pro) tier. */
export function touchpointsLabel(touchpoints: number, isTopTier: boolean): string {
  const short = touchpoints >= 1000 ? `${touchpoints / 1000}k` : String(touchpoints);
  return isTopTier ? `${short}+` : short;
}

export type PlanGroupName = "Lite" | "Standard" | "Pro";

/** The mobile cards: Lite the first 4 (5 for a store account), Standard the next 2, Pro the rest. */
export function splitPlans(
  plans: BillingPlan[],
  isStoreAccount: boolean,
): Record<PlanGroupName, BillingPlan[]> {
  const liteCount = isStoreAccount ? 5 : 4;
  return {
    Lite: plans.slice(0, liteCount),
    Standard: plans.slice(liteCount, liteCount + 2),
    Pro: plans.slice(liteCount + 2),
  };
}

/** The customers view: touchpoints divided by 5. */
export const customersFor = (touchpoints: number) => Math.floor(touchpoints / 5);

/** The Pro tier (the top one) is sold by a person: 'Contact Sales' goes to /support. */
export const isContactSalesPlan = (plan: BillingPlan, choosable: BillingPlan[]) =>
  choosable.length > 0 && plan.id === choosable[choosable.length - 1].id;

/** The per-message cost table shows tiers up to 50,000 messages. */
export const COST_TABLE_MAX_TOUCHPOINTS = 50_000;

export type PlanChoiceSubject = {
  /** A platform admin (the spec's admin group): downgrades are theirs to make. */
  isPlatformAdmin: boolean;
  /** The company has a store-platform profile (source 'shopify'). */
  isStoreAccount: boolean;
  /** The current plan's monthly price; 0 without a plan. */
  currentPriceCents: number;
};

/**
 * Spec 2 section 6: a user outside the admin group, in a company without a store profile, cannot
 * select a plan priced at or below the current one ('Please reach out to {product} support team').
 */
export function mustContactSupport(subject: PlanChoiceSubject, plan: Pick<BillingPlan, "monthlyPriceCents">) {
  if (subject.isPlatformAdmin || subject.isStoreAccount) return false;
  return plan.monthlyPriceCents <= subject.currentPriceCents;
}

/** Spec 2 section 4: ACTIVE or LATE_START with a known plan shows the plan and usage. */
export function showsPlanAndUsage(accountStatus: string, plan: BillingPlan | null): plan is BillingPlan {
  return plan !== null && (accountStatus === "ACTIVE" || accountStatus === "LATE_START");
}

/**
 * What a plan's button does for this member: 'support' (spec 2 section 6: priced at or below the
 * current plan, outside the admin group), 'current' (the plan the company already pays for: choosing
 * it again would change nothing) or 'select'. A plan set without a subscription (a LATE_START company
 * still to add its card) stays selectable, so its checkout can start.
 */
export type PlanChoice = "select" | "support" | "current";

export function planChoice(
  subject: PlanChoiceSubject,
  plan: Pick<BillingPlan, "id" | "monthlyPriceCents">,
  current: { planId: string | null; subscribed: boolean },
): PlanChoice {
  if (mustContactSupport(subject, plan)) return "support";
  if (current.subscribed && plan.id === current.planId) return "current";
  return "select";
}

/** The per-message cost table: one row per tier (the free plan and the $25 store plan share 250) up to 50,000. */
export function costTablePlans(plans: BillingPlan[]): BillingPlan[] {
  const byTier = new Map<number, BillingPlan>();
  for (const plan of [...plans].sort(
    (a, b) => a.touchpoints - b.touchpoints || b.monthlyPriceCents - a.monthlyPriceCents,
  ))
    if (plan.touchpoints <= COST_TABLE_MAX_TOUCHPOINTS && !byTier.has(plan.touchpoints))
      byTier.set(plan.touchpoints, plan);
  return [...byTier.values()];
}

/** The slider's starting tier: the current plan when it can be chosen, otherwise the cheapest. */
export function initialPlanIndex(choosable: BillingPlan[], currentPlanId: string | null): number {
  const index = choosable.findIndex((p) => p.id === currentPlanId);
  return Math.max(index, 0);
}

/**
 * The tier a keyboard step lands on. The marks are far apart (2, 10, 19...), so an arrow key's one
 * step would snap straight back to the same mark: a step always moves to the neighbouring tier.
 */
export function steppedPlanIndex(position: number, fromIndex: number, isStoreAccount: boolean): number {
  const positions = sliderPositions(isStoreAccount);
  const nearest = planIndexAtPosition(position, isStoreAccount);
  if (nearest !== fromIndex || position === positions[fromIndex]) return nearest;
  const step = position > positions[fromIndex] ? 1 : -1;
  return Math.min(positions.length - 1, Math.max(0, fromIndex + step));
}
