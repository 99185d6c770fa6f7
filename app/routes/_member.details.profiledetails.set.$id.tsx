import { ProfileQuestionnairePage, questionnaireMeta } from "~/components/profile-questionnaire-page";
import { questionnaireHandle } from "~/questionnaire/texts";
import { questionnaireAction, questionnaireLoader, setLocator } from "~/domain/profile-questionnaire-page.server";

// An admin-made profile survey set, /details/profiledetails/set/{id}: the same page as the
// built-ins. A set offered to another country is the 404 page, as is an unknown id.

export const meta = questionnaireMeta;
export const handle = questionnaireHandle;
export const loader = questionnaireLoader(setLocator);
export const action = questionnaireAction(setLocator);
export default ProfileQuestionnairePage;
