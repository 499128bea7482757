import type { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/context.server";
import { getLocale } from "~/i18n/i18n.server";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n/resources";

/** Who is asking: the address rate limits count against, and the language emails are written in. */
export function requestOrigin(context: Readonly<RouterContextProvider>): { ip: string; language: Language } {
  const locale = getLocale(context);
  return { ip: context.get(clientIpContext), language: isLanguage(locale) ? locale : fallbackLanguage };
}
