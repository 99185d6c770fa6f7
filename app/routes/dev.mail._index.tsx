import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, SubmitButton } from "~/components/forms";
import { clearOutbox, listOutbox, sendMail } from "~/domain/mail.server";
import { isMailOutbox } from "~/lib/env.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `Mail outbox | ${PRODUCT_NAME}` }];

// The outbox only exists while no SMTP server is configured; with real mail the page must not.
export async function loader() {
  if (!isMailOutbox()) throw new Response("Not Found", { status: 404 });
  const messages = await listOutbox();
  return { messages: messages.map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt })) };
}

const testMessageSchema = z.object({
  to: z
    .string({ required_error: "Enter an e-mail address" })
    .trim()
    .max(254, "Enter a valid e-mail address")
    .email("Enter a valid e-mail address"),
});

export async function action({ request }: ActionFunctionArgs) {
  if (!isMailOutbox()) throw new Response("Not Found", { status: 404 });
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const formData = await readFormData(request);
  if (formData.get("intent") === "clear") {
    await clearOutbox();
    return redirectWithToast("/dev/mail", { type: "success", message: "Outbox cleared" });
  }
  const submission = parseWithZod(formData, { schema: testMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await sendTestMessage(submission.value.to);
  return redirectWithToast("/dev/mail", {
    type: "success",
    message: `Test message sent to ${submission.value.to}`,
  });
}

export default function MailOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(testMessageSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testMessageSchema }),
  });
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Mail outbox</h1>
        <Form method="post">
          <SubmitButton name="intent" value="clear" pendingText="Clearing…" className="btn-secondary">
            Clear outbox
          </SubmitButton>
        </Form>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Mail the app would have sent. It lands here because no SMTP server is configured.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 max-w-md">
        <Field
          label="Send a test message to"
          inputProps={{ ...getInputProps(fields.to, { type: "email" }), autoComplete: "email" }}
          errors={fields.to.errors}
        />
        <SubmitButton name="intent" value="send-test" pendingText="Sending…">
          Send test message
        </SubmitButton>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-600">No mail yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-md border border-slate-200 bg-white">
          {/* Times shown as stored, in UTC, so the server's and the browser's rendering agree. */}
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Sent at
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  To
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Subject
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {messages.map((message) => (
                <tr key={message.id} className="align-top">
                  <td className="px-3 py-2 text-slate-600">
                    <time dateTime={message.sentAt}>
                      <span className="whitespace-nowrap">{message.sentAt.slice(0, 10)}</span>{" "}
                      <span className="whitespace-nowrap">{message.sentAt.slice(11, 19)} UTC</span>
                    </time>
                  </td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">{message.to}</td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">
                    <Link to={`/dev/mail/${message.id}`} className="text-brand-600 underline hover:text-brand-700">
                      {message.subject || "(no subject)"}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

function sendTestMessage(to: string) {
  return sendMail({
    to,
    subject: `Test message from ${PRODUCT_NAME}`,
    text: `This is a test message from ${PRODUCT_NAME}. Mail is being delivered.`,
    html: `<p>This is a test message from <strong>${PRODUCT_NAME}</strong>. Mail is being delivered.</p>`,
  });
}
