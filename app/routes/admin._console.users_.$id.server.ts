import { parseWithZod } from "@conform-to/zod";
import type { Admin } from "~/generated/prisma/client";
import {
  adjustPointsSchema,
  clearSignalForm,
  clearSignalSchema,
  memberStatusActionSchema,
  reverseCompleteSchema,
  type MemberActionIntent,
} from "~/domain/member-actions-schema";
import {
  adjustMemberPoints,
  closeMember,
  markEmailVerified,
  reinstateMember,
  reverseComplete,
  signOutEverywhere,
  suspendMember,
  type MemberActionResult,
} from "~/domain/member-actions.server";
import { clearSignal } from "~/domain/quality-signals.server";
import { formResult } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";

// The member page's action, one small case per intent (issue 18 point 2): parse the form, call the
// domain function, answer. A refusal comes back to the form that asked (its intent names it), with
// what was typed; a success is a redirect to the page with a toast.

type Actor = Pick<Admin, "id" | "email" | "isSuperAdmin">;

const STATUS_ACTIONS = {
  suspend: suspendMember,
  reinstate: reinstateMember,
  close: closeMember,
  "verify-email": markEmailVerified,
  "sign-out": signOutEverywhere,
} as const;

export async function runMemberAction(admin: Actor, memberId: number, intent: MemberActionIntent, formData: FormData) {
  if (intent === "adjust-points") {
    const submission = parseWithZod(formData, { schema: adjustPointsSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { form: intent });
    const result = await adjustMemberPoints(admin, memberId, submission.value);
    return answer(memberId, intent, result, (errors) => submission.reply(errors));
  }
  if (intent === "reverse-complete") {
    const submission = parseWithZod(formData, { schema: reverseCompleteSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { form: intent });
    const result = await reverseComplete(admin, memberId, submission.value);
    return answer(memberId, intent, result, (errors) => submission.reply(errors));
  }
  if (intent === "clear-signal") {
    // One form per open signal: the answer names the signal's form, so only that one shows it.
    const submission = parseWithZod(formData, { schema: clearSignalSchema });
    const form = clearSignalForm(submission.payload.signalId);
    if (submission.status !== "success") return formResult(submission.reply(), { form });
    const result = await clearSignal(admin, memberId, submission.value.signalId, submission.value.reason);
    return answer(memberId, form, result, (errors) => submission.reply(errors));
  }
  const submission = parseWithZod(formData, { schema: memberStatusActionSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { form: intent });
  const result = await STATUS_ACTIONS[intent](admin, memberId, submission.value.reason);
  return answer(memberId, intent, result, (errors) => submission.reply(errors));
}

type Reply = (errors: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}) => Parameters<typeof formResult>[0];

function answer(memberId: number, intent: string, result: MemberActionResult, reply: Reply) {
  if (result.ok) return redirectWithToast(`/admin/users/${memberId}`, { type: "success", message: result.message });
  const errors = result.field
    ? { fieldErrors: { [result.field]: [result.message] } }
    : { formErrors: [result.message] };
  return formResult(reply(errors), { form: intent, status: result.status });
}
