import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";
import { exportRefused, exportResponse, ledgerPlan } from "~/domain/exports.server";

// /admin/ledger/export.csv: every points transaction, or one member's (?member=), within dates (?from=, ?to=).
// A CSV attachment streamed in keyset batches and audited (docs/decisions/055-csv-exports.md).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const planned = ledgerPlan(new URL(request.url).searchParams);
  if (!planned.ok) return exportRefused(planned.messages);
  return exportResponse(admin, planned.plan, { signal: request.signal, ready: context.responseReady });
}
