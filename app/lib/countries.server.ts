import countries from "i18n-iso-countries";

// The ISO 3166-1 alpha-2 codes come from a maintained library; the names from the runtime's ICU
// data (Intl.DisplayNames), which reads more naturally ("United States", not "United States of
// America"), with the library's name as a fallback.
export interface Country {
  code: string;
  name: string;
}

let cached: Country[] | undefined;

export function listCountries(): Country[] {
  if (cached) return cached;
  const display = new Intl.DisplayNames(["en"], { type: "region" });
  cached = Object.keys(countries.getAlpha2Codes())
    .map((code) => ({ code, name: display.of(code) ?? countries.getName(code, "en") ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return cached;
}

export function isCountryCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2 && code === code.toUpperCase();
}

export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  return listCountries().find((country) => country.code === code)?.name ?? code;
}
