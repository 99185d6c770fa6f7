import type { InputHTMLAttributes } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, CELL } from "~/components/data-table";
import { DownloadCsvLink } from "~/components/download-csv-link";
import { MemberLink } from "~/components/member-link";
import { requireAdmin } from "~/domain/admin-auth.server";
import {
  findMemberByEmail,
  formatRupees,
  getUsersRecordsTotals,
  listMemberRecords,
  MEMBER_SEARCH_KEYS,
  memberSearchSchema,
  parsePageCursor,
  type MemberRecord,
} from "~/domain/member-records.server";
import { Field, FilterSelect, SelectField } from "~/components/forms";
import { MemberStatus } from "~/generated/prisma/enums";
import { countryName, listCountries } from "~/lib/countries.server";
import { getPrisma } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `Users Records | ${PRODUCT_NAME}` }];

// A GET form and plain links: search, filters, sort and paging work without JavaScript, stay in
// the URL and can be bookmarked.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const prisma = getPrisma();
  const params = new URL(request.url).searchParams;
  const totals = await getUsersRecordsTotals(prisma);
  const cards = {
    totalUsers: totals.totalUsers,
    totalCompleted: totals.totalCompleted,
    totalAmount: formatRupees(totals.totalPaidMinor),
  };
  const options = { countries: listCountries(), statuses: Object.values(MemberStatus) };
  // What was typed, shown back in the form (and kept by the page links) whether valid or not.
  const values = Object.fromEntries(MEMBER_SEARCH_KEYS.map((key) => [key, params.get(key) ?? ""])) as SearchValues;
  const noErrors: SearchErrors = {};
  const base = { cards, options, values, errors: noErrors };

  const search = memberSearchSchema.safeParse(
    Object.fromEntries(MEMBER_SEARCH_KEYS.map((key) => [key, params.get(key) ?? undefined])),
  );
  if (!search.success) {
    const errors = search.error.flatten().fieldErrors as SearchErrors;
    return { ...base, errors, single: null, page: null };
  }
  const { email, ...filters } = search.data;
  const cursor = parsePageCursor(params);
  const filtered = Object.entries(filters).some(([key, value]) => key !== "sort" && value !== undefined);
  if (email && !filtered && !cursor) {
    const exact = await findMemberByEmail(prisma, email);
    if (exact) return { ...base, single: withCountryName(exact), page: null };
  }
  const page = await listMemberRecords(prisma, { ...filters, emailPrefix: email || undefined, cursor });
  const members = page.members.map(withCountryName);
  if ((email || filtered) && !cursor && members.length === 1 && !page.hasNext) {
    return { ...base, single: members[0], page: null };
  }
  return { ...base, single: null, page: { ...page, members } };
}

export default function UsersRecords() {
  const { cards, options, values, errors, single, page } = useLoaderData<typeof loader>();
  const searched = Object.entries(values).some(([key, value]) => key !== "sort" && value !== "");
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Users Records</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card title="Total User" value={cards.totalUsers.toLocaleString("en-US")} testId="total-users" />
        <Card title="Total Completed" value={cards.totalCompleted.toLocaleString("en-US")} testId="total-completed" />
        <Card title="Total Amount" value={cards.totalAmount} testId="total-amount" />
      </div>

      <SearchForm key={JSON.stringify(values)} values={values} errors={errors} options={options} />
      {Object.keys(errors).length === 0 ? <DownloadCsvLink to={exportHref(values)} /> : null}

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
          <Pagination values={values} page={page} />
          {searched ? (
            <Link to="/admin/users" className="mt-3 inline-block text-sm text-brand-600 underline">
              All Users
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

type SearchValues = Record<(typeof MEMBER_SEARCH_KEYS)[number], string>;
type SearchErrors = Partial<Record<(typeof MEMBER_SEARCH_KEYS)[number], string[]>>;

function SearchForm({
  values,
  errors,
  options,
}: {
  values: SearchValues;
  errors: SearchErrors;
  options: { countries: { code: string; name: string }[]; statuses: string[] };
}) {
  const text = (id: keyof SearchValues, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field
      label={label}
      errors={errors[id]}
      inputProps={{ id, name: id, type: "search", defaultValue: values[id], autoComplete: "off", ...extra }}
    />
  );
  return (
    <Form method="get" role="search" aria-label="Find members">
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        {text("email", "Search by email", { maxLength: 254 })}
        {text("id", "Search by member ID", { inputMode: "numeric" })}
        {text("name", "Search by name", { maxLength: 100 })}
        {text("phone", "Search by phone", { type: "tel", maxLength: 30 })}
        <FilterSelect
          id="country"
          label="Country"
          any="Any country"
          choices={options.countries.map((country) => ({ value: country.code, label: country.name }))}
          value={values.country}
          errors={errors.country}
        />
        <FilterSelect
          id="status"
          label="Status"
          any="Any status"
          choices={options.statuses.map((status) => ({
            value: status,
            label: status.charAt(0).toUpperCase() + status.slice(1),
          }))}
          value={values.status}
          errors={errors.status}
        />
        <Field
          label="Signed up from"
          errors={errors.from}
          inputProps={{ id: "from", name: "from", type: "date", defaultValue: values.from }}
        />
        <Field
          label="Signed up to"
          errors={errors.to}
          inputProps={{ id: "to", name: "to", type: "date", defaultValue: values.to }}
        />
        <SelectField
          label="Sort"
          errors={errors.sort}
          selectProps={{ id: "sort", name: "sort", defaultValue: values.sort }}
        >
          <option value="oldest">Oldest sign-ups first</option>
          <option value="newest">Newest sign-ups first</option>
          <option value="quality">Lowest quality score first</option>
        </SelectField>
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
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

function MembersTable({ members }: { members: (MemberRecord & { countryName: string | null })[] }) {
  return (
    <DataTable headings={["#", "User ID", "Name", "Email", "Country", "State", "Quality score"]}>
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
          <td className={CELL}>{member.countryName ?? "N/A"}</td>
          <td className={CELL}>{member.state ?? "N/A"}</td>
          <td className={CELL}>{member.qualityScore}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Pagination({
  values,
  page,
}: {
  values: SearchValues;
  page: { members: MemberRecord[]; hasPrevious: boolean; hasNext: boolean };
}) {
  // Page links keep the search, the filters and the sort.
  const kept = Object.entries(values).filter(([, value]) => value !== "");
  const href = (cursor: Record<string, string>) => {
    const params = new URLSearchParams([...kept, ...Object.entries(cursor)]);
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

/** The members export with this search, filters and sort (not the page: it lists them all). */
function exportHref(values: SearchValues) {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();
  return query ? `/admin/users/export.csv?${query}` : "/admin/users/export.csv";
}

function withCountryName<Member extends MemberRecord>(member: Member) {
  return { ...member, countryName: member.country ? countryName(member.country) : null };
}
