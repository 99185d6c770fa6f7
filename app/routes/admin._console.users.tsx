import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, CELL } from "~/components/data-table";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  findMemberByEmail,
  formatRupees,
  getUsersRecordsTotals,
  listMemberRecords,
  memberSearchSchema,
  parsePageCursor,
  type MemberRecord,
} from "~/domain/member-records.server";
import { Field } from "~/components/forms";
import { getPrisma } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Users Records | ${PRODUCT_NAME}` }];

// A GET form and plain links: search and paging work without JavaScript and can be bookmarked.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const prisma = getPrisma();
  const params = new URL(request.url).searchParams;
  const rawEmail = params.get("email") ?? "";
  const totals = await getUsersRecordsTotals(prisma);
  const cards = {
    totalUsers: totals.totalUsers,
    totalCompleted: totals.totalCompleted,
    totalAmount: formatRupees(totals.totalPaidMinor),
  };

  const search = memberSearchSchema.safeParse({ email: rawEmail });
  if (!search.success) {
    const emailErrors = search.error.flatten().fieldErrors.email ?? [];
    return { cards, email: rawEmail, emailErrors, single: null, page: null };
  }
  const email = search.data.email ?? "";
  const cursor = parsePageCursor(params);
  if (email && !cursor) {
    const exact = await findMemberByEmail(prisma, email);
    if (exact) return { cards, email, emailErrors: [], single: exact, page: null };
  }
  const page = await listMemberRecords(prisma, { emailPrefix: email || undefined, cursor });
  if (email && !cursor && page.members.length === 1 && !page.hasNext) {
    return { cards, email, emailErrors: [], single: page.members[0], page: null };
  }
  return { cards, email, emailErrors: [], single: null, page };
}

export default function UsersRecords() {
  const { cards, email, emailErrors, single, page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Users Records</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card title="Total User" value={cards.totalUsers.toLocaleString("en-US")} testId="total-users" />
        <Card title="Total Completed" value={cards.totalCompleted.toLocaleString("en-US")} testId="total-completed" />
        <Card title="Total Amount" value={cards.totalAmount} testId="total-amount" />
      </div>

      <Form key={email} method="get" role="search" className="flex flex-wrap items-start gap-3">
        <div className="min-w-64 flex-1">
          <Field
            label="Search by email"
            errors={emailErrors}
            inputProps={{
              id: "email",
              name: "email",
              type: "search",
              defaultValue: email,
              maxLength: 254,
              autoComplete: "off",
            }}
          />
        </div>
        <button type="submit" className="btn-primary mt-6">
          Search
        </button>
      </Form>

      {single ? (
        <section aria-label="User">
          <MembersTable members={[single]} />
          <Link to="/admin/users" className="mt-3 inline-block text-sm text-brand-600 underline">
            All Users
          </Link>
        </section>
      ) : page ? (
        <section aria-label="Users">
          {page.members.length === 0 ? (
            <p className="text-slate-600">No users match this search.</p>
          ) : (
            <MembersTable members={page.members} />
          )}
          <Pagination email={email} page={page} />
          {email ? (
            <Link to="/admin/users" className="mt-3 inline-block text-sm text-brand-600 underline">
              All Users
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Card({ title, value, testId }: { title: string; value: string; testId: string }) {
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      <p className="mt-2 text-2xl font-bold" data-testid={testId}>
        {value}
      </p>
    </section>
  );
}

function MembersTable({ members }: { members: MemberRecord[] }) {
  return (
    <DataTable headings={["#", "User ID", "Name", "Email", "Country", "State"]}>
      {members.map((member, index) => (
        <tr key={member.id} className="border-t border-slate-200">
          <td className={CELL}>{index + 1}</td>
          <td className={CELL}>
            <MemberLink memberId={member.id}>{member.id}</MemberLink>
          </td>
          <td className={CELL}>{`${member.firstName} ${member.lastName}`.trim() || "N/A"}</td>
          <td className={CELL}>
            <MemberLink memberId={member.id}>{member.email}</MemberLink>
          </td>
          <td className={CELL}>{member.country ?? "N/A"}</td>
          <td className={CELL}>{member.state ?? "N/A"}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Pagination({
  email,
  page,
}: {
  email: string;
  page: { members: MemberRecord[]; hasPrevious: boolean; hasNext: boolean };
}) {
  const href = (cursor: Record<string, string>) => {
    const params = new URLSearchParams(email ? { email, ...cursor } : cursor);
    const query = params.toString();
    return query ? `/admin/users?${query}` : "/admin/users";
  };
  const first = page.members[0]?.id;
  const last = page.members[page.members.length - 1]?.id;
  const links = [
    { label: "First", to: href({}), show: page.hasPrevious },
    { label: "Previous", to: href({ before: String(first) }), show: page.hasPrevious && first !== undefined },
    { label: "Next", to: href({ after: String(last) }), show: page.hasNext && last !== undefined },
    { label: "Last", to: href({ last: "1" }), show: page.hasNext },
  ];
  if (!links.some((link) => link.show)) return null;
  return (
    <nav aria-label="Pagination" className="mt-3 flex gap-3 text-sm">
      {links
        .filter((link) => link.show)
        .map((link) => (
          <Link key={link.label} to={link.to} className="rounded-md border border-slate-300 px-3 py-1">
            {link.label}
          </Link>
        ))}
    </nav>
  );
}
