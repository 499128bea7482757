import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import {
  sanitizeTemplateHtml,
  TEMPLATE_KINDS,
  type TemplateKind,
} from "~/domain/webchat/templates/template-html";
import {
  renderTemplateBody,
  renderTemplateSubject,
  SAMPLE_VALUES,
  type TemplateCopy,
} from "~/domain/webchat/templates/template-render";
import type { TemplateView } from "~/domain/webchat/templates/templates.server";
import { LeaveGuard } from "~/ui/forms/leave-guard";
import { type ToastData, ToastView } from "~/ui/toast";
import { RichEditor } from "./rich-editor";
import { WebchatTabs } from "./webchat-tabs";

/** Spec 3 section 9: the draft is kept 1000 ms after the last keystroke. */
export const AUTOSAVE_DEBOUNCE_MS = 1000;

type EditorData = {
  templates: TemplateView[];
  attributes: string[] | null;
  canWrite: boolean;
  email: string;
};
type Answer = { toast?: ToastData; applied?: { kind: TemplateKind; id: string; saved: TemplateCopy } };
type Copies = Record<TemplateKind, TemplateCopy>;

const byKind = (pick: (view: TemplateView) => TemplateCopy, templates: TemplateView[]) =>
  Object.fromEntries(templates.map((view) => [view.kind, pick(view)])) as Copies;

/** Apply is enabled only when the edit differs from the server's copy (spec 3 section 4.3). */
export function differs(edit: TemplateCopy, saved: TemplateCopy): boolean {
  return edit.subject.trim() !== saved.subject || sanitizeTemplateHtml(edit.body) !== saved.body;
}

/** /webchat/email-templates: the editor on the left, the template list with previews on the right. */
export function TemplatesEditor({ data }: { data: EditorData }) {
  const { t } = useTranslation();
  const readOnly = !data.canWrite;
  const [kind, setKind] = useState<TemplateKind>("welcome");
  const [saved, setSaved] = useState<Copies>(() => byKind((v) => v.saved, data.templates));
  const [edits, setEdits] = useState<Copies>(() => byKind((v) => v.draft ?? v.saved, data.templates));
  const [defaults, setDefaults] = useState(
    () => new Set(data.templates.filter((v) => v.isDefault).map((v) => v.kind)),
  );
  const applyFetcher = useFetcher<Answer>();
  const testFetcher = useFetcher<Answer>();
  // One fetcher per template: a draft posted for one does not cancel another's.
  const draftFetchers: Record<TemplateKind, ReturnType<typeof useFetcher>> = {
    welcome: useFetcher({ key: "webchat-draft-welcome" }),
    newMessage: useFetcher({ key: "webchat-draft-newMessage" }),
    magicLink: useFetcher({ key: "webchat-draft-magicLink" }),
  };
  const edit = edits[kind];
  const dirtyKinds = useMemo(() => TEMPLATE_KINDS.filter((k) => differs(edits[k], saved[k])), [edits, saved]);
  const dirty = dirtyKinds.includes(kind);
  const name = (k: TemplateKind) => t(`webchat.templates.names.${k}`);

  // The applied copy becomes the server's copy.
  const applied = applyFetcher.state === "idle" ? applyFetcher.data?.applied : undefined;
  useEffect(() => {
    if (!applied) return;
    setSaved((current) => ({ ...current, [applied.kind]: applied.saved }));
    setDefaults((current) => new Set([...current].filter((k) => k !== applied.kind)));
  }, [applied]);

  const draftState = useDraftAutosave(edits, saved, readOnly, (k, body) =>
    draftFetchers[k].submit(body, { method: "post", encType: "application/json" }),
  );
  const change = (patch: Partial<TemplateCopy>) =>
    setEdits((current) => ({ ...current, [kind]: { ...current[kind], ...patch } }));
  const post = (fetcher: typeof applyFetcher, intent: "apply" | "test") =>
    fetcher.submit({ intent, kind, ...edit }, { method: "post", encType: "application/json" });
  const applying = applyFetcher.state !== "idle";

  return (
    <Page fullWidth title={t("webchat.templates.title")}>
      <BlockStack gap="400">
        <WebchatTabs current="email-templates" />
        {readOnly && <Banner tone="info">{t("webchat.readOnly")}</Banner>}
        {data.attributes === null && (
          <Banner tone="warning">{t("webchat.templates.attributesFailed")}</Banner>
        )}
        <InlineGrid columns={{ xs: 1, lg: "3fr 2fr" }} gap="400">
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h2" variant="headingMd">
                  {name(kind)}
                </Text>
                {!readOnly && draftState !== "idle" && (
                  <Text as="span" tone="subdued" variant="bodySm">
                    {t(
                      draftState === "pending"
                        ? "webchat.templates.savingDraft"
                        : "webchat.templates.draftSaved",
                    )}
                  </Text>
                )}
              </InlineStack>
              <Text as="p" tone="subdued">
                {t(`webchat.templates.descriptions.${kind}`)}
              </Text>
              <TextField
                label={t("webchat.templates.subject")}
                value={edit.subject}
                onChange={(subject) => change({ subject })}
                autoComplete="off"
                maxLength={200}
                helpText={t("webchat.templates.subjectHelp", { example: "{{firstName}}" })}
                disabled={readOnly}
              />
              <RichEditor
                key={kind}
                label={t("webchat.templates.body")}
                initialHtml={edit.body}
                onChange={(body) => change({ body })}
                attributes={data.attributes}
                readOnly={readOnly}
              />
              <InlineStack align="end" gap="200">
                <Button
                  onClick={() => post(testFetcher, "test")}
                  loading={testFetcher.state !== "idle"}
                  disabled={readOnly}
                >
                  {t("webchat.templates.sendTest")}
                </Button>
                <Button
                  variant="primary"
                  onClick={() => post(applyFetcher, "apply")}
                  loading={applying}
                  disabled={readOnly || !dirty}
                >
                  {t("webchat.templates.apply")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("webchat.templates.list")}
            </Text>
            {TEMPLATE_KINDS.map((k) => (
              <TemplateCard
                key={k}
                name={name(k)}
                copy={edits[k]}
                current={k === kind}
                edited={dirtyKinds.includes(k)}
                isDefault={defaults.has(k)}
                onSelect={() => setKind(k)}
              />
            ))}
          </BlockStack>
        </InlineGrid>
      </BlockStack>
      <LeaveGuard dirty={dirtyKinds.length > 0 && !applying} body={t("webchat.leaveBody")} />
      <ToastView toast={applyFetcher.state === "idle" ? applyFetcher.data?.toast : undefined} />
      <ToastView toast={testFetcher.state === "idle" ? testFetcher.data?.toast : undefined} />
    </Page>
  );
}

