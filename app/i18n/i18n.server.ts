import { createCookie, type Cookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { cookieIdentity } from "~/lib/session-cookie.server";
import {
  DEFAULT_LANGUAGE,
  i18nOptions,
  isAdminPath,
  isLanguage,
  languageOfAcceptLanguage,
  LANGUAGES,
  NAMESPACES,
  type Language,
  type Namespace,
} from "./config";
import { serverResources } from "./resources.server";

// Which language a request is served in (decision 074): the member's choice, remembered in the
// `lng` cookie (set by the language form and at sign-in from the profile), else the browser's
// Accept-Language, else English. The admin back office is English whatever the choice.

let cookie: Cookie | undefined;

/** The language cookie: not secret, so not signed; only a known code is ever read from it. */
export function languageCookie(): Cookie {
  cookie ??= createCookie(cookieIdentity("lng").name, {
    ...cookieIdentity("lng"),
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

let remixI18n: RemixI18Next | undefined;

function detector(): RemixI18Next {
  remixI18n ??= new RemixI18Next({
    detection: {
      supportedLanguages: [...LANGUAGES],
      fallbackLanguage: DEFAULT_LANGUAGE,
      cookie: languageCookie(),
      order: ["cookie", "custom"],
      findLocale: async (request) => languageOfAcceptLanguage(request.headers.get("Accept-Language")),
    },
    // Only the detection is used; renders get their instance from i18nFor.
    i18next: null,
  });
  return remixI18n;
}

export async function getLanguage(request: Request): Promise<Language> {
  if (isAdminPath(new URL(request.url).pathname)) return DEFAULT_LANGUAGE;
  const detected = await detector().getLocale(request);
  return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

const instances = new Map<Language, Promise<I18n>>();

/**
 * The i18next instance of a language, with every text loaded. One per language for the whole
 * process: renders and mails only read it (nobody calls changeLanguage on it), so sharing is safe
 * and a page does not pay for an init. Every namespace name holds the language's whole catalogue
 * (resources.server.ts), so no fallback namespaces: a text is one lookup, in the language and then
 * in English.
 */
export function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .init({ ...i18nOptions, resources: serverResources, lng: language, ns: [...NAMESPACES], fallbackNS: false })
      .then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

/**
 * A translate function for a loader, an action or a mail, in the request's (or given) language. On
 * the server every namespace holds every text, so the namespaces (kept for callers that name them)
 * change nothing but the number of lookups: one namespace is one lookup.
 */
export async function getT(
  requestOrLanguage: Request | Language,
  namespaces: readonly Namespace[] = ["common"],
): Promise<TFunction> {
  const language = typeof requestOrLanguage === "string" ? requestOrLanguage : await getLanguage(requestOrLanguage);
  return (await i18nFor(language)).getFixedT(language, [...namespaces]);
}

/** The Set-Cookie value that remembers a language in this browser. */
export function rememberLanguage(language: Language): Promise<string> {
  return languageCookie().serialize(language);
}
