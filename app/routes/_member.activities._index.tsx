import { redirect } from "@remix-run/node";

// /activities opens the survey history, as the spec's route table says.
export function loader() {
  return redirect("/activities/surveyRecords");
}
