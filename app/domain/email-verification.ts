import { tr } from "~/i18n/mark";

// What the e-mail verification pages say in the browser as well as on the server: the landing page
// shows this heading after its own POST verified the address (spec wording, typo included).
export const EMAIL_VERIFIED = tr("Email Verified Succesfully");
