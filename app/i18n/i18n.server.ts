import { createInstance, type i18n, type TFunction } from "i18next";
import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { config } from "~/config.server";
import { createRenderI18n } from "./render-i18n.server";
import { fallbackLanguage, isLanguage, type Language, resources, supportedLanguages } from "./resources";

// The chosen language is remembered for a year; without a choice the browser's Accept-Language wins.
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 31_536_000,
});

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
  },
});

const interpolation = () => ({ escapeValue: false, defaultVariables: { product: config().PRODUCT_NAME } });

// One instance per language for the process (see render-i18n.server.ts), made when first needed.
const renderI18n = new Map<Language, i18n>();
function renderI18nFor(language: Language): i18n {
  let instance = renderI18n.get(language);
  if (!instance) {
    instance = createRenderI18n(language, { interpolation: interpolation() });
    renderI18n.set(language, instance);
  }
  return instance;
}

const localeContext = createContext<Language>(fallbackLanguage);

/** Root middleware: the request's language (?lng=, then the lng cookie, then Accept-Language). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = await detector.getLocale(request);
  context.set(localeContext, isLanguage(detected) ? detected : fallbackLanguage);
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

/** The request's i18next instance: shared by every request of its language, never changed. */
export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  return renderI18nFor(getLocale(context));
}

/** A translator outside a request (emails, jobs). */
export async function fixedT(language: Language): Promise<TFunction> {
  const instance = createInstance();
  await instance.init({ lng: language, resources, interpolation: interpolation() });
  return instance.t;
}
