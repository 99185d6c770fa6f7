import countries from "i18n-iso-countries";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/config";

// The ISO 3166-1 alpha-2 codes come from a maintained library; the names from the runtime's ICU
// data (Intl.DisplayNames), which reads more naturally ("United States", not "United States of
// America"), with the library's name as a fallback. Member pages name them in the page's language
// (भारत on a Hindi page); the code is what is stored and posted.
export interface Country {
  code: string;
  name: string;
}

const cached = new Map<Language, Country[]>();

export function listCountries(language: Language = DEFAULT_LANGUAGE): Country[] {
  let list = cached.get(language);
  if (list) return list;
  const display = new Intl.DisplayNames([language], { type: "region" });
  list = Object.keys(countries.getAlpha2Codes())
    .map((code) => ({ code, name: display.of(code) ?? countries.getName(code, "en") ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  cached.set(language, list);
  return list;
}

export function isCountryCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2 && code === code.toUpperCase();
}

export function countryName(code: string | null | undefined, language: Language = DEFAULT_LANGUAGE): string {
  if (!code) return "";
  return listCountries(language).find((country) => country.code === code)?.name ?? code;
}
