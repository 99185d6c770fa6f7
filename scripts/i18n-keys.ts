// The texts the member side translates, found in the code (decision 074), and the Hindi files they
// belong in. `npm run i18n:sync` adds every new text to its file with an empty translation (for a
// translator to fill) and drops texts no longer used; tests/unit/translations.test.ts fails while
// any text lacks a translation in either language.
//
// A text is found where it is a literal argument of `t(…)`, `tr(…)` (app/i18n/mark.ts) or `tMail(…)`
// (a mail's translate function). Its namespace follows the file that uses it (NAMESPACE_OF_FILE),
// mail texts go to `email`, and a text used by files of two namespaces goes to `common`.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import ts from "typescript";
import { LANGUAGES, NAMESPACES, type Namespace } from "../app/i18n/config";

export const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");
export const LOCALES = path.join(APP, "i18n", "locales");

/** First match wins; everything else a member sees is `member`. Paths are relative to app/. */
const NAMESPACE_OF_FILE: [RegExp, Namespace][] = [
  // The site's rules and the terms' changes are quoted by public and member pages alike.
  [
    /^(root\.tsx|routes\/\$\.tsx|lib\/|content\/(member-rules|pages)\.ts|components\/(language-form|toasts|forms|not-found|progress-bar|public-layout)\.tsx)/,
    "common",
  ],
  [
    /^(questionnaire\/|components\/(question-card|profile-questionnaire-page|prescreener)\.tsx|domain\/profile-questionnaires\.ts)/,
    "questionnaire",
  ],
  [
    /^(content\/|routes\/_public|routes\/(terms-and-conditions|privacy-policies|cookie-policies)\.tsx|components\/(hero-carousel|content-sections|policy-layout)\.tsx)/,
    "public",
  ],
];

export interface FoundText {
  key: string;
  namespace: Namespace;
  files: string[];
}

export interface Problem {
  file: string;
  line: number;
  message: string;
}

const CALLEES = new Set(["t", "tr", "tMail"]);

function namespaceOfFile(relative: string): Namespace {
  return NAMESPACE_OF_FILE.find(([pattern]) => pattern.test(relative))?.[1] ?? "member";
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every translated text of the app, and the calls whose text cannot be found (a template with ${}). */
export function findTexts(): { texts: FoundText[]; problems: Problem[] } {
  const uses = new Map<string, { namespaces: Set<Namespace>; files: Set<string> }>();
  const problems: Problem[] = [];
  for (const file of sourceFiles(APP)) {
    const relative = path.relative(APP, file).split(path.sep).join("/");
    const source = fs.readFileSync(file, "utf8");
    if (!/\b(t|tr|tMail)\(/.test(source)) continue;
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isIdentifier(node.expression)
          ? node.expression.text
          : ts.isPropertyAccessExpression(node.expression)
            ? node.expression.name.text
            : null;
        const [first] = node.arguments;
        if (callee && CALLEES.has(callee) && first) {
          if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) {
            const namespace = callee === "tMail" ? "email" : namespaceOfFile(relative);
            const use = uses.get(first.text) ?? { namespaces: new Set(), files: new Set() };
            use.namespaces.add(namespace);
            use.files.add(relative);
            uses.set(first.text, use);
          } else if (ts.isTemplateExpression(first) || (callee === "tr" && !ts.isStringLiteral(first))) {
            const { line } = tree.getLineAndCharacterOfPosition(first.getStart());
            problems.push({
              file: relative,
              line: line + 1,
              message: `${callee}() needs a fixed text: put the values in {{placeholders}} and pass them as options`,
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  const texts = [...uses].map(([key, use]) => ({
    key,
    namespace: use.namespaces.size === 1 ? [...use.namespaces][0]! : ("common" as Namespace),
    files: [...use.files].sort(),
  }));
  return { texts: texts.sort((a, b) => (a.key < b.key ? -1 : 1)), problems };
}

export type Catalogue = Record<string, string>;

export function readCatalogue(language: string, namespace: Namespace): Catalogue {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Catalogue) : {};
}

function writeCatalogue(language: string, namespace: Namespace, catalogue: Catalogue) {
  const sorted = Object.fromEntries(Object.entries(catalogue).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  fs.writeFileSync(path.join(LOCALES, language, `${namespace}.json`), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** A catalogue's key without its plural suffix (i18next: `text_one`, `text_other`). */
export function baseKey(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, "");
}

/**
 * Puts every found text in its namespace's Hindi file (keeping any translation it has anywhere, an
 * empty one for a new text) and removes texts the code no longer uses. English files keep only the
 * plural forms they have. Returns what changed.
 */
export function syncCatalogues(): { added: string[]; removed: string[]; moved: string[] } {
  const { texts } = findTexts();
  const added: string[] = [];
  const removed: string[] = [];
  const moved: string[] = [];
  for (const language of LANGUAGES) {
    const before = new Map(NAMESPACES.map((ns) => [ns, readCatalogue(language, ns)]));
    const after = new Map(NAMESPACES.map((ns) => [ns, {} as Catalogue]));
    const wanted = new Map(texts.map((text) => [text.key, text.namespace]));
    for (const [ns, catalogue] of before) {
      for (const [key, value] of Object.entries(catalogue)) {
        const target = wanted.get(baseKey(key)) ?? wanted.get(key);
        if (!target) {
          if (language === "hi") removed.push(`${ns}: ${key}`);
          continue;
        }
        if (target !== ns && language === "hi") moved.push(`${key}: ${ns} → ${target}`);
        after.get(target)![key] = value;
      }
    }
    if (language === "hi") {
      for (const text of texts) {
        const catalogue = after.get(text.namespace)!;
        const present = Object.keys(catalogue).some((key) => baseKey(key) === text.key || key === text.key);
        if (!present) {
          catalogue[text.key] = "";
          added.push(`${text.namespace}: ${text.key}`);
        }
      }
    }
    for (const [ns, catalogue] of after) writeCatalogue(language, ns, catalogue);
  }
  return { added, removed, moved };
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const { problems } = findTexts();
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  const { added, removed, moved } = syncCatalogues();
  for (const line of added) console.log(`added (translate it): ${line}`);
  for (const line of moved) console.log(`moved: ${line}`);
  for (const line of removed) console.log(`removed (no longer used): ${line}`);
  const empty = NAMESPACES.flatMap((ns) =>
    Object.entries(readCatalogue("hi", ns))
      .filter(([, value]) => value.trim() === "")
      .map(([key]) => `${ns}: ${key}`),
  );
  console.log(
    `${empty.length} Hindi texts still to translate${empty.length ? " (empty values in app/i18n/locales/hi/*.json)" : ""}.`,
  );
  if (problems.length > 0) process.exitCode = 1;
}
