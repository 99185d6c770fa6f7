import { parseWithZod } from "@conform-to/zod";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, test } from "vitest";
import type { Answers, QuestionnaireDefinition } from "~/questionnaire/definition";
import { QuestionnaireFields, useQuestionnaireForm } from "~/questionnaire/form";
import { questionnaireSchema } from "~/questionnaire/schema";
import type { Language } from "~/i18n/config";
import { i18nFor } from "~/i18n/i18n.server";
import * as q from "../support/questionnaires";

// The server-rendered form, which is what a member without JavaScript gets. The live behaviour
// (hiding, exclusivity) is left to the browser tests.

const definition: QuestionnaireDefinition = q.questionnaire("Technology", [
  q.page("Access", [
    q.text("nickname", "Nickname"),
    q.number("hours", "Hours online", { required: false }),
    q.select("browser", "Browser", [q.option("Chrome"), q.option("Firefox")]),
  ]),
  q.page("Devices", [
    q.checkbox("techDevices", "Devices", [q.option("SmartPhone", "Smartphone"), q.none("None of these")]),
    q.radio("phoneBrand", "Phone brand", [q.option("Other")], { shownWhen: q.shownWhen("techDevices", "SmartPhone") }),
    q.paragraph("notes", "Notes", { required: false }),
    q.toggle("smartHome", "Smart home", { required: false }),
  ]),
]);

// As the server renders a page: in the request's language, English unless told otherwise.
const i18n = { en: await i18nFor("en"), hi: await i18nFor("hi") };

function render(props: {
  defaultValue?: Answers;
  readOnly?: boolean;
  page?: number;
  posted?: [string, string][];
  language?: Language;
}) {
  const lastResult = props.posted
    ? parseWithZod(
        props.posted.reduce((formData, [name, value]) => (formData.append(name, value), formData), new FormData()),
        { schema: questionnaireSchema(definition) },
      ).reply()
    : undefined;
  function Form() {
    const [form] = useQuestionnaireForm({ id: "q", definition, defaultValue: props.defaultValue, lastResult });
    return createElement(QuestionnaireFields, { definition, form, readOnly: props.readOnly, page: props.page });
  }
  return renderToString(createElement(I18nextProvider, { i18n: i18n[props.language ?? "en"] }, createElement(Form)));
}

describe("QuestionnaireFields", () => {
  test("renders plain controls for every type, pages as fieldsets with legends", () => {
    const html = render({});
    expect(html.match(/<legend class="mb-3/g)).toHaveLength(2);
    expect(html).toContain("Access</legend>");
    expect(html).toMatch(/<input name="nickname"[^>]*type="text"[^>]*maxLength="500"/);
    expect(html).toMatch(/<input name="hours"[^>]*type="number"[^>]*step="any"/);
    expect(html).toMatch(/<select name="browser"[^>]*><option value="" selected="">Select…<\/option>/);
    expect(html).toMatch(/<textarea name="notes"[^>]*maxLength="5000"/);
    expect(html).toMatch(/type="checkbox" role="switch"[^>]*value="on"/);
    expect(html.match(/name="techDevices"[^>]*type="checkbox"/g)).toHaveLength(2);
    expect(html).toMatch(
      /Smartphone<\/label><div[^>]*>.*or.*<\/div><label[^>]*><input[^>]*data-exclusive=""[^>]*value="NonePreferNotToSay"/,
    );
    expect(html).toMatch(/name="phoneBrand"[^>]*type="radio"/);
    expect(html).not.toContain('disabled=""');
  });

  test("without JavaScript a conditional question shows, with a hint saying when to answer it", () => {
    const html = render({});
    expect(html).toContain("Answer only if you chose &#x27;Smartphone&#x27; above.");
    expect(html).toMatch(/name="phoneBrand"[^>]*aria-describedby="[^"]*-hint"/);
    expect(html).not.toMatch(/hidden=""/);
  });

  test("shows stored answers, read-only with disabled controls", () => {
    const html = render({
      readOnly: true,
      defaultValue: {
        nickname: "Ash",
        hours: 2.5,
        browser: "Firefox",
        techDevices: ["SmartPhone"],
        phoneBrand: "Other",
        smartHome: true,
      },
    });
    expect(html).toMatch(/name="nickname" disabled=""[^>]*value="Ash"/);
    expect(html).toMatch(/name="hours" disabled=""[^>]*value="2.5"/);
    expect(html).toContain('<option value="Firefox" selected="">');
    expect(html).toMatch(/checked=""[^>]*value="SmartPhone"/);
    expect(html).toMatch(/role="switch"[^>]*checked=""/);
    expect(html).not.toMatch(/name="[a-zA-Z]+"(?! disabled)/);
  });

  test("after a refused post, shows what was posted and the first message per field", () => {
    const html = render({
      posted: [
        ["nickname", ""],
        ["browser", "Opera"],
        ["techDevices", "SmartPhone"],
        ["techDevices", "NonePreferNotToSay"],
      ],
    });
    expect(html).toMatch(/name="nickname"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*-error"/);
    expect(html).toContain("This field is required.");
    expect(html).toContain("Choose one of the listed options.");
    expect(html).toContain("Choose either &#x27;None of these&#x27; or other options, not both.");
    expect(html).toMatch(/border-red-600/);
    expect(html.match(/checked=""[^>]*name="techDevices"|name="techDevices"[^>]*checked=""/g)).toHaveLength(2);
  });

  test("in Hindi, the engine's words, the built-in texts and the messages are Hindi; an admin's texts stay", () => {
    const html = render({
      language: "hi",
      posted: [
        ["nickname", ""],
        ["techDevices", "SmartPhone"],
        ["techDevices", "NonePreferNotToSay"],
      ],
    });
    expect(html).toContain("चुनें…</option>");
    expect(html).toContain("स्मार्टफ़ोन</label>");
    expect(html).toContain("इस सवाल का जवाब तभी दें जब आपने ऊपर &#x27;स्मार्टफ़ोन&#x27; चुना हो।");
    expect(html).toContain("यह ज़रूरी है।");
    expect(html).toContain("या तो &#x27;इनमें से कोई नहीं&#x27; चुनें या दूसरे विकल्प, दोनों नहीं।");
    expect(html).toContain(">या<");
    // Written by an admin, with no Hindi: shown as written.
    expect(html).toContain("Nickname");
    expect(html).not.toContain("Smartphone");
    expect(html).not.toContain("This field is required.");
  });

  test("renders one page when asked", () => {
    const html = render({ page: 1 });
    expect(html).not.toContain('name="nickname"');
    expect(html).toContain('name="techDevices"');
  });
});
