import type { TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/i18n/config";
import { formatsFor } from "~/i18n/format";
import { getT } from "~/i18n/i18n.server";
import { formatRupees } from "./member-records.server";

// The words of a mail to a member, in the member's language (decision 074, issue 21 point 1): the
// translate function (named tMail so that scripts/i18n-keys.ts files its texts under `email`) and
// the member's numbers, rupees and dates. A mail is written when it is sent or queued, in the
// language the member has then; the queue stores the finished message (QueuedMail), so a mail the
// worker sends later keeps the language of the moment its cause happened.

export interface MailWords {
  language: Language;
  tMail: TFunction;
  /** Points: as English mails always wrote them (1500), Indian grouping in Hindi (1,500). */
  points(value: number): string;
  /** An amount in paise: "₹ 150.00" in English as before, "₹150.00" by hi-IN in Hindi. */
  rupees(paise: number): string;
  /** A calendar day: "26 November 2026" / "26 नवंबर 2026". */
  date(value: Date): string;
  /** A day and time in UTC: "26 November 2026, 14:05 UTC". */
  dateTime(value: Date): string;
}

/**
 * The language of a member's mails: the one they chose (Member.language), else `fallback`: English
 * for a mail sent by a job, the page's language for a mail sent from a page they are reading.
 */
export function mailLanguage(chosen: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(chosen) ? chosen : fallback;
}

export async function mailWords(language: Language): Promise<MailWords> {
  const formats = formatsFor(language);
  const english = language === "en";
  return {
    language,
    tMail: await getT(language, ["email"]),
    // English mails keep the figures their readers (and tests) know.
    points: (value) => (english ? String(value) : formats.points(value)),
    rupees: (paise) => (english ? formatRupees(paise) : formats.rupees(paise)),
    date: (value) => formats.date(value),
    dateTime: (value) => formatDateTime(value, language),
  };
}

/** A date and time as the notices and the account pages show it, e.g. "26 November 2026, 14:05 UTC". */
export function formatDateTime(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  // The time by hand: ICU versions join a date and a time differently ("," or "at").
  const time = [date.getUTCHours(), date.getUTCMinutes()].map((part) => String(part).padStart(2, "0")).join(":");
  return `${formatsFor(language).date(date)}, ${time} UTC`;
}

/** Escapes a text for a mail's HTML part. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
