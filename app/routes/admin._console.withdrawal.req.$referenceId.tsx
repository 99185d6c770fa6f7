import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageParam } from "~/components/data-table";
import { ConfirmationField, FormErrors, InputField, SubmitButton, TextareaField, useForm } from "~/components/forms";
import { UrlDialog } from "~/components/url-dialog";
import { useHydrated } from "~/components/use-hydrated";
import { MemberLink } from "~/components/member-link";
import { QualitySignals } from "~/components/quality-signals";
import { clearSignalForm, clearSignalSchema } from "~/domain/member-actions-schema";
import { clearSignal } from "~/domain/quality-signals.server";
import { requireAdmin } from "~/domain/admin-auth.server";
import { QUEUE_FILTER_KEYS } from "~/domain/withdrawal-queue";
import {
  approveWithPaymentSchema,
  MAX_PAYOUT_REFERENCE,
  MAX_REJECT_REASON,
  PAYMENT_CONFIRM_TEXT,
  rejectWithdrawalSchema,
  releaseWithdrawalSchema,
} from "~/domain/withdrawal-schema";
import {
  approveWithdrawal,
  getWithdrawal,
  holdReview,
  rejectWithdrawal,
  releaseWithdrawal,
} from "~/domain/withdrawals.server";
import { formResult, readFormData, readIntent } from "~/lib/forms.server";
import { resultFor } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { utcMinute } from "~/lib/utc-minute";
import { notFound } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: `Payment Confirmation | ${PRODUCT_NAME}` }];

// The spec's Payment Confirmation for one request, inside the request list: a modal with
// JavaScript, a section of the page without (UrlDialog). Submit asks the spec's final confirmation
// (window.confirm with JavaScript, a required checkbox without), then the request is Success and
// the list reloads. Reject, with a reason for the member, returns the points. Both are refused,
// changing nothing, when another admin (or a second click) settled the request first. Four eyes
// (decision 038): when this admin's approval alone may not pay it, the section says why before the
// click; a first approval is shown (who, when) until a second, different admin's approval pays it.
// A request held for a quality review (decision 072) shows why, the member's score and signals (each
// can be cleared with a reason), and Release (to the approval queue) or Reject; never Approve. An
// approved one awaiting its payout batch can still be rejected (a member suspended or closed since,
// decision 051); from Sent on, the money may have left, and only the batch's result settles it.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const referenceId = referenceParam(params.referenceId);
  const withdrawal = await getWithdrawal(referenceId, admin);
  if (!withdrawal) throw notFound();
  const hold = withdrawal.status === "held" ? await holdReview(referenceId) : null;
  const signals = hold?.signals.map((signal) => ({
    id: signal.id,
    label: signal.label,
    sentence: signal.sentence,
    raisedAt: utcMinute(signal.raisedAt.toISOString()),
    cleared: signal.cleared
      ? { at: utcMinute(signal.cleared.at.toISOString()), by: signal.cleared.by, reason: signal.cleared.reason }
      : null,
  }));
  return {
    withdrawal,
    hold: hold && { ...hold, signals: signals! },
    back: listHref(new URL(request.url).searchParams),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const referenceId = referenceParam(params.referenceId);
  const formData = await readFormData(request);
  const back = listHref(new URL(request.url).searchParams);
  const intent = readIntent(formData, ["approve", "reject", "release", "clear-signal"]);
  if (intent === "release") {
    const submission = parseWithZod(formData, { schema: releaseWithdrawalSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { form: "release" });
    const result = await releaseWithdrawal(admin, referenceId, submission.value.reason);
    if (!result.ok)
      return formResult(submission.reply({ formErrors: [result.message] }), { form: "release", status: 409 });
    return redirectWithToast(back, { type: "success", message: result.message });
  }
  if (intent === "clear-signal") {
    // The held member's signal, cleared from the review: the page comes back with the score now.
    const submission = parseWithZod(formData, { schema: clearSignalSchema });
    const form = clearSignalForm(submission.payload.signalId);
    if (submission.status !== "success") return formResult(submission.reply(), { form });
    const hold = await holdReview(referenceId);
    const result = hold
      ? await clearSignal(admin, hold.memberId, submission.value.signalId, submission.value.reason)
      : ({ ok: false, message: "This request is not held any more.", status: 409 } as const);
    if (!result.ok)
      return formResult(submission.reply({ formErrors: [result.message] }), { form, status: result.status });
    return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
      type: "success",
      message: result.message,
    });
  }
  if (intent === "reject") {
    const submission = parseWithZod(formData, { schema: rejectWithdrawalSchema });
    if (submission.status !== "success") return formResult(submission.reply(), { form: "reject" });
    const result = await rejectWithdrawal(admin, referenceId, submission.value.reason);
    if (!result.ok)
      return formResult(submission.reply({ formErrors: [result.message] }), { form: "reject", status: 409 });
    return redirectWithToast(back, { type: "success", message: result.message });
  }
  const submission = parseWithZod(formData, { schema: approveWithPaymentSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { form: "approve" });
  const result = await approveWithdrawal(admin, referenceId, undefined, {
    payoutReference: submission.value.payoutReference,
  });
  if (!result.ok)
    return formResult(submission.reply({ formErrors: [result.message] }), { form: "approve", status: 409 });
  return redirectWithToast(back, { type: "success", message: result.message });
}

