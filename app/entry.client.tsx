import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nOptions } from "~/i18n/config";
import { english } from "~/i18n/english";

// Remix's default browser entry, plus the member side's languages (decision 074): the page was
// rendered on the server in the language named by <html lang>; the browser loads only that
// language's namespaces of the routes on screen (each its own small, cached file; English, being
// the keys, is bundled), then hydrates.
async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(
        (language: string, namespace: string) => import(`./i18n/locales/${language}/${namespace}.json`),
      ),
    )
    .init({
      ...i18nOptions,
      // English is the keys themselves plus a few plural forms: bundled, never fetched.
      resources: { en: english },
      partialBundledLanguages: true,
      lng: document.documentElement.lang || i18nOptions.fallbackLng,
      ns: getInitialNamespaces(),
      // A text not loaded yet shows its English key rather than suspending the page.
      react: { useSuspense: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
