import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/lib/product";
import { ProfileQuestionnairePage } from "~/components/profile-questionnaire-page";
import {
  loadProfileQuestionnaire,
  setLocator,
  submitProfileQuestionnaire,
} from "~/domain/profile-questionnaire-page.server";

// An admin-made profile survey set, /details/profiledetails/set/{id}: the same page as the
// built-ins. A set offered to another country is the 404 page, as is an unknown id.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Profile Details"} | ${PRODUCT_NAME}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadProfileQuestionnaire(request, setLocator(params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitProfileQuestionnaire(request, setLocator(params.id));
}

export default ProfileQuestionnairePage;
