import { Banner, BlockStack, Card, InlineGrid, Page, Tabs } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { ToastView } from "~/ui/toast";
import { BuilderHeader } from "./builder-header";
import type { BuilderAnswer, BuilderData } from "./builder-types";
import { ComponentTab } from "./component-tab";
import { FormCanvas } from "./form-canvas";
import { LayoutTab } from "./layout-tab";
import { LeaveGuard } from "./leave-guard";
import { PreviewModal } from "./preview-modal";
import { popupSaveError } from "./settings-rules";
import { SettingsTab } from "./settings-tab";
import { useFormDraft } from "./use-form-draft";

const TABS = ["layout", "component", "settings"] as const;

/** The form builder (spec 3 sections 2.2 and 4.1): header, canvas and the three editing tabs. */
export function Builder({ data }: { data: BuilderData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const fetcher = useFetcher<BuilderAnswer>();
  const form = useFormDraft(data.form?.document ?? data.fresh);
  const [tab, setTab] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [popupError, setPopupError] = useState<string | null>(null);
  const saved = fetcher.data?.saved ?? data.form;
  const readOnly = !data.canWrite;
  const busy = fetcher.state !== "idle";

  // The server's copy after a save or a publish becomes the draft; a new form gets its ?id=.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const { loadSaved } = form;
  useEffect(() => {
    if (!answer?.saved) return;
    loadSaved(answer.saved.document);
    if (!data.form) setSearchParams({ id: answer.saved.id }, { replace: true });
  }, [answer, loadSaved, data.form, setSearchParams]);

  const save = () => {
    const problem = popupSaveError(form.draft.style);
    setPopupError(problem);
    if (problem) {
      setTab(2);
      return;
    }
    // Days only matter with hide-after-close on; otherwise a cleared field falls back to the default.
    const style = form.draft.style;
    const document =
      style.numberOfHidingDays >= 1
        ? form.draft
        : { ...form.draft, style: { ...style, numberOfHidingDays: 1 } };
    fetcher.submit(
      { intent: "save", id: saved?.id ?? null, document },
      { method: "post", encType: "application/json" },
    );
  };
  const publish = (on: boolean) =>
    saved &&
    fetcher.submit(
      { intent: on ? "publish" : "unpublish", id: saved.id },
      { method: "post", encType: "application/json" },
    );

  const select = (id: string) => {
    if (readOnly) return;
    setSelectedId(id);
    setTab(1);
  };

  return (
    <Page fullWidth>
      <BlockStack gap="400">
        <BuilderHeader
          name={form.draft.style.micrositeName}
          onName={(micrositeName) => form.setStyle({ micrositeName })}
          onBack={() => navigate("/contact-form")}
          saved={saved ?? null}
          dirty={form.dirty}
          busy={busy}
          readOnly={readOnly}
          codes={data.codes}
          onSave={save}
          onPublish={publish}
          onPreview={() => setPreviewing(true)}
        />
        {readOnly && <Banner tone="info">{t("forms.builder.readOnly")}</Banner>}
        <InlineGrid columns={{ xs: 1, md: "3fr 2fr" }} gap="400">
          <Card padding="0">
            <FormCanvas
              templateName={form.draft.templateName}
              elements={form.draft.elements}
              style={form.draft.style}
              company={data.company}
              interactive={!readOnly}
              selectedId={selectedId}
              onSelect={select}
            />
          </Card>
          <Card>
            <Tabs
              tabs={TABS.map((id) => ({ id: `builder-${id}`, content: t(`forms.builder.tabs.${id}`) }))}
              selected={tab}
              onSelect={setTab}
              fitted
            >
              <div style={{ paddingTop: 16 }}>
                {tab === 0 && <LayoutTab form={form} readOnly={readOnly} />}
                {tab === 1 && (
                  <ComponentTab
                    form={form}
                    data={data}
                    readOnly={readOnly}
                    selectedId={selectedId}
                    onSelect={setSelectedId}
                  />
                )}
                {tab === 2 && <SettingsTab form={form} readOnly={readOnly} popupError={popupError} />}
              </div>
            </Tabs>
          </Card>
        </InlineGrid>
      </BlockStack>
      <PreviewModal
        open={previewing}
        onClose={() => setPreviewing(false)}
        document={form.draft}
        company={data.company}
      />
      <LeaveGuard dirty={form.dirty && !busy} />
      <ToastView toast={answer?.toast} />
    </Page>
  );
}
