import { createInstance, type InitOptions, type i18n, type TFunction } from "i18next";
import { type Language, resources } from "./resources";

/** Past this many distinct keys a language stops remembering more (keys are static texts, so never in practice). */
const MAX_REMEMBERED_TEXTS = 10_000;

/**
 * Options that change which text i18next picks or how (plurals, context, defaults, other languages...):
 * a call with any of them goes to i18next. Other options are the text's variables.
 */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "ordinal",
  "lng",
  "lngs",
  "ns",
  "fallbackLng",
  "keyPrefix",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "replace",
  "skipInterpolation",
  "nsSeparator",
  "keySeparator",
]);

/** `{{name}}`: a variable as written; anything else between braces (formats, `{{- raw}}`) is i18next's. */
const VARIABLE = /\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/g;

/** A text split around its variables (even indexes: text, odd: variable names); null if i18next must fill it. */
type Template = string[] | null;

function templateOf(text: unknown): Template {
  if (typeof text !== "string" || text.includes("$t(")) return null;
  const parts = text.split(VARIABLE);
  // Braces left after the simple variables are taken out are a format or a nesting: i18next's.
  if (parts.some((part, i) => i % 2 === 0 && (part.includes("{{") || part.includes("}}")))) return null;
  return parts;
}

/**
 * The i18next instance pages render with, one per language for the life of the process.
 *
 * remix-i18next's middleware created and initialised an instance for every request (a few
 * milliseconds each), and react-i18next's useTranslation, on the server, copies every own property
 * of the instance it is given (about 40 bound methods) into a wrapper and spreads all of i18next's
 * options into each t() call: per component, per request. Here each language has one initialised
 * instance; pages get an object whose prototype is that instance (nothing of its own to copy) and
 * whose getFixedT returns a t that remembers the texts it was asked for without options (a text
 * without options is the same for every request of a language), and fills a text's `{{variables}}`
 * itself from a remembered template (i18next took about 8 microseconds a call: a contacts page's row
 * labels alone were 1% of its render). Calls with i18next's own options (count, context, defaults...),
 * texts with formats or nesting, another language, a namespace or a key prefix go to i18next.
 *
 * Only the server renders with these: nothing changes their language (the browser has its own
 * instance, see entry.client.tsx).
 */
export function createRenderI18n(language: Language, options: InitOptions): i18n {
  const instance = createInstance({ ...options, resources, lng: language, initAsync: false });
  void instance.init();
  const remembered = new Map<string, string>();
  const templates = new Map<string, Template>();
  const defaultVariables: Record<string, unknown> = options.interpolation?.defaultVariables ?? {};
  // With escaping on, i18next escapes each value: that stays i18next's.
  const fillsVariables = options.interpolation?.escapeValue === false;
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
      if (typeof key !== "string" || rest.length > 0) return translate(key, callOptions, ...rest);
      if (callOptions !== undefined) return withVariables(key, callOptions);
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

  function withVariables(key: string, variables: unknown): string {
    if (!fillsVariables || !isPlainVariables(variables)) return translate(key, variables);
    let template = templates.get(key);
    if (template === undefined) {
      template = templateOf(translate(key, { skipInterpolation: true }));
      if (templates.size < MAX_REMEMBERED_TEXTS) templates.set(key, template);
    }
    if (!template) return translate(key, variables);
    let text = template[0];
    for (let i = 1; i < template.length; i += 2) {
      const value = variables[template[i]] ?? defaultVariables[template[i]];
      // A missing variable is i18next's to report.
      if (value === undefined || value === null) return translate(key, variables);
      text += String(value) + template[i + 1];
    }
    return text;
  }
}

/** Options that are only a text's variables, each a string or a number. */
function isPlainVariables(options: unknown): options is Record<string, string | number> {
  if (options === null || typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype)
    return false;
  for (const [name, value] of Object.entries(options)) {
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue")) return false;
    if (typeof value !== "string" && typeof value !== "number") return false;
  }
  return true;
}
