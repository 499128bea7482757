import { describe, expect, it } from "vitest";
import { fieldErrors, linkError, pngError } from "./field-rules";
import { logoHeight, logoWidth, popupDaysSchema, popupSaveError } from "./settings-rules";

const field = (patch: Record<string, unknown> = {}) =>
  ({
    id: "f1",
    attributeType: "contact-attribute",
    type: "input",
    htmlType: "text",
    label: "Skin type",
    placeholder: "Your skin type",
    attributeId: "a1",
    ...patch,
  }) as Parameters<typeof fieldErrors>[0];

describe("the builder's field form (spec 5.1)", () => {
  it("accepts a complete field", () => {
    expect(fieldErrors(field(), [])).toEqual({});
  });

  it("gives each message of the spec", () => {
    expect(fieldErrors(field({ label: " " }), []).label).toBe("forms.validation.enterLabel");
    expect(fieldErrors(field({ placeholder: "" }), []).placeholder).toBe("forms.validation.enterPlaceholder");
    expect(fieldErrors(field({ attributeId: "" }), []).attributeId).toBe("forms.validation.selectValue");
    expect(fieldErrors(field({ htmlType: "" }), []).htmlType).toBe("forms.validation.selectInputType");
    expect(fieldErrors(field({ attributeType: "contact-product-attribute", product: "" }), []).product).toBe(
      "forms.validation.selectProduct",
    );
    const options = fieldErrors(
      field({
        type: "multichoice",
        options: [
          { label: "A", value: "" },
          { label: "", value: "b" },
        ],
      }),
      [],
    );
    expect(options["options.0.value"]).toBe("forms.validation.enterValue");
    expect(options["options.1.label"]).toBe("forms.validation.enterValue");
  });

  it("allows only one product dropdown", () => {
    const product = field({
      attributeType: "product",
      type: "dropdown",
      attributeId: undefined,
      options: [{ label: "Glow", value: "p1" }],
    });
    expect(fieldErrors(product, [{ id: "f1", attributeType: "product", type: "dropdown" }])).toEqual({});
    expect(fieldErrors(product, [{ id: "other", attributeType: "product", type: "dropdown" }]).type).toBe(
      "forms.validation.oneProduct",
    );
  });

  it("checks links and png uploads", () => {
    expect(linkError("https://example.com/x")).toBeNull();
    expect(linkError("ftp://files.example.com")).toBeNull();
    expect(linkError("example.com")).toBe("forms.validation.invalidUrl");
    expect(pngError({ name: "logo.png", type: "image/png" })).toBeNull();
    expect(pngError({ name: "logo.jpg", type: "image/jpeg" })).toBe("forms.validation.notPng");
  });
});

describe("the settings rules (spec 5.2)", () => {
  it("bounds the logo size", () => {
    expect(logoHeight("")).toBe(30);
    expect(logoHeight("0")).toBe(30);
    expect(logoHeight("-4")).toBe(30);
    expect(logoHeight("450")).toBe(300);
    expect(logoHeight("64")).toBe(64);
    expect(logoWidth("")).toBeNull();
    expect(logoWidth(0)).toBeNull();
    expect(logoWidth("301px")).toBe(300);
    expect(logoWidth("120")).toBe(120);
  });

  it("needs pop-up days of at least 1", () => {
    expect(popupDaysSchema.safeParse({ numberOfHidingDays: "0" }).success).toBe(false);
    expect(popupDaysSchema.safeParse({ numberOfHidingDays: "" }).error?.issues[0]?.message).toBe(
      "forms.validation.enterDays",
    );
    expect(popupDaysSchema.safeParse({ numberOfHidingDays: "3" }).data).toEqual({ numberOfHidingDays: 3 });
    expect(popupSaveError({ temporaryHideOnPopupClose: true, numberOfHidingDays: "" })).toBe(
      "forms.validation.enterHidingDays",
    );
    expect(popupSaveError({ temporaryHideOnPopupClose: true, numberOfHidingDays: 2 })).toBeNull();
    expect(popupSaveError({ temporaryHideOnPopupClose: false })).toBeNull();
  });
});
