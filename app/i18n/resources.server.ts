// Every language's texts, for the server's renders and mails (static imports, so that the jobs
// script under tsx reads them too). The browser loads only the namespaces of the page it shows, in
// its language (app/entry.client.tsx).
import type { Resource } from "i18next";
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
