import { http, HttpResponse } from "msw";
import { expect, test } from "vitest";
import { allowConsoleError } from "../support/console";
import { mockServer } from "../support/setup-network";

test("an outside service answers only through a mock, never the network", async () => {
  // msw reports the refused request as an error: expected here, and kept quiet.
  allowConsoleError("[MSW] Error: intercepted a request without a matching request handler");
  await expect(fetch("https://payouts.example.com/v1/status")).rejects.toThrow();

  mockServer.use(http.get("https://payouts.example.com/v1/status", () => HttpResponse.json({ ok: true })));
  const response = await fetch("https://payouts.example.com/v1/status");
  expect(await response.json()).toEqual({ ok: true });
});
