import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { CardPage } from "~/components/card-page";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { requireGuest } from "~/domain/auth.server";
import { readFormData } from "~/lib/forms.server";
import { RESET_LINK_SENT_MESSAGE, requestPasswordReset } from "~/domain/password-reset.server";
import { PRODUCT_NAME } from "~/lib/product";
import { clientAddress } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { emailAddress } from "~/lib/validation";

// The spec's ResetPassword screen (forgot password): one email field and Submit.
export const meta: MetaFunction = () => [{ title: `Forgot Password | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return null;
}

const forgotPasswordSchema = z.object({
  email: emailAddress({
    required: "The email field is required.",
    invalid: "The email must be a valid email address.",
  }),
});

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset({
    email: submission.value.email,
    address: clientAddress(request),
  });
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 429 });
  return redirectWithToast("/reset-password", { type: "success", message: RESET_LINK_SENT_MESSAGE });
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <CardPage title="Forgot Password">
        <p className="mt-1 text-sm text-slate-600">
          Enter the email you registered with and we will send you a link to choose a new password.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6">
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
          <div role="alert" className="-mt-2 mb-4">
            <ErrorList id={form.errors?.length ? form.errorId : undefined} errors={form.errors} />
          </div>
          <SubmitButton pendingText="Sending…" className="btn-primary w-full">
            Submit
          </SubmitButton>
        </Form>
        <p className="mt-4 text-sm">
          Remembered it?{" "}
          <Link to="/login" className="text-brand-600 underline">
            Log In
          </Link>
        </p>
    </CardPage>
  );
}
