import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRODUCT_NAME } from "~/lib/product";
import { ProfileQuestionnairePage } from "~/components/profile-questionnaire-page";
import {
  loadProfileQuestionnaire,
  slugLocator,
  submitProfileQuestionnaire,
} from "~/domain/profile-questionnaire-page.server";

// A built-in profile questionnaire: /details/profiledetails/aboutyou, health, technology,
// entertainment, vehiclesmachinery. Any other slug is the 404 page.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Profile Details"} | ${PRODUCT_NAME}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadProfileQuestionnaire(request, slugLocator(params.slug));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitProfileQuestionnaire(request, slugLocator(params.slug));
}

export default ProfileQuestionnairePage;
