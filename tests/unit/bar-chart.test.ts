import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { BarChart, chartSummary } from "~/components/bar-chart";

// The results page's charts (decision 058): one image to assistive technology, summarised in its
// label, with bars as long as their counts and no script.

const BARS = [
  { label: "Red", count: 4, note: "80%" },
  { label: "Blue", count: 1, note: "20%" },
  { label: "Green", count: 0, note: "0%" },
];

function render(bars = BARS) {
  return renderToString(createElement(BarChart, { bars, summary: chartSummary("Favourite colour", bars) }));
}

describe("BarChart", () => {
  test("is one image whose label states every bar's figure", () => {
    const markup = render();
    expect(markup).toMatch(/^<svg[^>]*role="img"/);
    expect(markup).toContain('aria-label="Favourite colour: Red 4 (80%), Blue 1 (20%), Green 0 (0%)"');
    expect(markup).not.toContain("<script");
  });

  test("draws each bar in proportion to the largest, and a zero as no bar", () => {
    const widths = [...render().matchAll(/<rect[^>]*fill="#2563eb"[^>]*>/g)].map(([rect]) =>
      Number(/width="(\d+)"/.exec(rect)?.[1]),
    );
    expect(widths).toEqual([320, 80, 0]);
  });

  test("a chart without answers says so", () => {
    expect(chartSummary("Favourite colour", [])).toBe("Favourite colour: no answers");
    expect(render([])).toContain('role="img"');
  });
});
