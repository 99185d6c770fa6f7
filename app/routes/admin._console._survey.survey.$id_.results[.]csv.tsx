import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/domain/admin-auth.server";
import { exportRefused, exportResponse } from "~/domain/exports.server";
import { surveyResultsPlan } from "~/domain/survey-results-export.server";
import { notFound } from "~/lib/http.server";
import { parseId } from "~/lib/ids";

// /admin/survey/{id}/results.csv: the results page's responses as CSV, with its filters (?outcome=,
// ?from=, ?to=) and ?profile=1 for the country and the targeted profile answers. A CSV attachment
// streamed in keyset batches and audited with the choices made (docs/decisions/058-survey-results.md).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request);
  const surveyId = parseId(params.id);
  if (surveyId === null) throw notFound();
  const planned = await surveyResultsPlan(surveyId, new URL(request.url).searchParams);
  if (planned === null) throw notFound();
  if (!planned.ok) return exportRefused(planned.messages);
  return exportResponse(admin, planned.plan, { signal: request.signal, ready: context.responseReady });
}
