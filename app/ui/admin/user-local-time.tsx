import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const style: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A time in the reader's own time zone. The server does not know that zone, so the first render
 * (server and hydration alike) shows UTC and the browser switches to local time once hydrated.
 */
export function LocalTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const date = new Date(iso);
  const text = hydrated
    ? date.toLocaleString(i18n.language, style)
    : `${date.toLocaleString(i18n.language, { ...style, timeZone: "UTC" })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
