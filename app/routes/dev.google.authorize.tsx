import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field } from "~/components/forms";
import { GOOGLE_CALLBACK_PATH, googleMode } from "~/domain/google-auth.server";
import { readFormData } from "~/lib/forms.server";
import { getEnv } from "~/lib/env.server";
import { PRODUCT_NAME } from "~/lib/product";
import { emailAddress, plainText } from "~/lib/validation";

// The mock Google consent screen (app/mocks/google.server.ts): in mock mode /auth/google sends the
// browser here instead of accounts.google.com, with the same query. Picking an account sends the
// browser back to the app's callback with a one-time code, as Google would.
export const meta: MetaFunction = () => [{ title: "Sign in with Google (mock)" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const mock = await loadMock();
  const oauth = await parseOAuthRequest(new URL(request.url).searchParams);
  if (!oauth) return data({ oauth: null, accounts: [] }, { status: 400 });
  return { oauth, accounts: mock.listMockGoogleAccounts() };
}

const newAccountSchema = z.object({
  givenName: plainText({ max: 100, required: "Enter a first name" }),
  familyName: plainText({ max: 100, required: "Enter a last name" }),
  email: emailAddress({ required: "Enter an email address", invalid: "Enter a valid email address" }),
  emailVerified: z.boolean().default(false),
});

export async function action({ request }: ActionFunctionArgs) {
  const mock = await loadMock();
  const formData = await readFormData(request);
  const oauth = await parseOAuthRequest(formData);
  if (!oauth) throw new Response("Invalid OAuth request", { status: 400 });
  const back = new URL(oauth.redirect_uri);
  back.searchParams.set("state", oauth.state);

  const intent = formData.get("intent");
  if (intent === "cancel") {
    back.searchParams.set("error", "access_denied");
    return redirect(back.toString());
  }
  let sub: string;
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: newAccountSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    sub = mock.saveMockGoogleAccount(submission.value).sub;
  } else {
    const chosen = mock.findMockGoogleAccount(String(formData.get("sub") ?? ""));
    if (!chosen) throw new Response("Unknown account", { status: 400 });
    sub = chosen.sub;
  }
  back.searchParams.set(
    "code",
    mock.issueMockAuthorizationCode({ sub, clientId: oauth.client_id, redirectUri: oauth.redirect_uri }),
  );
  return redirect(back.toString());
}

type OAuthRequest = NonNullable<Awaited<ReturnType<typeof parseOAuthRequest>>>;

export default function MockGoogleConsent() {
  const { oauth, accounts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "mock-google-account",
    lastResult,
    defaultValue: { emailVerified: "on" },
    constraint: getZodConstraint(newAccountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newAccountSchema }),
  });
  if (!oauth) {
    return (
      <main className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-xl font-semibold">Error 400: invalid_request</h1>
        <p className="mt-2 text-slate-600">This sign-in request is not from {PRODUCT_NAME}.</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold text-slate-500">Google (mock)</p>
        <h1 className="mt-1 text-2xl font-semibold">Choose an account</h1>
        <p className="mt-1 text-sm text-slate-600">to continue to {PRODUCT_NAME}</p>
        {/* Full page loads: the callback is a server redirect, not a page the app renders. */}
        <Form method="post" reloadDocument className="mt-4">
          <OAuthFields oauth={oauth} />
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {accounts.map((account) => (
              <li key={account.sub}>
                <button
                  type="submit"
                  name="sub"
                  value={account.sub}
                  className="w-full px-4 py-3 text-left hover:bg-slate-50"
                >
                  <span className="block font-medium">
                    {account.givenName} {account.familyName}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {account.email}
                    {account.emailVerified ? "" : " (email not verified)"}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Form>
        <h2 className="mt-8 text-lg font-semibold">Use another account</h2>
        <Form method="post" reloadDocument {...getFormProps(form)} className="mt-3">
          <OAuthFields oauth={oauth} />
          <input type="hidden" name="intent" value="add" />
          <Field
            label="First name"
            inputProps={getInputProps(fields.givenName, { type: "text" })}
            errors={fields.givenName.errors}
          />
          <Field
            label="Last name"
            inputProps={getInputProps(fields.familyName, { type: "text" })}
            errors={fields.familyName.errors}
          />
          <Field
            label="Email"
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
          />
          <label className="mb-4 flex items-center gap-2 text-sm text-slate-700">
            <input {...getInputProps(fields.emailVerified, { type: "checkbox" })} />
            Google has verified this email
          </label>
          <button type="submit" className="btn-primary w-full">
            Continue
          </button>
        </Form>
        <Form method="post" reloadDocument className="mt-4">
          <OAuthFields oauth={oauth} />
          <button type="submit" name="intent" value="cancel" className="btn-secondary w-full">
            Cancel
          </button>
        </Form>
      </section>
    </main>
  );
}

function OAuthFields({ oauth }: { oauth: OAuthRequest }) {
  return (
    <>
      <input type="hidden" name="client_id" value={oauth.client_id} />
      <input type="hidden" name="redirect_uri" value={oauth.redirect_uri} />
      <input type="hidden" name="state" value={oauth.state} />
      <input type="hidden" name="scope" value={oauth.scope} />
    </>
  );
}

// The page exists only while Google is mocked.
async function loadMock() {
  if (googleMode() !== "mock") throw new Response("Not Found", { status: 404 });
  return import("~/mocks/google.server");
}

/** Like Google, only the registered client and its registered callback are served. */
async function parseOAuthRequest(params: URLSearchParams | FormData) {
  const { MOCK_GOOGLE_CLIENT } = await loadMock();
  const callback = `${getEnv().APP_URL.replace(/\/+$/, "")}${GOOGLE_CALLBACK_PATH}`;
  const parsed = z
    .object({
      client_id: z.literal(MOCK_GOOGLE_CLIENT.clientID),
      redirect_uri: z.literal(callback),
      state: z.string().min(1).max(200),
      scope: z.string().max(500).default(""),
    })
    .safeParse(
      Object.fromEntries(
        ["client_id", "redirect_uri", "state", "scope"].map((name) => [name, params.get(name) ?? undefined]),
      ),
    );
  return parsed.success ? parsed.data : null;
}
