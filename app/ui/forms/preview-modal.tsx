import { Tabs } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormDocument } from "~/domain/forms/form-document";
import { Modal } from "~/ui/modal";
import { FormCanvas } from "./form-canvas";

/** Preview (spec 3 section 2.2): a full-width modal with a desktop tab and a mobile (390 px) tab. */
export function PreviewModal(props: {
  open: boolean;
  onClose: () => void;
  document: FormDocument;
  company: string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const mobile = tab === 1;
  return (
    <Modal open={props.open} onClose={props.onClose} title={t("forms.builder.previewTitle")} size="large">
      <Tabs
        tabs={[
          { id: "preview-desktop", content: t("forms.builder.desktop") },
          { id: "preview-mobile", content: t("forms.builder.mobile") },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        <div style={{ padding: 16, display: "flex", justifyContent: "center", background: "#f1f1f1" }}>
          <div style={{ width: mobile ? 390 : "100%", maxWidth: "100%" }} data-testid="preview-frame">
            <FormCanvas
              templateName={props.document.templateName}
              elements={props.document.elements}
              style={props.document.style}
              company={props.company}
              mobile={mobile}
            />
          </div>
        </div>
      </Tabs>
    </Modal>
  );
}
