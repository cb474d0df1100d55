/** Small SVG charts on the design tokens: no chart library, text alternatives included. */

export interface Series {
  name: string;
  color: string;
  values: Array<number | null>;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 48 };
// The outermost labels of a line chart sit on the plot's edges: anchored inwards, they stay visible.
const anchorAt = (index: number, count: number) => (index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle');

export function LineChart({
  labels,
  series,
  format,
  title,
}: {
  labels: string[];
  series: Series[];
  format: (value: number) => string;
  title: string;
}) {
  const max = Math.max(1, ...series.flatMap((line) => line.values.filter((value): value is number => value !== null)));
  const x = (index: number) => PAD.left + (labels.length <= 1 ? 0 : (index / (labels.length - 1)) * (WIDTH - PAD.left - PAD.right));
  const y = (value: number) => PAD.top + (1 - value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <figure style={{ margin: 0 }}>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line className="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * fraction)} y2={y(max * fraction)} />
            <text x={PAD.left - 6} y={y(max * fraction) + 4} textAnchor="end">
              {format(max * fraction)}
            </text>
          </g>
        ))}
        {labels.map((label, index) =>
          index % every === 0 ? (
            <text key={label} x={x(index)} y={HEIGHT - 8} textAnchor={anchorAt(index, labels.length)}>
              {label}
            </text>
          ) : null,
        )}
        {series.map((line) => {
          // Gaps (buckets without a value) break the line rather than drop to zero.
          const segments: string[][] = [[]];
          line.values.forEach((value, index) => {
            if (value === null) segments.push([]);
            else (segments.at(-1) as string[]).push(`${x(index).toFixed(1)},${y(value).toFixed(1)}`);
          });
          return (
            <g key={line.name}>
              {segments
                .filter((points) => points.length > 1)
                .map((points, index) => (
                  <polyline key={index} points={points.join(' ')} fill="none" stroke={line.color} strokeWidth={2} />
                ))}
              {line.values.map((value, index) =>
                value === null ? null : <circle key={index} cx={x(index)} cy={y(value)} r={3} fill={line.color} />,
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="legend">
        {series.map((line) => (
          <span key={line.name} style={{ ['--swatch' as string]: line.color }}>
            {line.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export function BarChart({ labels, values, title, color }: { labels: string[]; values: number[]; title: string; color: string }) {
  const max = Math.max(1, ...values);
  const inner = WIDTH - PAD.left - PAD.right;
  const band = inner / Math.max(1, values.length);
  const every = Math.max(1, Math.ceil(labels.length / 6));
  const y = (value: number) => PAD.top + (1 - value / max) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
      {[0, 0.5, 1].map((fraction) => (
        <g key={fraction}>
          <line className="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * fraction)} y2={y(max * fraction)} />
          <text x={PAD.left - 6} y={y(max * fraction) + 4} textAnchor="end">
            {Math.round(max * fraction)}
          </text>
        </g>
      ))}
      {values.map((value, index) => (
        <rect
          key={index}
          x={PAD.left + index * band + band * 0.15}
          width={band * 0.7}
          y={y(value)}
          height={Math.max(0, HEIGHT - PAD.bottom - y(value))}
          fill={color}
          rx={2}
        />
      ))}
      {labels.map((label, index) =>
        index % every === 0 ? (
          <text key={label} x={PAD.left + index * band + band / 2} y={HEIGHT - 8} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </svg>
  );
}
