import { tr } from "~/i18n/mark";

// The invitation-mail choice of My Detail (decision 068): what both the page and the server name.

export const INVITATION_CHOICE_INTENT = "invitation-mails";

export const INVITATION_CHOICE_MESSAGES = {
  on: tr("Invitation e-mails are on. We will e-mail you when a new survey is waiting for you."),
  off: tr("Invitation e-mails are off. New surveys still appear on your dashboard."),
} as const;
