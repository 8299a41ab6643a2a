/** Overview: this month's API usage against the quota and AI tokens against the budget, the plan, chatbots, quick links. */
import { Link } from 'wouter-preact';
import { api, DASHBOARD_API } from '../api.js';
import { isAdmin, useSession } from '../SessionProvider.js';
import {
  Badge,
  Card,
  ErrorState,
  Icon,
  PageHeader,
  Skeleton,
  formatNumber,
  useLoad,
  type IconName,
} from '../ui/index.js';
import { UpgradeCallout } from './overview/UpgradeCallout.js';
import { AiUsageCard } from './overview/AiUsageCard.js';
import { UsageMeter } from './overview/UsageMeter.js';
import type { AlwaysSent, Answer } from '../apiTypes.js';

/** The route's schema leaves the members of its parts optional; the route always sends them all. */
type Overview = AlwaysSent<Answer<'/api/v1/dashboard/overview', 'get'>>;

const PLAN_LABEL: Record<string, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
};

function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
}

function UsageCard({ o }: { o: Overview }) {
  const { used, limit, month } = o.usage;
  if (!o.apiAccess) {
    return (
      <Card>
        <p class="stat-label">API calls · {monthLabel(month)}</p>
        <p class="stat-value">—</p>
        <p class="stat-sub">The Free plan has no External API access.</p>
      </Card>
    );
  }
  return (
    <Card>
      <p class="stat-label">API calls · {monthLabel(month)}</p>
      <p class="stat-value">{formatNumber(used)}</p>
      <p class="stat-sub">
        {limit === null
          ? 'No monthly limit'
          : `of ${formatNumber(limit)} · ${formatNumber(o.usage.remaining ?? 0)} left`}
      </p>
      {limit !== null && <UsageMeter used={used} limit={limit} label="API quota used" />}
    </Card>
  );
}

function limitText(n: number | null, what: string): string {
  if (n === null) return `Unlimited ${what}`;
  if (n === 0) return `No ${what}`;
  return `Up to ${formatNumber(n)} ${what}`;
}

function QuickLinks() {
  const s = useSession();
  const links: { href: string; label: string; icon: IconName; admin?: boolean }[] = [
    { href: '/chatbots', label: 'Manage chatbots and their flows', icon: 'bot' },
    { href: '/responses', label: 'Read conversations', icon: 'inbox' },
    { href: '/analytics', label: 'See responses per day', icon: 'chart' },
    { href: '/api-keys', label: 'Create an API key', icon: 'key', admin: true },
    { href: '/webhooks', label: 'Send events to your systems', icon: 'webhook', admin: true },
    { href: '/branding', label: 'Brand your sign-in page', icon: 'palette', admin: true },
  ];
  return (
    <Card title="Quick links" padded={false}>
      <ul class="link-list">
        {links
          .filter((l) => !l.admin || isAdmin(s))
          .map((l) => (
            <li key={l.href}>
              <Link href={l.href}>
                <Icon name={l.icon} />
                {l.label}
                <Icon name="right" size={16} />
              </Link>
            </li>
          ))}
      </ul>
    </Card>
  );
}

function ChatbotsCard({ o }: { o: Overview }) {
  const items = o.chatbots.items.slice(0, 5);
  const cap = o.limits.chatbots;
  return (
    <Card
      title="Chatbots"
      description={
        cap === null
          ? `${o.chatbots.count} in this workspace`
          : cap === 0
            ? 'Not included in your plan'
            : `${o.chatbots.count} of ${cap} on your plan`
      }
      actions={
        <Link href="/chatbots" class="btn btn-secondary btn-sm">
          View all
        </Link>
      }
      padded={false}
    >
      {items.length === 0 ? (
        <div class="card-body">
          <p class="muted">{cap === 0 ? 'Chatbots come with a paid plan.' : 'No chatbots yet.'}</p>
          {cap !== 0 && (
            <p style={{ marginTop: '10px' }}>
              <Link href="/chatbots" class="btn btn-primary btn-sm">
                Create your first chatbot
              </Link>
            </p>
          )}
        </div>
      ) : (
        <ul class="link-list">
          {items.map((c) => (
            <li key={c.id}>
              <Link href={`/chatbots/${c.id}`}>
                <Icon name="bot" />
                <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {c.name}
                </span>
                {c.disabled ? <Badge>Disabled</Badge> : <Badge tone="success">Active</Badge>}
                <span class="muted small nowrap" style={{ marginLeft: 'auto' }}>
                  {formatNumber(c.responseCount)} response{c.responseCount === 1 ? '' : 's'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function OverviewPage() {
  const s = useSession();
  const overview = useLoad(() => api.get<Overview>(`${DASHBOARD_API}/overview`), []);
  const o = overview.data;
  // A new owner's name defaults to the workspace's: greet by name only when it is a person's.
  const firstName = s.user.name && s.user.name !== s.workspace.name ? s.user.name.split(' ')[0] : '';
  return (
    <>
      <PageHeader
        title="Overview"
        description={`${firstName ? `Welcome back, ${firstName}. ` : ''}Here is how ${s.workspace.name} is doing this month.`}
      />
      {overview.error && !o ? (
        <ErrorState error={overview.error} onRetry={overview.reload} />
      ) : !o ? (
        <div class="grid grid-3">
          {[1, 2, 3].map((i) => (
            <Card key={i}>
              <Skeleton lines={3} label="Loading the overview…" />
            </Card>
          ))}
        </div>
      ) : (
        <div class="stack">
          {!o.apiAccess && <UpgradeCallout plan={s.workspace.plan} />}
          <div class="grid grid-4">
            <UsageCard o={o} />
            <AiUsageCard monthLabel={monthLabel} />
            <Card>
              <p class="stat-label">Plan</p>
              <p class="stat-value">{PLAN_LABEL[o.usage.plan] ?? o.usage.plan}</p>
              <p class="stat-sub">
                {limitText(o.limits.chatbots, 'chatbots')} · {limitText(o.limits.webhooks, 'webhooks')}
              </p>
            </Card>
            <Card>
              <p class="stat-label">Responses · last 30 days</p>
              <p class="stat-value">{formatNumber(o.responses.last30Days)}</p>
              <p class="stat-sub">{formatNumber(o.responses.total)} in total</p>
            </Card>
          </div>
          <div class="grid grid-main-side">
            <ChatbotsCard o={o} />
            <QuickLinks />
          </div>
        </div>
      )}
    </>
  );
}
