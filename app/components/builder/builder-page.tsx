import { useMemo } from "react";
import { draftRefusalOf, type BuilderDraft } from "~/builder/draft";
import { BUILDER_HEADINGS, type BuilderPurpose } from "~/builder/purpose";
import type { FormResult } from "~/lib/form-result";
import { SurveyBuilder } from "./survey-builder";

// The page around the builder: its heading and what Submit will create. `refused` is the action's
// answer (a FormResult): a refusal to show, or the background save's plain success.

const INTRO: Record<BuilderPurpose, string> = {
  screener:
    "Build the screener's pages and questions. Submit creates the screener; its qualifying rules are added from the Screener List.",
  hosted_survey:
    "Build the questions of a survey taken on this panel. Submit stores them, then you describe the survey (name, points, category) and launch it.",
};

export function BuilderPage({
  purpose,
  draft,
  version,
  refused,
}: {
  purpose: BuilderPurpose;
  draft: BuilderDraft | null;
  version: string | null;
  refused: FormResult | undefined;
}) {
  // Kept stable between renders: the builder hides a refusal once the draft changes.
  const refusal = useMemo(() => draftRefusalOf(refused), [refused]);
  return (
    <section aria-labelledby="builder-heading">
      <h1 id="builder-heading" className="text-2xl font-semibold">
        {BUILDER_HEADINGS[purpose]}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{INTRO[purpose]}</p>
      <SurveyBuilder purpose={purpose} draft={draft} version={version} refusal={refusal} />
    </section>
  );
}
