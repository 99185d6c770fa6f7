import { expect, test } from "vitest";
import { draftRefusal, draftRefusalOf } from "~/builder/draft";
import { formErrorsOf, resultFor } from "~/lib/form-result";
import { formResult, readIntent, refuseForm, UNKNOWN_INTENT_MESSAGE } from "~/lib/forms.server";
import { expectThrown } from "../support/remix";

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

const refused = (formData: FormData, whenMissing?: "submit") =>
  expectThrown(Promise.resolve().then(() => readIntent(formData, ["approve", "reject", "submit"], { whenMissing })));

test("the intent a page's button posts is read as it is", () => {
  expect(
    readIntent(
      form([
        ["intent", "reject"],
        ["reason", "Wrong account"],
      ]),
      ["approve", "reject"],
    ),
  ).toBe("reject");
  // A hidden intent before the pressed button: the first one counts, as formData.get reads it.
  expect(
    readIntent(
      form([
        ["intent", "approve"],
        ["intent", "reject"],
      ]),
      ["approve", "reject"],
    ),
  ).toBe("approve");
});

test("an intent the page has no button for is a 400 with a plain message", async () => {
  for (const intent of ["", "delete", "APPROVE", "toString", "__proto__", "x".repeat(40_000)]) {
    expect(await refused(form([["intent", intent]])), intent.slice(0, 20)).toEqual({
      status: 400,
      text: UNKNOWN_INTENT_MESSAGE,
    });
  }
  // The old field name is not read any more.
  expect(await refused(form([["_intent", "approve"]]))).toEqual({ status: 400, text: UNKNOWN_INTENT_MESSAGE });
});

test("a post without an intent is the default only where the action names one", async () => {
  expect(readIntent(form([["reason", "x"]]), ["previous", "next", "submit"], { whenMissing: "submit" })).toBe("submit");
  expect((await refused(form([["reason", "x"]]))).status).toBe(400);
  // An empty intent is a button with no value, not a missing one.
  expect((await refused(form([["intent", ""]]), "submit")).status).toBe(400);
});

test("every answer that is not a redirect has one shape: conform's result, named after its form", () => {
  const refused = refuseForm("Tick the box to confirm.", { form: "delete" });
  expect(refused).toMatchObject({
    data: { status: "error", form: "delete", error: { "": ["Tick the box to confirm."] } },
    init: { status: 400 },
  });
  const onField = refuseForm("Wrong code.", { field: "code", status: 403 });
  expect(onField).toMatchObject({ data: { error: { code: ["Wrong code."] } }, init: { status: 403 } });
  expect(onField.data).not.toHaveProperty("form");
  // A conform 'validate' reply is neither an error nor a success: it saved nothing, so not a 200.
  expect(formResult({ initialValue: { code: "1" } }).init?.status).toBe(400);
  expect(formResult({ status: "success" }, { form: "delete" })).toMatchObject({
    data: { status: "success", form: "delete" },
    init: { status: 200 },
  });

  const answer = refused.data;
  expect(resultFor(answer, "delete")).toBe(answer);
  expect(resultFor(answer, "update-password")).toBeUndefined();
  expect(formErrorsOf(resultFor(answer, "delete"))).toEqual(["Tick the box to confirm."]);
  expect(formErrorsOf(onField.data)).toBeUndefined();
});

test("a page that shows more than messages gets it back in pageState, its messages still in error", () => {
  const step = refuseForm("Tick the box to confirm.", {
    field: "confirmed",
    pageState: { page: 1, values: { age: ["30"] } },
  });
  expect(step).toMatchObject({
    data: { error: { confirmed: ["Tick the box to confirm."] }, pageState: { page: 1, values: { age: ["30"] } } },
    init: { status: 400 },
  });
  // A clean step moves on with its state and no message.
  const next = formResult({ status: "success" }, { pageState: { page: 2 } });
  expect(next).toMatchObject({ data: { status: "success", pageState: { page: 2 } }, init: { status: 200 } });
  expect(next.data).not.toHaveProperty("error");
  // Pages without state get no pageState member at all.
  expect(refuseForm("No.").data).not.toHaveProperty("pageState");
});

test("the builder's refusal reads back as the message and the field messages it showed before", () => {
  const errors = { "option.0.1.1": "Another option of this question has the same title." };
  const answer = draftRefusal("Fix the marked fields, then Submit again.", errors);
  expect(answer.error).toEqual({
    "": ["Fix the marked fields, then Submit again."],
    "option.0.1.1": ["Another option of this question has the same title."],
  });
  expect(draftRefusalOf(answer)).toEqual({ message: "Fix the marked fields, then Submit again.", errors });
  // The background save's success is not a refusal.
  expect(draftRefusalOf({ status: "success" })).toBeNull();
  expect(draftRefusalOf(undefined)).toBeNull();
});
