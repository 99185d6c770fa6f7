import express from "express";
import { clearOutbox, listOutbox, readOutboxMessage } from "../../app/domain/mail.server";
import { isMailOutbox } from "../../app/lib/env.server";
import { escapeHtml, fromLoopback, sendPage } from "./html";

// The mail outbox viewer of the demo and the end-to-end harness, at /dev/mail: the file outbox
// (used while SMTP_URL is unset) listed, each message readable, and a button that empties it.
// It shows password-reset links, so it answers only requests from this machine (the TCP peer, not a
// header) and only while mail goes to the outbox; everything else gets the same 404 as an unknown
// path. `npm start` never mounts it. See docs/decisions/031-start-modes.md.

export function mailOutboxRouter(): express.Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!isMailOutbox() || !fromLoopback(req)) return void res.status(404).type("text/plain").send("Not Found");
    next();
  });

  router.get("/", async (_req, res) => {
    const messages = await listOutbox();
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.to)}</td><td><a href="/dev/mail/${encodeURIComponent(message.id)}">${escapeHtml(
            message.subject || "(no subject)",
          )}</a></td><td><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(utc(message.sentAt))}</time></td></tr>`,
      )
      .join("\n");
    sendPage(res, {
      title: "Mail outbox",
      body: `<h1>Mail outbox</h1>
<p class="muted">Mail the app sent while no SMTP server is set (SMTP_URL), newest first. Only this machine can see this page.</p>
${
  messages.length === 0
    ? "<p>The outbox is empty.</p>"
    : `<table><thead><tr><th>To</th><th>Subject</th><th>Sent</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="/dev/mail"><input type="hidden" name="intent" value="clear"><p><button type="submit">Empty the outbox</button></p></form>`
}`,
    });
  });

  router.post("/", express.urlencoded({ extended: false, limit: "1kb" }), async (req, res) => {
    if ((req.body as { intent?: unknown } | undefined)?.intent === "clear") await clearOutbox();
    res.redirect(303, "/dev/mail");
  });

  router.get("/:id", async (req, res) => {
    const message = await readOutboxMessage(req.params.id);
    if (!message) return void res.status(404).type("text/plain").send("Not Found");
    sendPage(res, {
      title: `${message.subject || "Mail"} | Mail outbox`,
      body: `<p><a href="/dev/mail">← Back to the outbox</a></p>
<h1>${escapeHtml(message.subject || "(no subject)")}</h1>
<p>To ${escapeHtml(message.to)}, sent <time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(utc(message.sentAt))}</time></p>
<h2>Text</h2>
<pre>${escapeHtml(message.text)}</pre>`,
    });
  });
  return router;
}

// In UTC, whatever the server's time zone.
function utc(sentAt: string): string {
  return `${sentAt.slice(0, 10)} ${sentAt.slice(11, 19)} UTC`;
}
