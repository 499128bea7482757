import { Button, ButtonGroup, InlineStack, Select, TextField } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  attributeToken,
  EDITOR_FONT_SIZES,
  EDITOR_FONTS,
  EDITOR_LINK,
  LINK_VARIABLES,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
  variableToken,
} from "~/domain/webchat/templates/template-html";
import { Modal } from "~/ui/modal";

/**
 * The template body's rich-text editor (spec 3 section 9): the browser's own editing
 * (contentEditable) with a toolbar for the editor's fonts, sizes 8 to 96, bold, italic, underline,
 * links (http, https or ftp) and the variables. What it writes is sanitised by the server.
 *
 * `basic` (the sign-up forms' consent, copyright and company texts, spec 3 §5.1): bold, italic,
 * underline and links only, written as tags (<b>, <i>, <u>, <a>, paragraphs as <p>), since the
 * forms' sanitiser keeps no style attribute.
 */
export function RichEditor({
  initialHtml,
  onChange,
  attributes,
  readOnly,
  label,
  basic = false,
  testId = "template-body",
  linkIsValid = (url) => EDITOR_LINK.test(url),
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  attributes: string[] | null;
  readOnly: boolean;
  label: string;
  basic?: boolean;
  testId?: string;
  /** The link rule (default: the templates' http, https or ftp address). */
  linkIsValid?: (url: string) => boolean;
}) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [font, setFont] = useState("");
  const [size, setSize] = useState("");
  const [linking, setLinking] = useState(false);

  // The editor is filled once per template (its key); after that the browser owns its content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialHtml is read on mount only.
  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initialHtml;
  }, []);

  // Remember where the caret was, so the toolbar's selects (which take the focus) act there.
  useEffect(() => {
    const remember = () => {
      const current = document.getSelection();
      if (current?.rangeCount && editor.current?.contains(current.anchorNode))
        selection.current = current.getRangeAt(0).cloneRange();
    };
    document.addEventListener("selectionchange", remember);
    return () => document.removeEventListener("selectionchange", remember);
  }, []);

  const changed = useCallback(() => {
    if (editor.current) onChange(editor.current.innerHTML);
  }, [onChange]);

  /** Focus the editor at the remembered place, run the command, report the new content. */
  const run = (command: () => void) => {
    const element = editor.current;
    if (!element || readOnly) return;
    element.focus();
    const current = document.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
    document.execCommand("styleWithCSS", false, basic ? "false" : "true");
    command();
    changed();
  };

  const applyFont = (value: string) => {
    setFont(value);
    if (value) run(() => document.execCommand("fontName", false, value));
  };
  const applySize = (value: string) => {
    setSize(value);
    if (!value) return;
    // execCommand knows only sizes 1 to 7: mark the selection with 7, then give the marks the size.
    run(() => {
      document.execCommand("fontSize", false, "7");
      for (const marked of editor.current?.querySelectorAll<HTMLElement>('[style*="xxx-large"]') ?? [])
        marked.style.fontSize = `${value}px`;
      for (const marked of editor.current?.querySelectorAll<HTMLElement>('font[size="7"]') ?? []) {
        marked.removeAttribute("size");
        marked.style.fontSize = `${value}px`;
      }
    });
  };
  const insertVariable = (value: string) => {
    if (!value) return;
    const name = value as TemplateVariable;
    if ((LINK_VARIABLES as readonly string[]).includes(name)) {
      const token = variableToken(name);
      run(() => document.execCommand("insertHTML", false, `<a href="${token}">${token}</a>&nbsp;`));
    } else if ((TEMPLATE_VARIABLES as readonly string[]).includes(name))
      run(() => document.execCommand("insertText", false, variableToken(name)));
    else if (value.startsWith("attribute:"))
      run(() => document.execCommand("insertText", false, attributeToken(value.slice(10))));
  };

  const variableOptions = [
    { label: t("webchat.templates.toolbar.variablePlaceholder"), value: "" },
    ...TEMPLATE_VARIABLES.map((name) => ({ label: t(`webchat.templates.variables.${name}`), value: name })),
    ...(attributes?.length
      ? [
          {
            title: t("webchat.templates.variables.attributes"),
            options: attributes.map((title) => ({ label: title, value: `attribute:${title}` })),
          },
        ]
      : []),
  ];

  return (
    <div className={basic ? "webchat-rich-editor webchat-rich-editor--basic" : "webchat-rich-editor"}>
      <div
        role="toolbar"
        aria-label={t("webchat.templates.toolbar.label")}
        className="webchat-rich-editor__toolbar"
      >
        <InlineStack gap="200" blockAlign="end" wrap>
          {!basic && (
            <FontControls font={font} size={size} onFont={applyFont} onSize={applySize} readOnly={readOnly} />
          )}
          <ButtonGroup variant="segmented">
            <Button
              onClick={() => run(() => document.execCommand("bold"))}
              disabled={readOnly}
              accessibilityLabel={t("webchat.templates.toolbar.bold")}
            >
              B
            </Button>
            <Button
              onClick={() => run(() => document.execCommand("italic"))}
              disabled={readOnly}
              accessibilityLabel={t("webchat.templates.toolbar.italic")}
            >
              I
            </Button>
            <Button
              onClick={() => run(() => document.execCommand("underline"))}
              disabled={readOnly}
              accessibilityLabel={t("webchat.templates.toolbar.underline")}
            >
              U
            </Button>
          </ButtonGroup>
          <Button onClick={() => setLinking(true)} disabled={readOnly}>
            {t("webchat.templates.toolbar.link")}
          </Button>
          {!basic && (
            <Select
              label={t("webchat.templates.toolbar.variable")}
              options={variableOptions}
              value=""
              onChange={insertVariable}
              disabled={readOnly}
            />
          )}
        </InlineStack>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is a contentEditable textbox. */}
      <div
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        contentEditable={!readOnly}
        suppressContentEditableWarning
        className="webchat-rich-editor__body"
        data-testid={testId}
        onFocus={() => {
          // New lines as paragraphs, which the forms' sanitiser keeps (it drops <div>).
          if (basic) document.execCommand("defaultParagraphSeparator", false, "p");
        }}
        onInput={changed}
        onBlur={changed}
      />
      <LinkModal
        isValid={linkIsValid}
        open={linking}
        onClose={() => setLinking(false)}
        onInsert={(url) => {
          setLinking(false);
          run(() => document.execCommand("createLink", false, url));
        }}
      />
    </div>
  );
}

