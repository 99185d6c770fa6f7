import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedMember } from "~/domain/auth.server";
import { memberDataResponse, memberDataTable } from "~/domain/member-data.server";
import { getT } from "~/i18n/i18n.server";

// /details/data/csv/{table}: one table of the member's data as CSV (the tables are listed on
// /details/data), streamed page by page and limited per member (decision 068).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member, sessionId } = await requireVerifiedMember(request);
  const table = memberDataTable(params.table ?? "");
  const t = await getT(request);
  if (!table) {
    throw new Response(t("There is no such table in your data. Go back to My data to choose one."), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return memberDataResponse(
    { id: member.id, email: member.email, sessionId },
    { format: "csv", table },
    { signal: request.signal, ready: context.responseReady, t },
  );
}
