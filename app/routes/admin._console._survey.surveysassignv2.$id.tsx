import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, CELL, pageParam } from "~/components/data-table";
import { SubmitButton } from "~/components/forms";
import { requireAdmin } from "~/domain/admin-auth.server";
import { MemberLink } from "~/components/member-link";
import { ASSIGNMENT_STATUS_LABEL } from "~/domain/assignment-status";
import { ASSIGN_MESSAGES } from "~/domain/assignment-schema";
import {
  deleteAssignment,
  findAssignSurvey,
  listSurveyAssignments,
  reassignAssignment,
} from "~/domain/assignments.server";
import { deleteAudience, findAudience } from "~/domain/audiences.server";
import { readFormData, readIntent } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Assignments of ${loaded?.survey.name ?? "a survey"} | ${PRODUCT_NAME}` },
];

// /admin/surveysassignv2/{surveyId}: a survey's assignments, newest first, filtered by member id,
// each with its status, Reassign once it has ended (not Complete) and Delete while it is open.
// Delete asks for a ticked confirmation box, which works with and without JavaScript. Above the
// list, the survey's audience (decision 049), if it has one, with Delete audience.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const url = new URL(request.url);
  const memberId = parseId(url.searchParams.get("member"));
  const page = pageParam(url.searchParams.get("page"));
  const audience = await findAudience(survey.id);
  return {
    survey: { id: survey.id, name: survey.name, country: survey.country, targets: survey.demographicTargets.length },
    audience: audience && {
      points: audience.points,
      savedAt: audience.createdAt.toISOString(),
      savedBy: audience.assignedBy?.email ?? null,
    },
    memberId,
    page,
    ...(await listSurveyAssignments(survey.id, { memberId, page })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const survey = await surveyOr404(params.id);
  const formData = await readFormData(request);
  const assignmentId = parseId(formData.get("assignment")) ?? 0;
  const back = `/admin/surveysassignv2/${survey.id}${new URL(request.url).search}`;
  const intent = readIntent(formData, ["delete", "reassign", "delete_audience"]);
  if (intent !== "reassign" && formData.get("confirm") !== "on") {
    return redirectWithToast(back, { type: "error", message: ASSIGN_MESSAGES.confirmRequired });
  }
  if (intent === "delete_audience") {
    const deleted = await deleteAudience(admin, survey.id);
    return redirectWithToast(back, {
      type: deleted ? "success" : "error",
      message: deleted ? "Audience deleted" : "This survey has no audience.",
    });
  }
  const result =
    intent === "delete"
      ? await deleteAssignment(admin, survey.id, assignmentId)
      : await reassignAssignment(admin, survey.id, assignmentId);
  return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
}

export default function SurveyAssignments() {
  const { survey, audience, memberId, page, pageCount, total, assignments } = useLoaderData<typeof loader>();
  const query = (number: number) => `?${memberId ? `member=${memberId}&` : ""}page=${number}`;
  return (
    <section aria-labelledby="assignments-heading">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/surveysassignv2" aria-label="Back to Assign Surveys" className="btn-secondary">
          ←
        </Link>
        <h1 id="assignments-heading" className="text-2xl font-semibold">
          Assignments of {survey.name}
        </h1>
      </div>
      <section aria-labelledby="audience-heading" className="mt-4 rounded-md border border-slate-200 bg-white p-4">
        <h2 id="audience-heading" className="text-lg font-semibold">
          Audience
        </h2>
        {audience ? (
          <>
            <p className="mt-1 text-sm">
              Every active, verified member{survey.country ? ` in ${survey.country}` : ""}
              {survey.targets > 0 ? ` matching its ${survey.targets} demographic rows` : ""}, for {audience.points}{" "}
              points: saved {audience.savedAt.slice(0, 10)}
              {audience.savedBy ? ` by ${audience.savedBy}` : ""}. Members see it until they open it; then it is listed
              below as their assignment.
            </p>
            <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="confirm" required className="h-4 w-4" />
                Confirm delete of this survey&apos;s audience
              </label>
              <SubmitButton name="intent" value="delete_audience" pendingText="Deleting…" className="btn-secondary">
                Delete audience
              </SubmitButton>
            </Form>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No audience: only the members assigned one by one below.</p>
        )}
      </section>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="member-filter" className="block text-sm font-medium text-slate-800">
            User id
          </label>
          <input
            id="member-filter"
            name="member"
            type="number"
            min={1}
            step={1}
            defaultValue={memberId ?? ""}
            className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-600">
        {total} assignments · page {page} of {pageCount}
      </p>
      <DataTable
        headings={["Assignment", "User id", "Email", "Status", "Points", "Assigned", "Actions"]}
        className="mt-2"
        empty={assignments.length === 0 ? "No assignments found." : undefined}
      >
        {assignments.map((assignment) => (
          <tr key={assignment.id} className="border-t border-slate-200 align-top">
            <td className={CELL}>{assignment.id}</td>
            <td className={CELL}>
              <MemberLink memberId={assignment.memberId}>{assignment.memberId}</MemberLink>
            </td>
            <td className={CELL}>
              <MemberLink memberId={assignment.memberId}>{assignment.email}</MemberLink>
            </td>
            <td className={CELL}>{ASSIGNMENT_STATUS_LABEL[assignment.status]}</td>
            <td className={CELL}>{assignment.points}</td>
            <td className={`whitespace-nowrap ${CELL}`}>{assignment.createdAt.slice(0, 10)}</td>
            <td className={CELL}>
              {assignment.canReassign ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="assignment" value={assignment.id} />
                  <SubmitButton name="intent" value="reassign" pendingText="Reassigning…" className="btn-secondary">
                    Reassign
                  </SubmitButton>
                </Form>
              ) : null}
              {assignment.canDelete ? (
                <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="assignment" value={assignment.id} />
                  <label className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name="confirm" required className="h-4 w-4" />
                    Confirm delete of assignment {assignment.id}
                  </label>
                  <SubmitButton name="intent" value="delete" pendingText="Deleting…" className="btn-secondary">
                    Delete
                  </SubmitButton>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {pageCount > 1 ? (
        <nav aria-label="Assignment pages" className="mt-4 flex gap-2">
          {page > 1 ? (
            <Link to={query(page - 1)} className="btn-secondary">
              Previous
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link to={query(page + 1)} className="btn-secondary">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

async function surveyOr404(param: string | undefined) {
  const id = parseId(param);
  const survey = id === null ? null : await findAssignSurvey(id);
  if (!survey) throw notFound();
  return survey;
}
