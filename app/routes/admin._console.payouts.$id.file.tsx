import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";
import { downloadPayoutBatchFile } from "~/domain/payout-batches.server";
import { notFound, requireId } from "~/lib/http.server";

// /admin/payouts/{id}/file: the batch's file in its provider's bulk format, as a download. Each
// download is audited (payout_batch.downloaded): who took the list of accounts, and when.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const file = await downloadPayoutBatchFile(admin, requireId(params));
  if (!file) throw notFound();
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
