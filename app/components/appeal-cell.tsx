import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { APPEAL_STATUS_LABEL, appealEventPath, type AppealKindName } from "~/domain/appeal-schema";

// The history tables' Appeal column (decision 073): a link to appeal the row's event once, or the
// appeal's state and, once decided, the admin's reply. An event that can no longer be appealed
// (`open` false: a reversal whose points are already back) shows no link.
export function AppealCell({
  event,
  appeal,
}: {
  event: { kind: AppealKindName; subjectId: number; open?: boolean } | null;
  appeal: { status: keyof typeof APPEAL_STATUS_LABEL; reply: string | null } | null;
}) {
  const { t } = useTranslation();
  if (!event) return null;
  if (!appeal) {
    if (event.open === false) return null;
    return (
      <Link className="text-blue-700 underline" to={appealEventPath(event.kind, event.subjectId)}>
        {t("Appeal")}
      </Link>
    );
  }
  return (
    <div>
      <p>{t(APPEAL_STATUS_LABEL[appeal.status])}</p>
      {/* The admin's reply in their own words. */}
      {appeal.reply ? <p className="text-slate-600">{t("Reply: {{reply}}", { reply: appeal.reply })}</p> : null}
    </div>
  );
}
