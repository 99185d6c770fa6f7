import { redirect } from "@remix-run/node";
import {
  applyBuilderAction,
  draftShape,
  draftToDefinition,
  newDraft,
  parseDraftJson,
  SHAPE_MESSAGES,
  validateDraft,
  draftRefusal,
  type BuilderDraft,
  type DraftErrors,
} from "~/builder/draft";
import { actionOfIntent, intent, renameActions, typeActions } from "~/builder/intents";
import { builderPath, type BuilderPurpose } from "~/builder/purpose";
import type { Admin, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/db.server";
import { formResult, readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { definitionIssues } from "~/questionnaire/schema";
import { createQuestionnaire } from "~/questionnaire/storage.server";
import { recordAudit } from "./audit.server";

// The survey builder on the server: one draft per admin and purpose in QuestionnaireDraft. Without
// JavaScript every button posts an intent that is applied here with the same reducer the browser
// uses; with JavaScript the browser posts the whole draft (debounced, and on Submit). Submit turns
// the draft into a questionnaire: a screener (with its Screener row and audit entry) or a hosted
// survey's questionnaire for the survey catalogue. See docs/decisions/018-builder.md.

/** The largest post and the largest draft the builder stores. */
export const MAX_DRAFT_BYTES = 256 * 1024;

export const BUILDER_MESSAGES = {
  tooLarge: "This survey is too large to save (limit 256 KB).",
  noDraft: "There is no survey draft yet. Press 'create new Survey' to start one.",
  unknownButton: "That button is not part of the builder. Reload the page and try again.",
  changedElsewhere:
    "This survey was changed in another window after this page was shown. The page now shows the latest version; redo your last change.",
  fixErrors: "Fix the marked fields, then Submit again.",
  alreadySubmitted: "This survey was already submitted.",
  screenerCreated: "Screener created successfully",
  surveyQuestionnaireCreated: "Survey questions saved. Now fill in the survey's details.",
} as const;

type Actor = Pick<Admin, "id" | "email">;

export interface BuilderState {
  draft: BuilderDraft | null;
  /** When the stored draft last changed (ISO), so a stale no-JavaScript form is noticed. */
  version: string | null;
}

export async function loadBuilderDraft(adminId: number, purpose: BuilderPurpose): Promise<BuilderState> {
  const row = await getPrisma().questionnaireDraft.findUnique({ where: { adminId_purpose: { adminId, purpose } } });
  if (!row) return { draft: null, version: null };
  // A row the builder cannot read (written by an older format) starts over rather than failing.
  const parsed = draftShape.safeParse(row.data);
  return parsed.success ? { draft: parsed.data, version: row.updatedAt.toISOString() } : { draft: null, version: null };
}

function byteSize(text: string): number {
  return new TextEncoder().encode(text).length;
}

async function saveDraft(adminId: number, purpose: BuilderPurpose, draft: BuilderDraft) {
  const json = draft as unknown as Prisma.InputJsonObject;
  await getPrisma().questionnaireDraft.upsert({
    where: { adminId_purpose: { adminId, purpose } },
    create: { adminId, purpose, data: json },
    update: { data: json },
  });
}

function refused(status: number, message: string, errors: DraftErrors = {}) {
  return formResult(draftRefusal(message, errors), { status });
}

/**
 * One builder post. Returns a redirect (Post/Redirect/Get after a no-JavaScript change, Preview
 * and Submit) or a FormResult: a success for the browser's background save, and a message with
 * field errors (by errorKey) when something is refused, in which case nothing was stored.
 */
export async function handleBuilderPost(request: Request, admin: Actor, purpose: BuilderPurpose) {
  const path = builderPath(purpose);
  // Refused before reading the body: a huge post costs nothing.
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > MAX_DRAFT_BYTES) return refused(413, BUILDER_MESSAGES.tooLarge);
  const formData = await readFormData(request);
  const read = (name: string) => formData.get(name);
  const pressed = read("intent");
  const button = typeof pressed === "string" ? pressed : intent.save;

  const posted = read("draft");
  const stored = await loadBuilderDraft(admin.id, purpose);
  let draft: BuilderDraft | null;
  if (posted !== null) {
    // With JavaScript the browser's draft is the truth; it still has to be a builder draft.
    if (typeof posted !== "string") return refused(400, SHAPE_MESSAGES.badShape);
    if (byteSize(posted) > MAX_DRAFT_BYTES) return refused(413, BUILDER_MESSAGES.tooLarge);
    const parsed = parseDraftJson(posted);
    if (!parsed.ok) return refused(400, parsed.message);
    draft = parsed.draft;
  } else {
    if (button === intent.start) {
      if (!stored.draft) await saveDraft(admin.id, purpose, newDraft());
      return redirect(path);
    }
    if (!stored.draft) return refused(409, BUILDER_MESSAGES.noDraft);
    const version = read("version");
    if (typeof version === "string" && version !== stored.version)
      return refused(409, BUILDER_MESSAGES.changedElsewhere);
    // Names typed and types picked before pressing any button are kept, whichever button it was.
    const typed = renameActions(stored.draft, read).reduce(applyBuilderAction, stored.draft);
    draft = typeActions(typed, read).reduce(applyBuilderAction, typed);
  }

  if (button !== intent.save && button !== intent.preview && button !== intent.submit && button !== intent.start) {
    const action = actionOfIntent(button, read);
    if (!action) return refused(400, BUILDER_MESSAGES.unknownButton);
    draft = applyBuilderAction(draft, action);
  }
  if (byteSize(JSON.stringify(draft)) > MAX_DRAFT_BYTES) return refused(413, BUILDER_MESSAGES.tooLarge);
  await saveDraft(admin.id, purpose, draft);

  if (button === intent.submit) return submitDraft(admin, purpose, draft, { fromStore: posted === null });
  if (button === intent.preview) return redirect(`${path}?preview=1&page=1`);
  // The browser's background save stays on the page; a form post gets a fresh page to reload safely.
  return posted !== null ? formResult({ status: "success" }) : redirect(path);
}

class AlreadySubmitted extends Error {}

async function submitDraft(
  admin: Actor,
  purpose: BuilderPurpose,
  draft: BuilderDraft,
  { fromStore }: { fromStore: boolean },
) {
  const errors = validateDraft(draft);
  if (Object.keys(errors).length > 0) return refused(400, BUILDER_MESSAGES.fixErrors, errors);
  const definition = draftToDefinition(draft);
  // validateDraft is meant to cover the engine's rules; this keeps a gap between them from becoming a 500.
  const issues = definitionIssues(definition);
  if (issues.length > 0) return refused(400, issues.join(" "));

  let questionnaireId: number;
  try {
    questionnaireId = await getPrisma().$transaction(async (tx) => {
      // Deleted first: its row lock makes a second, concurrent Submit of the same draft wait and
      // then find nothing, so a double click cannot create the survey twice.
      const removed = await tx.questionnaireDraft.deleteMany({ where: { adminId: admin.id, purpose } });
      if (fromStore && removed.count === 0) throw new AlreadySubmitted();
      const kind = purpose === "screener" ? "screener" : "hosted_survey";
      const id = await createQuestionnaire(tx, { kind, definition, createdById: admin.id });
      if (purpose === "screener") {
        const screener = await tx.screener.create({
          data: { questionnaireId: id, createdById: admin.id },
          select: { id: true },
        });
        await recordAudit(tx, {
          admin,
          action: "screener.created",
          targetType: "screener",
          targetId: screener.id,
          details: { questionnaireId: id, title: definition.title },
        });
      }
      // A hosted survey's questionnaire alone is not audited: the survey that uses it is
      // ("survey.created"), and an unused questionnaire reaches no member.
      return id;
    });
  } catch (error) {
    if (error instanceof AlreadySubmitted) return refused(409, BUILDER_MESSAGES.alreadySubmitted);
    throw error;
  }
  if (purpose === "screener") {
    return redirectWithToast("/admin/screener/list", { type: "success", message: BUILDER_MESSAGES.screenerCreated });
  }
  return redirectWithToast(`/admin/survey/new?questionnaire=${questionnaireId}`, {
    type: "success",
    message: BUILDER_MESSAGES.surveyQuestionnaireCreated,
  });
}
