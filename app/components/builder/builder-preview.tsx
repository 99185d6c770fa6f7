import { Link } from "@remix-run/react";
import { draftToDefinition, type BuilderDraft } from "~/builder/draft";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";

// The builder's Preview: the draft as members will see it, one page at a time, rendered by the
// questionnaire engine itself (read-only). Previous, Next and 'Back to Survey Create' are links
// (?preview=1&page=N), so paging works without JavaScript; with JavaScript the same links render
// the browser's draft.

export function BuilderPreview({ draft, page, path }: { draft: BuilderDraft; page: number; path: string }) {
  const definition = draftToDefinition(draft);
  const [form] = useQuestionnaireForm({ id: "builder-preview", definition });
  const total = definition.pages.length;
  return (
    <section aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Preview</p>
      <h2 id="preview-heading" className="mt-1 text-xl font-semibold">
        {definition.title}
      </h2>
      <p className="mt-1 text-slate-600">{definition.description}</p>
      {total === 0 ? (
        <p className="mt-4 text-slate-600">This survey has no pages yet.</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">
            Page {page} of {total}
          </p>
          {/* Only a frame for the engine's fields: the controls are disabled and nothing posts. */}
          <form id={form.id} className="mt-2" onSubmit={(event) => event.preventDefault()}>
            <QuestionnaireFields definition={definition} form={form} page={page - 1} readOnly />
          </form>
        </>
      )}
      <nav aria-label="Preview pages" className="mt-4 flex flex-wrap items-center gap-3">
        {page > 1 ? (
          <Link to={`${path}?preview=1&page=${page - 1}`} className="btn-secondary" preventScrollReset>
            Previous
          </Link>
        ) : null}
        {page < total ? (
          <Link to={`${path}?preview=1&page=${page + 1}`} className="btn-primary" preventScrollReset>
            Next
          </Link>
        ) : null}
        <Link to={path} className="ml-auto text-brand-700 underline">
          Back to Survey Create
        </Link>
      </nav>
    </section>
  );
}
