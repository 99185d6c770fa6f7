import { redirect } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import { sessionCookie } from "~/lib/session-cookie.server";
import { redirectWithToast } from "~/lib/toast.server";
import { allowConsoleError } from "../support/console";
import { checkbox, none, option, page, questionnaire, radio, shownWhen } from "../support/questionnaires";
import { cookiesOf, formRequest, toastOf } from "../support/requests";

// The shared test kit (docs/testing.md) does what the tests that use it rely on: a matcher that
// passes on a wrong response, or a trap that lets an error through, would hide a real failure.

describe("the custom matchers", () => {
  test("toRedirectTo compares the path and query of a redirect, and fails on anything else", () => {
    expect(redirect("/dashboard?page=2")).toRedirectTo("/dashboard?page=2");
    expect(redirect("http://localhost/login")).toRedirectTo("/login");
    expect(redirect("/dashboard")).not.toRedirectTo("/login");
    expect(new Response("ok")).not.toRedirectTo("/dashboard");
    expect({ data: { ok: true } }).not.toRedirectTo("/dashboard");
    expect(() => expect(redirect("/a")).toRedirectTo("/b")).toThrow(
      "expected a redirect to /b, got a 302 Response to /a",
    );
  });

  test("toHaveToast reads the flashed toast and matches the fields given", async () => {
    const response = await redirectWithToast("/account", { type: "success", message: "Account added." });
    await expect(response).toHaveToast({ type: "success" });
    await expect(response).toHaveToast({ message: "Account added." });
    await expect(response).not.toHaveToast({ type: "error" });
    await expect(redirect("/account")).not.toHaveToast();
    expect(await toastOf(response)).toEqual({ type: "success", message: "Account added." });
  });

  test("toHaveSession sees a new session cookie of that kind only", async () => {
    const signedIn = redirect("/dashboard", {
      headers: { "Set-Cookie": await sessionCookie("member").serialize("a-session-id") },
    });
    expect(signedIn).toHaveSession("member");
    expect(signedIn).not.toHaveSession("admin");
    const signedOut = redirect("/", {
      headers: { "Set-Cookie": await sessionCookie("member").serialize("", { maxAge: 0 }) },
    });
    expect(signedOut).not.toHaveSession("member");
    expect(cookiesOf(signedIn)).toMatch(/^__member=/);
  });
});

describe("the console.error trap", () => {
  test("an allowed error passes the test and is not printed", () => {
    allowConsoleError(/could not be sent/);
    console.error("The mail could not be sent: outbox full");
  });

  test("allowConsoleError() with no pattern allows any error of this test", () => {
    allowConsoleError();
    console.error("anything");
  });
});

const PETS = {
  key: "pets",
  label: "Pets",
  type: "checkbox",
  required: true,
  options: [
    { value: "Dog", label: "Dog" },
    { value: "NonePreferNotToSay", label: "None", exclusive: true },
  ],
};
const BREED = {
  key: "breed",
  label: "Breed",
  type: "radio",
  required: false,
  options: [{ value: "Lab", label: "Labrador" }],
  shownWhen: { question: "pets", option: "Dog" },
};

describe("the request and questionnaire builders", () => {
  test("formRequest posts urlencoded fields, repeated ones too, with the cookie", async () => {
    const request = formRequest("/survey", "__member=x", [
      ["fuel", "Petrol"],
      ["fuel", "Diesel"],
    ]);
    expect(request.method).toBe("POST");
    expect(request.url).toBe("http://localhost/survey");
    expect(request.headers.get("Cookie")).toBe("__member=x");
    expect((await request.formData()).getAll("fuel")).toEqual(["Petrol", "Diesel"]);
  });

  test("the builders make the plain definition the engine takes", () => {
    expect(
      questionnaire("Pets", [
        page("Pets", [
          checkbox("pets", "Pets", [option("Dog"), none()]),
          radio("breed", "Breed", [option("Lab", "Labrador")], {
            required: false,
            shownWhen: shownWhen("pets", "Dog"),
          }),
        ]),
      ]),
    ).toEqual({
      title: "Pets",
      description: "",
      pages: [{ title: "Pets", questions: [PETS, BREED] }],
    });
  });
});
