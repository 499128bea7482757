import { createInstance, type InitOptions, type i18n, type TFunction } from "i18next";
import { type Language, resources } from "./resources";

/** Past this many distinct keys a language stops remembering more (keys are static texts, so never in practice). */
const MAX_REMEMBERED_TEXTS = 10_000;

/**
 * The i18next instance pages render with, one per language for the life of the process.
 *
 * remix-i18next's middleware created and initialised an instance for every request (a few
 * milliseconds each), and react-i18next's useTranslation, on the server, copies every own property
 * of the instance it is given (about 40 bound methods) into a wrapper and spreads all of i18next's
 * options into each t() call: per component, per request. Here each language has one initialised
 * instance; pages get an object whose prototype is that instance (nothing of its own to copy) and
 * whose getFixedT returns a t that remembers the texts it was asked for without options (a text
 * without options is the same for every request of a language). Calls with options, another
 * language, a namespace or a key prefix go to i18next as before.
 *
 * Only the server renders with these: nothing changes their language (the browser has its own
 * instance, see entry.client.tsx).
 */
export function createRenderI18n(language: Language, options: InitOptions): i18n {
  const instance = createInstance({ ...options, resources, lng: language, initAsync: false });
  void instance.init();
  const remembered = new Map<string, string>();
  // i18next's own t (bound to the instance by i18next), typed loosely: keys here come from any caller.
  const translate = instance.t as unknown as (...args: unknown[]) => string;

  const view = Object.create(instance) as i18n;
  const getFixedT = (
    lng?: string | readonly string[] | null,
    ns?: string | readonly string[] | null,
    keyPrefix?: unknown,
    fixedOptions?: unknown,
  ) => {
    const sameLanguage = lng === undefined || lng === null || lng === language;
    const defaultNamespace = ns === undefined || ns === null || ns === "translation";
    if (!sameLanguage || !defaultNamespace || keyPrefix)
      return (instance.getFixedT as unknown as (...args: unknown[]) => TFunction)(
        lng,
        ns,
        keyPrefix,
        fixedOptions,
      );
    const t = (key: unknown, callOptions?: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string" || callOptions !== undefined || rest.length > 0)
        return translate(key, callOptions, ...rest);
      const known = remembered.get(key);
      if (known !== undefined) return known;
      const text = translate(key);
      if (typeof text === "string" && remembered.size < MAX_REMEMBERED_TEXTS) remembered.set(key, text);
      return text;
    };
    return Object.assign(t, {
      lng: language,
      ns: "translation",
      keyPrefix: undefined,
    }) as unknown as TFunction;
  };
  Object.defineProperty(view, "getFixedT", { value: getFixedT, enumerable: true });
  return view;
}
