import { BlockStack, List, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { TestAnswer } from "~/domain/journeys/touchpoint-actions.server";
import { Modal } from "~/ui/modal";
import { ChooseContactModal } from "~/ui/products/choose-contact-modal";
import { ToastView } from "~/ui/toast";

/**
 * Test now: pick contacts of the company (the Choose Contact modal) and send them the touchpoint at
 * once. 'Touchpoint Sent !' when it went out; when some could not be sent to, a dialog says how many
 * got it and lists the others with why, where the eye is (a banner in the page was below the fold).
 */
export function TestNow({
  touchpoint,
  action,
  onClose,
}: {
  touchpoint: { id: string; name: string } | null;
  action: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TestAnswer>();
  const [notSent, setNotSent] = useState<TestAnswer["notSent"]>([]);
  const [notSentOf, setNotSentOf] = useState("");
  const [chosen, setChosen] = useState(0);
  // The form's idempotency key, new each time the picker opens: a double submit of it sends once.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const touchpointId = touchpoint?.id;
  useEffect(() => {
    if (touchpointId) setRequestKey(newRequestKey());
  }, [touchpointId]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setNotSent(fetcher.data.notSent ?? []);
    if (!fetcher.data.toast?.error || (fetcher.data.notSent ?? []).length > 0) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <>
      <ChooseContactModal
        open={touchpoint !== null}
        onClose={onClose}
        busy={fetcher.state !== "idle"}
        chooseLabel={(count) => t("journeys.test.choose", { count })}
        onChoose={(ids) => {
          if (!touchpoint) return;
          setNotSentOf(touchpoint.name);
          setChosen(ids.length);
          const body = new FormData();
          body.set("intent", "test");
          body.set("id", touchpoint.id);
          body.set("requestKey", requestKey);
          for (const id of ids) body.append("contactId", id);
          fetcher.submit(body, { method: "post", action });
        }}
      />
      <Modal
        open={notSent.length > 0}
        onClose={() => setNotSent([])}
        title={`${t("journeys.test.notSentTitle")}: ${notSentOf}`}
        primaryAction={{ content: t("journeys.test.close"), onAction: () => setNotSent([]) }}
      >
        <Modal.Section>
          <BlockStack gap="300">
            {chosen > notSent.length ? (
              <Text as="p">{t("journeys.test.sentTo", { count: chosen - notSent.length })}</Text>
            ) : null}
            <Text as="p">{t("journeys.test.notSentCount", { count: notSent.length })}</Text>
            <List>
              {notSent.map((row) => (
                <List.Item key={`${row.name}-${row.reason}`}>
                  {t("journeys.test.notSentTo", {
                    name: row.name,
                    reason: t(`journeys.test.reasons.${row.reason}`, {
                      reason: row.detail ?? "",
                      defaultValue: row.reason,
                    }),
                  })}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        </Modal.Section>
      </Modal>
      <ToastView toast={fetcher.data?.toast} />
    </>
  );
}

/** A random UUID (v4), also where crypto.randomUUID is missing (pages served over plain http). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
