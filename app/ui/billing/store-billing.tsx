import { Banner, Button, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useRevalidator } from "react-router";
import type { StorePlanView } from "~/domain/billing/billing-tab.server";
import type { StoreBillingAnswer } from "~/domain/billing/checkout.server";
import { Modal } from "~/ui/modal";
import { ToastView } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { BILLING_ACTION } from "./billing-action";

/** The account is read again this long after a store plan's cancel (spec 2 §9: about 2 s). */
export const STORE_CANCEL_REFETCH_MS = 2_000;

/**
 * Leaves for Shopify's confirmation page in the top window: inside the Shopify admin the app is in a
 * frame, and Shopify's own pages refuse to be framed (App Bridge turns a _top navigation into the
 * admin's). Standalone, the top window is this one.
 */
export function openTopLevel(url: string) {
  window.open(url, "_top");
}

/** The Select Plan fetcher of a store account; its answer sends the merchant to Shopify. */
export function useStoreSelectPlan() {
  const fetcher = useFetcher<StoreBillingAnswer>();
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.kind === "store_confirmation")
      openTopLevel(answer.confirmationUrl);
  }, [answer, fetcher.state]);
  return { fetcher, leaving: answer?.kind === "store_confirmation" };
}

/** A plan change the merchant still has to approve in Shopify, with the way back to it. */
export function PendingStorePlan({ pending }: { pending: StorePlanView["pending"] }) {
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <Banner
      tone="warning"
      action={{ content: t("billing.store.approve"), onAction: () => openTopLevel(pending.confirmationUrl) }}
    >
      <p>{t("billing.store.pending", { plan: pending.planName })}</p>
    </Banner>
  );
}

const CANCEL_FETCHER = "store-cancel-plan";

/**
 * After a store plan's cancel: 'Plan cancelled successfully!' and the company read again about 2 s
 * later (spec 2 §4), for whatever Shopify's webhook brings. Kept apart from the button, which goes
 * away as soon as the tab shows no plan: the toast and the timer must outlive it.
 */
export function StoreCancelAnswer() {
  const fetcher = useFetcher<StoreBillingAnswer>({ key: CANCEL_FETCHER });
  const revalidator = useRevalidator();
  const answer = fetcher.data;
  const cancelled = fetcher.state === "idle" && answer?.kind === "store_plan_cancelled";
  // biome-ignore lint/correctness/useExhaustiveDependencies: revalidator changes on every render; the timer belongs to this answer
  useEffect(() => {
    if (!cancelled) return;
    const timer = setTimeout(() => revalidator.revalidate(), STORE_CANCEL_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [cancelled, answer]);
  return <ToastView toast={answer?.kind === "store_plan_cancelled" ? answer.toast : null} />;
}

/**
 * Cancel for a store plan (spec 2 §4): a confirmation first, then the cancel (StoreCancelAnswer
 * shows its outcome). Without JavaScript the button posts the form directly.
 */
export function CancelStorePlan({ planName, canWrite }: { planName: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<StoreBillingAnswer>({ key: CANCEL_FETCHER });
  if (!hydrated)
    return (
      <Form method="post" action={BILLING_ACTION}>
        <input type="hidden" name="intent" value="cancel-store-plan" />
        <Button submit tone="critical" disabled={!canWrite}>
          {t("billing.store.cancelPlan")}
        </Button>
      </Form>
    );
  return (
    <>
      <Button tone="critical" disabled={!canWrite} onClick={() => setConfirming(true)}>
        {t("billing.store.cancelPlan")}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("billing.store.cancelTitle")}
        primaryAction={{
          content: t("billing.store.cancelPlan"),
          destructive: true,
          loading: fetcher.state !== "idle",
          onAction: () =>
            fetcher.submit(
              { intent: "cancel-store-plan", respond: "data" },
              { method: "post", action: BILLING_ACTION },
            ),
        }}
        secondaryActions={[{ content: t("billing.store.keepPlan"), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t("billing.store.cancelBody", { plan: planName })}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}

/** 'Opening Shopify…' while the browser leaves for the confirmation page. */
export function LeavingForShopify() {
  const { t } = useTranslation();
  return (
    <InlineStack>
      <Text as="p" tone="subdued">
        {t("billing.store.openingShopify")}
      </Text>
    </InlineStack>
  );
}
