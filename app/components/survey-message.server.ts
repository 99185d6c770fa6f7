import { getT } from "~/i18n/i18n.server";
import { inLanguage, type SurveyMessageContent } from "./survey-message";

/** A survey window's message in the language the request is served in (decision 074), for loaders. */
export async function surveyMessageFor(request: Request, content: SurveyMessageContent): Promise<SurveyMessageContent> {
  return inLanguage(await getT(request), content);
}