export default function PaymentConfirmation() {
  const { withdrawal, hold, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = withdrawal.status === "pending";
  const approved = withdrawal.status === "approved";
  return (
    <UrlDialog headingId="payment-confirmation-heading" title="Payment Confirmation" closeHref={back}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Reference ID</dt>
        <dd className="font-mono" data-testid="confirmation-reference">
          {withdrawal.referenceId}
        </dd>
        <dt className="text-slate-600">Withdraw Amount</dt>
        <dd>
          {withdrawal.amount} ({withdrawal.points} points)
        </dd>
        <dt className="text-slate-600">User ID</dt>
        <dd>
          <MemberLink memberId={withdrawal.memberId}>{withdrawal.memberId}</MemberLink>
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd data-testid="confirmation-status">{withdrawal.statusLabel}</dd>
      </dl>
      <h3 className="mt-4 font-semibold">Payout account: {withdrawal.payout.method}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {withdrawal.payout.fields.map((field) => (
          <div key={field.label} className="contents">
            <dt className="text-slate-600">{field.label}</dt>
            <dd className="break-all">{field.value}</dd>
          </div>
        ))}
      </dl>
      {hold ? (
        <section aria-labelledby="hold-heading" className="mt-4 space-y-3" data-testid="quality-hold">
          <h3 id="hold-heading" className="font-semibold">
            Held for review
          </h3>
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
            {hold.reason} Score when requested: {hold.scoreAtRequest ?? "unknown"}. Release it to the approval queue
            once you are satisfied, or reject it (the points go back to the member).
          </p>
          <QualitySignals score={hold.score} signals={hold.signals} actionData={actionData} />
          <ReleaseForm lastResult={resultFor(actionData, "release")} />
          <RejectForm lastResult={resultFor(actionData, "reject")} />
        </section>
      ) : null}
      {pending ? <FourEyesNote firstApproval={withdrawal.firstApproval} reasons={withdrawal.fourEyes} /> : null}
      {hold ? null : pending ? (
        <div key={withdrawal.referenceId}>
          <ApproveForm lastResult={resultFor(actionData, "approve")} />
          <RejectForm lastResult={resultFor(actionData, "reject")} />
        </div>
      ) : (
        <p role="status" className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm">
          This request is {withdrawal.statusLabel}
          {withdrawal.rejectReason || withdrawal.returnReason
            ? `: ${withdrawal.rejectReason ?? withdrawal.returnReason}`
            : withdrawal.payoutReference
              ? ` (payout reference ${withdrawal.payoutReference}).`
              : "."}
          {withdrawal.payoutBatchId !== null ? (
            <>
              {" "}
              <Link to={`/admin/payouts/${withdrawal.payoutBatchId}`} className="underline">
                Payout batch #{withdrawal.payoutBatchId}
              </Link>
            </>
          ) : null}
        </p>
      )}
      {approved ? <RejectForm lastResult={resultFor(actionData, "reject")} /> : null}
    </UrlDialog>
  );
}

function FourEyesNote({
  firstApproval,
  reasons,
}: {
  firstApproval: { by: string; at: string; byViewer: boolean } | null;
  reasons: string[];
}) {
  if (firstApproval) {
    return (
      <div
        className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
        data-testid="first-approval"
      >
        <p>
          First approval: {firstApproval.by}, <time dateTime={firstApproval.at}>{utcMinute(firstApproval.at)}</time>.
        </p>
        <p className="mt-1">
          {firstApproval.byViewer
            ? "You gave the first approval. A second, different admin must approve it before it is paid."
            : "Your approval is the second one: it pays this request."}
        </p>
      </div>
    );
  }
  if (reasons.length === 0) return null;
  return (
    <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-testid="four-eyes">
      Needs two approvals: {reasons.join("; ")}. Your approval is recorded as the first; a second, different
      admin&apos;s approval pays it.
    </p>
  );
}

function ApproveForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "approve-withdrawal",
    lastResult,
    constraint: getZodConstraint(approveWithPaymentSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveWithPaymentSchema }),
  });
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      {...formProps}
      className="mt-4 border-t border-slate-200 pt-4"
      onSubmit={(event) => {
        if (!window.confirm(PAYMENT_CONFIRM_TEXT)) return event.preventDefault();
        formProps.onSubmit(event);
      }}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        label="Payout reference (UTR / transaction id)"
        field={fields.payoutReference}
        maxLength={MAX_PAYOUT_REFERENCE}
        autoComplete="off"
        hint="If you have paid it yourself, its reference: the request is then paid at once. Leave it empty to approve it for a payout batch."
      />
      <ConfirmationField
        id={fields.confirmed.id}
        name={fields.confirmed.name}
        label={PAYMENT_CONFIRM_TEXT}
        errors={fields.confirmed.errors}
        confirmedElsewhere={hydrated}
        defaultChecked={fields.confirmed.initialValue === "on"}
      />
      <SubmitButton name="intent" value="approve" pendingText="Submitting…">
        Submit
      </SubmitButton>
    </Form>
  );
}

function ReleaseForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "release-withdrawal",
    lastResult,
    constraint: getZodConstraint(releaseWithdrawalSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: releaseWithdrawalSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="border-t border-slate-200 pt-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextareaField
        label="What you checked (kept in the audit log)"
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, maxLength: MAX_REJECT_REASON }}
        errors={fields.reason.errors}
      />
      <SubmitButton name="intent" value="release" pendingText="Releasing…" className="btn-primary mt-2">
        Release to the approval queue
      </SubmitButton>
    </Form>
  );
}

function RejectForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "reject-withdrawal",
    lastResult,
    constraint: getZodConstraint(rejectWithdrawalSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectWithdrawalSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 border-t border-slate-200 pt-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextareaField
        label="Reason for rejection (shown to the member)"
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, maxLength: MAX_REJECT_REASON }}
        errors={fields.reason.errors}
      />
      <SubmitButton
        name="intent"
        value="reject"
        pendingText="Rejecting…"
        className="btn-secondary mt-2 border-red-600 text-red-700"
      >
        Reject and return the points
      </SubmitButton>
    </Form>
  );
}

/** The request list as the admin left it: its filters and its page (decision 052). */
function listHref(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of QUEUE_FILTER_KEYS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const page = pageParam(params.get("page"));
  if (page > 1) kept.set("page", String(page));
  const query = kept.toString();
  return query ? `/admin/withdrawal/req?${query}` : "/admin/withdrawal/req";
}

/** The route's reference, or the 404 page for anything that cannot be one. */
function referenceParam(value: string | undefined): string {
  if (!value || !/^[A-Z0-9]{1,32}$/.test(value)) throw notFound();
  return value;
}
