import { FORMAT_LOCALE, type Language } from "~/i18n/config";
import { tr } from "~/i18n/mark";
import { APPEAL_TITLES } from "./appeal-schema";
import type { Translate } from "./english-text";
import { translateKnown, translateWith } from "~/lib/text-templates";
import { PAYOUT_METHOD_LABEL } from "./payment-accounts";

// The member side's texts with values (decision 074), translated where they are shown through
// translateKnown (app/lib/text-templates.ts): ledger remarks, appeal titles, payout accounts.

export type { Translate };
export { translateKnown, translateWith };

/** A payout account's one-line summary ("Bank · HDFC Bank ••••7890") with its method in the page's language. */
export function translateAccountSummary(t: Translate, summary: string): string {
  const [method, ...rest] = summary.split(" · ");
  const known = Object.values(PAYOUT_METHOD_LABEL).includes(method ?? "");
  return known && rest.length > 0 ? [t(method!), ...rest].join(" · ") : summary;
}

/**
 * The ledger's remarks as they are written (withdrawals, returns, surveys, appeals, expiry), so
 * that Points History shows them in the member's language. Values that are words of the site (a
 * reason chosen from a list) are translated too; names and references stay as they are.
 */
export const LEDGER_REMARK_TEMPLATES = [
  tr("Withdrawal to {{account}}"),
  tr("Points returned: withdrawal {{reference}} rejected ({{reason}})"),
  tr("Points returned: withdrawal {{reference}} was not paid ({{reason}})"),
  tr("Points forfeited: account deleted"),
  tr("Points expired: no activity for {{months}} months"),
  tr("Appeal granted: {{points}} points returned ({{title}})"),
  tr('Reward for "{{survey}}" given back: the researcher approved your complete'),
  tr('Reward for "{{survey}}" taken back: {{reason}}'),
  tr('Thank you for your time: you did not qualify for "{{survey}}"'),
  tr('Thank you for your time: "{{survey}}" was already full'),
  tr("Survey completed: {{survey}}"),
  tr("Profile survey: {{title}}"),
] as const;

/** A ledger remark (or any text shown as an event's reason) in the member's language. */
export function translateRemark(t: Translate, remark: string): string {
  return translateKnown(t, remark, LEDGER_REMARK_TEMPLATES, (name, value) =>
    name === "account"
      ? translateAccountSummary(t, value)
      : name === "title"
        ? translateAppealTitle(t, value)
        : name === "reason"
          ? t(value)
          : value,
  );
}

/** What an appeal is about ("Withdrawal WD… of 1000 points held for review") in the member's language. */
export function translateAppealTitle(t: Translate, title: string): string {
  return translateKnown(t, title, Object.values(APPEAL_TITLES));
}

/**
 * When a new payout account can receive withdrawals, as formatUsableAt writes it in English
 * ("26 November 2026, 09:05 UTC"), in the page's language. Anything else is given back as it is.
 */
export function usableFromIn(language: Language, text: string): string {
  if (language === "en") return text;
  const match = /^(\d{1,2} [A-Za-z]+ \d{4}), (\d{2}:\d{2}) UTC$/.exec(text);
  const date = match ? new Date(`${match[1]} ${match[2]} UTC`) : null;
  if (!date || Number.isNaN(date.getTime())) return text;
  return `${usableFromFormat(language).format(date)} UTC`;
}

function usableFromFormat(language: Language) {
  return new Intl.DateTimeFormat(FORMAT_LOCALE[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
}