function TemplateCard(props: {
  name: string;
  copy: TemplateCopy;
  current: boolean;
  edited: boolean;
  isDefault: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  // Our own sanitiser's output, filled with escaped sample values: safe to show as HTML.
  const preview = useMemo(() => renderTemplateBody(props.copy.body, SAMPLE_VALUES), [props.copy.body]);
  return (
    <div className="webchat-template-card" aria-current={props.current}>
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="headingSm">
                {props.name}
              </Text>
              {props.current && <Badge tone="info">{t("webchat.templates.editing")}</Badge>}
              {props.edited && <Badge tone="attention">{t("webchat.templates.edited")}</Badge>}
              {props.isDefault && <Badge>{t("webchat.templates.isDefault")}</Badge>}
            </InlineStack>
            <Button
              onClick={props.onSelect}
              disabled={props.current}
              accessibilityLabel={t("webchat.templates.edit", { name: props.name })}
            >
              {t("webchat.templates.editShort")}
            </Button>
          </InlineStack>
          <Text as="p" fontWeight="semibold">
            {renderTemplateSubject(props.copy.subject, SAMPLE_VALUES)}
          </Text>
          <section
            className="webchat-template-preview"
            aria-label={t("webchat.templates.previewOf", { name: props.name })}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeTemplateHtml.
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </BlockStack>
      </Card>
    </div>
  );
}

/**
 * Keeps each template's edit as a draft on the server 1000 ms after it last changed (a reload
 * finds it again); an edit that went back to the applied copy drops its draft.
 */
function useDraftAutosave(
  edits: Copies,
  saved: Copies,
  readOnly: boolean,
  submit: (kind: TemplateKind, body: Record<string, string>) => void,
): "idle" | "pending" | "kept" {
  const kept = useRef<Record<string, string>>(
    Object.fromEntries(TEMPLATE_KINDS.map((k) => [k, JSON.stringify(edits[k])])),
  );
  const [state, setState] = useState<"idle" | "pending" | "kept">("idle");
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit is a new function each render.
  useEffect(() => {
    if (readOnly) return;
    const changed = TEMPLATE_KINDS.filter((k) => JSON.stringify(edits[k]) !== kept.current[k]);
    if (!changed.length) return;
    setState("pending");
    const timer = setTimeout(() => {
      for (const k of changed) {
        kept.current[k] = JSON.stringify(edits[k]);
        const body = differs(edits[k], saved[k])
          ? { intent: "draft", kind: k, ...edits[k] }
          : { intent: "discardDraft", kind: k };
        submit(k, body);
      }
      setState("kept");
    }, AUTOSAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [edits, saved, readOnly]);
  return state;
}
