import fc from "fast-check";
import { ORIGIN } from "./admin-requests";
import { roleHeaders } from "./roles";

// Generated bad form posts for the security suite's form fuzzing (docs/decisions/030-security-suite.md):
// values that no field accepts (poisons), random noise for every other field, unknown fields, forged
// conform controls, files where text is expected and bytes that are not UTF-8.

/** 1 MB of text: far past every field's limit. */
export const HUGE = "a".repeat(1_000_000);
/** The field is not posted at all. */
export const MISSING = Symbol("missing");
/** Bytes posted as they are (urlencoded), e.g. sequences that are not UTF-8. */
export interface Raw {
  raw: string;
}
/** A string, a file, raw bytes, or the field repeated with each of several strings. */
export type FieldValue = string | Blob | Raw | string[];
export type Poison = FieldValue | typeof MISSING;

export const FILE_VALUE = new Blob(["%PDF-1.4 not text"], { type: "application/pdf" });
const INVALID_UTF8: Raw[] = [{ raw: "%FF%FE" }, { raw: "abc%C3%28" }, { raw: "%ED%A0%80" }, { raw: "%C0%80" }];
const CONTROL = ["a\u0000b", "\u0000", "\u0007bell", "esc\u001b[2J", "del\u007f"];

// Sets of values that a field of this kind refuses, whatever the rest of the form holds.
/** A required single-line text (plainText and the like). */
export const TEXT: Poison[] = [MISSING, "", "   ", HUGE, ...CONTROL, ...INVALID_UTF8, ["first", "second"], FILE_VALUE];
/**
 * A required free-text answer of a questionnaire. The engine strips control characters rather than
 * refusing them (app/questionnaire/schema.ts), so only values that clean to nothing are poisons.
 */
export const ANSWER_TEXT: Poison[] = [
  MISSING,
  "",
  "   ",
  "\u0000",
  "\u0007\u001b",
  "\t\r\n",
  HUGE,
  ["first", "second"],
  FILE_VALUE,
];
/** A required e-mail address. */
export const EMAIL: Poison[] = [
  MISSING,
  "",
  "not-an-email",
  "a@",
  "@example.com",
  `${"a".repeat(250)}@example.com`,
  "someone@example.com\r\nBcc: all@example.com",
  "a\u0000@example.com",
  HUGE,
  ["a@example.com", "b@example.com"],
  FILE_VALUE,
  ...INVALID_UTF8,
];
/** A required password (never trimmed, so blanks are not on the list). */
export const PASSWORD: Poison[] = [
  MISSING,
  "",
  HUGE,
  "Valid#Pass\u0000word-42",
  "\u0007".repeat(12),
  INVALID_UTF8[0],
  FILE_VALUE,
];
/** A number a questionnaire refuses: not a number, not finite, or past its range. */
export const QUESTION_NUMBER: Poison[] = [
  MISSING,
  "",
  "abc",
  "NaN",
  "Infinity",
  "1e309",
  "9".repeat(40),
  "１２",
  "0x",
  ["1", "2"],
  FILE_VALUE,
];
/** A required whole number of zero or more. */
export const WHOLE_NUMBER: Poison[] = [...QUESTION_NUMBER, "-1", "1.5", "-0.5"];
/** A required choice among fixed values. */
export const CHOICE: Poison[] = [MISSING, "", "NotAnOption", "\u0000", HUGE, FILE_VALUE, ...INVALID_UTF8];
/** A checkbox that must be ticked ("on"), read with formData.get. */
export const TICKED: Poison[] = [MISSING, "", "off", "ON", "true", "1", FILE_VALUE];
/** A sealed value (a draft, a token, an OAuth client id) that cannot be forged. */
export const OPAQUE: Poison[] = [
  MISSING,
  "",
  "junk",
  "eyJhbGciOiJub25lIn0.e30.",
  HUGE,
  "\u0000",
  INVALID_UTF8[0],
  FILE_VALUE,
];
/** Ids that name nothing, or nothing of this caller's. */
export const JUNK_ID: Poison[] = [
  "",
  "0",
  "-1",
  "abc",
  "1.5",
  "999999",
  "2147483648",
  "99999999999999999999",
  "\u0000",
  FILE_VALUE,
];

/** Both values valid alone, two of them where one is expected. */
export const twice = (a: string, b: string): Poison => [a, b];

/** Intent values no form of the app sends. */
export const UNKNOWN_INTENTS = [
  "",
  "DELETE",
  "drop table",
  "save ",
  "__proto__",
  "constructor",
  "toString",
  "\u0000",
  "a".repeat(5000),
];

