// The one home of the member side's languages (issue 21, docs/decisions/074-languages.md).
//
// Keys are the English texts themselves ("natural-language keys"): the English page is the
// specification's own wording, typos included, with nothing to look up, and the Hindi files map each
// English text to its translation. `tests/unit/translations.test.ts` fails when a text the code
// translates has no Hindi, or when a Hindi entry is no longer used.
import type { InitOptions } from "i18next";

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** What the language form shows: each language in its own script. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी" };

/** The locale for numbers, dates and rupee amounts (Indian digit grouping in both). */
export const FORMAT_LOCALE: Record<Language, string> = { en: "en-IN", hi: "hi-IN" };

/**
 * The namespaces, by where a text is seen, so that a page loads only what it shows:
 * - common: the layouts (menus, footer, the language form), toasts, the forms kit, error pages;
 * - public: landing, the marketing pages, help and FAQ, the legal pages' summaries;
 * - member: sign-in, registration, password reset, verification and the member area;
 * - questionnaire: the built-in profile questionnaires' questions and options, and the texts of
 *   the questionnaire engine (Next, Back, its validation messages);
 * - email: the mails to members (server only, never sent to the browser).
 */
export const NAMESPACES = ["common", "public", "member", "questionnaire", "email"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The admin back office stays English. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The first of the browser's languages (Accept-Language, by preference) that the site speaks, by
 * primary subtag: "ta-IN, hi;q=0.8, en;q=0.5" is Hindi. remix-i18next's own header detection stops
 * at the first language the runtime knows (Tamil here) and falls back to English, hence this.
 */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const wanted = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: tag.trim().split("-")[0]!.toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return wanted.map((entry) => entry.primary).find(isLanguage) ?? null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // `t()` never names a namespace: a text is looked up in every namespace the page has loaded. Where a
  // text lives (scripts/i18n-keys.ts decides it by the file that uses it) only decides which pages
  // load it.
  fallbackNS: ["common", "member", "public", "questionnaire", "email"],
  ns: ["common"],
  // Natural-language keys: English sentences contain '.' and ':'.
  keySeparator: false,
  nsSeparator: false,
  // React escapes; i18next must not escape twice.
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
} satisfies InitOptions;

/**
 * Marks an English text as one to translate where it is written, for a text translated later by
 * `t(text)` with a variable (a menu's labels, a schema's messages, a toast set on a redirect). It
 * returns the text unchanged; scripts/i18n-keys.ts finds it, like `t("…")`, so the Hindi files must
 * have it (decision 074). Imported from `~/i18n/mark`.
 */
export function tr<const Text extends string>(text: Text): Text {
  return text;
}
