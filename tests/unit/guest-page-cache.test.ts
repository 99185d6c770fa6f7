import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { languageOfAcceptLanguage } from "~/i18n/config";
import { GUEST_PAGE_MARK, guestPageCache } from "~/lib/guest-page-cache.server";
import { createNonce } from "~/lib/security-headers.server";

// The guest page cache's safety rules (docs/decisions/050-guest-page-cache.md), on a real Express
// server mounted as scripts/server.ts mounts it (compression, the cache, then the app), with a
// stand-in for the Remix app that renders like app/entry.server.tsx does: a CSP nonce per render,
// the mark on pages whose route opts in, a page that shows who is signed in and any toast. The
// real app's pages are covered end to end by tests/e2e/guest-page-cache.spec.ts.

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let now = 1_000_000;
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The app behind the cache; `renders` counts the pages it rendered. */
async function startApp(ttlSeconds = 60) {
  const renders: string[] = [];
  const app = express();
  app.use(compression());
  app.use(guestPageCache({ version: "build-1", ttlSeconds, now: () => now }));
  app.all("*", (req, res) => {
    renders.push(`${req.method} ${req.originalUrl}`);
    const nonce = createNonce();
    const cookie = req.headers.cookie ?? "";
    const member = /__member=(\w+)/.exec(cookie)?.[1];
    const toast = /toast=(\w+)/.exec(cookie)?.[1];
    const redirectTo = new URL(req.originalUrl, "http://x").searchParams.get("redirectTo");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    res.setHeader("Content-Type", "text/html");
    if (toast) res.setHeader("Set-Cookie", "toast=; Max-Age=0");
    if (req.path !== "/not-for-guests") res.setHeader(GUEST_PAGE_MARK, "1");
    if (req.path === "/broken") res.status(500);
    const language = languageOfAcceptLanguage(req.headers["accept-language"]) ?? "en";
    res.setHeader("Vary", "Accept-Language");
    res.write(
      `<html lang="${language}"><body><header>${member ? `Hi, ${member} · Dashboard` : "Login · Sign Up"}</header>`,
    );
    res.write(toast ? `<p role="status">${toast}</p>` : "");
    res.write(redirectTo ? `<input name="redirectTo" value="${redirectTo}">` : "");
    // Above the compression middleware's threshold (1 KB), like a real page.
    res.write(`<p>${"Earn points for your opinion. ".repeat(60)}</p>`);
    res.end(`<script nonce="${nonce}">hydrate()</script><script nonce="${nonce}">more()</script></body></html>`);
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const address = server.address() as { port: number };
  const request = (path: string, { method = "GET", headers = {} as Record<string, string> } = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const outgoing = http.request({ host: "127.0.0.1", port: address.port, path, method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = incoming.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: body.toString("utf8") });
        });
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  return { renders, request };
}

function noncesOf(reply: Reply) {
  const inPage = [...reply.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  const inPolicy = /'nonce-([^']+)'/.exec(String(reply.headers["content-security-policy"]))?.[1];
  return { inPage, inPolicy };
}

