import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_MAIL_DIR } from "../../../playwright.config";

// The test server writes mail to the file outbox; tests read it from there. Always look a message
// up by its recipient: tests run in parallel and share the outbox.

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export function mailTo(address: string): OutboxMessage[] {
  const dir = path.resolve(E2E_MAIL_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxMessage)
    .filter((message) => message.to.toLowerCase() === address.toLowerCase());
}

/** Waits for the newest message to the address (optionally with a subject) and returns it. */
export async function waitForMail(address: string, subject?: string | RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        const matching = mailTo(address).filter((message) =>
          subject === undefined
            ? true
            : typeof subject === "string"
              ? message.subject === subject
              : subject.test(message.subject),
        );
        found = matching.at(-1);
        return found !== undefined;
      },
      { timeout: 10_000, message: `mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in the message's text that starts with the app's own address. */
export function linkIn(message: OutboxMessage, baseURL: string): string {
  const link = message.text.match(new RegExp(`${baseURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S+`))?.[0];
  if (!link) throw new Error(`No link to ${baseURL} in "${message.subject}"`);
  return link;
}
