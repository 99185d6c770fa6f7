import type { AuditAction } from "./audit.server";

// The audit log in plain words: every AuditAction has a sentence here, built from what its
// recordAudit call stores in `details` (grep recordAudit), and a before/after of the fields that
// changed where the details carry them. Entries whose action is unknown (older or removed
// actions) fall back to their details written out as "key: value". See
// docs/decisions/053-audit-log-filters-and-sentences.md.

/** A piece of a sentence: plain words, or words that link somewhere (a member, a withdrawal). */
export type SentencePart = string | { text: string; href: string };

/** One field that changed: what it was (when known) and what it became. */
export interface AuditChange {
  field: string;
  before?: string;
  after: string;
}

export interface AuditSentence {
  parts: SentencePart[];
  changes: AuditChange[];
}

/** What a sentence is made from: one audit entry as stored. */
export interface AuditEntryForSentence {
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
  details: unknown;
}

type Details = Record<string, unknown>;
type Build = (entry: { actor: string; targetId: string; details: Details }) => AuditSentence;

/** The address of a member's page in the back office. */
export const memberHref = (memberId: string | number) => `/admin/users/${memberId}`;

const member = (id: unknown): SentencePart =>
  typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id))
    ? { text: `member #${id}`, href: memberHref(id) }
    : "a member";

const withdrawal = (referenceId: string): SentencePart => ({
  text: `withdrawal ${referenceId}`,
  href: `/admin/withdrawal/req/${encodeURIComponent(referenceId)}`,
});

const payoutBatch = (id: string): SentencePart => ({
  text: `payout batch #${id}`,
  href: `/admin/payouts/${encodeURIComponent(id)}`,
});

const points = (value: unknown) =>
  typeof value === "number" ? `${value.toLocaleString("en-US")} points` : "an unrecorded number of points";

/** A `{ before, after }` pair of numbers, as an edit records a changed amount. */
const isBeforeAfter = (value: unknown): value is { before: number; after: number } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { before?: unknown }).before === "number" &&
  typeof (value as { after?: unknown }).after === "number";

const quoted = (value: unknown) => (typeof value === "string" && value !== "" ? ` "${value}"` : "");
const emailOf = (details: Details, fallback: string) => (typeof details.email === "string" ? details.email : fallback);

/** The "(above the cap of N)" note that capDetails adds when a super-admin went past the cap. */
const capNote = (details: Details) =>
  details.aboveCap === true ? ` (above the cap of ${points(details.cap)}, allowed for a super-admin)` : "";

/** The reason an action asks for, as `: "…"` after the sentence. */
const because = (details: Details) => (typeof details.reason === "string" ? `: "${details.reason}"` : "");
const sessionsNote = (details: Details) =>
  typeof details.sessionsEnded === "number" ? `, ending ${details.sessionsEnded} session(s)` : "";

const sentence = (parts: SentencePart[], changes: AuditChange[] = []): AuditSentence => ({ parts, changes });
const flip = (field: string, before: string, after: string): AuditChange[] => [{ field, before, after }];

/** Close, reopen, archive, unarchive and clone of one kind of thing, as lifecycle.server.ts records them. */
function lifecycleSentences<Kind extends "survey" | "screener" | "profile_survey">(kind: Kind, noun: string) {
  const done =
    (verb: string): Build =>
    ({ actor, targetId, details }) =>
      sentence([`${actor} ${verb} ${noun} #${targetId}${quoted(details.name)}`]);
  const cloned: Build = ({ actor, targetId, details }) =>
    sentence([
      `${actor} cloned ${noun} #${String(details.from)}${quoted(details.fromName)} as ${noun} #${targetId}${quoted(details.name)}`,
    ]);
  return {
    [`${kind}.closed`]: done("closed"),
    [`${kind}.reopened`]: done("reopened"),
    [`${kind}.archived`]: done("archived"),
    [`${kind}.unarchived`]: done("unarchived"),
    [`${kind}.cloned`]: cloned,
  } as Record<`${Kind}.${"closed" | "reopened" | "archived" | "unarchived" | "cloned"}`, Build>;
}