describe("the guest page cache", () => {
  test("visitors get the page rendered once, each answer with a nonce of its own that the CSP names", async () => {
    const { renders, request } = await startApp();
    const replies = [await request("/"), await request("/"), await request("/")];
    expect(renders).toEqual(["GET /"]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toContain("Login · Sign Up");
      expect(reply.headers[GUEST_PAGE_MARK]).toBeUndefined();
      const { inPage, inPolicy } = noncesOf(reply);
      expect(inPage).toEqual([inPolicy, inPolicy]);
    }
    expect(new Set(replies.map((reply) => noncesOf(reply).inPolicy)).size).toBe(3);
  });

  test("each language is kept apart: a Hindi browser never gets the English page, nor the reverse", async () => {
    const { renders, request } = await startApp();
    const hindi = { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" };
    const english = { "Accept-Language": "en-IN,en;q=0.9" };
    const replies = [
      await request("/", { headers: hindi }),
      await request("/", { headers: english }),
      await request("/", { headers: hindi }),
      await request("/", { headers: english }),
      // A language the site does not speak, or none: English.
      await request("/", { headers: { "Accept-Language": "fr" } }),
      await request("/"),
    ];
    expect(renders).toEqual(["GET /", "GET /"]);
    expect(replies.map((reply) => /lang="(\w+)"/.exec(reply.body)?.[1])).toEqual(["hi", "en", "hi", "en", "en", "en"]);
    // A shared cache on the way must keep them apart too.
    for (const reply of replies) expect(String(reply.headers.vary)).toMatch(/Accept-Language/i);
  });

  test("a signed-in member's page is never served from the cache nor kept for visitors", async () => {
    const { renders, request } = await startApp();
    const memberFirst = await request("/", { headers: { Cookie: "__member=Asha" } });
    expect(memberFirst.body).toContain("Hi, Asha");
    const visitor = await request("/");
    expect(visitor.body).toContain("Login · Sign Up");
    expect(visitor.body).not.toContain("Asha");

    const memberAfter = await request("/", { headers: { Cookie: "__member=Asha" } });
    expect(memberAfter.body).toContain("Hi, Asha");
    const visitorAfter = await request("/");
    expect(visitorAfter.body).toContain("Login · Sign Up");
    expect(visitorAfter.body).not.toContain("Asha");
    // Both member views were rendered by the app; the second visitor came from the cache.
    expect(renders).toEqual(["GET /", "GET /", "GET /"]);
  });

  test("any cookie goes through the app, even one that signs nobody in", async () => {
    const { renders, request } = await startApp();
    await request("/");
    await request("/", { headers: { Cookie: "__member=expired" } });
    await request("/", { headers: { Cookie: "something=else" } });
    expect(renders).toHaveLength(3);
  });

  test("a toast is shown to its own visitor, cleared, and never shown to the next", async () => {
    const { request } = await startApp();
    const flashed = await request("/", { headers: { Cookie: "toast=Saved" } });
    expect(flashed.body).toContain(`<p role="status">Saved</p>`);
    expect(flashed.headers["set-cookie"]).toEqual(["toast=; Max-Age=0"]);
    const next = await request("/");
    expect(next.body).not.toContain("Saved");
    expect(next.headers["set-cookie"]).toBeUndefined();
  });

  test("an address with a query string and every post go through the app and are not kept", async () => {
    const { renders, request } = await startApp();
    const withRedirect = await request("/login?redirectTo=/points");
    expect(withRedirect.body).toContain(`value="/points"`);
    const plain = await request("/login");
    expect(plain.body).not.toContain("redirectTo");
    await request("/login", { method: "POST" });
    await request("/login", { method: "POST" });
    expect(renders).toEqual(["GET /login?redirectTo=/points", "GET /login", "POST /login", "POST /login"]);
  });

  test("a page whose route does not ask for it, or an error page, is rendered every time", async () => {
    const { renders, request } = await startApp();
    for (const path of ["/not-for-guests", "/not-for-guests", "/broken", "/broken"]) await request(path);
    expect(renders).toHaveLength(4);
    expect((await request("/broken")).status).toBe(500);
  });

  test("a kept page is rendered again once it is older than the setting, and 0 turns the cache off", async () => {
    const { renders, request } = await startApp(60);
    await request("/");
    now += 59_000;
    await request("/");
    expect(renders).toHaveLength(1);
    now += 2_000;
    await request("/");
    expect(renders).toHaveLength(2);

    const off = await startApp(0);
    await off.request("/");
    await off.request("/");
    expect(off.renders).toHaveLength(2);
  });

  test("compression is decided per answer: a gzip page is never replayed to a client that did not ask", async () => {
    const { renders, request } = await startApp();
    const gzipped = await request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const plain = await request("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("Login · Sign Up");
    expect(renders).toHaveLength(1);
  });
});
