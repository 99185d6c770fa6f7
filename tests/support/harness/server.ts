// The end-to-end harness: the production build (build/server/index.js, exactly what `npm start`
// serves) with the test's extras mounted beside it in the same process: the fixtures endpoint
// (/dev/fixtures), the mock Google consent screen (/dev/google/authorize, with GOOGLE_MOCK=1) and
// the mail outbox (/dev/mail). None of them is in the app's build. playwright.config.ts starts it
// after migrating and seeding with the demo accounts. See docs/decisions/031-start-modes.md.
import express from "express";
import { startServer } from "../../../scripts/server";
import { fromLoopback } from "../../../scripts/extras/html";
import { mailOutboxRouter } from "../../../scripts/extras/mail-outbox";
import { createFixture } from "./fixtures";
import { googleConsentRouter } from "./google-consent";

await startServer("harness", {
  extras(app) {
    app.post("/dev/fixtures", express.json({ limit: "1mb" }), async (req, res, next) => {
      // It makes admins and sessions: only the tests on this machine may call it.
      if (!fromLoopback(req)) return void res.status(404).type("text/plain").send("Not Found");
      try {
        const request = new Request(new URL(req.originalUrl, `http://${req.get("host") ?? "localhost"}`), {
          method: "POST",
          headers: { "Content-Type": "application/json", "User-Agent": req.get("user-agent") ?? "" },
          body: JSON.stringify(req.body ?? {}),
        });
        const response = await createFixture(request);
        res.status(response.status);
        for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
        res.type("application/json").send(await response.text());
      } catch (error) {
        next(error);
      }
    });
    app.use("/dev/google/authorize", googleConsentRouter());
    app.use("/dev/mail", mailOutboxRouter());
  },
});
