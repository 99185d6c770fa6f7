// The load benchmark's server: the production build as `npm run serve` serves it, plus the
// yardstick route /bench/static, which answers a fixed string without touching the database or
// Remix, so every other route's figures read as a share of what Express manages on the same
// machine. Never part of the app's build or of `npm start` (docs/decisions/031-start-modes.md).
import { startServer } from "../server";

const BODY = "Survey panel: a static string for the load benchmark.\n";

await startServer("harness", {
  extras(app) {
    app.get("/bench/static", (_req, res) => {
      res.set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(BODY);
    });
  },
});
