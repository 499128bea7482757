import { Button, InlineStack, Text } from "@shopify/polaris";
import { RefreshIcon } from "@shopify/polaris-icons";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { LocalTime } from "~/ui/admin/user-local-time";
import { type ToastData, ToastView } from "~/ui/toast";
import { type SyncView, syncBusy } from "./sync-view";

// How often the page looks at a running sync.
const POLL_MS = 1_000;

/**
 * 'Sync Now' (spec 2 section 2): queues the store's sync (a plain form without JavaScript), then
 * follows its progress until it is done, and says so: 'All the latest shopify products fetched
 * successfully!', or why it failed. The page's data is read again so the modal sees the new catalogue.
 */
export function SyncNow({
  initial,
  disabled,
  learnHow,
}: {
  initial: SyncView | null;
  disabled: boolean;
  /** The tour's button, beside Sync Now. */
  learnHow: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useFetcher<{ runId?: string; toast?: ToastData }>();
  const poll = useFetcher<{ sync: SyncView | null }>();
  const { revalidate } = useRevalidator();
  const [sync, setSync] = useState(initial);
  const [toast, setToast] = useState<ToastData | null>(null);
  // The run this page waits for: the one it started, or one under way when the page was opened.
  const [waiting, setWaiting] = useState<string | null>(syncBusy(initial) ? (initial?.runId ?? null) : null);
  const pollLoad = useRef(poll.load);
  pollLoad.current = poll.load;

  useEffect(() => {
    if (start.data?.runId) setWaiting(start.data.runId);
  }, [start.data]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => pollLoad.current("/resources/product-mapping?view=sync"), POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);

  useEffect(() => {
    const latest = poll.data?.sync;
    if (!latest) return;
    setSync(latest);
    if (latest.runId !== waiting || syncBusy(latest)) return;
    setWaiting(null);
    setToast(
      latest.status === "succeeded"
        ? { message: "productMapping.syncSuccess" }
        : { message: "productMapping.syncFailed", values: { reason: latest.error ?? "" }, error: true },
    );
    void revalidate();
  }, [poll.data, waiting, revalidate]);

  const running = waiting !== null || start.state !== "idle";
  return (
    <InlineStack gap="300" blockAlign="center" wrap>
      <start.Form method="post" action="/product-mapping">
        <input type="hidden" name="intent" value="sync" />
        <input type="hidden" name="redirectTo" value="/product-mapping" />
        <Button submit icon={RefreshIcon} disabled={disabled || running} loading={running}>
          {t("productMapping.syncNow")}
        </Button>
      </start.Form>
      {learnHow}
      <output aria-live="polite">
        {running ? (
          <Text as="span" tone="subdued">
            {sync && waiting === sync.runId && sync.status === "running" && sync.productsDone > 0
              ? t("productMapping.syncProgress", { products: sync.productsDone, variants: sync.variantsDone })
              : t("productMapping.syncStarted")}
          </Text>
        ) : (
          <Text as="span" tone="subdued">
            {sync?.lastSucceededAt ? (
              <>
                {t("productMapping.lastSynced")} <LocalTime iso={sync.lastSucceededAt} />
              </>
            ) : (
              t("productMapping.neverSynced")
            )}
          </Text>
        )}
      </output>
      <ToastView toast={toast} />
    </InlineStack>
  );
}
