import { http, HttpResponse } from "msw";
import { expect, test } from "vitest";
import { mockServer } from "../support/setup-network";

test("an outside service answers only through a mock, never the network", async () => {
  await expect(fetch("https://payouts.example.com/v1/status")).rejects.toThrow();

  mockServer.use(http.get("https://payouts.example.com/v1/status", () => HttpResponse.json({ ok: true })));
  const response = await fetch("https://payouts.example.com/v1/status");
  expect(await response.json()).toEqual({ ok: true });
});
