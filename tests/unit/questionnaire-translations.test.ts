import { describe, expect, test } from "vitest";
import { BUILT_IN_PROFILE_SURVEYS } from "~/domain/profile-questionnaires";
import { getT } from "~/i18n/i18n.server";
import { readCatalogue } from "../../scripts/i18n-keys";
import { failureToast } from "~/components/profile-questionnaire-page";
import { formatsFor } from "~/i18n/format";
import { MESSAGES } from "~/questionnaire/schema";

// The built-in profile questionnaires are stored in English and shown in the member's language
// (decision 074): every text a member reads in them must have its Hindi, or a member choosing Hindi
// meets English in the middle of About You.

/** Names that read the same in every language. */
const BRANDS = new Set([
  "Google Chrome",
  "Mozilla Firefox",
  "Safari",
  "Microsoft Edge",
  "Opera",
  "Brave",
  "PlayStation",
  "Xbox",
  "Facebook",
  "Instagram",
  "LinkedIn",
  "Quora",
  "Reddit",
  "Snapchat",
  "Twitter / X",
  "Telegram",
  "WhatsApp",
]);

// A text shared with other pages ("Other", "Prefer not to say") lives in `common` (scripts/i18n-keys.ts).
const hindi = { ...readCatalogue("hi", "common"), ...readCatalogue("hi", "questionnaire") };

function textsOf(survey: (typeof BUILT_IN_PROFILE_SURVEYS)[number]): string[] {
  const { definition } = survey;
  return [
    definition.title,
    definition.description,
    survey.category,
    survey.submittedBanner,
    ...definition.pages.flatMap((page) => [
      page.title,
      ...page.questions.flatMap((question) => [question.label, ...question.options.map((option) => option.label)]),
    ]),
  ];
}

describe("the built-in questionnaires in Hindi", () => {
  test.each(BUILT_IN_PROFILE_SURVEYS.map((survey) => [survey.slug, survey] as const))(
    "%s: every title, question and option has its Hindi (names and rupee ranges read the same)",
    (_slug, survey) => {
      // A text with no Latin letter ("₹50,000 – ₹99,999", "3") reads the same in Hindi.
      const untranslated = textsOf(survey).filter(
        (text) => /[A-Za-z]/.test(text) && !BRANDS.has(text) && !hindi[text]?.trim(),
      );
      expect(untranslated).toEqual([]);
    },
  );

  test("About You's refused save toasts the question and its message in Hindi", async () => {
    const aboutYou = BUILT_IN_PROFILE_SURVEYS.find((survey) => survey.slug === "aboutyou")!.definition;
    const none = MESSAGES.exclusive("None of these");
    const toast = failureToast(aboutYou, { household_items: [none] }, true, await getT("hi"), formatsFor("hi"));
    expect(toast.message).toBe("इनमें से कौन-सी चीज़ें आपके घर में हैं? या तो 'इनमें से कोई नहीं' चुनें या दूसरे विकल्प, दोनों नहीं।");
    const english = failureToast(
      aboutYou,
      { education: [MESSAGES.required] },
      true,
      await getT("en"),
      formatsFor("en"),
    );
    expect(english.message).toBe("What is your highest level of education? This field is required.");
  });
});
