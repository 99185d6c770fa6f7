import {
  useFetcher,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import {
  applyBuilderAction,
  draftShape,
  errorKey,
  newDraft,
  PALETTE,
  validateDraft,
  type BuilderAction,
  type BuilderDraft,
  type DraftErrors,
} from "~/builder/draft";
import { actionOfIntent, field, intent } from "~/builder/intents";
import { builderPath, storageKey, type BuilderPurpose } from "~/builder/purpose";
import { ErrorList } from "~/components/forms";
import { formErrorsOf, type FormResult } from "~/lib/form-result";
import { BuilderPreview } from "./builder-preview";
import { EditableName } from "./editable-name";
import { QuestionCard } from "./question-card";

// The survey builder (the spec's Survey creation builder), shared by Create Screener and the hosted
// survey builder. It is one plain form: every button is a submit button with an intent, so without
// JavaScript each press posts and the server applies it to the stored draft. With JavaScript the
// form's submit is caught and the pressed button's intent is applied by the same reducer at once;
// the draft is kept in local storage and saved to the server in the background.

const MAX_DRAFT_BYTES = 256 * 1024;
const TOO_LARGE = "This survey is too large to save (limit 256 KB).";
const SAVE_DELAY_MS = 700;

export interface BuilderProps {
  purpose: BuilderPurpose;
  draft: BuilderDraft | null;
  version: string | null;
  /** From the last refused post. */
  refusal: { message: string; errors: DraftErrors } | null;
}

interface Stored {
  draft: BuilderDraft;
  savedAt: string;
}

function readStored(purpose: BuilderPurpose): Stored | null {
  try {
    const json: unknown = JSON.parse(window.localStorage.getItem(storageKey(purpose)) ?? "null");
    if (typeof json !== "object" || json === null) return null;
    const { draft, savedAt } = json as { draft?: unknown; savedAt?: unknown };
    const parsed = draftShape.safeParse(draft);
    return parsed.success && typeof savedAt === "string" ? { draft: parsed.data, savedAt } : null;
  } catch {
    // Storage may be disabled or hold something else; the server's draft is then the one shown.
    return null;
  }
}

function writeStored(purpose: BuilderPurpose, draft: BuilderDraft | null) {
  try {
    if (draft)
      window.localStorage.setItem(storageKey(purpose), JSON.stringify({ draft, savedAt: new Date().toISOString() }));
    else window.localStorage.removeItem(storageKey(purpose));
  } catch {
    // Only a convenience copy: the server keeps the draft as well.
  }
}

/**
 * The browser's side of the builder: the draft in React state, saved to local storage at once and
 * to the server a moment after the last change (the whole draft, in the background).
 */
function useClientDraft(
  purpose: BuilderPurpose,
  serverDraft: BuilderDraft | null,
  version: string | null,
  hydrated: boolean,
) {
  const [draft, setDraft] = useState(serverDraft);
  const [message, setMessage] = useState<string | null>(null);
  const changed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const fetcher = useFetcher<FormResult>();
  const { submit: submitFetcher } = fetcher;

  // A newer copy in this browser (changes whose background save had not happened yet) wins.
  useEffect(() => {
    const stored = readStored(purpose);
    if (stored && (!version || stored.savedAt > version)) {
      setDraft(stored.draft);
      changed.current = true;
    }
  }, [purpose, version]);

  useEffect(() => {
    if (!hydrated || !changed.current) return;
    writeStored(purpose, draft);
    clearTimeout(timer.current);
    if (!draft) return;
    timer.current = setTimeout(() => {
      submitFetcher({ intent: "save", draft: JSON.stringify(draft) }, { method: "post" });
    }, SAVE_DELAY_MS);
  }, [draft, hydrated, purpose, submitFetcher]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback((next: BuilderDraft) => {
    if (new TextEncoder().encode(JSON.stringify(next)).length > MAX_DRAFT_BYTES) {
      setMessage(TOO_LARGE);
      return false;
    }
    changed.current = true;
    setMessage(null);
    setDraft(next);
    return true;
  }, []);

  /** Stops the pending background save and forgets the local copy: the draft is being submitted. */
  const release = useCallback(() => {
    clearTimeout(timer.current);
    changed.current = false;
    writeStored(purpose, null);
  }, [purpose]);

  const saveMessage = formErrorsOf(fetcher.data)?.[0] ?? null;
  return { draft, change, release, message: message ?? saveMessage };
}

export function SurveyBuilder({ purpose, draft: serverDraft, version, refusal }: BuilderProps) {
  const hydrated = useHydrated();
  const path = builderPath(purpose);
  const client = useClientDraft(purpose, serverDraft, version, hydrated);
  const draft = hydrated ? client.draft : serverDraft;
  const [clientErrors, setClientErrors] = useState<DraftErrors | null>(null);
  const [refusalShown, setRefusalShown] = useState(refusal);
  useEffect(() => setRefusalShown(refusal), [refusal]);
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [searchParams] = useSearchParams();

  // ?preview=1&page=N is read here, not in the loader: with JavaScript it shows the browser's draft.
  if (searchParams.get("preview") === "1" && draft) {
    const asked = Number(searchParams.get("page") ?? "1");
    const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), Math.max(1, draft.pages.length)) : 1;
    return <BuilderPreview draft={draft} page={page} path={path} />;
  }

  const errors = clientErrors ?? refusalShown?.errors ?? {};
  const message =
    client.message ?? (clientErrors ? "Fix the marked fields, then Submit again." : (refusalShown?.message ?? null));

  const dispatch = (action: BuilderAction) => {
    if (!client.draft) return;
    if (client.change(applyBuilderAction(client.draft, action))) {
      setClientErrors(null);
      setRefusalShown(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : intent.save;
    if (value === intent.start) {
      client.change(newDraft());
      return;
    }
    if (!client.draft || value === intent.save) return;
    if (value === intent.preview) {
      navigate(`${path}?preview=1&page=1`);
      return;
    }
    if (value === intent.submit) {
      const found = validateDraft(client.draft);
      setClientErrors(Object.keys(found).length > 0 ? found : null);
      if (Object.keys(found).length > 0) return;
      client.release();
      submit({ intent: intent.submit, draft: JSON.stringify(client.draft) }, { method: "post" });
      return;
    }
    const formData = new FormData(event.currentTarget);
    const action = actionOfIntent(value, (name) => formData.get(name));
    if (action) dispatch(action);
  };

  return (
    <form method="post" action={path} onSubmit={onSubmit} className="mt-4" noValidate>
      {/* First in the form: Enter in a name field (without JavaScript) saves the names, nothing else. */}
      <button type="submit" name="intent" value={intent.save} className="sr-only" tabIndex={-1} aria-hidden="true">
        Save names
      </button>
      {version && !hydrated ? <input type="hidden" name="version" value={version} /> : null}
      <div role="alert" aria-live="polite">
        {message ? <p className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">{message}</p> : null}
      </div>
      {draft ? (
        <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
          <Palette />
          <DraftEditor
            draft={draft}
            errors={errors}
            interactive={hydrated}
            dispatch={dispatch}
            attentionChecks={purpose === "hosted_survey"}
          />
        </div>
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-600">No survey in the making.</p>
          <button type="submit" name="intent" value={intent.start} className="btn-primary mt-4">
            create new Survey
          </button>
        </div>
      )}
      {draft ? (
        <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          <button type="submit" name="intent" value={intent.addPage} className="btn-secondary">
            Add New Page
          </button>
          <button type="submit" name="intent" value={intent.preview} className="btn-secondary">
            Preview
          </button>
          <button
            type="submit"
            name="intent"
            value={intent.submit}
            className="btn-primary ml-auto"
            disabled={submitting}
          >
            Submit
          </button>
        </div>
      ) : null}
    </form>
  );
}

function Palette() {
  return (
    <section aria-labelledby="palette-heading" className="self-start rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="palette-heading" className="text-sm font-semibold text-slate-700">
        Question types
      </h2>
      <p className="mt-1 text-xs text-slate-500">Adds to the selected page, or the last one.</p>
      <ul className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-1">
        {PALETTE.map((entry) => (
          <li key={entry.type}>
            <button type="submit" name="intent" value={intent.addQuestion(entry.type)} className="btn-secondary w-full">
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DraftEditor({
  draft,
  errors,
  interactive,
  dispatch,
  attentionChecks,
}: {
  draft: BuilderDraft;
  errors: DraftErrors;
  interactive: boolean;
  dispatch: (action: BuilderAction) => void;
  /** Hosted surveys only: a screener's questions are not attention checks. */
  attentionChecks: boolean;
}) {
  return (
    <div className="min-w-0 space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <EditableName
          id="builder-title"
          label="Survey title"
          name={field.title}
          value={draft.title}
          interactive={interactive}
          onSave={(value) => dispatch({ type: "rename-title", value })}
          error={errors[errorKey.title]}
          textClassName="text-xl font-semibold"
        />
        <EditableName
          id="builder-description"
          label="Survey description"
          name={field.description}
          value={draft.description}
          interactive={interactive}
          onSave={(value) => dispatch({ type: "rename-description", value })}
          error={errors[errorKey.description]}
          textClassName="text-slate-600"
        />
      </div>
      <ErrorList id="builder-pages-error" errors={errors[errorKey.pages] ? [errors[errorKey.pages]] : undefined} />
      {draft.pages.length === 0 ? (
        <p className="text-slate-600">This survey has no pages. Add a page or a question.</p>
      ) : null}
      {draft.pages.map((page, p) => {
        const selected = draft.selectedPage === p;
        return (
          <section
            key={p}
            aria-label={`Page ${p + 1}`}
            className={`rounded-lg border bg-white p-4 ${selected ? "border-brand-600 ring-2 ring-brand-200" : "border-slate-200"}`}
          >
            <div className="flex flex-wrap items-start gap-3">
              <EditableName
                id={`builder-page-${p}`}
                label="Page name"
                name={field.page(p)}
                value={page.name}
                interactive={interactive}
                onSave={(value) => dispatch({ type: "rename-page", page: p, value })}
                error={errors[errorKey.page(p)]}
                textClassName="font-semibold"
              />
              <button
                type="submit"
                name="intent"
                value={intent.togglePage(p)}
                aria-pressed={selected}
                className="btn-secondary ml-auto text-sm"
              >
                {selected ? "Selected page" : "Select page"}
              </button>
            </div>
            <ol className="mt-3 space-y-3">
              {page.questions.map((question, q) => (
                <li key={q}>
                  <QuestionCard
                    draft={draft}
                    page={p}
                    index={q}
                    question={question}
                    errors={errors}
                    interactive={interactive}
                    dispatch={dispatch}
                    attentionChecks={attentionChecks}
                  />
                </li>
              ))}
            </ol>
            <button type="submit" name="intent" value={intent.addQuestionTo(p)} className="btn-secondary mt-3 text-sm">
              Add Question
            </button>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The background save changes nothing the loaders show, so it does not reload them (which would
 * also cost a round trip per pause in typing).
 */
export const builderShouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === intent.save && formData.has("draft") ? false : defaultShouldRevalidate;
