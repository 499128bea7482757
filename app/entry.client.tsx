import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, resources } from "~/i18n/resources";

async function hydrate() {
  // The server rendered in <html lang>; the product name travels in a data attribute.
  const html = document.documentElement;
  await i18next.use(initReactI18next).init({
    lng: html.lang || fallbackLanguage,
    fallbackLng: fallbackLanguage,
    resources,
    interpolation: { escapeValue: false, defaultVariables: { product: html.dataset.product ?? "Blusteam" } },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
