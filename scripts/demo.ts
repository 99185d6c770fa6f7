// `npm run demo`: the production build on the embedded database in ./data, with the demo accounts
// (seeded by `npm run db:seed -- --demo` before this runs) and the mail outbox at /dev/mail, which
// answers only this machine. PORT and DATABASE_URL work as for `npm start`. Never a real panel:
// the demo accounts' passwords are in the README. See docs/decisions/031-start-modes.md.
//
//   node --import tsx scripts/demo.ts [--check-config]
import { mailOutboxRouter } from "./extras/mail-outbox";
import { prepare, startServer } from "./server";

// The demo tries the panel on this machine: two-factor sign-in for admins is offered, not forced.
process.env.ADMIN_MFA ||= "optional";
process.env.APP_URL ||= `http://localhost:${process.env.PORT?.trim() || "3000"}`;

if (process.argv.includes("--check-config")) {
  process.exitCode = (await prepare("demo")) ? 0 : 1;
} else {
  await startServer("demo", { extras: (app) => app.use("/dev/mail", mailOutboxRouter()) });
}
