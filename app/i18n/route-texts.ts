import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The texts of every route on screen, loaded in the browser before the page shows (decision 074).
 * The first page's namespaces are loaded before hydrating (entry.client); a page reached by a link
 * may need one the first did not (a visitor going from Landing, `public`, to Login, `member`), and
 * without it a Hindi page showed its English keys until a reload. Suspending here while they load
 * keeps the previous page on screen, since Remix navigates in a transition: the member sees the new
 * page once, in their language. A namespace that fails to load falls back to English.
 */
export function useRouteTexts() {
  const namespaces = new Set<string>();
  for (const match of useMatches()) {
    for (const namespace of (match.handle as { i18n?: string | string[] } | undefined)?.i18n ?? []) {
      namespaces.add(namespace);
    }
  }
  useTranslation([...namespaces], { useSuspense: true });
}
