// The English of a text with {{placeholders}}, for the domain modules that write a message before
// the page's language is known (decision 074). Kept apart from member-texts, which reads the
// domain's templates, so that those modules can import this one without a cycle.

/** A translate function as i18next's `t` is called in the domain: a text and its values. */
export type Translate = (text: string, values?: Record<string, string | number>) => string;

/** Interpolates an English template; what the schemas use until a page's `t` is given. */
export const english: Translate = (text, values = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
