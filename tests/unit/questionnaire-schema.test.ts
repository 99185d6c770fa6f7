import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import type { QuestionnaireDefinition } from "~/questionnaire/definition";
import { MESSAGES, parseAnswers, questionnaireSchema } from "~/questionnaire/schema";
import { labelled, page, questionnaire, questionOf } from "../support/questionnaires";

// The schema a definition yields, fed the way a browser posts the form and parsed as an action
// does, with conform's parseWithZod.

const question = (fields: Parameters<typeof questionOf>[0]) => questionOf(fields);
const options = labelled;

const everyType: QuestionnaireDefinition = questionnaire("Every type", [
  page("One", [
    question({ key: "name", type: "text" }),
    question({ key: "age", type: "number" }),
    question({ key: "story", type: "paragraph" }),
    question({ key: "chief", type: "radio", options: options("Yes", "No") }),
    question({ key: "education", type: "select", options: options("HighSchool", "Graduate") }),
    question({
      key: "devices",
      type: "checkbox",
      options: [
        ...options("SmartPhone", "Laptop", "TV"),
        { value: "NonePreferNotToSay", label: "None", exclusive: true },
      ],
    }),
    question({ key: "newsletter", type: "switch" }),
  ]),
]);

function parse(definition: QuestionnaireDefinition, entries: [string, string | File][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseWithZod(formData, { schema: questionnaireSchema(definition) });
}

function errorsOf(submission: ReturnType<typeof parse>) {
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
}

const complete: [string, string][] = [
  ["name", "  Asha\u0000 Rao\t "],
  ["age", "42.5"],
  ["story", "Line one\r\nLine two\u0007"],
  ["chief", "Yes"],
  ["education", "Graduate"],
  ["devices", "TV"],
  ["devices", "SmartPhone"],
  ["newsletter", "on"],
];

describe("questionnaireSchema", () => {
  test("a complete form yields typed answers: cleaned text, numbers, option codes, booleans", () => {
    const submission = parse(everyType, complete);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Asha Rao",
      age: 42.5,
      story: "Line one\nLine two",
      chief: "Yes",
      education: "Graduate",
      devices: ["SmartPhone", "TV"],
      newsletter: true,
    });
  });

  test("a single ticked box arrives as one string and still gives a list; duplicates count once", () => {
    const single = parse(everyType, [...complete.filter(([name]) => name !== "devices"), ["devices", "Laptop"]]);
    expect(single.status === "success" && single.value.devices).toEqual(["Laptop"]);
    const twice = parse(everyType, [...complete, ["devices", "TV"]]);
    expect(twice.status === "success" && twice.value.devices).toEqual(["SmartPhone", "TV"]);
  });

  test("an unticked switch is the answer false, even when the switch is required", () => {
    const submission = parse(
      everyType,
      complete.filter(([name]) => name !== "newsletter"),
    );
    expect(submission.status === "success" && submission.value.newsletter).toBe(false);
  });

  test("required questions left empty get one message each, keyed by field", () => {
    const error = errorsOf(
      parse(everyType, [
        ["name", "   "],
        ["age", ""],
        ["education", ""],
      ]),
    );
    expect(error).toEqual({
      name: [MESSAGES.required],
      age: [MESSAGES.required],
      story: [MESSAGES.required],
      chief: [MESSAGES.required],
      education: [MESSAGES.required],
      devices: [MESSAGES.chooseAtLeastOne],
    });
    expect(error.devices?.[0]).toBe("Please choose at least one option.");
  });

  test("optional questions may stay empty and are then absent from the answers", () => {
    const optional: QuestionnaireDefinition = {
      ...everyType,
      pages: [{ title: "One", questions: everyType.pages[0].questions.map((each) => ({ ...each, required: false })) }],
    };
    const submission = parse(optional, [
      ["name", ""],
      ["age", " "],
      ["education", ""],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({ newsletter: false });
  });

  test("values that are not listed options are refused", () => {
    const error = errorsOf(
      parse(everyType, [
        ...complete.filter(([name]) => !["chief", "education", "devices"].includes(name)),
        ["chief", "Maybe"],
        ["education", "graduate"],
        ["devices", "TV"],
        ["devices", "Toaster"],
      ]),
    );
    expect(error).toEqual({
      chief: [MESSAGES.unknownOption],
      education: [MESSAGES.unknownOption],
      devices: ["Choose one of the listed options."],
    });
  });

  test("a radio posted twice is refused rather than one value picked", () => {
    const error = errorsOf(parse(everyType, [...complete, ["chief", "No"]]));
    expect(error).toEqual({ chief: [MESSAGES.unknownOption] });
  });

  test.each([
    ["7", 7],
    ["-3.25", -3.25],
    [".5", 0.5],
    ["1e3", 1000],
    [" 12 ", 12],
    ["-0", 0],
    ["1000000000000", 1_000_000_000_000],
  ])("the number %j reads as %j", (posted, expected) => {
    const submission = parse(everyType, [...complete.filter(([name]) => name !== "age"), ["age", posted]]);
    expect(submission.status === "success" && submission.value.age).toBe(expected);
  });

  test.each([
    ["abc", MESSAGES.notANumber],
    ["0x10", MESSAGES.notANumber],
    ["Infinity", MESSAGES.notANumber],
    ["1,000", MESSAGES.notANumber],
    ["NaN", MESSAGES.notANumber],
    ["1000000000001", MESSAGES.numberRange],
    ["-1e300", MESSAGES.numberRange],
    ["1e400", MESSAGES.numberRange],
  ])("the number %j is refused", (posted, message) => {
    const error = errorsOf(parse(everyType, [...complete.filter(([name]) => name !== "age"), ["age", posted]]));
    expect(error).toEqual({ age: [message] });
  });

  test("text is limited to 500 characters and paragraphs to 5000, counted after cleaning", () => {
    const long = (length: number) => "x".repeat(length);
    const accepted = parse(everyType, [
      ...complete.filter(([name]) => !["name", "story"].includes(name)),
      ["name", ` ${long(500)} `],
      ["story", long(5000)],
    ]);
    expect(accepted.status).toBe("success");
    const error = errorsOf(
      parse(everyType, [
        ...complete.filter(([name]) => !["name", "story"].includes(name)),
        ["name", long(501)],
        ["story", long(5001)],
      ]),
    );
    expect(error).toEqual({ name: [MESSAGES.tooLong(500)], story: ["Use at most 5,000 characters."] });
  });

  test("text made only of control characters counts as unanswered", () => {
    const error = errorsOf(
      parse(everyType, [...complete.filter(([name]) => name !== "name"), ["name", "\u0000\u0008\n"]]),
    );
    expect(error).toEqual({ name: [MESSAGES.required] });
  });

  test("a switch accepts only the value a checkbox posts", () => {
    const error = errorsOf(
      parse(everyType, [...complete.filter(([name]) => name !== "newsletter"), ["newsletter", "true"]]),
    );
    expect(error).toEqual({ newsletter: [MESSAGES.invalid] });
  });

  test("crafted field names and files give validation errors, never exceptions", () => {
    const file = new File(["x"], "x.txt");
    const crafted = parse(everyType, [
      ...complete.filter(([name]) => !["name", "chief", "devices"].includes(name)),
      ["name.first", "Asha"],
      ["chief[0]", "Yes"],
      ["devices", file],
      ["__proto__[polluted]", "yes"],
      ["constructor", "x"],
    ]);
    expect(crafted.status).toBe("error");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(crafted.reply().error).toMatchObject({ name: [MESSAGES.invalid], devices: [MESSAGES.invalid] });
  });

  test("a forged conform intent is ignored rather than thrown out of parsing", () => {
    const formData = new FormData();
    for (const [name, value] of [...complete, ["__intent__", "not json"], ["__state__", "{"]])
      formData.append(name, value);
    expect(() => parseWithZod(formData, { schema: questionnaireSchema(everyType) })).toThrow();
    const submission = parseAnswers(formData, everyType);
    expect(submission.status === "success" && submission.value.chief).toBe("Yes");
  });

  test("a definition whose keys cannot be field names refuses every post with a form error", () => {
    const broken = {
      ...everyType,
      pages: [{ title: "", questions: [question({ key: "constructor", type: "text" })] }],
    };
    expect(errorsOf(parse(broken, [["constructor", "x"]]))).toEqual({ "": [MESSAGES.unusableDefinition] });
  });

  test("fields the definition does not know are ignored", () => {
    const submission = parse(everyType, [...complete, ["intent", "save"], ["extra", "1"]]);
    expect(submission.status === "success" && Object.keys(submission.value)).not.toContain("extra");
  });
});

describe("the exclusive option", () => {
  test("may be chosen alone", () => {
    const submission = parse(everyType, [
      ...complete.filter(([name]) => name !== "devices"),
      ["devices", "NonePreferNotToSay"],
    ]);
    expect(submission.status === "success" && submission.value.devices).toEqual(["NonePreferNotToSay"]);
  });

  test("cannot be combined with another option of its question", () => {
    const error = errorsOf(parse(everyType, [...complete, ["devices", "NonePreferNotToSay"]]));
    expect(error).toEqual({ devices: ["Choose either 'None' or other options, not both."] });
  });
});

describe("shown-when conditions", () => {
  const conditional: QuestionnaireDefinition = {
    title: "Conditions",
    description: "",
    pages: [
      {
        title: "Hobbies",
        questions: [
          question({ key: "hobbies", type: "checkbox", options: options("PlayVideoGames", "Reading") }),
          question({
            key: "gamesDevices",
            type: "checkbox",
            options: options("Console", "PC"),
            shownWhen: { question: "hobbies", option: "PlayVideoGames" },
          }),
          question({ key: "hours", type: "number", shownWhen: { question: "gamesDevices", option: "Console" } }),
        ],
      },
      {
        title: "Work",
        questions: [
          question({ key: "employed", type: "radio", options: options("Yes", "No") }),
          question({ key: "employer", type: "text", shownWhen: { question: "employed", option: "Yes" } }),
          question({ key: "sector", type: "select", options: options("IT", "Farming") }),
          question({
            key: "crops",
            type: "paragraph",
            required: false,
            shownWhen: { question: "sector", option: "Farming" },
          }),
        ],
      },
    ],
  };

  test("a hidden question is not required and whatever was posted for it is dropped", () => {
    const submission = parse(conditional, [
      ["hobbies", "Reading"],
      ["gamesDevices", "PC"],
      ["hours", "not a number"],
      ["employed", "No"],
      ["employer", "Acme"],
      ["sector", "IT"],
      ["crops", "Rice"],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({
      hobbies: ["Reading"],
      employed: "No",
      sector: "IT",
    });
  });

  test("a shown question is validated and required like any other", () => {
    const error = errorsOf(
      parse(conditional, [
        ["hobbies", "PlayVideoGames"],
        ["hobbies", "Reading"],
        ["employed", "Yes"],
        ["sector", "Farming"],
      ]),
    );
    expect(error).toEqual({ gamesDevices: [MESSAGES.chooseAtLeastOne], employer: [MESSAGES.required] });
  });

  test("conditions chain: hiding a question hides the questions that depend on it", () => {
    const shown = parse(conditional, [
      ["hobbies", "PlayVideoGames"],
      ["gamesDevices", "Console"],
      ["hours", "3"],
      ["employed", "No"],
      ["sector", "Farming"],
      ["crops", "Rice\nWheat"],
    ]);
    expect(shown.status === "success" && shown.value).toEqual({
      hobbies: ["PlayVideoGames"],
      gamesDevices: ["Console"],
      hours: 3,
      employed: "No",
      sector: "Farming",
      crops: "Rice\nWheat",
    });
    const hidden = parse(conditional, [
      ["hobbies", "Reading"],
      ["gamesDevices", "Console"],
      ["hours", "3"],
      ["employed", "No"],
      ["sector", "IT"],
    ]);
    expect(hidden.status === "success" && hidden.value).toEqual({ hobbies: ["Reading"], employed: "No", sector: "IT" });
  });

  test("an invalid answer to the condition's question hides its dependants and is itself the error", () => {
    const error = errorsOf(
      parse(conditional, [
        ["hobbies", "PlayVideoGames"],
        ["hobbies", "Skydiving"],
        ["employed", "No"],
        ["sector", "IT"],
      ]),
    );
    expect(error).toEqual({ hobbies: [MESSAGES.unknownOption] });
  });
});
