import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";
import { exportRefused, exportResponse, auditPlan } from "~/domain/exports.server";

// /admin/audit/export.csv: the audit log with its page's filters (admin, action, member, dates).
// A CSV attachment streamed in keyset batches and audited (docs/decisions/055-csv-exports.md).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const planned = auditPlan(new URL(request.url).searchParams);
  if (!planned.ok) return exportRefused(planned.messages);
  return exportResponse(admin, planned.plan, { signal: request.signal, ready: context.responseReady });
}
