import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// getEnv() caches its first reading, so every test sets the environment and then imports fresh
// copies of the modules.
let base: string;
let outboxDir: string;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "mail-test-"));
  outboxDir = path.join(base, "outbox");
  vi.stubEnv("MAIL_OUTBOX_DIR", outboxDir);
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("MAIL_FROM", "Survey Panel <no-reply@panel.test>");
  vi.stubEnv("SESSION_SECRET", "mail-test-session-secret-0123456789abcdef");
  vi.resetModules();
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await fs.rm(base, { recursive: true, force: true });
});

const welcome = {
  to: "asha@example.com",
  subject: "Welcome to the panel",
  text: "Hello Asha, thanks for joining.",
  html: "<p>Hello <strong>Asha</strong>, thanks for joining.</p>",
};

describe("the file outbox", () => {
  it("writes each message as one JSON file with its fields", async () => {
    const { sendMail } = await import("~/domain/mail.server");
    const before = Date.now();
    await sendMail(welcome);

    const names = await fs.readdir(outboxDir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.json$/);
    const stored = JSON.parse(await fs.readFile(path.join(outboxDir, names[0]), "utf8"));
    expect(stored).toEqual({ id: path.basename(names[0], ".json"), ...welcome, sentAt: expect.any(String) });
    expect(new Date(stored.sentAt).toISOString()).toBe(stored.sentAt);
    expect(Date.parse(stored.sentAt)).toBeGreaterThanOrEqual(before);
  });

  it("lists messages newest first, even when sent within the same millisecond", async () => {
    const { listOutbox, sendMail } = await import("~/domain/mail.server");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-03-01T10:00:00.000Z") });
    for (const subject of ["first", "second", "third"]) await sendMail({ ...welcome, subject });

    const messages = await listOutbox();
    expect(messages.map((message) => message.subject)).toEqual(["third", "second", "first"]);
    expect(new Set(messages.map((message) => message.id)).size).toBe(3);
  });

  it("reads a message by id and refuses ids that could leave the outbox", async () => {
    const { listOutbox, readOutboxMessage, sendMail } = await import("~/domain/mail.server");
    await sendMail(welcome);
    const [{ id }] = await listOutbox();
    await fs.writeFile(path.join(base, "x.json"), JSON.stringify({ secret: true }));

    expect(await readOutboxMessage(id)).toMatchObject({ id, ...welcome });
    expect(await readOutboxMessage("../x")).toBeNull();
    expect(await readOutboxMessage(`${id}/../../x`)).toBeNull();
    expect(await readOutboxMessage(`../outbox/${id}`)).toBeNull();
    expect(await readOutboxMessage("")).toBeNull();
    expect(await readOutboxMessage("1700000000000-0000-000000000000")).toBeNull();
  });

  it("clears the outbox", async () => {
    const { clearOutbox, listOutbox, sendMail } = await import("~/domain/mail.server");
    await sendMail(welcome);
    await sendMail(welcome);

    await clearOutbox();
    expect(await listOutbox()).toEqual([]);
    expect(await fs.readdir(outboxDir)).toEqual([]);
  });

  it("treats a missing outbox folder as empty", async () => {
    const { clearOutbox, listOutbox } = await import("~/domain/mail.server");
    await expect(listOutbox()).resolves.toEqual([]);
    await expect(clearOutbox()).resolves.toBeUndefined();
  });
});

describe("SMTP", () => {
  let server: SMTPServer;
  let received: { from: string; to: string[]; raw: string }[];

  beforeEach(async () => {
    received = [];
    server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: nodemailer would otherwise upgrade and reject the self-signed cert.
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends through the SMTP server and writes nothing to the outbox", async () => {
    const { sendMail } = await import("~/domain/mail.server");
    await sendMail(welcome);

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.from).toBe("no-reply@panel.test");
    expect(message.to).toEqual([welcome.to]);
    expect(message.raw).toContain(`Subject: ${welcome.subject}`);
    expect(message.raw).toMatch(/^To: asha@example\.com/m);
    expect(message.raw).toContain("Content-Type: text/plain");
    expect(message.raw).toContain(welcome.text);
    expect(message.raw).toContain("Content-Type: text/html");
    expect(message.raw).toContain(welcome.html);
    await expect(fs.readdir(outboxDir)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("the mail outbox of the demo and the end-to-end harness (/dev/mail)", () => {
  async function outbox() {
    const { mailOutboxRouter } = await import("../../scripts/extras/mail-outbox");
    const { serveExtras } = await import("../support/extras-server");
    return serveExtras((app) => app.use("/dev/mail", mailOutboxRouter()));
  }

  it("does not exist when mail goes through SMTP", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    const server = await outbox();
    try {
      expect((await fetch(`${server.url}/dev/mail`)).status).toBe(404);
      expect(
        (await fetch(`${server.url}/dev/mail`, { method: "POST", body: new URLSearchParams({ intent: "clear" }) }))
          .status,
      ).toBe(404);
      expect((await fetch(`${server.url}/dev/mail/1700000000000-0000-000000000000`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("lists the outbox newest first, empties it on request, and shows one message", async () => {
    const { listOutbox, sendMail } = await import("~/domain/mail.server");
    await sendMail({ ...welcome, subject: "older <b>" });
    await sendMail({ ...welcome, subject: "newer" });
    const server = await outbox();
    try {
      const list = await (await fetch(`${server.url}/dev/mail`)).text();
      expect(list.indexOf("newer")).toBeLessThan(list.indexOf("older &#60;b&#62;"));
      expect(list).not.toContain("<b>");

      const [newest] = await listOutbox();
      const page = await fetch(`${server.url}/dev/mail/${newest.id}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(welcome.to);
      for (const bad of ["1700000000000-0000-000000000000", "..", "nope"]) {
        expect((await fetch(`${server.url}/dev/mail/${bad}`)).status).toBe(404);
      }

      const cleared = await fetch(`${server.url}/dev/mail`, {
        method: "POST",
        body: new URLSearchParams({ intent: "clear" }),
        redirect: "manual",
      });
      expect(cleared.status).toBe(303);
      expect(cleared.headers.get("Location")).toBe("/dev/mail");
      expect(await listOutbox()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("answers only this machine, by the socket's address whatever the headers say", async () => {
    const { fromLoopback } = await import("../../scripts/extras/html");
    const from = (remoteAddress: string) => fromLoopback({ socket: { remoteAddress } } as never);
    expect(from("127.0.0.1")).toBe(true);
    expect(from("::1")).toBe(true);
    expect(from("::ffff:127.0.0.1")).toBe(true);
    expect(from("10.0.0.5")).toBe(false);
    expect(from("::ffff:192.168.1.20")).toBe(false);
    expect(from("1.2.3.4")).toBe(false);
  });
});
