import { describe, expect, it } from "vitest";
import { defaultFormDocument, formDocumentSchema } from "~/domain/forms/form-document";
import { chatBrandingSchema, defaultChatBranding } from "~/domain/webchat/branding/branding-schema";
import en from "~/i18n/en";
import fr from "~/i18n/fr";
import { fieldErrors } from "~/ui/forms/field-rules";
import { hasControlCharacters, PLAIN_TEXT_ERRORS } from "./plain-text";

// Issue 32: a beta member saved the chat app's name "Demo\nimportScripts('http://…/p.js')//" and it ran
// in the service worker. Every branding and form text now refuses control characters and U+2028/2029.

const injected = "Demo\nimportScripts('http://127.0.0.1:9/p.js')//";
const refused = [
  "a\nb",
  "a\rb",
  "a\tb",
  "a\u0000b",
  "a\u001bb",
  "a\u007fb",
  "a\u0085b",
  "a\u2028b",
  "a\u2029b",
];

describe("the plain-text rule", () => {
  it("finds C0 and C1 controls, DEL and the line and paragraph separators; multi-line texts keep line breaks and tabs", () => {
    for (const value of refused) expect(hasControlCharacters(value), JSON.stringify(value)).toBe(true);
    expect(hasControlCharacters("Café Ünïcode 😀 — ok")).toBe(false);
    expect(hasControlCharacters("line one\nline two\r\n\tindented", { multiline: true })).toBe(false);
    for (const value of ["a\u0000b", "a\u2028b", "a\u2029b", "a\u0085b", "a\u000bb"])
      expect(hasControlCharacters(value, { multiline: true }), JSON.stringify(value)).toBe(true);
  });

  it("has its message in English and in French", () => {
    expect(en.validation.controlCharacters).toMatch(/one line/);
    expect(fr.validation.controlCharacters).toMatch(/une ligne/);
    expect(en.validation.controlCharactersMultiline).toMatch(/control characters/);
    expect(fr.validation.controlCharactersMultiline).toMatch(/caractères de contrôle/);
  });
});

describe("the chat branding refuses them in every text", () => {
  const branding = { ...defaultChatBranding("Demo Co", "demo-chat"), faqLink: "https://example.com/faq" };
  const errorsOf = (field: string, value: string) => {
    const parsed = chatBrandingSchema.safeParse({ ...branding, [field]: value });
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("accepts the defaults", () => {
    expect(chatBrandingSchema.safeParse(branding).success).toBe(true);
  });

  for (const field of [
    "pageTitle",
    "longAppName",
    "shortAppName",
    "welcomeTitleText",
    "welcomeButtonText",
    "subdomain",
    "faqLink",
    "supportLink",
    "shopLink",
  ]) {
    it(`${field}: a line break, a control character or U+2028 is refused with the one-line message`, () => {
      expect(
        errorsOf(field, field.endsWith("Link") ? `https://example.com/${injected}` : injected),
      ).toContain(PLAIN_TEXT_ERRORS.singleLine);
      for (const value of ["Ab\u2028cd", "Ab\u0007cd"])
        expect(errorsOf(field, value)).toContain(PLAIN_TEXT_ERRORS.singleLine);
    });
  }

  it("welcomeBodyText keeps its lines but refuses other control characters and U+2028/2029", () => {
    expect(errorsOf("welcomeBodyText", "Hello.\nWe answer within a day.")).toEqual([]);
    for (const value of ["Hello\u2028there", "Hello\u2029there", "Hello\u0000there"])
      expect(errorsOf("welcomeBodyText", value)).toEqual([PLAIN_TEXT_ERRORS.multiline]);
  });
});

describe("a sign-up form refuses them in every text", () => {
  const document = defaultFormDocument();
  const errorsOf = (change: (doc: ReturnType<typeof defaultFormDocument>) => void) => {
    const copy = structuredClone(document);
    change(copy);
    const parsed = formDocumentSchema.safeParse(copy);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };
  const field = document.elements.findIndex((element) => element.label !== undefined);

  it("accepts the default form", () => {
    expect(formDocumentSchema.safeParse(document).success).toBe(true);
  });

  it("refuses a line break or control character in its one-line texts", () => {
    const single = PLAIN_TEXT_ERRORS.singleLine;
    expect(
      errorsOf((d) => {
        d.style.micrositeName = injected;
      }),
    ).toEqual([`style.micrositeName: ${single}`]);
    expect(
      errorsOf((d) => {
        d.style.micrositePageTitle = "a\u2028b";
      }),
    ).toEqual([`style.micrositePageTitle: ${single}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].label = injected;
      }),
    ).toEqual([`elements.${field}.label: ${single}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].placeholder = "a\u0000";
      }),
    ).toEqual([`elements.${field}.placeholder: ${single}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].buttonText = "Go\u2029";
      }),
    ).toEqual([`elements.${field}.buttonText: ${single}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].options = [{ label: "A\nB", value: "a" }];
      }),
    ).toEqual([`elements.${field}.options.0.label: ${single}`]);
  });

  it("keeps line breaks in its longer texts, refusing other control characters and U+2028/2029", () => {
    const multi = PLAIN_TEXT_ERRORS.multiline;
    expect(
      errorsOf((d) => {
        d.style.successMessage = "Thanks!\nSee you soon.";
      }),
    ).toEqual([]);
    expect(
      errorsOf((d) => {
        d.elements[field].description = "one\ntwo";
      }),
    ).toEqual([]);
    expect(
      errorsOf((d) => {
        d.style.successMessage = "Thanks\u2028";
      }),
    ).toEqual([`style.successMessage: ${multi}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].description = "\u0001";
      }),
    ).toEqual([`elements.${field}.description: ${multi}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].textValue = "<p>a\u2029b</p>";
      }),
    ).toEqual([`elements.${field}.textValue: ${multi}`]);
    expect(
      errorsOf((d) => {
        d.elements[field].headingText = "<b>\u0007</b>";
      }),
    ).toEqual([`elements.${field}.headingText: ${multi}`]);
  });

  it("the builder's field panel says so before saving", () => {
    const errors = fieldErrors(
      {
        id: "f1",
        attributeType: "product",
        type: "dropdown",
        label: "Pick\none",
        placeholder: "x",
        options: [{ label: "a", value: "a" }],
      },
      [],
    );
    expect(errors.label).toBe(PLAIN_TEXT_ERRORS.singleLine);
  });
});
