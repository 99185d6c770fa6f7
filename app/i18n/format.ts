import { useTranslation } from "react-i18next";
import { FORMAT_LOCALE, isLanguage, type Language, DEFAULT_LANGUAGE } from "./config";

// Numbers, dates and rupee amounts as a member in India reads them (decision 074): Indian digit
// grouping (12,34,567) in English and in Hindi, dates with the month's name in the page's language.
// Dates are the UTC calendar day the server stores, so the server's render and the browser's agree.

export interface Formats {
  language: Language;
  number(value: number): string;
  /** Points are whole numbers. */
  points(value: number): string;
  /** An amount in paise (the ledger's minor unit), shown in rupees with the ₹ sign. */
  rupees(paise: number): string;
  /** A calendar day: "26 November 2026" / "26 नवंबर 2026". */
  date(value: Date | string): string;
  /** A day and time, for histories: "26 Nov 2026, 9:05 am". */
  dateTime(value: Date | string): string;
}

const cache = new Map<Language, Formats>();

export function formatsFor(language: Language): Formats {
  let formats = cache.get(language);
  if (formats) return formats;
  const locale = FORMAT_LOCALE[language];
  const number = new Intl.NumberFormat(locale);
  const rupees = new Intl.NumberFormat(locale, { style: "currency", currency: "INR" });
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const dayTime = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  formats = {
    language,
    number: (value) => number.format(value),
    points: (value) => number.format(Math.trunc(value)),
    rupees: (paise) => rupees.format(paise / 100),
    date: (value) => day.format(new Date(value)),
    dateTime: (value) => dayTime.format(new Date(value)),
  };
  cache.set(language, formats);
  return formats;
}

/** The formats of the page's language, for components. */
export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return formatsFor(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
}
