import { createInstance, type TFunction } from "i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { config } from "~/config.server";
import { fallbackLanguage, type Language, resources, supportedLanguages } from "./resources";

// The chosen language is remembered for a year; without a choice the browser's Accept-Language wins.
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 31_536_000,
});

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: {
    resources,
    interpolation: { escapeValue: false, defaultVariables: { product: config().PRODUCT_NAME } },
  },
});

/** A translator outside a request (emails, jobs). */
export async function fixedT(language: Language): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    resources,
    interpolation: { escapeValue: false, defaultVariables: { product: config().PRODUCT_NAME } },
  });
  return instance.t;
}
