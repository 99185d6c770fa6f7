import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmationField, FormErrors, InputField, SubmitButton, TextareaField, useForm } from "~/components/forms";
import {
  adjustPointsSchema,
  MAX_ACTION_REASON,
  memberStatusActionSchema,
  reverseCompleteSchema,
  type MemberActionIntent,
} from "~/domain/member-actions-schema";
import type { FormResult } from "~/lib/form-result";
import { resultFor } from "~/lib/form-result";

// The actions on a member (issue 18 point 2, decision 051), each a plain form inside a <details>
// (opened by a click, without JavaScript too): a reason and a required "I confirm" box, which is the
// confirmation whether or not scripts run. A refused form comes back open with its messages.

type Result = SubmissionResult<string[]> | undefined;

interface StatusAction {
  intent: Exclude<MemberActionIntent, "adjust-points" | "reverse-complete" | "clear-signal">;
  title: string;
  summary: string;
  confirm: string;
  button: string;
  danger?: boolean;
}

export function MemberActions({
  member,
  signedIn,
  adjustKey,
  capHint,
  actionData,
}: {
  member: { id: number; statusCode: string; verified: boolean; email: string };
  signedIn: boolean;
  adjustKey: string;
  capHint: string;
  actionData: FormResult | undefined;
}) {
  const actions: StatusAction[] = [];
  if (member.statusCode === "active" || member.statusCode === "inactive") {
    actions.push({
      intent: "suspend",
      title: "Suspend",
      summary:
        "The member cannot sign in or withdraw, is signed out everywhere, and their pending withdrawals cannot be approved until they are reinstated. They are told by e-mail.",
      confirm: "I confirm: suspend this member.",
      button: "Suspend",
      danger: true,
    });
  }
  if (member.statusCode === "suspended") {
    actions.push({
      intent: "reinstate",
      title: "Reinstate",
      summary: "The member is active again and may sign in and withdraw. They are told by e-mail.",
      confirm: "I confirm: reinstate this member.",
      button: "Reinstate",
    });
  }
  if (!member.verified) {
    actions.push({
      intent: "verify-email",
      title: "Mark the e-mail verified",
      summary: `Marks ${member.email} verified, as if the member had opened the verification link.`,
      confirm: "I confirm: the member has shown this address is theirs.",
      button: "Mark verified",
    });
  }
  if (signedIn) {
    actions.push({
      intent: "sign-out",
      title: "Sign out of every device",
      summary: "Ends every session of the member: each device must sign in again.",
      confirm: "I confirm: sign this member out everywhere.",
      button: "Sign out everywhere",
    });
  }
  if (member.statusCode !== "closed") {
    actions.push({
      intent: "close",
      title: "Close the account",
      summary:
        "The member can never sign in again and is signed out everywhere. Nothing is deleted: points, history and payouts stay.",
      confirm: "I confirm: close this account for good.",
      button: "Close the account",
      danger: true,
    });
  }
  return (
    <div className="space-y-2">
      <AdjustPointsForm adjustKey={adjustKey} capHint={capHint} lastResult={resultFor(actionData, "adjust-points")} />
      {actions.map((action) => (
        <StatusActionForm key={action.intent} action={action} lastResult={resultFor(actionData, action.intent)} />
      ))}
    </div>
  );
}

