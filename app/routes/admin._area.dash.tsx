import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/domain/admin-auth.server";
import { getPrisma } from "~/lib/db.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction = () => [{ title: `AdminDashboard | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pendingWithdrawals = await getPrisma().withdrawalRequest.count({ where: { status: "pending" } });
  return { pendingWithdrawals };
}

export default function AdminDashboard() {
  const { pendingWithdrawals } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <h1 className="sr-only">AdminDashboard</h1>
      <section className="rounded-md border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold text-slate-600">Pending Withdrawal Requests</h2>
        <p className="mt-2 text-3xl font-bold" data-testid="pending-withdrawals">
          {pendingWithdrawals}
        </p>
        <Link to="/admin/withdrawal/req" className="mt-3 inline-block text-sm text-brand-600 underline">
          Approve Request
        </Link>
      </section>
    </div>
  );
}
