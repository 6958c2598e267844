/**
 * The statistics screen's line chart: one line per chosen indicator over the trend's labels
 * (hours, days or months). It carries the charting library, so it loads as its own chunk, only
 * on this screen.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OplogTrend } from "../../../../contract/oplog.ts";
import type { OplogIndicator } from "../../../../contract/oplog-rules.ts";

/** SVG presentation attributes take no CSS variables: the lines' colours, the product's brown first. */
const LINE_COLOURS: Record<OplogIndicator, string> = {
  count: "#987444",
  anonymous: "#0f6cbd",
  login: "#107c10",
  register: "#c239b3",
  ip: "#da3b01",
};

const CHART_HEIGHT = 360;

export type TrendLine = { indicator: OplogIndicator; label: string };

export function TrendChart(props: { trend: OplogTrend; lines: readonly TrendLine[]; label: string }) {
  const points = props.trend.labels.map((label, index) => ({ label, ...props.trend.rows[index] }));
  return (
    <div
      role="img"
      aria-label={props.label}
      style={{ width: "100%", height: CHART_HEIGHT }}
      data-trend-chart
      data-trend-lines={props.lines.map((line) => line.indicator).join(",")}
      data-trend-points={points.length}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={points} margin={{ top: 8, right: 24, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" minTickGap={16} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {props.lines.map((line) => (
            <Line
              key={line.indicator}
              type="monotone"
              dataKey={line.indicator}
              name={line.label}
              stroke={LINE_COLOURS[line.indicator]}
              strokeWidth={2}
              dot={points.length <= 31}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
