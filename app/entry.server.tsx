import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { googleMode } from "~/domain/google-auth.server";
import { startInactivityJobInApp } from "~/domain/inactivity.server";
import { startMailWorkerInApp } from "~/domain/mail-queue.server";
import { getLanguage, i18nFor } from "~/i18n/i18n.server";
import { GUEST_PAGE_MARK, wantsGuestPageCache } from "~/lib/guest-page-cache.server";
import { NonceProvider } from "~/lib/nonce";
import { servedOverHttps } from "~/lib/session-cookie.server";
import {
  applySecurityHeaders,
  createNonce,
  GOOGLE_CONSENT_ORIGIN,
  type SecurityHeaderOptions,
} from "~/lib/security-headers.server";

// Remix's default Node entry, plus three additions. The server build is imported once when the app
// boots (scripts/server.ts imports build/server/index.js), so this is where the background work
// starts, in the app's own process (with PGlite no other process may open the database): the mail
// worker (docs/decisions/024-invitations.md) and the daily inactivity pass (decision 027). And every document and data response gets the security
// headers, a document also a CSP with a fresh nonce for its inline scripts
// (docs/decisions/029-security-headers.md). And the page is rendered in the member's language
// (docs/decisions/074-languages.md).
startMailWorkerInApp();
startInactivityJobInApp();

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // The page is rendered in the request's language (decision 074); every text of it is loaded.
  const language = await getLanguage(request);
  const i18n = await i18nFor(language);
  // A visitor's page follows their Accept-Language: a shared cache on the way must keep them apart.
  responseHeaders.append("Vary", "Accept-Language");
  responseHeaders.set("Content-Language", language);
  // A page a visitor may get from the guest page cache (docs/decisions/050-guest-page-cache.md) is
  // rendered whole before its head is sent, so that only a page rendered without error is marked.
  const cacheable = wantsGuestPageCache(
    remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle),
  );
  // Bots and SPA mode get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode || cacheable;
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, { ...deployment(), nonce });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html");
      if (cacheable && responseStatusCode === 200) responseHeaders.set(GUEST_PAGE_MARK, "1");
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceProvider>
      </I18nextProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell reject above and are logged by Remix; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Single-fetch data responses (.data), which never reach handleRequest: the headers but no CSP. */
export function handleDataRequest(response: Response) {
  applySecurityHeaders(response.headers, deployment());
  return response;
}

function deployment(): SecurityHeaderOptions {
  return {
    // Replaced at build time: true only under Vite's dev server, whatever NODE_ENV says.
    development: import.meta.env.DEV,
    https: servedOverHttps(),
    formTargets: googleMode() === "google" ? [GOOGLE_CONSENT_ORIGIN] : [],
  };
}
