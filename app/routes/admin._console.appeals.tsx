import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, SubmitButton, TextareaField, useForm } from "~/components/forms";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import { APPEAL_REPLY_MAX, decideAppealSchema } from "~/domain/appeal-schema";
import { APPEAL_DECISIONS, decideAppeal, listAppeals } from "~/domain/appeals.server";
import { formResult, readFormData, readIntent } from "~/lib/forms.server";
import { resultFor, type FormResult } from "~/lib/form-result";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { utcMinute } from "~/lib/utc-minute";

// /admin/appeals: members' appeals (decision 073), open ones first (oldest first), each with the
// member's quality score and open signals linked to the member page, and a reply (required) to
// grant or uphold it. Granting returns the points once (appeals.server.ts).

export const meta: MetaFunction = () => [{ title: `Appeals | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listAppeals();
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const formData = await readFormData(request);
  const decision = readIntent(formData, APPEAL_DECISIONS);
  const form = `appeal-${String(formData.get("appealId") ?? "")}`;
  const submission = parseWithZod(formData, { schema: decideAppealSchema });
  if (submission.status !== "success") return formResult(submission.reply(), { form });
  const result = await decideAppeal(admin, { ...submission.value, decision });
  // Decided by someone else meanwhile: its form is gone from the reloaded page, so the toast says why.
  return redirectWithToast("/admin/appeals", { type: result.ok ? "success" : "error", message: result.message });
}

const KIND_LABEL = { reversal: "Reversal", quality_termination: "Quality termination", hold: "Withdrawal hold" };
const STATUS_LABEL = { open: "Open", granted: "Granted", upheld: "Upheld" };

type Appeal = Awaited<ReturnType<typeof listAppeals>>["open"][number];

export default function AppealsPage() {
  const { open, decided } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="appeals-heading" className="mx-auto max-w-5xl px-4 py-6">
      <h1 id="appeals-heading" className="text-2xl font-semibold">
        Appeals
      </h1>
      <h2 className="mt-6 text-lg font-semibold">Open ({open.length})</h2>
      {open.length === 0 ? <p className="mt-2 text-slate-600">No open appeals.</p> : null}
      <ul className="mt-2 space-y-4">
        {open.map((appeal) => (
          <li key={appeal.id} className="rounded-md border border-slate-200 bg-white p-4">
            <AppealSummary appeal={appeal} />
            <DecideForm appealId={appeal.id} lastResult={resultFor(actionData, `appeal-${appeal.id}`)} />
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">Decided</h2>
      {decided.length === 0 ? <p className="mt-2 text-slate-600">No decided appeals yet.</p> : null}
      <ul className="mt-2 space-y-4">
        {decided.map((appeal) => (
          <li key={appeal.id} className="rounded-md border border-slate-200 bg-white p-4">
            <AppealSummary appeal={appeal} />
            <p className="mt-2">
              {STATUS_LABEL[appeal.status]} by {appeal.decidedBy?.name ?? "a former admin"}
              {appeal.decidedAt ? ` on ${utcMinute(appeal.decidedAt)}` : ""}: {appeal.reply}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppealSummary({ appeal }: { appeal: Appeal }) {
  const { member } = appeal;
  return (
    <div>
      <p className="font-medium">
        Appeal #{appeal.id}: {KIND_LABEL[appeal.kind]} · {STATUS_LABEL[appeal.status]} · sent{" "}
        {utcMinute(appeal.createdAt)}
      </p>
      <p className="mt-1">
        <MemberLink memberId={member.id}>
          Member #{member.id} {member.firstName} {member.lastName}
        </MemberLink>{" "}
        · quality score {member.qualityScore} · {member._count.qualitySignals} open signal(s)
      </p>
      {appeal.event ? (
        <p className="mt-1">
          {appeal.event.title}. {appeal.event.reason}
          {appeal.event.points > 0 ? ` Granting returns ${appeal.event.points} points.` : ""}
          {appeal.event.open ? "" : " Its points are already back in the member's balance: granting returns nothing."}
        </p>
      ) : null}
      <p className="mt-1 text-slate-700">The member wrote: {appeal.message}</p>
    </div>
  );
}

function DecideForm({ appealId, lastResult }: { appealId: number; lastResult: FormResult | undefined }) {
  const [form, fields] = useForm({
    id: `appeal-${appealId}`,
    lastResult,
    defaultValue: { appealId: String(appealId) },
    constraint: getZodConstraint(decideAppealSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: decideAppealSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input {...getInputProps(fields.appealId, { type: "hidden" })} />
      <TextareaField
        label="Reply to the member"
        hint={`Required, up to ${APPEAL_REPLY_MAX} characters. The member reads it and is mailed it.`}
        textareaProps={{ ...getTextareaProps(fields.reply), rows: 3 }}
        errors={fields.reply.errors}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="grant" pendingText="Granting…">
          Grant
        </SubmitButton>
        <SubmitButton name="intent" value="uphold" pendingText="Upholding…" className="btn-secondary">
          Uphold
        </SubmitButton>
      </div>
    </Form>
  );
}
