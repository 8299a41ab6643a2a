/** The Overview's card of the month's AI tokens: what the workspace's agents used of the plan's budget. */
import { Card, formatNumber, useLoad } from '../../ui/index.js';
import { aiUsageApi, noAiTokens } from '../usage/aiUsageApi.js';
import { UsageMeter } from './UsageMeter.js';

export function AiUsageCard({ monthLabel }: { monthLabel: (month: string) => string }) {
  const usage = useLoad(aiUsageApi.get, []);
  const u = usage.data;
  // The card is one fact among several: a failed read says so in place instead of hiding the page.
  if (!u)
    return (
      <Card>
        <p class="stat-label">AI tokens</p>
        <p class="stat-value">—</p>
        <p class="stat-sub">{usage.error ? 'Could not be read just now.' : 'Loading…'}</p>
      </Card>
    );
  const { tokensUsed, tokenLimit, remaining } = u;
  return (
    <Card>
      <p class="stat-label">AI tokens · {monthLabel(u.month)}</p>
      <p class="stat-value">{formatNumber(tokensUsed)}</p>
      <p class="stat-sub">
        {noAiTokens(u)
          ? 'No AI tokens on the Free plan.'
          : tokenLimit === null
            ? 'No monthly limit'
            : remaining === 0
              ? `of ${formatNumber(tokenLimit)} · all used: agents pass visitors to a person`
              : `of ${formatNumber(tokenLimit)} · ${formatNumber(remaining ?? 0)} left`}
      </p>
      {tokenLimit !== null && tokenLimit > 0 && (
        <UsageMeter used={tokensUsed} limit={tokenLimit} label="AI tokens used" />
      )}
    </Card>
  );
}
