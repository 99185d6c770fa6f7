import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { CardPage } from "~/components/card-page";
import { FormErrors, InputField, SubmitButton, useClearedAfterSubmit, useForm } from "~/components/forms";
import { completeSecondFactor, readAdminSession } from "~/domain/admin-sessions.server";
import { verifySecondFactor } from "~/domain/admin-two-factor.server";
import { assertSameOrigin } from "~/domain/auth.server";
import { readFormData } from "~/lib/forms.server";
import { PRODUCT_NAME } from "~/lib/product";

// The second step of an admin's sign-in (decision 037): after the right password, a code from the
// authenticator app or one of the recovery codes. Without a half-open sign-in there is nothing to
// do here: back to the password step.
export const meta: MetaFunction = () => [{ title: `Admin Sign-in Code | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await readAdminSession(request);
  if (current.state === "signed-in") throw redirect("/admin/dash");
  if (current.state !== "awaiting-second-factor") throw redirect("/admin");
  return null;
}

const codeSchema = z.object({
  code: z
    .string({ required_error: "Enter the code from your authenticator app, or a recovery code." })
    .trim()
    .max(40, "That is not a code: a code has 6 digits, a recovery code 10 letters and digits."),
});

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const current = await readAdminSession(request);
  if (current.state === "signed-in") throw redirect("/admin/dash");
  if (current.state !== "awaiting-second-factor") throw redirect("/admin");
  const submission = parseWithZod(await readFormData(request), { schema: codeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const result = await verifySecondFactor(current.session, submission.value.code);
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ["code"] }), { status: result.status });
  }
  const cookie = await completeSecondFactor(current.session, request);
  return redirect("/admin/dash", { headers: { "Set-Cookie": cookie } });
}

export default function AdminVerifyCode() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "admin-verify-code",
    lastResult,
    constraint: getZodConstraint(codeSchema),
    shouldValidate: "onSubmit",
  });
  useClearedAfterSubmit(lastResult, fields.code.id);
  return (
    <CardPage title="Enter your sign-in code">
      <p className="mt-2 text-sm text-slate-700">
        Open your authenticator app and enter the 6-digit code it shows for this panel. Without your phone, enter one of
        your recovery codes instead; each works once.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6">
        <InputField
          label="Code"
          field={fields.code}
          hideValue
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Checking…" className="btn-primary mt-2 w-full">
          Verify
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/admin" className="text-brand-600 underline">
          Start again with your password
        </Link>
      </p>
    </CardPage>
  );
}
