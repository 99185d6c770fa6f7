import { ProfileQuestionnairePage, questionnaireMeta } from "~/components/profile-questionnaire-page";
import { questionnaireHandle } from "~/questionnaire/texts";
import { questionnaireAction, questionnaireLoader, slugLocator } from "~/domain/profile-questionnaire-page.server";

// A built-in profile questionnaire: /details/profiledetails/aboutyou, health, technology,
// entertainment, vehiclesmachinery. Any other slug is the 404 page.

export const meta = questionnaireMeta;
export const handle = questionnaireHandle;
export const loader = questionnaireLoader(slugLocator);
export const action = questionnaireAction(slugLocator);
export default ProfileQuestionnairePage;
