/**
 * The parts of a form document the canvas reads, by the spec's field names (spec 3 sections 3.2 and
 * 3.3). Structural, so both the contract's parsed documents and the builder's draft fit.
 */
export type TextStyle = {
  fontFamily?: string;
  fontSize?: string;
  fontStyle?: string;
  fontWeight?: string | number;
  color?: string;
};

export type CanvasStyle = {
  themeStyle?: {
    backgroundColor?: string;
    secondaryBackgroundColor?: string;
    backgroundImageUrl?: string;
    backgroundWidth?: string;
    backgroundHeight?: string;
  };
  logoUrl?: string;
  logoHeight?: string;
  logoWidth?: string;
  headingStyle?: TextStyle;
  subHeadingStyle?: TextStyle;
  textStyle?: TextStyle;
  questionStyle?: TextStyle;
  answerStyle?: TextStyle;
  descriptionStyle?: TextStyle;
  companyTextStyle?: TextStyle;
  fieldStyle?: {
    backgroundColor?: string;
    borderWidth?: string;
    borderStyle?: string;
    borderColor?: string;
    borderRadius?: string;
  };
  buttonStyle?: TextStyle & { backgroundColor?: string; height?: string; borderColor?: string };
  errorMessageColor?: string;
};

export type CanvasElement = {
  id: string;
  type: string;
  label?: string;
  placeholder?: string;
  description?: string;
  isRequired?: boolean;
  isHidden?: boolean;
  options?: { label: string; value: string }[];
  styleRadioValue?: string;
  headingText?: string;
  textValue?: string;
  buttonText?: string;
  src?: string;
};

/** What the builder edits: the canvas' parts plus the fields only the editors touch. */
export type DraftElement = CanvasElement & {
  htmlType?: string;
  attributeType?: string;
  attributeId?: string;
  product?: string;
  isCheckedIndex?: number;
  isOther?: boolean;
  multichoiceLayout?: string;
  style?: unknown;
};

export type DraftStyle = CanvasStyle & {
  micrositeName?: string;
  micrositePageTitle?: string;
  successMessage?: string;
  formLanguage?: string;
  permenantHideOnSubmit?: boolean;
  temporaryHideOnPopupClose?: boolean;
  numberOfHidingDays?: number | string;
};

export type FormDraft = { templateName: string; elements: DraftElement[]; style: DraftStyle };
