import type { SubmissionResult } from "@conform-to/react";

/**
 * What every action answers when it does not redirect: conform's SubmissionResult, whose `error`
 * holds each field's messages by name and the form's own under "". On a page with several forms,
 * `form` names the one answered (its intent), so the others stay as they were. A page that must
 * show more than messages after a post (a questionnaire's page and answers, the builder's draft, a
 * preview count, the rows as posted) carries it in `pageState`, typed per route: the one place for
 * anything but messages (not `state`, which conform's own result already uses). Server side, the
 * answers are made by formResult and refuseForm in lib/forms.server.ts (docs/forms.md).
 */
export type FormResult<State = undefined> = SubmissionResult<string[]> & { form?: string; pageState?: State };

/** The action's answer when it answers this form of the page (any answer, without a name). */
export function resultFor<Result extends FormResult<unknown>>(
  actionData: Result | null | undefined,
  form?: string,
): Result | undefined {
  if (!actionData) return undefined;
  return form === undefined || actionData.form === form ? actionData : undefined;
}

/** The messages of the form itself (not of one field), for a form that does not use conform. */
export function formErrorsOf(result: FormResult<unknown> | null | undefined): string[] | undefined {
  return result?.error?.[""] ?? undefined;
}
