/**
 * Marks an English text as one to translate where it is written, for a text translated later by
 * `t(text)` with a variable (a menu's labels, a schema's messages, a toast set on a redirect). It
 * returns the text unchanged; scripts/i18n-keys.ts finds it, like `t("…")`, so the Hindi files must
 * have it (decision 074).
 */
export function tr<const Text extends string>(text: Text): Text {
  return text;
}
