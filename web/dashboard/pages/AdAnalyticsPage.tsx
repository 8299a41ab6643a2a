/**
 * Ad analytics (Pro and above; routes.ts shows an upgrade notice below that): clicks on the login
 * page's ad links over the last 30 days, unique visitors, clicks per day, devices and browsers.
 */
import { api } from '../api.js';
import { Card, EmptyState, ErrorState, Icon, PageHeader, Skeleton, formatNumber, useLoad } from '../ui/index.js';
import { BrowsersChart, Breakdown, ClicksChart, DevicesChart } from './adAnalytics/AdCharts.js';
import './branding/branding.css';
import type { Answer } from '../apiTypes.js';

type AdAnalytics = Answer<'/api/v1/workspace/ad-analytics', 'get'>;

function Stat({ label, value, sub }: { label: string; value: string; sub: string }) {
  return (
    <Card>
      <p class="stat-label">{label}</p>
      <p class="stat-value">{value}</p>
      <p class="stat-sub">{sub}</p>
    </Card>
  );
}

export function AdAnalyticsPage() {
  const report = useLoad(() => api.get<AdAnalytics>('/api/v1/workspace/ad-analytics'), []);
  const header = (
    <PageHeader
      title="Ad analytics"
      description="Clicks on the ad links of your sign-in page backgrounds, last 30 days (UTC)."
    />
  );
  if (report.error && !report.data)
    return (
      <>
        {header}
        <ErrorState error={report.error} onRetry={report.reload} />
      </>
    );
  const a = report.data;
  if (!a)
    return (
      <>
        {header}
        <Card>
          <Skeleton lines={6} label="Loading ad analytics…" />
        </Card>
      </>
    );
  if (a.totalClicks === 0) {
    return (
      <>
        {header}
        <EmptyState
          title="No ad clicks in the last 30 days"
          icon={<Icon name="megaphone" size={28} />}
          action={
            <a href="branding" class="btn btn-secondary">
              Add an ad link
            </a>
          }
        >
          Give a background on the Branding page an ad link: every click on it is counted here, then the visitor goes on
          to your link.
        </EmptyState>
      </>
    );
  }
  const busiest = a.daily.reduce((m, d) => (d.clicks > m.clicks ? d : m), a.daily[0]!);
  return (
    <>
      {header}
      <div class="stack">
        <div class="grid grid-3">
          <Stat
            label="Clicks · last 30 days"
            value={formatNumber(a.totalClicks)}
            sub={`${(a.totalClicks / Math.max(1, a.daily.length)).toFixed(1)} a day on average`}
          />
          <Stat
            label="Unique visitors"
            value={formatNumber(a.uniqueVisitors)}
            sub={`${(a.totalClicks / Math.max(1, a.uniqueVisitors)).toFixed(1)} clicks per visitor`}
          />
          <Stat
            label="Busiest day"
            value={formatNumber(busiest.clicks)}
            sub={new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
              new Date(`${busiest.date}T00:00:00Z`),
            )}
          />
        </div>
        <Card title="Clicks per day">
          <ClicksChart daily={a.daily} />
        </Card>
        <div class="grid grid-2">
          <Card title="Devices">
            <DevicesChart devices={a.devices} />
            <Breakdown label="Clicks by device" rows={a.devices.map((d) => ({ name: d.device, count: d.count }))} />
          </Card>
          <Card title="Browsers" description="The ten with most clicks">
            <BrowsersChart browsers={a.browsers} />
            <Breakdown label="Clicks by browser" rows={a.browsers.map((b) => ({ name: b.browser, count: b.count }))} />
          </Card>
        </div>
      </div>
    </>
  );
}
