import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { CELL, DataTable, PageLinks, pageParam } from "~/components/data-table";
import { DownloadCsvLink } from "~/components/download-csv-link";
import { MemberActions, ReverseCompleteForm } from "~/components/member-actions";
import { QualitySignals } from "~/components/quality-signals";
import { requireAdmin } from "~/domain/admin-auth.server";
import { MEMBER_ACTION_INTENTS } from "~/domain/member-actions-schema";
import { MEMBER_PAGE_LISTS, type MemberPageList, type MemberPagePages, type Paged } from "~/domain/member-page";
import { loadMemberPage } from "~/domain/member-page.server";
import { pointsCapHint } from "~/domain/points-cap.server";
import { resultFor } from "~/lib/form-result";
import { readFormData, readIntent } from "~/lib/forms.server";
import { notFound, requireId } from "~/lib/http.server";
import { parseId } from "~/lib/ids";
import { PRODUCT_NAME } from "~/lib/product";
import { runMemberAction } from "./admin._console.users_.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `User ${data.member.id}` : "User"} | ${PRODUCT_NAME}` },
];

// /admin/users/{id}: one member, read-only (issue 18 point 1). Not nested in Users Records (the
// trailing underscore of `users_`), which renders no Outlet. Each list pages by its own query
// parameter, so its page links are plain links that keep the other lists where they are.
// The actions on the member (issue 18 point 2) are intents of this page's one action; "Reverse" on a
// completed assignment opens its confirmation as a section of the page (?reverse={assignment}).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const memberId = requireId(params);
  const search = new URL(request.url).searchParams;
  const pages = Object.fromEntries(
    MEMBER_PAGE_LISTS.map((list) => [list, pageParam(search.get(list))]),
  ) as MemberPagePages;
  const page = await loadMemberPage(memberId, pages);
  if (!page) throw notFound();
  const reverseId = parseId(search.get("reverse") ?? undefined);
  const reverse =
    page.assignments.rows.find(
      (row) => row.id === reverseId && (row.reward === "credited" || row.reward === "recredited"),
    ) ?? null;
  return { ...page, adjustKey: randomUUID(), capHint: pointsCapHint(admin), reverse };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const memberId = requireId(params);
  const formData = await readFormData(request);
  const intent = readIntent(formData, MEMBER_ACTION_INTENTS);
  return runMemberAction(admin, memberId, intent, formData);
}

