import type http from "node:http";
import express from "express";
import type { Extras } from "../../scripts/server";

// The extras of the demo and the end-to-end harness (mail outbox, mock Google page) on a real
// Express server on a free loopback port, for tests that request them over HTTP.
export async function serveExtras(extras: Extras): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  extras(app);
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
