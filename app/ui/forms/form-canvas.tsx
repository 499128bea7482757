import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { COMPANY_COLUMN_SPAN, FONT_STACKS, FORM_COLUMN_SPAN } from "~/domain/forms/form-document";
import type { CanvasElement, CanvasStyle, TextStyle } from "./canvas-types";
import { safeRichHtml } from "./rich-text";

/**
 * A rendering of a saved or edited form with its style: the builder's canvas (elements selectable),
 * the Preview modal and the list cards' live previews (not interactive). The public page has its own
 * light renderer; this one only has to look the same.
 */
export function FormCanvas(props: {
  templateName: string;
  elements: CanvasElement[];
  style: CanvasStyle;
  mobile?: boolean;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  interactive?: boolean;
  /** The company's name, in place of {{COMPANY}}. */
  company?: string;
}) {
  const { style, elements, mobile } = props;
  const companyName = props.company ?? "";
  const company = elements.filter((e) => e.type === "company-text");
  const form = elements.filter((e) => e.type !== "company-text" && !e.isHidden);
  const right = props.templateName === "TWO_COLUMN_RIGHT_FORM";
  const theme = style.themeStyle;
  const wrap: CSSProperties = {
    display: "flex",
    flexDirection: mobile ? "column" : right ? "row-reverse" : "row",
    background: theme.backgroundColor,
    backgroundImage: theme.backgroundImageUrl ? `url(${theme.backgroundImageUrl})` : undefined,
    backgroundSize: `${theme.backgroundWidth} ${theme.backgroundHeight}`,
    minHeight: 200,
    pointerEvents: props.interactive ? undefined : "none",
  };
  const pick = (id: string) => (props.interactive && props.onSelect ? () => props.onSelect?.(id) : undefined);
  return (
    <div style={wrap} className={mobile ? "form-canvas" : "form-canvas form-canvas-responsive"}>
      {/* On a narrow screen the two columns stack, as on the public page (md: 768 px). */}
      <style>{"@media (max-width: 767px){.form-canvas-responsive{flex-direction:column!important}}"}</style>
      <div
        style={{
          flex: mobile ? "1 1 auto" : `${FORM_COLUMN_SPAN} 1 0`,
          padding: 24,
          background: theme.secondaryBackgroundColor,
        }}
      >
        {form.map((element) => (
          <Selectable
            key={element.id}
            element={element}
            selected={props.selectedId === element.id}
            onClick={pick(element.id)}
          >
            <div style={{ textAlign: element.style?.textAlign }}>
              <ElementView element={element} style={style} company={companyName} />
            </div>
          </Selectable>
        ))}
      </div>
      <div style={{ flex: mobile ? "1 1 auto" : `${COMPANY_COLUMN_SPAN} 1 0`, padding: 24 }}>
        {company.map((element) => (
          <Selectable
            key={element.id}
            element={element}
            selected={props.selectedId === element.id}
            onClick={pick(element.id)}
          >
            <Rich
              html={element.textValue ?? ""}
              company={companyName}
              style={textCss(style.companyTextStyle)}
            />
          </Selectable>
        ))}
      </div>
    </div>
  );
}

function Selectable(props: {
  element: CanvasElement;
  selected: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const outline = props.selected ? "2px solid #2c6ecb" : "1px dashed transparent";
  if (!props.onClick) return <div style={{ marginBottom: 12 }}>{props.children}</div>;
  return (
    // The whole element is the target, as in the old builder; the button's name says which one. A
    // <button> may not hold the paragraphs and blocks an element renders.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      role="button"
      tabIndex={0}
      aria-label={t("forms.component.editElement", { name: labelOf(props.element) })}
      aria-pressed={props.selected}
      onClick={props.onClick}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          props.onClick?.();
        }
      }}
      style={{ marginBottom: 12, outline, borderRadius: 4, cursor: "pointer", padding: 2 }}
    >
      {props.children}
    </div>
  );
}

