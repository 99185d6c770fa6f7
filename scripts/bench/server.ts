// The load benchmark's server: the production build as `npm run serve` serves it, plus the
// yardstick routes: /bench/static, an Express handler in front of Remix (what Express manages on
// this machine), and the Remix ones of ./yardsticks (a bare resource route and a bare document).
// Never part of the app's build or of `npm start` (docs/decisions/031-start-modes.md).
import { startServer } from "../server";
import { addYardstickRoutes, BARE_BODY, BARE_HEADERS } from "./yardsticks";

await startServer("harness", {
  extras(app) {
    app.get("/bench/static", (_req, res) => {
      res.set(BARE_HEADERS).send(BARE_BODY);
    });
  },
  changeBuild: addYardstickRoutes,
});
