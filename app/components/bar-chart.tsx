// A horizontal bar chart drawn on the server as inline SVG: no chart library and no script, so it
// reads the same with JavaScript off and weighs a few hundred bytes. The SVG is one image to
// assistive technology (role="img" with a summary); the figures themselves are in the plain table
// the caller renders beside it (decision 058).

export interface Bar {
  label: string;
  count: number;
  /** Shown after the count, e.g. "40%". */
  note?: string;
}

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 180;
const BAR_AREA = 320;
const FIGURE_WIDTH = 90;
const MAX_LABEL_CHARACTERS = 28;

export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const width = LABEL_WIDTH + BAR_AREA + FIGURE_WIDTH;
  const height = bars.length * (BAR_HEIGHT + GAP) + GAP;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: `${width}px` }}
      className="mt-2 block"
      xmlns="http://www.w3.org/2000/svg"
    >
      {bars.map((bar, index) => {
        const y = GAP + index * (BAR_HEIGHT + GAP);
        const barWidth = Math.round((bar.count / largest) * BAR_AREA);
        const label =
          bar.label.length > MAX_LABEL_CHARACTERS ? `${bar.label.slice(0, MAX_LABEL_CHARACTERS - 1)}…` : bar.label;
        return (
          <g key={index} aria-hidden="true">
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="middle" fontSize="12">
              {label}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={BAR_AREA} height={BAR_HEIGHT} fill="#f1f5f9" />
            <rect x={LABEL_WIDTH} y={y} width={barWidth} height={BAR_HEIGHT} fill="#2563eb" />
            <text x={LABEL_WIDTH + BAR_AREA + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" fontSize="12">
              {bar.note ? `${bar.count} (${bar.note})` : String(bar.count)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** "Colour: Red 3 (60%), Blue 2 (40%)": what the chart shows, in one sentence for its aria-label. */
export function chartSummary(title: string, bars: Bar[]): string {
  const parts = bars.map((bar) => `${bar.label} ${bar.count}${bar.note ? ` (${bar.note})` : ""}`);
  return `${title}: ${parts.length > 0 ? parts.join(", ") : "no answers"}`;
}
