import type { CallbackRow } from "~/domain/survey-callbacks.server";
import { utcMinute } from "~/lib/utc-minute";

// The survey page's section for the vendor's developers (decision 060): how to send a server-to-server
// status callback, with a worked example they can paste, and the latest callbacks for support.

export interface CallbackGuideProps {
  url: string;
  exampleBody: string;
  exampleSignature: string | null;
  recent: CallbackRow[];
  requireCallback: boolean;
}

export function CallbackGuide({ url, exampleBody, exampleSignature, recent, requireCallback }: CallbackGuideProps) {
  const curl = [
    `SECRET='the survey signing secret'`,
    `BODY='${exampleBody}'`,
    `curl -X POST '${url}' -H 'Content-Type: application/json' -H "X-Signature: $(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')" --data-binary "$BODY"`,
  ].join("\n");
  return (
    <section
      aria-labelledby="callback-heading"
      className="mt-6 max-w-3xl rounded-md border border-slate-200 bg-white p-4"
    >
      <h2 id="callback-heading" className="text-lg font-semibold">
        Server callback for the vendor
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {requireCallback
          ? "This survey requires the callback: a complete counts only when the vendor's server sends it. The return link alone tells the member the complete is being confirmed."
          : "Optional for this survey: the vendor's server may report each respondent's status directly, besides the return link. Whichever comes first counts; a complete is credited once."}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium">POST</span> <span className="break-all font-mono">{url}</span>
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
        <li>
          Body: JSON with <code>token</code> (the respondent token), <code>status</code> (<code>complete</code>,{" "}
          <code>terminate</code> for a screen-out, <code>over_quota</code> or <code>quality</code>) and optionally{" "}
          <code>loiSeconds</code> (the length of interview in whole seconds). A form body with the same fields works
          too. At most 4 KB.
        </li>
        <li>
          Header <code>X-Signature</code>: the lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the
          survey&apos;s signing secret (the one that signs the return links, as text).
        </li>
        <li>
          Answers: 200 recorded, or already recorded when sent again (nothing changes); 401 a wrong signature; 404 an
          unknown survey or token; 409 a status that conflicts with the one recorded (a complete after a screen-out);
          413 a body over 4 KB; 400 a body that cannot be read. Each answer is JSON with a message.
        </li>
      </ul>
      <h3 className="mt-3 font-semibold">Worked example</h3>
      <pre
        className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-slate-100 p-2 font-mono text-xs"
        data-testid="callback-curl"
      >
        {curl}
      </pre>
      {exampleSignature ? (
        <p className="mt-2 text-sm text-slate-700">
          With this survey&apos;s secret the signature of that body is{" "}
          <span className="break-all font-mono text-xs" data-testid="callback-example-signature">
            {exampleSignature}
          </span>
          .
        </p>
      ) : null}
      <h3 className="mt-4 font-semibold">Latest callbacks</h3>
      {recent.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No callback has been received for this survey yet.</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">The latest {recent.length} callbacks, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200">
                {["Received (UTC)", "Token", "Status", "Length (s)", "Result"].map((heading) => (
                  <th key={heading} scope="col" className="py-1 pr-3">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {recent.map((row, index) => (
                <tr key={index} className="border-b border-slate-100">
                  <td className="py-1 pr-3">{utcMinute(row.receivedAt)}</td>
                  <td className="break-all py-1 pr-3 font-mono text-xs">{row.token ?? "–"}</td>
                  <td className="py-1 pr-3">{row.status ?? "–"}</td>
                  <td className="py-1 pr-3">{row.loiSeconds ?? "–"}</td>
                  <td className="py-1 pr-3">
                    {row.result.replaceAll("_", " ")} ({row.httpStatus})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