const SENTENCES = {
  "admin.created": ({ actor, targetId, details }) =>
    sentence([
      `${actor} registered admin ${emailOf(details, `#${targetId}`)}${quoted(details.name)}${details.superAdmin === true ? " as a super-admin" : ""}`,
    ]),
  "admin.revoked": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} revoked the admin rights of ${emailOf(details, `admin #${targetId}`)}`,
        typeof details.reason === "string" ? ` (${details.reason})` : "",
        typeof details.sessionsEnded === "number" ? `, ending ${details.sessionsEnded} session(s)` : "",
      ],
      flip("Admin rights", "yes", "no"),
    ),
  "admin.granted": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} granted admin rights to ${emailOf(details, `admin #${targetId}`)}`],
      flip("Admin rights", "no", "yes"),
    ),
  "admin.password_changed": ({ actor, targetId, details }) =>
    sentence([
      details.own === true
        ? `${actor} changed their own password`
        : `${actor} set the password of ${emailOf(details, `admin #${targetId}`)}`,
    ]),
  "admin.password_reset": ({ actor }) => sentence([`${actor} reset their password with an e-mailed link`]),
  "admin.deleted": ({ actor, targetId, details }) =>
    sentence([`${actor} deleted admin ${emailOf(details, `#${targetId}`)}${quoted(details.name)} permanently`]),
  "admin.super_admin_granted": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} made ${emailOf(details, `admin #${targetId}`)} a super-admin`],
      flip("Super-admin", "no", "yes"),
    ),
  "admin.super_admin_revoked": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} took super-admin rights from ${emailOf(details, `admin #${targetId}`)}`],
      flip("Super-admin", "yes", "no"),
    ),
  "admin.two_factor_enabled": ({ actor, details }) =>
    sentence(
      [
        `${actor} turned on two-factor sign-in`,
        typeof details.otherSessionsEnded === "number" ? `, ending ${details.otherSessionsEnded} other session(s)` : "",
      ],
      flip("Two-factor sign-in", "off", "on"),
    ),
  "admin.two_factor_disabled": ({ actor }) =>
    sentence([`${actor} turned off two-factor sign-in`], flip("Two-factor sign-in", "on", "off")),
  "admin.two_factor_reset": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} reset two-factor sign-in of ${emailOf(details, `admin #${targetId}`)}`],
      flip("Two-factor sign-in", "on", "off"),
    ),
  "admin.recovery_code_used": ({ actor, details }) =>
    sentence(
      [`${actor} signed in with a recovery code`],
      typeof details.recoveryCodesLeft === "number"
        ? [
            {
              field: "Recovery codes left",
              before: String(details.recoveryCodesLeft + 1),
              after: String(details.recoveryCodesLeft),
            },
          ]
        : [],
    ),
  "profile_survey.created": ({ actor, targetId, details }) =>
    sentence([
      `${actor} created profile survey #${targetId}${quoted(details.title)}`,
      typeof details.country === "string" ? ` for ${details.country}` : "",
      ` worth ${points(details.points)}${capNote(details)}`,
    ]),
  "profile_survey.updated": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} edited profile survey #${targetId}${quoted(details.title)}`],
      [
        ...(typeof details.questions === "number" ? [{ field: "Questions", after: String(details.questions) }] : []),
        ...(Array.isArray(details.removedQuestions) && details.removedQuestions.length > 0
          ? [{ field: "Removed questions", after: details.removedQuestions.join(", ") }]
          : []),
      ],
    ),
  "screener.created": ({ actor, targetId, details }) =>
    sentence([`${actor} created screener #${targetId}${quoted(details.title)}`]),
  "screener.rules_added": ({ actor, targetId, details }) =>
    sentence([
      `${actor} set ${typeof details.rules === "number" ? details.rules : "the"} qualifying rule(s) of screener #${targetId}`,
      Array.isArray(details.questions) && details.questions.length > 0 ? ` (on ${details.questions.join(", ")})` : "",
    ]),
  "survey.created": ({ actor, targetId, details }) =>
    sentence([
      `${actor} created survey #${targetId}${quoted(details.name)}`,
      typeof details.delivery === "string" ? `, ${details.delivery}` : "",
      `, worth ${points(details.points)}${capNote(details)}`,
    ]),
  "survey.updated": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} edited survey #${targetId}${quoted(details.name)}${capNote(details)}`],
      Array.isArray(details.changed)
        ? details.changed.map((field) =>
            // The server-callback setting (decision 060) is a yes/no that money depends on: shown as such.
            field === "requireCallback" && typeof details.requireCallback === "boolean"
              ? {
                  field: "Require the server callback",
                  before: details.requireCallback ? "no" : "yes",
                  after: details.requireCallback ? "yes" : "no",
                }
              : field === "screenOutPoints" && isBeforeAfter(details.screenOutPoints)
                ? // Screen-out compensation (decision 063) is money: its amounts are shown, before and after.
                  {
                    field: "Screen-out compensation",
                    before: points(details.screenOutPoints.before),
                    after: points(details.screenOutPoints.after),
                  }
                : (closeSettingChange(field, details) ?? {
                    field: String(field),
                    after:
                      field === "points" && typeof details.points === "number" ? points(details.points) : "changed",
                  }),
          )
        : [],
    ),
  "survey.launched": ({ actor, targetId, details }) =>
    sentence([`${actor} launched survey #${targetId}${quoted(details.name)}`], flip("Launched", "no", "yes")),
  "survey.unlaunched": ({ actor, targetId, details }) =>
    sentence([`${actor} unlaunched survey #${targetId}${quoted(details.name)}`], flip("Launched", "yes", "no")),
  "survey.return_secret_rotated": ({ actor, targetId, details }) =>
    sentence([
      `${actor} made a new return-link secret for survey #${targetId}${quoted(details.name)}`,
      typeof details.previousValidUntil === "string"
        ? `; the old one works until ${details.previousValidUntil.replace("T", " ").slice(0, 16)} UTC`
        : "",
    ]),
  "assignment.created": ({ actor, targetId, details }) =>
    sentence([
      `${actor} assigned survey #${String(details.surveyId)} to `,
      member(details.memberId),
      ` for ${points(details.points)}${capNote(details)} (assignment #${targetId})`,
    ]),
  "audience.saved_all": ({ actor, targetId, details }) =>
    sentence([
      `${actor} offered survey #${targetId} to every member`,
      typeof details.country === "string" ? ` in ${details.country}` : "",
      ` for ${points(details.points)}${capNote(details)}`,
    ]),
  "audience.saved_by_demographics": ({ actor, targetId, details }) =>
    sentence([
      `${actor} offered survey #${targetId} to members by demographics`,
      Array.isArray(details.targets) ? ` (${details.targets.length} answer(s) chosen)` : "",
      ` for ${points(details.points)}${capNote(details)}`,
      typeof details.confirmedCount === "number"
        ? `, ${details.confirmedCount.toLocaleString("en-US")} members matching`
        : "",
    ]),
  "audience.deleted": ({ actor, targetId }) => sentence([`${actor} removed the audience of survey #${targetId}`]),
  "assignment.reassigned": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} reassigned survey #${String(details.surveyId)} to `,
        member(details.memberId),
        ` for ${points(details.points)}${capNote(details)}`,
      ],
      [{ field: "Assignment", before: `#${String(details.from)}`, after: `#${targetId}` }],
    ),
  "assignment.deleted": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} deleted assignment #${targetId} of survey #${String(details.surveyId)} for `,
        member(details.memberId),
      ],
      typeof details.status === "string" ? [{ field: "Status", before: details.status, after: "deleted" }] : [],
    ),
  "withdrawal.first_approved": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} gave the first of two approvals to `,
        withdrawal(targetId),
        " of ",
        member(details.memberId),
        ` for ${points(details.points)}`,
      ],
      flip("Approvals", "0 of 2", "1 of 2"),
    ),
  "withdrawal.approved": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} approved `,
        withdrawal(targetId),
        " of ",
        member(details.memberId),
        ` for ${points(details.points)}`,
        details.secondApproval === true ? " (second approval)" : "",
      ],
      flip("Status", "pending", "success"),
    ),
  "withdrawal.rejected": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} rejected `,
        withdrawal(targetId),
        " of ",
        member(details.memberId),
        ` for ${points(details.points)}`,
        typeof details.reason === "string" ? `: "${details.reason}"` : "",
      ],
      flip("Status", "pending", "rejected"),
    ),
  "points.adjusted": ({ actor, targetId, details }) => {
    const change = typeof details.points === "number" ? details.points : null;
    const verb = change !== null && change < 0 ? "took" : "gave";
    const amount = change === null ? points(null) : points(Math.abs(change));
    return sentence(
      [
        `${actor} ${verb} ${amount} ${verb === "took" ? "from" : "to"} `,
        member(targetId),
        capNote(details),
        typeof details.reason === "string" ? `: "${details.reason}"` : "",
      ],
      change !== null && typeof details.balance === "number"
        ? [{ field: "Balance", before: points(details.balance - change), after: points(details.balance) }]
        : [],
    );
  },
  // Issue 18 point 2: each stores its reason and details.before / details.after, which give the changes.
  "member.suspended": ({ actor, targetId, details }) =>
    sentence([`${actor} suspended `, member(targetId), because(details), sessionsNote(details)]),
  "member.reinstated": ({ actor, targetId, details }) =>
    sentence([`${actor} reinstated `, member(targetId), because(details)]),
  "member.closed": ({ actor, targetId, details }) =>
    sentence([`${actor} closed the account of `, member(targetId), because(details), sessionsNote(details)]),
  "member.email_verified": ({ actor, targetId, details }) =>
    sentence([`${actor} marked the e-mail address of `, member(targetId), " verified", because(details)]),
  "member.signed_out": ({ actor, targetId, details }) =>
    sentence([`${actor} signed `, member(targetId), " out of every device", because(details), sessionsNote(details)]),
  "assignment.completion_reversed": ({ actor, targetId, details }) =>
    sentence([
      `${actor} reversed the complete of assignment #${targetId} of `,
      member(details.memberId),
      `, taking back ${points(details.points)}`,
      typeof details.shortfall === "number" && details.shortfall > 0
        ? ` (${points(details.shortfall)} already spent)`
        : "",
      because(details),
    ]),
  // The lifecycle (decision 056): before/after of Closed or Archived ride in the details.
  ...lifecycleSentences("survey", "survey"),
  ...lifecycleSentences("screener", "screener"),
  ...lifecycleSentences("profile_survey", "profile survey set"),
  "screener.rules_replaced": ({ actor, targetId, details }) =>
    sentence([
      `${actor} replaced the qualifying rules of screener #${targetId} with ${typeof details.rules === "number" ? details.rules : "new"} rule(s)`,
    ]),
  "payout_batch.created": ({ actor, targetId, details }) =>
    sentence([
      `${actor} sent `,
      payoutBatch(targetId),
      ` of ${typeof details.count === "number" ? details.count : "some"} ${typeof details.method === "string" ? details.method.toUpperCase() : ""} withdrawal(s)`,
    ]),
  "payout_batch.downloaded": ({ actor, targetId }) =>
    sentence([`${actor} downloaded the payout file of `, payoutBatch(targetId)]),
  "payout_batch.results_uploaded": ({ actor, targetId, details }) =>
    sentence([
      `${actor} uploaded the provider's result file of `,
      payoutBatch(targetId),
      `: ${String(details.paid ?? 0)} paid, ${String(details.returned ?? 0)} returned`,
    ]),
  "payout.paid": ({ actor, targetId, details }) =>
    sentence([
      `${actor} recorded `,
      withdrawal(targetId),
      " of ",
      member(details.memberId),
      ` as paid${details.via === "file" ? " (result file)" : ""}`,
    ]),
  "payout.returned": ({ actor, targetId, details }) =>
    sentence([
      `${actor} recorded `,
      withdrawal(targetId),
      " of ",
      member(details.memberId),
      ` as returned, ${points(details.points)} back to the member`,
      typeof details.reason === "string" ? `: "${details.reason}"` : "",
    ]),
  "export.downloaded": ({ actor, targetId, details }) => {
    const filters = isObject(details.filters) && Object.keys(details.filters).length > 0 ? details.filters : null;
    const rows = typeof details.rows === "number" ? details.rows : null;
    return sentence([
      `${actor} downloaded the ${EXPORT_TITLES[targetId] ?? targetId}`,
      typeof details.memberId === "number" ? " of " : "",
      typeof details.memberId === "number" ? member(details.memberId) : "",
      " as CSV",
      // By name: the database keeps JSON keys in an order of its own.
      filters ? ` (filters: ${readableValue(Object.fromEntries(Object.entries(filters).sort()))})` : " (no filters)",
      rows === null
        ? ""
        : details.completed === false
          ? `; the download stopped after ${rows.toLocaleString("en-US")} rows`
          : `: ${rows.toLocaleString("en-US")} rows`,
    ]);
  },
  "survey.reconciled": ({ actor, targetId, details }) =>
    sentence([
      `${actor} applied a reconciliation file to survey #${targetId}${quoted(details.name)}: `,
      `${String(details.reversed ?? 0)} reversed, ${String(details.approved ?? 0)} approved again, `,
      `${String(details.unchanged ?? 0)} unchanged, ${String(details.unknown ?? 0)} unknown token(s), `,
      `${String(details.errors ?? 0)} line(s) with errors; ${points(details.pointsTaken)} taken back, `,
      `${points(details.pointsRecredited)} credited again`,
      typeof details.fileHash === "string" ? ` (file ${details.fileHash.slice(0, 12)}…)` : "",
    ]),
  // Issue 20: the kind is a QualitySignalKind, written with spaces.
  "quality_signal.cleared": ({ actor, targetId, details }) =>
    sentence([
      `${actor} cleared a ${typeof details.kind === "string" ? details.kind.replaceAll("_", " ") : "quality"} signal of `,
      member(targetId),
      because(details),
    ]),
  "withdrawal.released": ({ actor, targetId, details }) =>
    sentence(
      [`${actor} released `, withdrawal(targetId), " from its quality hold to the approval queue", because(details)],
      flip("Status", "held", "pending"),
    ),
  "appeal.granted": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} granted appeal #${String(details.appealId)} of `,
        member(targetId),
        ` about ${typeof details.event === "string" ? details.event : "an event"}`,
        typeof details.points === "number" && details.points > 0 ? `, ${points(details.points)} returned` : "",
        because(details),
      ],
      flip("Appeal", "open", "granted"),
    ),
  "appeal.upheld": ({ actor, targetId, details }) =>
    sentence(
      [
        `${actor} upheld the decision appealed in appeal #${String(details.appealId)} of `,
        member(targetId),
        ` about ${typeof details.event === "string" ? details.event : "an event"}`,
        because(details),
      ],
      flip("Appeal", "open", "upheld"),
    ),
} satisfies Record<AuditAction, Build>;

