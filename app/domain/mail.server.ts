import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createTransport, type Transporter } from "nodemailer";
import { getEnv, isMailOutbox } from "~/lib/env.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMessage extends Mail {
  id: string;
  sentAt: string;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise drops the message in the file outbox, so
 * development and tests need no mail server (the demo and the end-to-end harness list it at /dev/mail).
 */
export async function sendMail(mail: Mail): Promise<void> {
  if (isMailOutbox()) {
    await writeOutboxMessage(mail);
    return;
  }
  const { to, subject, text, html } = mail;
  await smtpTransport().sendMail({ from: getEnv().MAIL_FROM, to, subject, text, html });
}

/** Newest first. */
export async function listOutbox(): Promise<OutboxMessage[]> {
  const ids = (await outboxIds()).sort().reverse();
  const messages = await Promise.all(ids.map(readOutboxMessage));
  // A message cleared between listing and reading is simply gone.
  return messages.filter((message) => message !== null);
}

export async function readOutboxMessage(id: string): Promise<OutboxMessage | null> {
  // The id comes from the URL: only names this module creates may reach the file system.
  if (!ID_PATTERN.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(messageFile(id), "utf8")) as OutboxMessage;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function clearOutbox(): Promise<void> {
  // File by file rather than removing the folder, so a message being written right now survives.
  const ids = await outboxIds();
  await Promise.all(ids.map((id) => fs.rm(messageFile(id), { force: true })));
}

// Milliseconds, a per-process sequence and randomness: names sort by time even within one
// millisecond, and two processes sharing the folder never pick the same name.
const ID_PATTERN = /^\d{13}-\d{4}-[0-9a-f]{12}$/;
let lastMillisecond = 0;
let sequence = 0;

function nextId(): string {
  const now = Date.now();
  sequence = now === lastMillisecond ? sequence + 1 : 0;
  lastMillisecond = now;
  return `${now}-${String(sequence).padStart(4, "0")}-${crypto.randomBytes(6).toString("hex")}`;
}

async function writeOutboxMessage(mail: Mail): Promise<void> {
  const id = nextId();
  const message: OutboxMessage = { id, ...mail, sentAt: new Date().toISOString() };
  await fs.mkdir(outboxDir(), { recursive: true });
  // Written aside and renamed into place, so a reader never sees half a message.
  const temporary = path.join(outboxDir(), `.${id}.tmp`);
  await fs.writeFile(temporary, JSON.stringify(message, null, 2));
  await fs.rename(temporary, messageFile(id));
}

async function outboxIds(): Promise<string[]> {
  try {
    return (await fs.readdir(outboxDir()))
      .filter((name) => name.endsWith(".json"))
      .map((name) => path.basename(name, ".json"))
      .filter((id) => ID_PATTERN.test(id));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function outboxDir(): string {
  return path.resolve(getEnv().MAIL_OUTBOX_DIR);
}

function messageFile(id: string): string {
  return path.join(outboxDir(), `${id}.json`);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

let transport: Transporter | undefined;

// Created on first use, so importing this module never needs a mail server; then reused.
function smtpTransport(): Transporter {
  transport ??= createTransport(getEnv().SMTP_URL);
  return transport;
}