/** conform's control fields, forged: readFormData keeps only a well-formed 'validate' with a payload. */
const CONFORM_FORGERIES = [
  "garbage",
  "{",
  "null",
  "[]",
  '{"type":"validate","payload":{"name":"x"}}',
  '{"type":"validate","payload":"x"}',
  '{"type":"validate"}',
  '{"type":"reset"}',
  '{"type":"update","payload":{"name":"email","value":"x"}}',
  '{"type":"insert","payload":{"name":"list"}}',
  HUGE,
];

/** conform throws on a control intent without a payload; readFormData once let this one through. */
export const VALIDATE_WITHOUT_PAYLOAD = '{"type":"validate"}';

/** Names no form of the app posts: prototype keys, privileges, odd bytes. */
const UNKNOWN_FIELDS = [
  "__proto__",
  "constructor",
  "prototype",
  "isSuperAdmin",
  "role",
  "memberId",
  "adminId",
  "pointsBalance",
  "status",
  "emailVerifiedAt",
  "id",
  "",
  "a\u0000b",
  "x".repeat(1000),
  "field[]",
  "a.b.c",
];

/** Noise: anything at all, weighted toward the values that break parsers. */
const NOISE: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  {
    weight: 8,
    arbitrary: fc.constantFrom<FieldValue>(
      "",
      " ",
      "0",
      "-1",
      "1.5",
      "NaN",
      "1e309",
      "9".repeat(40),
      "on",
      "off",
      "true",
      "null",
      "{}",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "../../etc/passwd",
      "%00",
      "\u202Egnp.exe",
      "😀",
      "\r\n",
      ...CONTROL,
      ...INVALID_UTF8,
      FILE_VALUE,
      ["one", "two", "three"],
    ),
  },
  { weight: 4, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: false })).map(String) },
  // 1 MB values are the poisons' business; noise stays at 100 kB, which keeps the suite fast.
  { weight: 1, arbitrary: fc.constant(HUGE.slice(0, 100_000)) },
);

/** An intent value (null: no intent field); ANY_UNKNOWN_INTENT stands for each of UNKNOWN_INTENTS. */
export type Intent = string | null | typeof ANY_UNKNOWN_INTENT;

/** One form of a route: the intent it posts and its required fields with their poisons. */
export interface Variant {
  intent?: Intent;
  /** One of these fields gets one of its poisons; empty: the variant writes nothing whatever it holds. */
  poison?: [string, Poison[]][];
  /** Fixed fields the variant posts before the noise (say the editor's structure). */
  base?: [string, string][];
  /** Tables this variant may legitimately change: it acts without input (a button, a logout). */
  acts?: string[];
}

export const ANY_UNKNOWN_INTENT = Symbol("unknown intent");

export interface FuzzBody {
  entries: [string, FieldValue][];
  variant: Variant;
  poisoned: string | null;
}

/** Bodies for one route: a variant, its poison, noise on the known and unknown fields, forged controls. */
export function fuzzBodies(
  variants: Variant[],
  {
    fields,
    intentField = "intent",
    extraValues = [],
  }: { fields: string[]; intentField?: string; extraValues?: string[] },
): fc.Arbitrary<FuzzBody> {
  const noise =
    extraValues.length > 0
      ? fc.oneof({ weight: 5, arbitrary: NOISE }, { weight: 1, arbitrary: fc.constantFrom(...extraValues) })
      : NOISE;
  return fc.constantFrom(...variants).chain((variant) => {
    const poisons = variant.poison ?? [];
    const poisonArb =
      poisons.length === 0
        ? fc.constant(null)
        : fc
            .constantFrom(...poisons)
            .chain(([name, values]) => fc.constantFrom(...values).map((value) => ({ name, value })));
    const intentArb: fc.Arbitrary<string | null> =
      variant.intent === ANY_UNKNOWN_INTENT ? fc.constantFrom(...UNKNOWN_INTENTS) : fc.constant(variant.intent ?? null);
    return fc
      .record({
        poison: poisonArb,
        intent: intentArb,
        noise: fc.array(fc.tuple(fc.constantFrom(...fields, ...UNKNOWN_FIELDS), noise), { maxLength: 6 }),
        conformIntent: fc.option(fc.constantFrom(...CONFORM_FORGERIES), { nil: undefined }),
        conformState: fc.option(fc.constantFrom(...CONFORM_FORGERIES), { nil: undefined }),
      })
      .map(({ poison, intent, noise: pairs, conformIntent, conformState }) => {
        const entries: [string, FieldValue][] = [...(variant.base ?? [])];
        if (intent !== null) entries.push([intentField, intent]);
        for (const [name, value] of pairs) {
          if (name === intentField || name === poison?.name) continue;
          entries.push([name, value]);
        }
        if (poison && poison.value !== MISSING) entries.push([poison.name, poison.value as FieldValue]);
        if (conformIntent !== undefined) entries.push(["__intent__", conformIntent]);
        if (conformState !== undefined) entries.push(["__state__", conformState]);
        return { entries, variant, poisoned: poison?.name ?? null };
      });
  });
}

