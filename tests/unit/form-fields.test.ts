import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import {
  CheckboxField,
  CheckboxGroupField,
  ConfirmationField,
  Field,
  groupOf,
  RadioGroupField,
  SelectField,
  TextareaField,
} from "~/components/forms";

// What a screen reader is told: each kit field marks its control invalid and points it at the one
// error list, `${id}-error`, only while there is an error; the message itself is on the page.

function html<P extends object>(component: FunctionComponent<P>, props: P) {
  return renderToString(createElement(component, props));
}

/** The attributes of the first element with this tag and id. */
function tag(markup: string, name: string, id: string): Record<string, string> {
  const found = new RegExp(`<${name}\\b[^>]*\\bid="${id}"[^>]*>`).exec(markup);
  if (!found) throw new Error(`no <${name} id="${id}"> in ${markup}`);
  return Object.fromEntries(
    [...found[0].matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map(([, key, value]) => [key, value ?? ""]),
  );
}

function errorText(markup: string, id: string): string | null {
  return new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(markup)?.[1] ?? null;
}

const MESSAGE = "Tick the box to confirm.";

describe("single controls", () => {
  const cases: [string, string, (errors: string[] | undefined) => string][] = [
    ["Field", "input", (errors) => html(Field, { label: "Email", inputProps: { id: "email", name: "email" }, errors })],
    [
      "SelectField",
      "select",
      (errors) =>
        html(SelectField, {
          label: "Country",
          selectProps: { id: "country", name: "country" },
          errors,
          children: null,
        }),
    ],
    [
      "TextareaField",
      "textarea",
      (errors) => html(TextareaField, { label: "Reason", textareaProps: { id: "reason", name: "reason" }, errors }),
    ],
    [
      "CheckboxField",
      "input",
      (errors) =>
        html(CheckboxField, { label: "Remember me", inputProps: { id: "remember", name: "remember" }, errors }),
    ],
    [
      "ConfirmationField",
      "input",
      (errors) => html(ConfirmationField, { id: "confirmed", label: "I confirm", errors }),
    ],
  ];
  const idOf: Record<string, string> = {
    Field: "email",
    SelectField: "country",
    TextareaField: "reason",
    CheckboxField: "remember",
    ConfirmationField: "confirmed",
  };

  test.each(cases)("%s with an error: invalid, described by its error list", (name, element, render) => {
    const id = idOf[name];
    const markup = render([MESSAGE, "A second message"]);
    const control = tag(markup, element, id);
    expect(control["aria-invalid"]).toBe("true");
    expect(control["aria-describedby"]?.split(" ")).toContain(`${id}-error`);
    // The first message is shown, once, in the slot the control points at.
    expect(errorText(markup, id)).toBe(MESSAGE);
    expect(markup).not.toContain("A second message");
  });

  test.each(cases)("%s without an error: no aria-invalid, no dangling describedby", (name, element, render) => {
    const id = idOf[name];
    for (const errors of [undefined, [], [""]]) {
      const markup = render(errors);
      const control = tag(markup, element, id);
      expect(control["aria-invalid"]).toBeUndefined();
      expect(control["aria-describedby"] ?? "").not.toContain("-error");
      expect(errorText(markup, id)).toBeNull();
    }
  });
});

test("a hint and an error are both read out, hint first", () => {
  const markup = html(TextareaField, {
    label: "Description",
    textareaProps: { id: "description" },
    errors: ["Too long"],
    hint: "Limited HTML",
  });
  expect(tag(markup, "textarea", "description")["aria-describedby"]).toBe("description-hint description-error");
  expect(markup).toContain('id="description-hint"');
});

test("a checkbox posts 'on' and its label names it", () => {
  const markup = html(CheckboxField, { label: "Remember me", inputProps: { id: "remember", name: "remember" } });
  expect(tag(markup, "input", "remember")).toMatchObject({ type: "checkbox", name: "remember", value: "on" });
  expect(markup).toMatch(/<label[^>]*for="remember"/);
});

describe("ConfirmationField", () => {
  test("without JavaScript it is a required box named 'confirmed'", () => {
    const markup = html(ConfirmationField, { id: "delete-confirmed", label: "I understand" });
    expect(tag(markup, "input", "delete-confirmed")).toMatchObject({
      type: "checkbox",
      name: "confirmed",
      value: "on",
      required: "",
    });
  });

  test("confirmed elsewhere (a dialog), it posts 'on' and still shows the server's message", () => {
    const markup = html(ConfirmationField, {
      id: "approve",
      name: "confirm",
      label: "I confirm",
      errors: [MESSAGE],
      confirmedElsewhere: true,
    });
    expect(markup).toContain('<input type="hidden" name="confirm" value="on"/>');
    expect(markup).not.toContain('type="checkbox"');
    expect(errorText(markup, "approve")).toBe(MESSAGE);
  });
});

describe("groups", () => {
  const choices = [
    { value: "male", label: "Male" },
    { value: "female", label: "Female" },
  ];

  test("a radio group marks every button invalid and describes the group by its error list", () => {
    const markup = html(RadioGroupField, {
      legend: "Gender",
      id: "gender",
      name: "gender",
      choices,
      errors: ["Choose one"],
      required: true,
    });
    expect(tag(markup, "fieldset", "gender")["aria-describedby"]).toBe("gender-error");
    for (const choice of choices) {
      expect(tag(markup, "input", `gender-${choice.value}`)).toMatchObject({
        type: "radio",
        name: "gender",
        value: choice.value,
        "aria-invalid": "true",
        required: "",
      });
    }
    expect(errorText(markup, "gender")).toBe("Choose one");
  });

  test("a checkbox group checks the values given and posts them under one name", () => {
    const markup = html(CheckboxGroupField, {
      legend: "Devices",
      id: "devices",
      name: "devices",
      choices,
      defaultValue: ["female"],
    });
    expect(tag(markup, "input", "devices-female")).toMatchObject({ type: "checkbox", name: "devices", checked: "" });
    expect(tag(markup, "input", "devices-male").checked).toBeUndefined();
    expect(tag(markup, "fieldset", "devices")["aria-describedby"]).toBeUndefined();
    expect(tag(markup, "input", "devices-male").required).toBeUndefined();
  });

  test("groupOf takes a conform field's id, name, errors and submitted values", () => {
    expect(groupOf({ id: "f-gender", name: "gender", errors: ["x"], initialValue: "male", required: true })).toEqual({
      id: "f-gender",
      name: "gender",
      errors: ["x"],
      defaultValue: ["male"],
      required: true,
    });
    expect(groupOf({ id: "f-d", name: "d", initialValue: ["a", "b"] }).defaultValue).toEqual(["a", "b"]);
    expect(groupOf({ id: "f-d", name: "d" }).defaultValue).toEqual([]);
  });
});
