import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { supportedLanguages } from "~/i18n/resources";

/** Switches the interface language; works without JavaScript as a plain form. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/resources/language" className="language-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="visually-hidden">
        {t("common.language")}
      </label>
      <select
        id="language-select"
        name="lng"
        value={i18n.language}
        onChange={(event) => {
          void i18n.changeLanguage(event.currentTarget.value);
          fetcher.submit(event.currentTarget.form);
        }}
      >
        {supportedLanguages.map((lng) => (
          <option key={lng} value={lng}>
            {t(`common.languages.${lng}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">{t("common.language")}</button>
      </noscript>
    </fetcher.Form>
  );
}
