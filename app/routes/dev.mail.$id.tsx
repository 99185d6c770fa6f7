import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readOutboxMessage } from "~/domain/mail.server";
import { isMailOutbox } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.message.subject || "Mail"} | Mail outbox | ${PRODUCT_NAME}` },
];

export async function loader({ params }: LoaderFunctionArgs) {
  if (!isMailOutbox()) throw new Response("Not Found", { status: 404 });
  const message = await readOutboxMessage(params.id ?? "");
  if (!message) throw new Response("Not Found", { status: 404 });
  return { message };
}

export default function OutboxMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/dev/mail" className="text-sm text-brand-600 underline hover:text-brand-700">
        ← Back to the outbox
      </Link>
      <h1 className="mt-4 break-words text-2xl font-semibold">{message.subject || "(no subject)"}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">To</dt>
        <dd className="[overflow-wrap:anywhere]">{message.to}</dd>
        <dt className="font-semibold text-slate-700">Sent at</dt>
        <dd>
          <time dateTime={message.sentAt}>{formatSentAt(message.sentAt)}</time>
        </dd>
      </dl>

      <h2 className="mt-8 text-lg font-semibold">Text</h2>
      <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-white p-3 text-sm">
        {message.text}
      </pre>

      <h2 className="mt-8 text-lg font-semibold">HTML</h2>
      {/* An empty sandbox: the mail's markup renders, but its scripts, forms and links cannot act. */}
      <iframe
        title="HTML body"
        sandbox=""
        srcDoc={message.html}
        className="mt-2 h-[32rem] w-full rounded-md border border-slate-200 bg-white"
      />
    </main>
  );
}

// In UTC, so the server's and the browser's rendering agree whatever their time zones.
function formatSentAt(sentAt: string): string {
  return `${sentAt.slice(0, 10)} ${sentAt.slice(11, 19)} UTC`;
}
