import { expect, test } from "vitest";
import { action as loginAction } from "~/routes/_guest.login";
import { readFormData } from "~/lib/forms.server";

// conform's control fields come only from conform; a crafted one must end as a validation answer,
// never a server error.
function post(body: string) {
  return new Request("http://localhost/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

test("forged conform control fields are dropped; a well-formed validate intent is kept", async () => {
  const forged = [
    "__intent__=%7Bnot-json",
    `__intent__=${encodeURIComponent(JSON.stringify({ type: "boom" }))}`,
    `__intent__=${encodeURIComponent(JSON.stringify({ type: "validate", payload: [] }))}`,
    `__intent__=${encodeURIComponent(JSON.stringify({ type: "validate" }))}&__intent__=x`,
    "__state__=nope",
    "__state__=%5B1%5D",
  ];
  for (const body of forged) {
    const formData = await readFormData(post(`email=a%40b.co&${body}`));
    expect([...formData.keys()], body).toEqual(["email"]);
  }
  const validate = encodeURIComponent(JSON.stringify({ type: "validate", payload: { name: "email" } }));
  const kept = await readFormData(post(`email=a%40b.co&__intent__=${validate}&__state__=%7B%7D`));
  expect([...kept.keys()]).toEqual(["email", "__intent__", "__state__"]);
});

test("a form action answers a forged control field with a validation result, not a 500", async () => {
  const result = await loginAction({
    request: post("email=&password=&__intent__=%7Bnot-json&__state__=nope"),
    params: {},
    context: {},
  });
  expect(result).toMatchObject({ init: { status: 400 } });
});
