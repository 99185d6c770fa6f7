// Every language's texts, for the server's renders and mails (static imports, so that the jobs
// script under tsx reads them too). The browser loads only the namespaces of the page it shows, in
// its language (app/entry.client.tsx).
import type { Resource, ResourceLanguage } from "i18next";
import { i18nOptions, LANGUAGES, NAMESPACES, type Namespace } from "./config";
import enCommon from "./locales/en/common.json";
import enPublic from "./locales/en/public.json";
import enMember from "./locales/en/member.json";
import enQuestionnaire from "./locales/en/questionnaire.json";
import enEmail from "./locales/en/email.json";
import hiCommon from "./locales/hi/common.json";
import hiPublic from "./locales/hi/public.json";
import hiMember from "./locales/hi/member.json";
import hiQuestionnaire from "./locales/hi/questionnaire.json";
import hiEmail from "./locales/hi/email.json";

export const resources = {
  en: { common: enCommon, public: enPublic, member: enMember, questionnaire: enQuestionnaire, email: enEmail },
  hi: { common: hiCommon, public: hiPublic, member: hiMember, questionnaire: hiQuestionnaire, email: hiEmail },
} satisfies Resource;

/**
 * The server's catalogues: per language, one merged catalogue that every namespace name points to.
 * `t()` never names a namespace, so a text was looked up in up to six namespaces (the default plus
 * the five fallbacks), each with a "loaded?" check, before an English text (a key, so never in a
 * catalogue) came back as itself: 1,068 lookups and 538 "loaded?" checks for the landing page's 87
 * texts. With the merged catalogue under every name and no fallback namespaces, a text is one
 * lookup per language (docs/performance.md, "The cost of two languages"). The merge keeps the
 * fallback order: a text in two namespaces reads as it does in the first of common, member, public,
 * questionnaire, email.
 */
export const serverResources: Resource = Object.fromEntries(
  LANGUAGES.map((language) => {
    // Later sources win in Object.assign, so the first fallback namespace goes last (and a
    // namespace missing from the fallbacks, first).
    const order = [...new Set([...(i18nOptions.fallbackNS as readonly Namespace[]), ...NAMESPACES])].reverse();
    const merged = Object.assign({}, ...order.map((ns) => resources[language][ns])) as Record<string, string>;
    const byNamespace: ResourceLanguage = Object.fromEntries(NAMESPACES.map((ns) => [ns, merged]));
    return [language, byNamespace];
  }),
);
