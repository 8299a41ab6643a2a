/**
 * Ad analytics charts with Chart.js: clicks per day (line), devices (doughnut) and the top
 * browsers (horizontal bars). Only the parts used are registered, to keep the bundle small; every
 * canvas is described for screen readers, and the numbers are in tables beside them.
 */
import { useEffect, useRef } from 'preact/hooks';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const PALETTE = [
  '#5047e5',
  '#0e9384',
  '#dc6803',
  '#7a5af8',
  '#d92d20',
  '#2e90fa',
  '#66c61c',
  '#ee46bc',
  '#475467',
  '#b54708',
];
const accent = () => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || PALETTE[0]!;
const tick = { color: '#5d6676' };

/** One Chart.js chart on a canvas, rebuilt when its data changes. */
function useChart(config: () => ChartConfiguration, deps: unknown[]) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config());
    return () => chart.destroy();
  }, deps);
  return canvas;
}

const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function ClicksChart({ daily }: { daily: { date: string; clicks: number }[] }) {
  const total = daily.reduce((n, d) => n + d.clicks, 0);
  const canvas = useChart(
    () => ({
      type: 'line',
      data: {
        labels: daily.map((d) => shortDay.format(new Date(`${d.date}T00:00:00Z`))),
        datasets: [
          {
            label: 'Clicks',
            data: daily.map((d) => d.clicks),
            borderColor: accent(),
            backgroundColor: `${accent()}22`,
            fill: true,
            tension: 0.3,
            pointRadius: 2,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false }, tooltip: { intersect: false, mode: 'index' } },
        scales: {
          x: { grid: { display: false }, ticks: { ...tick, maxRotation: 0, autoSkipPadding: 12 } },
          y: {
            beginAtZero: true,
            ticks: { ...tick, precision: 0 },
            grid: { color: '#eef0f4' },
            border: { display: false },
          },
        },
      },
    }),
    [daily],
  );
  return (
    <div class="chart-box">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Line chart: ad clicks per day over the last ${daily.length} days, ${total} in total.`}
        data-chart-points={daily.length}
      />
    </div>
  );
}

export function DevicesChart({ devices }: { devices: { device: string; count: number }[] }) {
  const canvas = useChart(
    () => ({
      type: 'doughnut',
      data: {
        labels: devices.map((d) => d.device),
        datasets: [{ data: devices.map((d) => d.count), backgroundColor: PALETTE, borderWidth: 2 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        cutout: '62%',
        plugins: { legend: { display: false } },
      },
    }),
    [devices],
  );
  return (
    <div class="chart-box-sm">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Doughnut chart of clicks by device: ${devices.map((d) => `${d.device} ${d.count}`).join(', ')}.`}
      />
    </div>
  );
}

export function BrowsersChart({ browsers }: { browsers: { browser: string; count: number }[] }) {
  const canvas = useChart(
    () => ({
      type: 'bar',
      data: {
        labels: browsers.map((b) => b.browser),
        datasets: [
          {
            label: 'Clicks',
            data: browsers.map((b) => b.count),
            backgroundColor: accent(),
            borderRadius: 4,
            maxBarThickness: 22,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: {
            beginAtZero: true,
            ticks: { ...tick, precision: 0 },
            grid: { color: '#eef0f4' },
            border: { display: false },
          },
          y: { grid: { display: false }, ticks: tick },
        },
      },
    }),
    [browsers],
  );
  return (
    <div class="chart-box-sm">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Bar chart of clicks by browser: ${browsers.map((b) => `${b.browser} ${b.count}`).join(', ')}.`}
      />
    </div>
  );
}

/** A legend that is also the numbers: a small table with each color's swatch. */
export function Breakdown({ rows, label }: { rows: { name: string; count: number }[]; label: string }) {
  const total = rows.reduce((n, r) => n + r.count, 0);
  return (
    <table class="table breakdown">
      <caption class="sr-only">{label}</caption>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.name}>
            <th scope="row">
              <span class="swatch" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" /> {r.name}
            </th>
            <td class="num">{r.count}</td>
            <td class="num muted">{total ? Math.round((r.count / total) * 100) : 0}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
