import { allQuestions, type QuestionnaireDefinition } from "./definition";
import { PAGE_FIELD, pageKeys, type PostedValues } from "./steps";

/**
 * What a step form posts besides the questions of its page: which page it is, and the answers of
 * every other page as hidden inputs, so the page's schema (and conditions on earlier answers)
 * check it the same in the browser and on the server. Shared by the questionnaire step form and
 * the pre-screener.
 */
export function StepHiddenFields({
  definition,
  page,
  values,
}: {
  definition: QuestionnaireDefinition;
  page: number;
  values: PostedValues;
}) {
  const onPage = pageKeys(definition, page);
  const carried = allQuestions(definition)
    .filter((question) => !onPage.has(question.key))
    .flatMap((question) => (values[question.key] ?? []).map((value, index) => ({ key: question.key, value, index })));
  return (
    <>
      <input type="hidden" name={PAGE_FIELD} value={page} />
      {carried.map(({ key, value, index }) => (
        <input key={`${key}:${index}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}
