// English is the keys themselves; these files hold only what a key alone cannot say (plural forms).
// Small enough to bundle in the browser, so an English page never waits for a translation file. Not
// the mails' texts: the browser never shows them.
import common from "./locales/en/common.json";
import member from "./locales/en/member.json";
import publicTexts from "./locales/en/public.json";
import questionnaire from "./locales/en/questionnaire.json";

export const english = { common, public: publicTexts, member, questionnaire };
