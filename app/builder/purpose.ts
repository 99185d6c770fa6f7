// What a builder's Submit creates, and where each builder lives. The values are the database's
// DraftPurpose, so a draft row and the page that edits it share one name.
export type BuilderPurpose = "screener" | "hosted_survey";

const PATHS: Record<BuilderPurpose, string> = {
  screener: "/admin/screenercreate",
  hosted_survey: "/admin/survey/build",
};

export function builderPath(purpose: BuilderPurpose): string {
  return PATHS[purpose];
}

export const BUILDER_HEADINGS: Record<BuilderPurpose, string> = {
  screener: "Create Screener",
  hosted_survey: "Build a Survey",
};

/** Browser storage of the draft with JavaScript (the spec keeps the draft in local storage). */
export function storageKey(purpose: BuilderPurpose): string {
  return `builder:${purpose}`;
}
