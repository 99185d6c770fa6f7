import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CELL, DataTable } from "~/components/data-table";
import { FormErrors, SubmitButton } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  MAX_RECONCILIATION_BYTES,
  MAX_RECONCILIATION_ROWS,
  RECONCILIATION_FILE_HELP,
  RECONCILIATION_MESSAGES,
  REVERSAL_REASONS,
} from "~/domain/reconciliation-schema";
import {
  applyReconciliation,
  findSurveyToReconcile,
  listReconciliations,
  previewReconciliation,
  type ReconciliationSummary,
} from "~/domain/reconciliation.server";
import { formErrorsOf, resultFor } from "~/lib/form-result";
import { formResult, readFormData, readIntent, refuseForm } from "~/lib/forms.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { utcMinute } from "~/lib/utc-minute";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Reconcile: ${loaded?.survey.name ?? "Survey"} | ${PRODUCT_NAME}` },
];

// /admin/survey/{id}/reconcile: the buyer's reconciliation file (docs/decisions/061-reconciliation.md).
// Preview reads the uploaded file and changes nothing; its answer carries the file's text and hash
// in the Apply form, which posts them back (multipart, so the text is not percent-encoded), so the
// two steps work without JavaScript and Apply applies exactly what was previewed.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const history = await listReconciliations(survey.id);
  return {
    survey,
    reasons: Object.entries(REVERSAL_REASONS).map(([code, sentence]) => ({ code, sentence })),
    history: history.map((row) => ({ ...row, appliedAt: utcMinute(row.appliedAt) })),
  };
}

interface PreviewState {
  summary: ReconciliationSummary;
  content: string;
  lastApplied: { appliedAt: string; adminEmail: string } | null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const formData = await readFormData(request);
  const intent = readIntent(formData, ["preview", "apply"]);
  if (intent === "preview") {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) {
      return refuseForm(RECONCILIATION_MESSAGES.fileRequired, { form: "preview" });
    }
    if (file.size > MAX_RECONCILIATION_BYTES) return refuseForm(RECONCILIATION_MESSAGES.tooLarge, { form: "preview" });
    const preview = await previewReconciliation(survey.id, await file.text());
    if (!preview.ok) return refuseForm(preview.message, { form: "preview" });
    const pageState: PreviewState = {
      summary: preview.summary,
      content: preview.content,
      lastApplied: preview.lastApplied && {
        appliedAt: utcMinute(preview.lastApplied.appliedAt),
        adminEmail: preview.lastApplied.adminEmail,
      },
    };
    return formResult<PreviewState>({ status: "success" }, { form: "preview", pageState });
  }
  const content = formData.get("content");
  const hash = formData.get("hash");
  if (typeof content !== "string" || typeof hash !== "string" || content === "" || hash === "") {
    return refuseForm(RECONCILIATION_MESSAGES.changedSincePreview, { form: "apply" });
  }
  const applied = await applyReconciliation(admin, survey.id, content, hash);
  if (!applied.ok) return refuseForm(applied.message, { form: "apply", status: 409 });
  return redirectWithToast(`/admin/survey/${survey.id}/reconcile`, { type: "success", message: applied.message });
}

