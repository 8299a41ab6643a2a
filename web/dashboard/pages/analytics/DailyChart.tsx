/**
 * Responses per day as a Chart.js bar chart (only the parts it uses are registered, to keep the
 * bundle small). The canvas is described for screen readers; the numbers are in a table below.
 */
import { useEffect, useRef } from 'preact/hooks';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

export function DailyChart({
  days,
  description,
  emptyText,
}: {
  days: { date: string; count: number }[];
  description: string;
  emptyText: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#5047e5';
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: [],
        datasets: [{ label: 'Responses', data: [], backgroundColor: accent, borderRadius: 4, maxBarThickness: 28 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false }, tooltip: { intersect: false, mode: 'index' } },
        scales: {
          x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12, color: '#5d6676' } },
          y: {
            beginAtZero: true,
            ticks: { precision: 0, color: '#5d6676' },
            grid: { color: '#eef0f4' },
            border: { display: false },
          },
        },
      },
    });
    return () => chart.current?.destroy();
  }, []);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = days.map((d) => label(d.date));
    c.data.datasets[0]!.data = days.map((d) => d.count);
    c.update();
  }, [days]);
  return (
    <div class="chart-box">
      <canvas ref={canvas} role="img" aria-label={description} data-chart-points={days.length} />
      {days.every((d) => d.count === 0) && <p class="chart-empty">{emptyText}</p>}
    </div>
  );
}

export function DailyTable({ days }: { days: { date: string; count: number }[] }) {
  return (
    <details class="chart-table">
      <summary>Show the numbers as a table</summary>
      <div
        class="table-wrap"
        style={{ maxHeight: '320px', overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label="Responses per day, as a table"
      >
        <table class="table">
          <caption class="sr-only">Responses per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="num">
                Responses
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .slice()
              .reverse()
              .map((d) => (
                <tr key={d.date}>
                  <td>{label(d.date)}</td>
                  <td class="num">{d.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
