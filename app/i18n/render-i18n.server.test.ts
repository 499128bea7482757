import { createInstance, type TFunction } from "i18next";
import { describe, expect, test } from "vitest";
import { createRenderI18n } from "./render-i18n.server";
import { type Language, resources, supportedLanguages } from "./resources";

const interpolation = { escapeValue: false, defaultVariables: { product: "Blusteam" } };

/** Every key of a language's texts, as "a.b.c". */
function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

async function reference(language: Language): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({ lng: language, resources, interpolation });
  return instance.t;
}

// react-i18next's useTranslation asks the instance for this on the server (namespace 'translation').
const pageT = (language: Language) =>
  createRenderI18n(language, { interpolation }).getFixedT(language, "translation") as unknown as (
    key: string,
    options?: Record<string, unknown>,
  ) => string;

describe.each(supportedLanguages)("the render instance of %s", (language) => {
  test("gives every text exactly as a fresh i18next instance does, the first time and from memory", async () => {
    const expected = (await reference(language)) as unknown as (key: string) => string;
    const t = pageT(language);
    const keys = leafKeys(resources[language].translation);
    expect(keys.length).toBeGreaterThan(1000);
    for (const key of keys) expect(t(key), key).toBe(expected(key));
    for (const key of keys) expect(t(key), key).toBe(expected(key));
  });

  test("passes calls with options (interpolation, plurals, defaults) and unknown keys to i18next", async () => {
    const expected = (await reference(language)) as unknown as (key: string, options?: unknown) => string;
    const t = pageT(language);
    const options = { count: 3, name: "Ada", defaultValue: "fallback" };
    for (const key of leafKeys(resources[language].translation).slice(0, 400))
      expect(t(key, options), key).toBe(expected(key, options));
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("no.such.key", { defaultValue: "Default" })).toBe("Default");
  });
});

test("each language keeps its own texts: French after English does not answer in English", () => {
  const english = pageT("en");
  const french = pageT("fr");
  expect(english("nav.contacts")).toBe("Contacts");
  expect(french("common.cancel")).toBe("Annuler");
  expect(english("common.cancel")).toBe("Cancel");
});

test("another language, namespace or key prefix asked of an instance is i18next's own answer", () => {
  const english = createRenderI18n("en", { interpolation });
  expect(english.getFixedT("fr", "translation")("common.cancel")).toBe("Annuler");
  expect(english.getFixedT("en", "translation", "common")("cancel")).toBe("Cancel");
  expect(english.t("common.cancel")).toBe("Cancel");
  expect(english.language).toBe("en");
});
