import { describe, expect, test } from "vitest";
import { notFound, requireId } from "~/lib/http.server";
import { MAX_ID, parseId } from "~/lib/ids";

// The one id parser (docs/decisions/041-one-home-per-concept.md): every page with an id in its URL
// answers a crafted id with the same 404 as an unknown one, and never looks it up.
describe("parseId", () => {
  test("a plain positive whole number that fits the id column", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  test.each(["", "0", "007", "-1", "1.0", "1e3", " 1", "1 ", "12a", "0x10", String(MAX_ID + 1), "99999999999"])(
    "refuses %j",
    (value) => expect(parseId(value)).toBeNull(),
  );

  test("refuses what is not text: undefined, null, a number, a file", () => {
    for (const value of [undefined, null, 1, new File([], "1")]) expect(parseId(value)).toBeNull();
  });
});

describe("requireId", () => {
  test("the id of the named URL segment", () => {
    expect(requireId({ id: "7" })).toBe(7);
    expect(requireId({ survey: "12" }, "survey")).toBe(12);
  });

  test("a malformed or missing id is the shared 404", async () => {
    for (const params of [{ id: "abc" }, { id: "0" }, {}, { other: "1" }]) {
      let thrown: unknown;
      try {
        requireId(params);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
      expect(await (thrown as Response).text()).toBe("Not Found");
    }
    expect(notFound().status).toBe(404);
  });
});
