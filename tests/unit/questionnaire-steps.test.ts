import { describe, expect, test } from "vitest";
import { answersAsPosted, firstPageWithError, mergePage, pageToShow } from "~/questionnaire/steps";
import { checkbox, number, option, page, questionnaire, radio, toggle } from "../support/questionnaires";

// The rules of a questionnaire answered page by page (decision 075), as both the browser and the
// server apply them: which page a member sees, what a saved page replaces, how saved answers are
// carried as form values.

const DEFINITION = questionnaire("Home", [
  page("Rooms", [number("rooms", "How many rooms?")]),
  page("Garden", [radio("garden", "Garden?", [option("Yes"), option("No")])]),
  page("Pets", [checkbox("pets", "Pets?", [option("Dog"), option("Cat")]), toggle("vet", "A vet nearby")]),
]);

describe("the page shown", () => {
  test("a member resumes on the first page not yet saved", () => {
    expect(pageToShow(DEFINITION, 0, null)).toBe(0);
    expect(pageToShow(DEFINITION, 2, null)).toBe(2);
    // Every page saved (a refused submit): the last page, never one past it.
    expect(pageToShow(DEFINITION, 3, null)).toBe(2);
  });

  test("?page= opens a saved page or the next one, never a page further on; junk is ignored", () => {
    expect(pageToShow(DEFINITION, 2, "1")).toBe(0);
    expect(pageToShow(DEFINITION, 2, "3")).toBe(2);
    expect(pageToShow(DEFINITION, 1, "3")).toBe(1);
    for (const junk of ["0", "-1", "two", "1e3", "99999", ""]) expect(pageToShow(DEFINITION, 1, junk)).toBe(1);
  });
});

test("saving a page replaces it and the pages before it, and keeps the later pages' answers", () => {
  const saved = { rooms: 3, garden: "Yes", pets: ["Dog"], vet: true };
  // Back on page 1, the rooms changed: the garden and pets are kept.
  expect(mergePage(DEFINITION, 0, saved, { rooms: 5 })).toEqual({ rooms: 5, garden: "Yes", pets: ["Dog"], vet: true });
  // An answer cleared on page 2 is gone.
  expect(mergePage(DEFINITION, 1, saved, { rooms: 3 })).toEqual({ rooms: 3, pets: ["Dog"], vet: true });
});

test("saved answers are carried as the strings the form posts", () => {
  expect(answersAsPosted({ rooms: 3, garden: "No", pets: ["Dog", "Cat"], vet: true })).toEqual({
    rooms: ["3"],
    garden: ["No"],
    pets: ["Dog", "Cat"],
    vet: ["on"],
  });
  expect(answersAsPosted({ vet: false })).toEqual({ vet: [] });
});

test("a refused submit goes to the first page with an error", () => {
  expect(firstPageWithError(DEFINITION, { pets: ["Please choose at least one option."], garden: ["x"] })).toBe(1);
  expect(firstPageWithError(DEFINITION, { "": ["form"] })).toBeNull();
});
