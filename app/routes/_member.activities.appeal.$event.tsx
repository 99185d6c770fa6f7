import { getFormProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert, SubmitButton, TextareaField, useForm } from "~/components/forms";
import {
  APPEAL_MESSAGE_MAX,
  APPEAL_STATUS_LABEL,
  fileAppealSchema,
  parseAppealEvent,
  type AppealKindName,
} from "~/domain/appeal-schema";
import { APPEAL_REFUSALS, fileAppeal, findAppealableEvent, memberAppeals } from "~/domain/appeals.server";
import { requireMemberWithDetails } from "~/domain/auth.server";
import { translateAppealTitle, translateRemark, translateWith } from "~/domain/member-texts";
import { getPrisma } from "~/lib/db.server";
import { formResult, readFormData, refuseForm } from "~/lib/forms.server";
import { notFound } from "~/lib/http.server";
import { getT } from "~/i18n/i18n.server";
import { titleMeta } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

// /activities/appeal/{kind}-{id}: the member appeals one event of their history once (decision 073):
// a reversed complete, a quality termination or a held withdrawal. Another member's event, or one
// that cannot be appealed, is the 404 page. Once appealed the page shows the appeal's state and,
// once decided, the admin's reply.

export const meta: MetaFunction<typeof loader> = titleMeta("Appeal");

const historyOf = (kind: AppealKindName) =>
  kind === "quality_termination" ? "/activities/surveyRecords" : "/activities/PointsRecords";

async function eventOf(memberId: number, param: string | undefined) {
  const parsed = parseAppealEvent(param);
  const event = parsed && (await findAppealableEvent(getPrisma(), memberId, parsed.kind, parsed.subjectId));
  if (!event) throw notFound();
  return event;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const event = await eventOf(member.id, params.event);
  const appeal = (await memberAppeals(member.id, [event.eventKey]))[event.eventKey] ?? null;
  const t = await getT(request);
  return {
    title: t("Appeal"),
    event: { title: event.title, reason: event.reason },
    back: historyOf(event.kind),
    appeal,
    // A reversal whose points are already back (approved by the researcher since) has nothing to appeal.
    closed: event.open ? null : t(APPEAL_REFUSALS.alreadyReturned),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMemberWithDetails(request);
  const event = await eventOf(member.id, params.event);
  const submission = parseWithZod(await readFormData(request), { schema: fileAppealSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const result = await fileAppeal(member.id, {
    kind: event.kind,
    subjectId: event.subjectId,
    message: submission.value.message,
  });
  if (!result.ok) return refuseForm(result.message, { status: 409 });
  return redirectWithToast(historyOf(event.kind), { type: "success", message: result.message });
}

export default function AppealPage() {
  const { event, back, appeal, closed } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "appeal",
    lastResult,
    constraint: getZodConstraint(fileAppealSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fileAppealSchema }),
  });
  const { t } = useTranslation();
  const translate = translateWith(t);
  return (
    <section aria-labelledby="appeal-heading" className="mt-4 max-w-2xl">
      <h1 id="appeal-heading" className="text-2xl font-semibold">
        {t("Appeal")}
      </h1>
      <p className="mt-2 font-medium">{translateAppealTitle(translate, event.title)}</p>
      {/* A ledger remark, a quality check's or a hold's reason: each in the member's language. */}
      <p className="mt-1 text-slate-700">{translateRemark(translate, event.reason)}</p>
      {appeal ? (
        <div className="mt-4 rounded-md border border-slate-200 bg-white p-4">
          <p className="font-medium">{t(APPEAL_STATUS_LABEL[appeal.status])}</p>
          <p className="mt-2 text-slate-700">{t("Your message: {{message}}", { message: appeal.message })}</p>
          {appeal.reply ? <p className="mt-2">{t("Reply: {{reply}}", { reply: appeal.reply })}</p> : null}
        </div>
      ) : closed ? (
        <p className="mt-4 rounded-md border border-slate-200 bg-white p-4">{closed}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-4 rounded-md border border-slate-200 bg-white p-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextareaField
            label={t("Why do you think this was a mistake?")}
            hint={t("Up to {{max}} characters. You can appeal each event once; an admin replies.", {
              max: APPEAL_MESSAGE_MAX,
            })}
            textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }}
            errors={fields.message.errors}
          />
          <SubmitButton pendingText={t("Sending…")}>{t("Send appeal")}</SubmitButton>
        </Form>
      )}
      <p className="mt-4">
        <Link className="text-blue-700 underline" to={back}>
          {t("Back to your history")}
        </Link>
      </p>
    </section>
  );
}
