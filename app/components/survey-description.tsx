// A survey's description as members and admins see it. The HTML comes only from the database, where
// it was stored after server-side sanitising (app/domain/survey-catalogue-description.server.ts), so
// rendering it as HTML is safe; never pass anything else here.
export function SurveyDescription({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`text-sm text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h3]:mt-2 [&_h3]:font-semibold [&_h4]:mt-2 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
