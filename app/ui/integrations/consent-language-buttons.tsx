import { Button } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConsentText } from "~/domain/shopify/consent-text.server";
import { CheckoutGuideModal } from "./checkout-guide-modal";
import { ConsentTextModal } from "./consent-text-modal";

/**
 * The Consent Language section's buttons for the checkout block: edit its consent text, and how to
 * add it to the checkout. `consent` is null while the page has none (no store, or the store is not
 * reachable), and then only the guide is offered.
 */
export function ConsentLanguageButtons({
  consent,
  shop,
  readOnly,
}: {
  consent: ConsentText | null;
  shop: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"text" | "guide" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      {consent ? (
        <Button onClick={() => setOpen("text")}>
          {readOnly ? t("consent.viewButton") : t("consent.editButton")}
        </Button>
      ) : null}
      <Button variant="plain" onClick={() => setOpen("guide")}>
        {t("consent.guideButton")}
      </Button>
      {consent ? (
        <ConsentTextModal open={open === "text"} consent={consent} readOnly={readOnly} onClose={close} />
      ) : null}
      <CheckoutGuideModal open={open === "guide"} shop={shop} readOnly={readOnly} onClose={close} />
    </>
  );
}