/** The exports' names in a sentence (export.downloaded stores the short name). */
const EXPORT_TITLES: Record<string, string> = {
  members: "members",
  ledger: "points ledger",
  withdrawals: "withdrawals",
  audit: "audit log",
  results: "results of a survey",
};

/** Every action, in the order the filter offers them. */
export const AUDIT_ACTIONS = Object.keys(SENTENCES).sort() as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(SENTENCES, value);
}

/** A readable value of any JSON: text as is, lists joined, objects as "key: value". */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(readableValue).join(", ");
  return Object.entries(value as Details)
    .map(([key, inner]) => `${key}: ${readableValue(inner)}`)
    .join("; ");
}

/**
 * The before/after that an entry carries itself, as `details.before` and `details.after` objects
 * (the shape for new actions): one change for each field whose value differs.
 */
function explicitChanges(details: Details): AuditChange[] {
  const { before, after } = details;
  if (!isObject(before) || !isObject(after)) return [];
  return Object.keys({ ...before, ...after })
    .filter((field) => readableValue(before[field]) !== readableValue(after[field]))
    .map((field) => ({ field, before: readableValue(before[field]), after: readableValue(after[field]) }));
}

const isObject = (value: unknown): value is Details =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The sentence of one entry: its action's own, or for an unknown action the details written out. */
export function auditSentence(entry: AuditEntryForSentence): AuditSentence {
  const details = isObject(entry.details) ? entry.details : {};
  const explicit = explicitChanges(details);
  if (isAuditAction(entry.action)) {
    const built = SENTENCES[entry.action]({ actor: entry.actor, targetId: entry.targetId, details });
    return explicit.length > 0 ? { ...built, changes: explicit } : built;
  }
  const target =
    entry.targetType === "member"
      ? member(entry.targetId)
      : `${entry.targetType.replaceAll("_", " ")} #${entry.targetId}`;
  const written = Object.keys(details).length > 0 ? ` (${readableValue(details)})` : "";
  return sentence([`${entry.actor} did "${entry.action}" on `, target, written], explicit);
}

/** The sentence as plain text (links as their words). */
export function sentenceText(sentence: AuditSentence): string {
  return sentence.parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/** The survey-close settings of a survey edit (decision 062), in words; null for any other field. */
function closeSettingChange(field: unknown, details: Record<string, unknown>): { field: string; after: string } | null {
  if (field === "closesAt" && (typeof details.closesAt === "string" || details.closesAt === null)) {
    const after =
      details.closesAt === null ? "none" : `${details.closesAt.slice(0, 10)} ${details.closesAt.slice(11, 16)} UTC`;
    return { field: "Close date", after };
  }
  if (field === "closeWhenQuotaFull" && typeof details.closeWhenQuotaFull === "boolean") {
    return { field: "Close when the quota is full", after: details.closeWhenQuotaFull ? "yes" : "no" };
  }
  return null;
}
