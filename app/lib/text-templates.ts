import { tr } from "~/i18n/mark";

// Texts with values written in English before the page's language was known (a schema's message
// with its limit, a ledger remark stored in the database, a domain refusal built with its figures),
// shown in the member's language (decision 074). Each is recognised by its fixed text, a template
// marked with tr() whose {{placeholders}} stand for the values, and translated where it is shown
// with the values put back. A text no template matches is translated as a whole (t(text)), which
// gives it unchanged when it has no translation (an admin's own words, say).

/** A translate function as i18next's `t` is called with a text and its values. */
type Translate = (text: string, values?: Record<string, string | number>) => string;

const matchers = new Map<string, RegExp>();

function matcherOf(template: string): RegExp {
  let matcher = matchers.get(template);
  if (!matcher) {
    const pattern = template
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
        return name ? `(?<${name}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    matcher = new RegExp(`^${pattern}$`, "s");
    matchers.set(template, matcher);
  }
  return matcher;
}

/**
 * The text in the member's language: the first template that matches it is translated with its
 * values (each value passed through `value`, for values that are words themselves), else the
 * text as a whole.
 */
export function translateKnown(
  t: Translate,
  text: string,
  templates: readonly string[],
  value: (name: string, value: string) => string = (_name, found) => found,
): string {
  for (const template of templates) {
    const groups = matcherOf(template).exec(text)?.groups;
    if (groups) {
      return t(template, Object.fromEntries(Object.entries(groups).map(([name, found]) => [name, value(name, found)])));
    }
  }
  return t(text);
}

/** What a page's `t` becomes for translateKnown (react-i18next's and getT's types are wide). */
export function translateWith(t: (text: string, values?: Record<string, unknown>) => unknown): Translate {
  return (text, values) => String(t(text, values));
}

const TOO_LONG = tr("Must be at most {{max}} characters.");

/**
 * The forms' messages that carry a value, as the templates they are written from: ErrorList and
 * FormAlert recognise a message by its template and translate it with its value, so "Must be at
 * most 50 characters." (app/lib/validation.ts) reads in the member's language. Kept here, apart
 * from the schemas, so the forms kit does not bring zod to a page.
 */
export const FIELD_MESSAGE_TEMPLATES: readonly string[] = [TOO_LONG];

/** "Must be at most 50 characters.": the English message, translated where it is shown. */
export function tooLongMessage(max: number): string {
  return TOO_LONG.replace("{{max}}", String(max));
}
