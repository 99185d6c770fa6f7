import { Children, Fragment, type ReactNode } from "react";

/**
 * Stand for the elements inside a translated sentence: pass them as the placeholders' values,
 * `t("We sent a link to {{email}}.", { email: ELEMENT })`, and give the sentence to <Sentence>
 * with the elements as its children, in the order of their markers (ELEMENT, then SECOND_ELEMENT).
 * Characters of Unicode's private use area, which no translation contains.
 */
export const ELEMENT = "\uE000";
export const SECOND_ELEMENT = "\uE001";

/**
 * A sentence translated whole with elements in it (an address in bold, a link, a date), so that
 * each language keeps its own word order; each element takes the place of its marker.
 */
export function Sentence({ text, children }: { text: string; children: ReactNode }) {
  const elements = Children.toArray(children);
  const parts = text.split(/([\uE000\uE001])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part === ELEMENT ? elements[0] : part === SECOND_ELEMENT ? elements[1] : part}</Fragment>
      ))}
    </>
  );
}
