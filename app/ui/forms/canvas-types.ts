import type { FormDocument, FormElement, FormStyle } from "~/domain/forms/form-document";

// The builder works on the contract's document as it is saved (app/domain/forms/form-document.ts).
export type CanvasElement = FormElement;
export type CanvasStyle = FormStyle;
export type DraftElement = FormElement;
export type DraftStyle = FormStyle;
export type FormDraft = FormDocument;
export type { TextStyle } from "~/domain/forms/form-document";