function FontControls(props: {
  font: string;
  size: string;
  onFont: (value: string) => void;
  onSize: (value: string) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t("webchat.templates.toolbar.font")}
        options={[{ label: "—", value: "" }, ...EDITOR_FONTS.map((f) => ({ label: f, value: f }))]}
        value={props.font}
        onChange={props.onFont}
        disabled={props.readOnly}
      />
      <Select
        label={t("webchat.templates.toolbar.size")}
        options={[
          { label: "—", value: "" },
          ...EDITOR_FONT_SIZES.map((s) => ({ label: `${s}`, value: `${s}` })),
        ]}
        value={props.size}
        onChange={props.onSize}
        disabled={props.readOnly}
      />
    </>
  );
}

/** The link's address, checked as the spec says: http, https or ftp, else 'Please enter valid url!'. */
function LinkModal({
  isValid,
  open,
  onClose,
  onInsert,
}: {
  isValid: (url: string) => boolean;
  open: boolean;
  onClose: () => void;
  onInsert: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const insert = () => {
    const value = url.trim();
    if (!isValid(value)) {
      setError(t("webchat.templates.link.invalid"));
      return;
    }
    setUrl("");
    setError(undefined);
    onInsert(value);
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("webchat.templates.link.title")}
      primaryAction={{ content: t("webchat.templates.link.insert"), onAction: insert }}
      secondaryActions={[{ content: t("webchat.templates.link.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            insert();
          }}
        >
          <TextField
            label={t("webchat.templates.link.url")}
            value={url}
            onChange={(value) => {
              setUrl(value);
              setError(undefined);
            }}
            autoComplete="url"
            type="url"
            error={error}
            autoFocus
          />
        </form>
      </Modal.Section>
    </Modal>
  );
}
