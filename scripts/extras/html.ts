import type express from "express";

// The extras (the demo's mail outbox, the test harness's mock Google page) are plain HTML served by
// Express beside the built app: they are not part of the app's build, so they cannot use its
// components. Small, escaped, and with a CSP of their own that allows no script at all.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A complete page: the title as its heading, the body already escaped by the caller. */
export function sendPage(
  res: express.Response,
  { title, body, status = 200 }: { title: string; body: string; status?: number },
) {
  res.status(status).set({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  }).send(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1.5rem 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
button{font:inherit;min-height:44px;padding:.5rem 1rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
label{display:block;margin:.75rem 0 .25rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #e2e8f0;padding:.75rem}
.error{color:#b91c1c}.muted{color:#475569}
</style>
</head>
<body>
${body}
</body>
</html>`);
}

/** Whether the TCP peer is this machine: the socket's own address, never a header. */
export function fromLoopback(req: express.Request): boolean {
  const address = req.socket.remoteAddress ?? "";
  return address === "::1" || /^(::ffff:)?127\./.test(address);
}