export default function Reconcile() {
  const { survey, reasons, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const preview = resultFor(actionData, "preview")?.pageState as PreviewState | undefined;
  const errors = formErrorsOf(resultFor(actionData, "preview")) ?? formErrorsOf(resultFor(actionData, "apply"));
  return (
    <section aria-labelledby="reconcile-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/admin/survey/${survey.id}`} aria-label="Back to the survey" className="btn-secondary">
          ←
        </Link>
        <h1 id="reconcile-heading" className="text-2xl font-semibold">
          Reconcile: {survey.name}
        </h1>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        Upload the buyer&apos;s final status of this survey&apos;s completes. {RECONCILIATION_FILE_HELP} At most{" "}
        {MAX_RECONCILIATION_ROWS.toLocaleString("en-US")} rows. A reversal takes the reward back (never more than the
        member still has) and the member reads the reason in Points History; an approval after a reversal gives back
        what was taken, once. You see a preview first; nothing changes until you apply it.
      </p>

      <details className="mt-3 max-w-3xl text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Reason codes and what the member reads</summary>
        <DataTable headings={["Reason code", "What the member reads"]} className="mt-2">
          {reasons.map((reason) => (
            <tr key={reason.code} className="border-t border-slate-200">
              <td className={`${CELL} font-mono`}>{reason.code}</td>
              <td className={CELL}>{reason.sentence}</td>
            </tr>
          ))}
        </DataTable>
      </details>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 max-w-3xl rounded-md border border-slate-200 bg-white p-4"
        // A new file starts a new preview: the old one's Apply form goes with it.
        key={preview?.summary.fileHash ?? "upload"}
      >
        <h2 className="font-semibold">Upload a reconciliation file</h2>
        <FormErrors id="reconcile-error" errors={errors} />
        <label htmlFor="reconcile-file" className="mt-2 block text-sm font-medium">
          Reconciliation file (CSV)
        </label>
        <input id="reconcile-file" type="file" name="file" accept=".csv,text/csv" required className="mt-1 block" />
        <div className="mt-3">
          <SubmitButton name="intent" value="preview" pendingText="Reading…">
            Preview
          </SubmitButton>
        </div>
      </Form>

      {preview ? <Preview {...preview} /> : null}

      <h2 className="mt-8 text-lg font-semibold">Applied reconciliations</h2>
      <DataTable
        headings={["Applied", "By", "Lines", "Matched", "Changed", "Reversed", "Approved", "Unknown", "Errors", "File"]}
        className="mt-2"
        empty={history.length === 0 ? "No reconciliation has been applied to this survey yet." : undefined}
      >
        {history.map((row) => (
          <tr key={row.id} className="border-t border-slate-200" data-testid={`reconciliation-${row.id}`}>
            <td className={`${CELL} whitespace-nowrap`}>{row.appliedAt}</td>
            <td className={CELL}>{row.adminEmail}</td>
            <td className={CELL}>{row.rows}</td>
            <td className={CELL}>{row.matched}</td>
            <td className={CELL}>{row.changed}</td>
            <td className={CELL}>{row.reversed}</td>
            <td className={CELL}>{row.approved}</td>
            <td className={CELL}>{row.unknown}</td>
            <td className={CELL}>{row.errors}</td>
            <td className={`${CELL} font-mono text-xs`} title={row.fileHash}>
              {row.fileHash.slice(0, 12)}…
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function Preview({ summary, content, lastApplied }: PreviewState) {
  const reversals = summary.changes.filter((change) => change.to === "reversed").length;
  const counts = [
    ["Lines", summary.total],
    ["Matched", summary.changes.length + summary.unchanged.length],
    ["Will change", summary.changes.length],
    ["Unchanged", summary.unchanged.length],
    ["Unknown tokens", summary.unknown.length],
    ["Rows with errors", summary.errors.length],
  ] as const;
  return (
    <section
      aria-labelledby="preview-heading"
      className="mt-6 max-w-4xl rounded-md border border-brand-700 bg-white p-4"
      data-testid="reconcile-preview"
    >
      <h2 id="preview-heading" className="text-lg font-semibold">
        Preview: nothing has changed yet
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {counts.map(([label, count]) => (
          <div key={label} className="flex justify-between gap-2" data-testid={`count-${label}`}>
            <dt>{label}</dt>
            <dd className="font-semibold">{count}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        Applying it reverses {reversals} complete(s) and approves {summary.changes.length - reversals} reversed
        complete(s) again. Unknown tokens (not of this survey) and rows with errors are left out.
      </p>
      {lastApplied ? (
        <p role="status" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This same file was applied on {lastApplied.appliedAt} by {lastApplied.adminEmail}. Applying it again changes
          only what has changed since.
        </p>
      ) : null}

      {summary.changes.length > 0 ? (
        <DataTable headings={["Line", "Token", "Now", "Becomes", "Reason"]} className="mt-3">
          {summary.changes.map((change) => (
            <tr key={change.token} className="border-t border-slate-200">
              <td className={CELL}>{change.line}</td>
              <td className={`${CELL} font-mono`}>{change.token}</td>
              <td className={CELL}>{change.from}</td>
              <td className={CELL}>{change.to}</td>
              <td className={CELL}>{change.reason ?? ""}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {summary.unknown.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Unknown tokens</h3>
          <DataTable headings={["Line", "Token"]} className="mt-1">
            {summary.unknown.map((row) => (
              <tr key={row.line} className="border-t border-slate-200">
                <td className={CELL}>{row.line}</td>
                <td className={`${CELL} font-mono`}>{row.token}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
      {summary.errors.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">Rows with errors</h3>
          <DataTable headings={["Line", "Problem"]} className="mt-1">
            {summary.errors.map((row) => (
              <tr key={row.line} className="border-t border-slate-200">
                <td className={CELL}>{row.line}</td>
                <td className={CELL}>{row.message}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}

      <Form method="post" encType="multipart/form-data" className="mt-4">
        <input type="hidden" name="content" value={content} />
        <input type="hidden" name="hash" value={summary.fileHash} />
        <SubmitButton name="intent" value="apply" pendingText="Applying…">
          Apply
        </SubmitButton>
      </Form>
    </section>
  );
}

async function surveyOr404(param: string | undefined) {
  const id = parseId(param);
  const survey = id === null ? null : await findSurveyToReconcile(id);
  if (!survey) throw notFound();
  return survey;
}
