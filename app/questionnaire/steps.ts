import type { Answers, QuestionnaireDefinition } from "./definition";
import { postedStrings } from "./schema";

// A questionnaire of several pages answered one page at a time (hosted surveys and profile
// questionnaires, decision 075). Each Next posts one page with the other pages' answers carried as
// hidden inputs, so the page's own schema (and its shown-when conditions on earlier pages) check it
// the same in the browser and on the server; the server keeps the saved pages in a draft.
// Isomorphic: the route's component and the server use the same rules.

/** The form field that says which page (0-based) a step form posted. */
export const PAGE_FIELD = "_page";

/** The step buttons' intents. */
export const STEP_INTENTS = ["next", "previous", "submit"] as const;
export type StepIntent = (typeof STEP_INTENTS)[number];

/** Form values as a form posts them: the non-empty strings of each field. */
export type PostedValues = Record<string, string[]>;

/** Whether a questionnaire is answered page by page (more than one page). */
export function isStepped(definition: QuestionnaireDefinition): boolean {
  return definition.pages.length > 1;
}

/** The questionnaire cut after a page: what a step form of that page must satisfy. */
export function definitionThrough(definition: QuestionnaireDefinition, page: number): QuestionnaireDefinition {
  return { ...definition, pages: definition.pages.slice(0, page + 1) };
}

/** The page (0-based) a step form posted in PAGE_FIELD, or the first page for anything else. */
export function postedPage(definition: QuestionnaireDefinition, value: FormDataEntryValue | null): number {
  const page = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : 0;
  return page < definition.pages.length ? page : 0;
}

/** Keys of the questions on a page. */
export function pageKeys(definition: QuestionnaireDefinition, page: number): Set<string> {
  return new Set((definition.pages[page]?.questions ?? []).map((question) => question.key));
}

/** Keys of the questions on a page and every page before it. */
function keysThrough(definition: QuestionnaireDefinition, page: number): Set<string> {
  return new Set(definition.pages.slice(0, page + 1).flatMap((each) => each.questions.map((question) => question.key)));
}

/** Stored answers as a form posts them: a number as its text, a ticked switch as "on", an unticked one as nothing. */
export function answersAsPosted(answers: Answers): PostedValues {
  const posted: PostedValues = {};
  for (const [key, value] of Object.entries(answers)) {
    if (Array.isArray(value)) posted[key] = value;
    else if (typeof value === "boolean") posted[key] = value ? ["on"] : [];
    else posted[key] = [String(value)];
  }
  return posted;
}

/** A form's values as conform reports them (`initialValue`), as posted strings; what is not text is left out. */
export function postedValuesOf(values: Record<string, unknown> | null | undefined): PostedValues {
  const posted: PostedValues = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const strings = postedStrings(value);
    if (strings) posted[key] = strings;
  }
  return posted;
}

/**
 * The draft once a page is saved: the answers of that page and the pages before it as just
 * validated (an answer left out is one the member cleared or a condition now hides), and the
 * saved answers of the later pages as they were, so going Back and Next again loses nothing.
 */
export function mergePage(
  definition: QuestionnaireDefinition,
  page: number,
  saved: Answers,
  validated: Answers,
): Answers {
  const through = keysThrough(definition, page);
  const merged: Answers = {};
  for (const [key, value] of Object.entries(saved)) if (!through.has(key)) merged[key] = value;
  for (const [key, value] of Object.entries(validated)) if (through.has(key)) merged[key] = value;
  return merged;
}

/** The first page holding a question with an error, or null when no question has one. */
export function firstPageWithError(
  definition: QuestionnaireDefinition,
  errors: Record<string, string[] | null | undefined> | null | undefined,
): number | null {
  const index = definition.pages.findIndex((page) =>
    page.questions.some((question) => (errors?.[question.key]?.length ?? 0) > 0),
  );
  return index === -1 ? null : index;
}

/**
 * The page (0-based) to show: the one asked for in the address (`?page=`, 1-based) when it is
 * saved or the next to answer; otherwise the first page not yet saved, where the member resumes.
 */
export function pageToShow(definition: QuestionnaireDefinition, pagesSaved: number, asked: string | null): number {
  const last = definition.pages.length - 1;
  const resume = Math.max(0, Math.min(pagesSaved, last));
  if (asked === null || !/^\d{1,4}$/.test(asked)) return resume;
  const page = Number(asked) - 1;
  return page >= 0 && page <= resume ? page : resume;
}

/** The address of a page of a step form (1-based, as the member reads it). */
export function pagePath(path: string, page: number): string {
  return `${path}?page=${page + 1}`;
}
