import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "~/i18n/config";
import { baseKey, findTexts, readCatalogue } from "../../scripts/i18n-keys";

// Every text the member side translates must have its Hindi (and, for plurals, its English forms),
// in the file of the pages that show it; a Hindi text nobody uses any more is an error too, so the
// files stay the list of what a translator must check (decision 074). `npm run i18n:sync` fixes
// everything but the translating.

const { texts, problems } = findTexts();
const catalogues = LANGUAGES.flatMap((language) =>
  NAMESPACES.map((namespace) => ({ language, namespace, entries: readCatalogue(language, namespace) })),
);
const hindi = catalogues.filter((catalogue) => catalogue.language === "hi");

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();

describe("translations", () => {
  it("finds the texts to translate in the code", () => {
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.map((text) => text.key)).toContain("Log Out of all Devices");
  });

  it("every translated call has a fixed text", () => {
    expect(problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`)).toEqual([]);
  });

  it("every text has its Hindi, in the namespace of the pages that show it (npm run i18n:sync)", () => {
    const missing = texts.flatMap((text) => {
      const entries = hindi.find((catalogue) => catalogue.namespace === text.namespace)!.entries;
      const keys = Object.keys(entries).filter((key) => baseKey(key) === text.key || key === text.key);
      if (keys.length === 0) return [`${text.namespace}: ${text.key} (used in ${text.files.join(", ")})`];
      return keys.filter((key) => entries[key]!.trim() === "").map((key) => `${text.namespace}: ${key} is empty`);
    });
    expect(missing).toEqual([]);
  });

  it("no Hindi text is left that the code no longer uses", () => {
    const used = new Set(texts.map((text) => text.key));
    const stale = hindi.flatMap((catalogue) =>
      Object.keys(catalogue.entries)
        .filter((key) => !used.has(key) && !used.has(baseKey(key)))
        .map((key) => `${catalogue.namespace}: ${key}`),
    );
    expect(stale).toEqual([]);
  });

  it("a translation keeps every {{placeholder}} of its English text", () => {
    const broken = catalogues.flatMap((catalogue) =>
      Object.entries(catalogue.entries)
        .filter(
          ([key, value]) => value.trim() !== "" && placeholders(baseKey(key)).join() !== placeholders(value).join(),
        )
        .map(([key]) => `${catalogue.language}/${catalogue.namespace}: ${key}`),
    );
    expect(broken).toEqual([]);
  });

  it("a text with plural forms has them in both languages", () => {
    const pluralBases = (language: string) =>
      new Set(
        catalogues
          .filter((catalogue) => catalogue.language === language)
          .flatMap((catalogue) =>
            Object.keys(catalogue.entries)
              .filter((key) => baseKey(key) !== key)
              .map(baseKey),
          ),
      );
    expect([...pluralBases("hi")].sort()).toEqual([...pluralBases("en")].sort());
  });

  it("English files hold only plural forms: the English text is the key itself", () => {
    const extra = catalogues
      .filter((catalogue) => catalogue.language === "en")
      .flatMap((catalogue) => Object.keys(catalogue.entries).filter((key) => baseKey(key) === key));
    expect(extra).toEqual([]);
  });
});
