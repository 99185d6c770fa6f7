// The words and addresses of the lifecycle (decision 056), shared by the server and the pages:
// which things have one, what each change means, and where its buttons post.

export const LIFECYCLE_KINDS = ["survey", "screener", "profile_survey"] as const;
export type LifecycleKind = (typeof LIFECYCLE_KINDS)[number];
export const LIFECYCLE_CHANGES = ["close", "reopen", "archive", "unarchive"] as const;
export type LifecycleChange = (typeof LIFECYCLE_CHANGES)[number];

/** Close and archive take something away from members: they ask for a ticked confirmation. */
export const CONFIRMED_CHANGES: readonly LifecycleChange[] = ["close", "archive"];

export const LIFECYCLE_NOUNS: Record<LifecycleKind, string> = {
  survey: "survey",
  screener: "screener",
  profile_survey: "profile survey set",
};

/** The admin page of one thing, where its lifecycle buttons are. */
export function lifecyclePagePath(kind: LifecycleKind, id: number): string {
  switch (kind) {
    case "survey":
      return `/admin/survey/${id}`;
    case "screener":
      return `/admin/screener/view/${id}`;
    case "profile_survey":
      return `/admin/profilesurvey/${id}`;
  }
}

/** What the change means, said after it and on the confirmation page before it. */
export const CONSEQUENCE: Record<LifecycleKind, Record<LifecycleChange, string>> = {
  survey: {
    close:
      "members are no longer offered it and cannot start it. Members who already started may still finish. Reopen it to offer it again.",
    reopen: "members are offered it again while it is launched.",
    archive:
      "it is hidden from the survey list (Show archived lists it) and from members. Members' history, the ledger and the member pages still name it.",
    unarchive: "it is back in the survey list; members are offered it again if it is launched and open.",
  },
  screener: {
    close:
      "it can no longer be chosen for a survey or an assignment. Surveys and assignments that use it already keep screening with it.",
    reopen: "it can be chosen for surveys and assignments again.",
    archive:
      "it is hidden from the screener list (Show archived lists it) and can no longer be chosen. Surveys that use it keep screening with it.",
    unarchive: "it is back in the screener list.",
  },
  profile_survey: {
    close:
      "members no longer see it in their profile. The answers already given are kept and still used for targeting.",
    reopen: "members see it in their profile again.",
    archive:
      "it is hidden from the profile survey list (Show archived lists it) and from members. The answers already given are kept.",
    unarchive: "it is back in the list; members see it again unless it is closed.",
  },
};

/** The URL segment of each kind on /admin/lifecycle/{segment}/{id}. */
export const LIFECYCLE_SEGMENTS: Record<LifecycleKind, string> = {
  survey: "survey",
  screener: "screener",
  profile_survey: "profilesurvey",
};

export function kindOfSegment(segment: string | undefined): LifecycleKind | null {
  const found = LIFECYCLE_KINDS.find((kind) => LIFECYCLE_SEGMENTS[kind] === segment);
  return found ?? null;
}

/** Where the lifecycle buttons of one thing post (and where close and archive are confirmed). */
export function lifecyclePath(kind: LifecycleKind, id: number, change?: LifecycleChange): string {
  const path = `/admin/lifecycle/${LIFECYCLE_SEGMENTS[kind]}/${id}`;
  return change ? `${path}?change=${change}` : path;
}
