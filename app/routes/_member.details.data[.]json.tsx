import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireVerifiedMember } from "~/domain/auth.server";
import { memberDataResponse } from "~/domain/member-data.server";
import { getT } from "~/i18n/i18n.server";

// /details/data.json: everything the panel holds about the signed-in member, one JSON file,
// streamed page by page and limited per member (docs/decisions/068-member-data-and-invitations.md).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, sessionId } = await requireVerifiedMember(request);
  return memberDataResponse(
    { id: member.id, email: member.email, sessionId },
    { format: "json" },
    { signal: request.signal, ready: context.responseReady, t: await getT(request) },
  );
}