function ActionFrame({ id, title, open, children }: { id: string; title: string; open: boolean; children: ReactNode }) {
  return (
    <details id={id} open={open || undefined} className="rounded-md border border-slate-200 bg-white px-4 py-2">
      <summary className="cursor-pointer font-medium">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function StatusActionForm({ action, lastResult }: { action: StatusAction; lastResult: Result }) {
  const [form, fields] = useForm({
    id: `member-${action.intent}`,
    lastResult,
    constraint: getZodConstraint(memberStatusActionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberStatusActionSchema }),
  });
  return (
    <ActionFrame id={`action-${action.intent}`} title={action.title} open={lastResult !== undefined}>
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <p className="mb-3 text-sm text-slate-700">{action.summary}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <ReasonAndConfirmation
          reasonLabel="Reason (kept in the audit log)"
          confirmLabel={action.confirm}
          reason={fields.reason}
          confirmed={fields.confirmed}
        />
        <SubmitButton
          name="intent"
          value={action.intent}
          pendingText="Working…"
          className={action.danger ? "btn-secondary border-red-600 text-red-700" : "btn-primary"}
        >
          {action.button}
        </SubmitButton>
      </Form>
    </ActionFrame>
  );
}

function AdjustPointsForm({
  adjustKey,
  capHint,
  lastResult,
}: {
  adjustKey: string;
  capHint: string;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    id: "member-adjust-points",
    lastResult,
    constraint: getZodConstraint(adjustPointsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adjustPointsSchema }),
  });
  const { key: _key, ...keyProps } = getInputProps(fields.key, { type: "hidden", value: false });
  return (
    <ActionFrame id="action-adjust-points" title="Adjust points" open={lastResult !== undefined}>
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <p className="mb-3 text-sm text-slate-700">
          A positive number adds points, a negative one takes them away (never below zero). The member reads the reason
          in Points History.
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        {/* A fresh key for each rendering of the form: the same form posted twice adjusts once. */}
        <input {...keyProps} value={adjustKey} />
        <InputField label="Points (+ to add, − to take away)" field={fields.points} type="number" hint={capHint} />
        <ReasonAndConfirmation
          reasonLabel="Reason (shown to the member)"
          confirmLabel="I confirm this change of the member's points."
          reason={fields.reason}
          confirmed={fields.confirmed}
        />
        <SubmitButton name="intent" value="adjust-points" pendingText="Adjusting…">
          Adjust points
        </SubmitButton>
      </Form>
    </ActionFrame>
  );
}

/** The confirmation step of "Reverse" on a completed assignment's row: a section of the page. */
export function ReverseCompleteForm({
  assignment,
  backHref,
  lastResult,
}: {
  assignment: { id: number; surveyName: string; points: number };
  backHref: string;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    id: "member-reverse-complete",
    lastResult,
    constraint: getZodConstraint(reverseCompleteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reverseCompleteSchema }),
  });
  return (
    <section
      id="reverse-complete"
      aria-labelledby="reverse-complete-heading"
      className="rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="reverse-complete-heading" className="font-semibold">
        Reverse the complete of assignment {assignment.id}
      </h3>
      <p className="mt-1 text-sm">
        Takes back the reward of {assignment.points.toLocaleString("en-US")} points for &ldquo;{assignment.surveyName}
        &rdquo; (as far as the balance allows). The member reads the reason in Points History. This cannot be undone.
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3">
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.assignmentId.errors ?? [])]} />
        <input type="hidden" name={fields.assignmentId.name} value={assignment.id} />
        <ReasonAndConfirmation
          reasonLabel="Reason (shown to the member)"
          confirmLabel="I confirm: take this reward back."
          reason={fields.reason}
          confirmed={fields.confirmed}
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            name="intent"
            value="reverse-complete"
            pendingText="Reversing…"
            className="btn-secondary border-red-600 text-red-700"
          >
            Reverse the complete
          </SubmitButton>
          <Link to={backHref} preventScrollReset className="text-brand-700 underline">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** What every action asks: the reason, then the "I confirm" box (ticked again when the form comes back). */
function ReasonAndConfirmation({
  reasonLabel,
  confirmLabel,
  reason,
  confirmed,
}: {
  reasonLabel: string;
  confirmLabel: string;
  reason: FieldMetadata<string>;
  confirmed: FieldMetadata<"on">;
}) {
  return (
    <>
      <TextareaField
        label={reasonLabel}
        textareaProps={{ ...getTextareaProps(reason), rows: 2, maxLength: MAX_ACTION_REASON }}
        errors={reason.errors}
      />
      <ConfirmationField
        id={confirmed.id}
        name={confirmed.name}
        label={confirmLabel}
        errors={confirmed.errors}
        defaultChecked={confirmed.initialValue === "on"}
      />
    </>
  );
}
