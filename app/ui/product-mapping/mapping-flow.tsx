import { Banner, BlockStack, Spinner, Text } from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { variantNumber } from "~/domain/shopify/commerce/mapping-limits";
import type {
  LabelledVariant,
  MappingPlan,
  ProductMappingRow,
} from "~/domain/shopify/commerce/mappings.server";
import { asI18nKey } from "~/i18n/keys";
import { Modal } from "~/ui/modal";
import type { ToastData } from "~/ui/toast";
import { CataloguePicker } from "./catalogue-picker";
import { StatusModal } from "./status-modal";

type Answer =
  | { intent: "preview"; plan: Extract<MappingPlan, { ok: true }> }
  | { intent: "save"; change: string }
  | { intent: "preview" | "save"; problem: ToastData };

/**
 * Editing one product's mapping (spec 2 sections 2, 4 and 5): the edit modal (store products to
 * check), then the status modal (each variant Adding, Removing or Unchanged), then 'Mapped
 * successfully!'. The selection is kept while going back and forth; the server checks it each time.
 */
export function MappingFlow({ row, onClose }: { row: ProductMappingRow; onClose: () => void }) {
  const { t } = useTranslation();
  const mapped = useFetcher<{ variants: LabelledVariant[] }>();
  const send = useFetcher<Answer>();
  const [step, setStep] = useState<"edit" | "status" | "done">("edit");
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [problem, setProblem] = useState<ToastData | null>(null);
  const [plan, setPlan] = useState<Extract<MappingPlan, { ok: true }> | null>(null);
  const [change, setChange] = useState<string | null>(null);
  const { load } = mapped;

  useEffect(() => {
    load(`/resources/product-mapping?${new URLSearchParams({ view: "mapped", product: row.productId })}`);
  }, [load, row.productId]);
  useEffect(() => {
    if (mapped.data && selected === null) setSelected(new Set(mapped.data.variants.map((v) => v.variantId)));
  }, [mapped.data, selected]);

  useEffect(() => {
    const answer = send.data;
    if (!answer || send.state !== "idle") return;
    if ("problem" in answer) {
      setProblem(answer.problem);
      setStep("edit");
    } else if (answer.intent === "preview") {
      setPlan(answer.plan);
      setStep("status");
    } else {
      setChange(answer.change);
      setStep("done");
    }
  }, [send.data, send.state]);

  const submit = useCallback(
    (intent: "preview" | "save") => {
      setProblem(null);
      send.submit(
        { intent, productId: row.productId, variantIds: [...(selected ?? [])].map(variantNumber) },
        { method: "post", action: "/product-mapping", encType: "application/json" },
      );
    },
    [send, row.productId, selected],
  );
  const next = () => {
    // Unmapped to mapped needs a selection (spec 2 section 5); the server says the same.
    if ((selected?.size ?? 0) === 0 && row.mapped.length === 0) {
      setProblem({ message: "productMapping.selectAtLeastOne" });
      return;
    }
    submit("preview");
  };
  const busy = send.state !== "idle";

  if (step === "done")
    return (
      <Modal
        open
        onClose={onClose}
        title={t("productMapping.mappedSuccessfully")}
        primaryAction={{ content: t("productMapping.done"), onAction: onClose }}
      >
        <Modal.Section>
          <Text as="p">
            {change === "deleted"
              ? t("productMapping.unmappedBody", { name: row.productName })
              : t("productMapping.mappedBody", { name: row.productName })}
          </Text>
        </Modal.Section>
      </Modal>
    );
  if (step === "status" && plan)
    return (
      <StatusModal
        name={row.productName}
        plan={plan}
        busy={busy}
        onSave={() => submit("save")}
        onBack={() => setStep("edit")}
        onClose={onClose}
      />
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={t("productMapping.modalTitle", { name: row.productName })}
      primaryAction={{
        content: t("productMapping.next"),
        onAction: next,
        loading: busy,
        disabled: selected === null,
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <div className="product-mapping-modal">
          <BlockStack gap="300">
            {problem ? (
              <Banner tone={problem.error ? "critical" : "warning"} onDismiss={() => setProblem(null)}>
                <Text as="p">{t(asI18nKey(problem.message), problem.values)}</Text>
              </Banner>
            ) : null}
            {selected === null ? (
              <Spinner size="small" accessibilityLabel={t("common.loading")} />
            ) : (
              <CataloguePicker productId={row.productId} selected={selected} onChange={setSelected} />
            )}
          </BlockStack>
        </div>
      </Modal.Section>
    </Modal>
  );
}