/** A short name of an element for the canvas buttons and the editor's title. */
export function labelOf(element: CanvasElement): string {
  switch (element.type) {
    case "image":
      return "image";
    case "heading":
    case "sub-heading":
      return stripHtml(element.headingText ?? element.type) || element.type;
    case "button":
      return element.buttonText || "button";
    case "Consent-text":
      return "consent text";
    case "copyright":
      return "copyright text";
    case "company-text":
      return "company text";
    case "text":
      return "text";
    default:
      return element.label || element.type;
  }
}

function stripHtml(html: string) {
  return html.replace(/<[^>]*>/g, "").trim();
}

export function textCss(style: TextStyle | undefined): CSSProperties {
  if (!style) return {};
  const italic = style.fontStyle === "italic";
  return {
    fontFamily: FONT_STACKS[style.fontFamily],
    fontSize: style.fontSize,
    fontStyle: italic ? "italic" : "normal",
    fontWeight: Number(style.fontWeight),
    color: style.color,
    margin: 0,
  };
}

/** Texts of the rich elements are HTML the builder wrote (consent, copyright, company text). */
function Rich({ html, style, company }: { html: string; style: CSSProperties; company: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced by safeRichHtml to a few tags without attributes
  return <div style={style} dangerouslySetInnerHTML={{ __html: safeRichHtml(html, company) }} />;
}

function ElementView({
  element,
  style,
  company,
}: {
  element: CanvasElement;
  style: CanvasStyle;
  company: string;
}) {
  const field = style.fieldStyle;
  const fieldCss: CSSProperties = {
    width: "100%",
    boxSizing: "border-box",
    padding: "8px 10px",
    background: field.backgroundColor,
    borderWidth: field.borderWidth,
    borderStyle: field.borderStyle ?? "solid",
    borderColor: field.borderColor,
    borderRadius: field.borderRadius,
    ...textCss(style.answerStyle),
  };
  const question = (
    <p style={{ ...textCss(style.questionStyle), marginBottom: 4 }}>
      {element.isRequired ? <span style={{ color: style.errorMessageColor }}>* </span> : null}
      {element.label}
    </p>
  );
  const description = element.description ? (
    <p style={{ ...textCss(style.descriptionStyle), marginTop: 4 }}>{element.description}</p>
  ) : null;
  switch (element.type) {
    case "image": {
      const src = element.src || style.logoUrl;
      if (!src) return <div style={{ height: 8 }} />;
      return (
        <img
          src={src}
          alt=""
          style={{ height: style.logoHeight, width: style.logoWidth ?? "auto", maxWidth: "100%" }}
        />
      );
    }
    case "heading":
      return <Rich html={element.headingText ?? ""} company={company} style={textCss(style.headingStyle)} />;
    case "sub-heading":
      return (
        <Rich html={element.headingText ?? ""} company={company} style={textCss(style.subHeadingStyle)} />
      );
    case "text":
    case "Consent-text":
    case "copyright":
      return <Rich html={element.textValue ?? ""} company={company} style={textCss(style.textStyle)} />;
    case "button": {
      const b = style.buttonStyle;
      return (
        <div
          style={{
            ...textCss(b),
            background: b.backgroundColor,
            height: b.height,
            border: `1px solid ${b.borderColor}`,
            borderRadius: field.borderRadius,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          {element.buttonText}
        </div>
      );
    }
    case "dropdown":
    case "multiselect-dropdown":
      return (
        <div>
          {question}
          <div style={{ ...fieldCss, opacity: 0.8 }}>{element.placeholder || "\u00a0"}</div>
          {description}
        </div>
      );
    case "multichoice":
      return (
        <div>
          {question}
          <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
            {(element.options ?? []).map((option) =>
              element.styleRadioValue === "Tags" ? (
                <span key={option.value} style={{ ...fieldCss, width: "auto", borderRadius: 16 }}>
                  {option.label}
                </span>
              ) : (
                <span key={option.value} style={textCss(style.answerStyle)}>
                  ◯ {option.label}
                </span>
              ),
            )}
          </div>
          {description}
        </div>
      );
    default:
      return (
        <div>
          {question}
          <div style={{ ...fieldCss, opacity: 0.8 }}>{element.placeholder || "\u00a0"}</div>
          {description}
        </div>
      );
  }
}
