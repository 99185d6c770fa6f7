import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CardPage } from "~/components/card-page";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { requireGuest } from "~/domain/auth.server";
import { readFormData } from "~/lib/forms.server";
import { passwordPolicyIssue } from "~/domain/passwords.server";
import {
  isResetLinkUsable,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  resetPassword,
} from "~/domain/password-reset.server";
import { PRODUCT_NAME } from "~/lib/product";
import { redirectWithToast } from "~/lib/toast.server";
import { passwordText } from "~/lib/validation";

// The reset link mailed by /reset-password: /resetpassword/{token}?email=…
export const meta: MetaFunction = () => [{ title: `Reset Password | ${PRODUCT_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request);
  const email = new URL(request.url).searchParams.get("email");
  const usable = await isResetLinkUsable(params.token ?? "", email);
  // A used, expired or unknown link renders the explanation, never the form.
  return data(
    usable ? { usable, email, problem: null } : { usable, email: null, problem: RESET_LINK_INVALID_MESSAGE },
    { status: usable ? 200 : 410 },
  );
}

// Field names follow the spec's reset payload: newPassword, newPassword_confirmation, email, token.
const PASSWORD_FIELDS = ["newPassword", "newPassword_confirmation"];

function resetSchema(policyIssue: (password: string) => string | null = () => null) {
  return z
    .object({
      newPassword: passwordText({ required: "The new password field is required." }),
      newPassword_confirmation: z
        .string({ required_error: "The new password confirmation field is required." })
        .max(200, "Must be at most 200 characters."),
    })
    .superRefine((value, context) => {
      const issue = policyIssue(value.newPassword);
      if (issue) context.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: issue });
      if (value.newPassword !== value.newPassword_confirmation) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newPassword_confirmation"],
          message: "Password do not match",
        });
      }
    });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await readFormData(request);
  // The server adds the password policy (length, common passwords) to the browser's checks.
  const submission = parseWithZod(formData, { schema: resetSchema(passwordPolicyIssue) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const email = formData.get("email");
  const result = await resetPassword({
    token: params.token ?? "",
    email: typeof email === "string" ? email : new URL(request.url).searchParams.get("email"),
    password: submission.value.newPassword,
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: PASSWORD_FIELDS }), {
      status: 410,
    });
  }
  return redirectWithToast("/login", { type: "success", message: PASSWORD_RESET_MESSAGE });
}

export default function ResetPasswordChange() {
  const { usable, email, problem } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const clientSchema = resetSchema();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(clientSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientSchema }),
  });
  return (
    <CardPage title="Reset Password">
        {usable ? (
          <>
            <p className="mt-1 break-words text-sm text-slate-600">
              Choose a new password for <strong>{email}</strong>.
            </p>
            <Form method="post" {...getFormProps(form)} className="mt-6">
              <input type="hidden" name="email" value={email ?? ""} />
              <Field
                label="New Password"
                inputProps={{
                  ...getInputProps(fields.newPassword, { type: "password", value: false }),
                  autoComplete: "new-password",
                }}
                errors={fields.newPassword.errors}
              />
              <Field
                label="Confirm Password"
                inputProps={{
                  ...getInputProps(fields.newPassword_confirmation, { type: "password", value: false }),
                  autoComplete: "new-password",
                }}
                errors={fields.newPassword_confirmation.errors}
              />
              <div role="alert" className="-mt-2 mb-4">
                <ErrorList id={form.errors?.length ? form.errorId : undefined} errors={form.errors} />
              </div>
              <SubmitButton pendingText="Saving…" className="btn-primary w-full">
                Reset Password
              </SubmitButton>
            </Form>
          </>
        ) : (
          <>
            <p role="alert" className="mt-4 text-red-700">
              {problem}
            </p>
            <p className="mt-4">
              <Link to="/reset-password" className="btn-primary">
                Request a new link
              </Link>
            </p>
          </>
        )}
        <p className="mt-4 text-sm">
          <Link to="/login" className="text-brand-600 underline">
            Log In
          </Link>
        </p>
    </CardPage>
  );
}
