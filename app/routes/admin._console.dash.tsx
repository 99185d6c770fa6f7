import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAdmin } from "~/domain/admin-auth.server";
import { getDashboardFigures } from "~/domain/admin-dashboard.server";
import { getPrisma } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `AdminDashboard | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return getDashboardFigures(getPrisma());
}

export default function AdminDashboard() {
  const figures = useLoaderData<typeof loader>();
  const count = (value: number) => value.toLocaleString("en-US");
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <h1 className="sr-only">AdminDashboard</h1>
      <Card title="Pending Withdrawal Requests" value={String(figures.pendingWithdrawals)} testId="pending-withdrawals">
        <Link to="/admin/withdrawal/req" className="mt-3 inline-block text-sm text-brand-600 underline">
          Approve Request
        </Link>
      </Card>
      <Card title="Members" value={count(figures.membersTotal)} testId="members-total">
        <Link to="/admin/users" className="mt-3 inline-block text-sm text-brand-600 underline">
          Users Records
        </Link>
      </Card>
      <Card title="Verified Members" value={count(figures.membersVerified)} testId="members-verified" />
      <Card title="New Members (last 7 days)" value={count(figures.membersNewThisWeek)} testId="members-new" />
      <Card title="Surveys Live" value={count(figures.surveysLive)} testId="surveys-live" />
      <Card title="Completes (last 7 days)" value={count(figures.completesThisWeek)} testId="completes-week" />
      <Card title="Points Outstanding" value={count(figures.pointsOutstanding)} testId="points-outstanding" />
    </div>
  );
}

function Card({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      <p className="mt-2 text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
      {children}
    </section>
  );
}