export default function MemberPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { member } = data;
  const current = {
    ledger: data.ledger.page,
    assignments: data.assignments.page,
    withdrawals: data.withdrawals.page,
    audit: data.audit.page,
  };
  const pager = (list: MemberPageList, paged: Paged<unknown>, label: string) => (
    <PageLinks
      page={paged.page}
      pageCount={paged.pageCount}
      label={label}
      href={(page) => pageHref(`/admin/users/${member.id}`, current, list, page)}
    />
  );
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/users" className="text-sm text-brand-600 underline">
          Users Records
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">
          {member.name} <span className="text-base font-normal text-slate-600">User {member.id}</span>
        </h1>
      </div>

      <Section id="details" title="Details">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <Item term="Email">{member.email}</Item>
          <Item term="Status">{member.status}</Item>
          <Item term="Email verified">{member.verifiedAt ?? "Not verified"}</Item>
          <Item term="Signs in with">{member.signIn || "No sign-in method"}</Item>
          <Item term="Signed up (UTC)">{member.signedUpAt}</Item>
          <Item term="Last sign-in (UTC)">{member.lastSignInAt}</Item>
          {member.inactivityWarnedAt ? <Item term="Inactivity warning">{member.inactivityWarnedAt}</Item> : null}
          {member.deletionRequestedAt ? <Item term="Deletion requested">{member.deletionRequestedAt}</Item> : null}
          <Item term="Mobile">{member.mobile ?? "N/A"}</Item>
          <Item term="Country">{member.country ?? "N/A"}</Item>
          <Item term="State / city / PIN">
            {[member.state, member.city, member.pin].filter(Boolean).join(", ") || "N/A"}
          </Item>
          <Item term="Date of birth">{member.dob ?? "N/A"}</Item>
          <Item term="Gender">{member.gender ?? "N/A"}</Item>
        </dl>
      </Section>

      <Section id="actions" title="Actions">
        <MemberActions
          member={member}
          signedIn={data.sessions.length > 0}
          adjustKey={data.adjustKey}
          capHint={data.capHint}
          actionData={actionData}
        />
      </Section>

      <Section id="quality" title="Quality">
        <QualitySignals score={member.qualityScore} signals={data.signals} actionData={actionData} />
      </Section>

      <Section id="points" title="Points">
        <p>
          Balance: <strong data-testid="member-balance">{member.balance.toLocaleString("en-US")} points</strong>
        </p>
        <DataTable
          headings={["When (UTC)", "Reference ID", "Remark", "Debit/Credit", "Status"]}
          className="mt-3"
          empty={data.ledger.total === 0 ? "No points history." : undefined}
        >
          {data.ledger.rows.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200">
              <td className={`whitespace-nowrap ${CELL}`}>{entry.when}</td>
              <td className={`${CELL} font-mono`}>{entry.referenceId}</td>
              <td className={CELL}>{entry.remark}</td>
              <td className={`${CELL} whitespace-nowrap`}>{entry.change > 0 ? `+${entry.change}` : entry.change}</td>
              <td className={CELL}>{entry.status}</td>
            </tr>
          ))}
        </DataTable>
        {pager("ledger", data.ledger, "Ledger pages")}
        <DownloadCsvLink to={`/admin/ledger/export.csv?member=${member.id}`} />
      </Section>

      <Section id="assignments" title="Assignments">
        {data.reverse ? (
          <ReverseCompleteForm
            assignment={data.reverse}
            backHref={pageHref(`/admin/users/${member.id}`, current, "assignments", current.assignments)}
            lastResult={resultFor(actionData, "reverse-complete")}
          />
        ) : null}
        <DataTable
          headings={["Assignment", "Survey", "Status", "Reward", "Assigned (UTC)", "Ended (UTC)", "Reward paid"]}
          empty={data.assignments.total === 0 ? "No assignments." : undefined}
        >
          {data.assignments.rows.map((assignment) => (
            <tr key={assignment.id} className="border-t border-slate-200">
              <td className={CELL}>{assignment.id}</td>
              <td className={CELL}>
                <Link to={`/admin/surveysassignv2/${assignment.surveyId}`} className="text-brand-600 underline">
                  {assignment.surveyName}
                </Link>
              </td>
              <td className={CELL}>{assignment.status}</td>
              <td className={CELL}>{assignment.points} points</td>
              <td className={`whitespace-nowrap ${CELL}`}>{assignment.assignedAt}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{assignment.endedAt ?? ""}</td>
              <td className={CELL}>
                {assignment.reward === "credited" || assignment.reward === "recredited" ? (
                  <>
                    {assignment.reward === "credited" ? "Paid" : "Re-credited"}{" "}
                    <Link
                      to={`${pageHref(`/admin/users/${member.id}`, current, "assignments", current.assignments, assignment.id)}#reverse-complete`}
                      preventScrollReset
                      className="text-red-700 underline"
                      aria-label={`Reverse the complete of assignment ${assignment.id}`}
                    >
                      Reverse
                    </Link>
                  </>
                ) : assignment.reward === "reversed" ? (
                  "Reversed"
                ) : assignment.compensation > 0 ? (
                  `Screen-out compensation: ${assignment.compensation} points`
                ) : (
                  ""
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        {pager("assignments", data.assignments, "Assignment pages")}
      </Section>

      <Section id="payout-accounts" title="Payout accounts">
        <DataTable
          headings={["Method", "Account", "Holder", "Added (UTC)", "Usable from (UTC)"]}
          empty={data.paymentAccounts.length === 0 ? "No payout accounts." : undefined}
        >
          {data.paymentAccounts.map((account) => (
            <tr key={account.id} className="border-t border-slate-200">
              <td className={CELL}>{account.method}</td>
              <td className={CELL}>{account.summary}</td>
              <td className={CELL}>{account.holderName}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{account.addedAt}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{account.usableAt ?? "Now"}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section id="withdrawals" title="Withdrawals">
        <DataTable
          headings={["Requested (UTC)", "Reference ID", "Amount", "Method", "Status"]}
          empty={data.withdrawals.total === 0 ? "No withdrawals." : undefined}
        >
          {data.withdrawals.rows.map((withdrawal) => (
            <tr key={withdrawal.referenceId} className="border-t border-slate-200">
              <td className={`whitespace-nowrap ${CELL}`}>{withdrawal.requestedAt}</td>
              <td className={`${CELL} font-mono`}>{withdrawal.referenceId}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                {withdrawal.amount} <span className="text-slate-500">({withdrawal.points} points)</span>
              </td>
              <td className={CELL}>{withdrawal.method}</td>
              <td className={CELL}>{withdrawal.status}</td>
            </tr>
          ))}
        </DataTable>
        {pager("withdrawals", data.withdrawals, "Withdrawal pages")}
      </Section>

      <Section id="sessions" title="Active sessions">
        <DataTable
          headings={["Device", "Signed in (UTC)", "Expires (UTC)", "Remember me"]}
          empty={data.sessions.length === 0 ? "Not signed in anywhere." : undefined}
        >
          {data.sessions.map((session, index) => (
            <tr key={index} className="border-t border-slate-200">
              <td className={`${CELL} break-all`}>{session.device}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{session.signedInAt}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{session.expiresAt}</td>
              <td className={CELL}>{session.rememberMe ? "Yes" : "No"}</td>
            </tr>
          ))}
        </DataTable>
      </Section>

      <Section id="member-audit" title="Audit entries">
        <DataTable
          headings={["When (UTC)", "Admin", "Action", "Target", "Details"]}
          empty={data.audit.total === 0 ? "No admin has acted on this user." : undefined}
        >
          {data.audit.rows.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200 align-top">
              <td className={`whitespace-nowrap ${CELL}`}>{entry.when}</td>
              <td className={CELL}>{entry.adminEmail}</td>
              <td className={CELL}>{entry.action}</td>
              <td className={`whitespace-nowrap ${CELL}`}>{entry.target}</td>
              <td className={`break-all font-mono text-xs ${CELL}`}>{entry.details}</td>
            </tr>
          ))}
        </DataTable>
        {pager("audit", data.audit, "Audit entry pages")}
      </Section>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * The query of this page with one list moved to `page`; lists on their first page are left out.
 * `reverse` opens the confirmation of reversing that assignment's complete.
 */
function pageHref(
  path: string,
  current: Record<MemberPageList, number>,
  list: MemberPageList,
  page: number,
  reverse?: number,
): string {
  const query = new URLSearchParams();
  for (const name of MEMBER_PAGE_LISTS) {
    const value = name === list ? page : current[name];
    if (value > 1) query.set(name, String(value));
  }
  if (reverse !== undefined) query.set("reverse", String(reverse));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