/**
 * Every poison of every variant once, without noise: what the random bodies may miss in a few runs.
 * An unknown intent is tried with its first value; a field poisoned the same way in an earlier
 * variant (the same form under another intent) gets only its first poison again.
 */
export function poisonGrid(variants: Variant[], intentField = "intent"): FuzzBody[] {
  const done = new Set<string>();
  return variants.flatMap((variant): FuzzBody[] => {
    const intent = variant.intent === ANY_UNKNOWN_INTENT ? UNKNOWN_INTENTS[1] : (variant.intent ?? null);
    const head: [string, FieldValue][] = [...(variant.base ?? [])];
    if (intent !== null) head.push([intentField, intent]);
    const poisons = variant.poison ?? [];
    if (poisons.length === 0) return [{ entries: head, variant, poisoned: null }];
    return poisons.flatMap(([name, values]) => {
      const key = `${name}:${values.length}`;
      const tried = done.has(key);
      done.add(key);
      return (tried ? values.slice(0, 1) : values).map((value) => ({
        entries: value === MISSING ? head : [...head, [name, value as FieldValue] as [string, FieldValue]],
        variant,
        poisoned: name,
      }));
    });
  });
}

/** A POST of these entries: multipart when a file is among them, urlencoded (raw bytes kept) otherwise. */
export function fuzzRequest(cookie: string | null, path: string, entries: [string, FieldValue][]): Request {
  const headers = roleHeaders(cookie, { post: true });
  const flat = entries.flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((each) => [name, each] as const) : [[name, value] as const],
  );
  let body: BodyInit;
  if (flat.some(([, value]) => value instanceof Blob)) {
    const formData = new FormData();
    for (const [name, value] of flat) {
      formData.append(name, typeof value === "object" && "raw" in value ? decodeLoosely(value.raw) : value);
    }
    body = formData;
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = flat
      .map(([name, value]) => {
        const encoded = typeof value === "string" ? encodeURIComponent(value) : (value as Raw).raw;
        return `${encodeURIComponent(name)}=${encoded}`;
      })
      .join("&");
  }
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}

/** Bodies that are not forms at all: the action must answer 400 (or ignore the body), never a 500. */
export function malformedRequests(cookie: string | null, path: string): { label: string; request: Request }[] {
  const post = (label: string, body: BodyInit | null, contentType?: string) => {
    const headers = roleHeaders(cookie, { post: true });
    if (contentType) headers["Content-Type"] = contentType;
    return { label, request: new Request(`${ORIGIN}${path}`, { method: "POST", headers, body }) };
  };
  return [
    post("JSON", '{"email":"a@example.com","password":"x"}', "application/json"),
    post("text", "email=a@example.com", "text/plain"),
    post("no content type", "email=a%40example.com"),
    post(
      "broken multipart",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      "multipart/form-data; boundary=y",
    ),
    post("multipart without boundary", "--x--", "multipart/form-data"),
    post("empty", null, "application/x-www-form-urlencoded"),
  ];
}

/** A readable account of a generated body for a failure message: long values are cut. */
export function describeBody(body: FuzzBody): string {
  const show = (value: FieldValue): string => {
    if (Array.isArray(value)) return `[${value.map(show).join(", ")}]`;
    if (value instanceof Blob) return "<file>";
    if (typeof value === "object") return `raw(${value.raw})`;
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 40)}…(${value.length} chars)` : value);
  };
  const intent = body.variant.intent === ANY_UNKNOWN_INTENT ? "<unknown>" : String(body.variant.intent ?? "<none>");
  const fields = body.entries.map(([name, value]) => `${show(name)}=${show(value)}`).join(" & ");
  return `variant ${intent}, poisoned ${body.poisoned ?? "-"}: ${fields}`;
}

function decodeLoosely(raw: string): string {
  const bytes = raw.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return new TextDecoder().decode(Uint8Array.from(bytes, (character) => character.charCodeAt(0)));
}
