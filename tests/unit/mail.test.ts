import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectData, expectRedirect } from "../support/remix";

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

describe("the /dev/mail pages", () => {
  it("do not exist when mail goes through SMTP", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    const index = await import("~/routes/dev.mail._index");
    const message = await import("~/routes/dev.mail.$id");

    expect(await thrownStatus(index.loader())).toBe(404);
    expect(await thrownStatus(index.action(args(post("/dev/mail"))))).toBe(404);
    expect(await thrownStatus(message.loader(args(get("/dev/mail/x"), { id: "1700000000000-0000-000000000000" })))).toBe(
      404,
    );
  });

  it("list the outbox newest first, without the bodies", async () => {
    const { sendMail } = await import("~/domain/mail.server");
    const index = await import("~/routes/dev.mail._index");
    await sendMail({ ...welcome, subject: "older" });
    await sendMail({ ...welcome, subject: "newer" });

    const { messages } = await index.loader();
    expect(messages.map((message) => message.subject)).toEqual(["newer", "older"]);
    expect(Object.keys(messages[0]).sort()).toEqual(["id", "sentAt", "subject", "to"]);
  });

  it("clear the outbox on POST and redirect with a toast", async () => {
    const { listOutbox, sendMail } = await import("~/domain/mail.server");
    const index = await import("~/routes/dev.mail._index");
    await sendMail(welcome);

    const response = expectRedirect(await index.action(args(post("/dev/mail", { intent: "clear" }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dev/mail");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
    expect(await listOutbox()).toEqual([]);
  });

  it("send a test message to a valid address and redirect with a toast", async () => {
    const { listOutbox } = await import("~/domain/mail.server");
    const index = await import("~/routes/dev.mail._index");

    const response = expectRedirect(
      await index.action(args(post("/dev/mail", { intent: "send-test", to: " ops@example.com " }))),
    );
    expect(response.headers.get("Location")).toBe("/dev/mail");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__toast=/);
    const [message] = await listOutbox();
    expect(message).toMatchObject({ to: "ops@example.com", subject: "Test message from Survey Panel" });
  });

  it("refuse a bad address with a field error and send nothing", async () => {
    const { listOutbox } = await import("~/domain/mail.server");
    const index = await import("~/routes/dev.mail._index");

    for (const to of ["", "not-an-address", `${"x".repeat(40_000)}@example.com`, "a\u0000b@example.com"]) {
      const result = expectData(await index.action(args(post("/dev/mail", { intent: "send-test", to }))));
      expect(result.init?.status).toBe(400);
      expect(result.data.error?.to?.[0]).toMatch(/e-mail address/);
    }
    expect(await listOutbox()).toEqual([]);
  });

  it("clear nothing on other methods", async () => {
    const { listOutbox, sendMail } = await import("~/domain/mail.server");
    const index = await import("~/routes/dev.mail._index");
    await sendMail(welcome);

    const request = new Request("http://localhost/dev/mail", { method: "DELETE" });
    expect(await thrownStatus(index.action(args(request)))).toBe(405);
    expect(await listOutbox()).toHaveLength(1);
  });

  it("show one message, and 404 for unknown or malformed ids", async () => {
    const { listOutbox, sendMail } = await import("~/domain/mail.server");
    const page = await import("~/routes/dev.mail.$id");
    await sendMail(welcome);
    const [{ id }] = await listOutbox();

    const { message } = await page.loader(args(get(`/dev/mail/${id}`), { id }));
    expect(message).toMatchObject({ id, ...welcome });
    for (const bad of ["1700000000000-0000-000000000000", "..", "../outbox/x", "nope"]) {
      expect(await thrownStatus(page.loader(args(get("/dev/mail/x"), { id: bad })))).toBe(404);
    }
  });
});

function get(pathname: string): Request {
  return new Request(`http://localhost${pathname}`);
}

function post(pathname: string, fields: Record<string, string> = {}): Request {
  return new Request(`http://localhost${pathname}`, { method: "POST", body: new URLSearchParams(fields) });
}

function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} };
}

async function thrownStatus(result: Promise<unknown>): Promise<number> {
  try {
    await result;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  throw new Error("Expected a thrown Response");
}
