/** What upgrading unlocks, for Free workspaces (and wherever a plan limit stops someone). */
import type { Plan } from '../../SessionProvider.js';

const UNLOCKS: { plan: string; items: string[] }[] = [
  {
    plan: 'Starter',
    items: [
      'Up to 5 chatbots and 5 webhooks',
      'The External API: 10,000 calls a month',
      'A branded sign-in address for your team',
    ],
  },
  {
    plan: 'Pro',
    items: ['Up to 15 chatbots and 15 webhooks', '50,000 API calls a month', 'Ad analytics for your login page'],
  },
];

export function UpgradeCallout({ plan, reason }: { plan: Plan; reason?: string }) {
  if (plan !== 'free' && !reason) return null;
  return (
    <section class="callout" aria-labelledby="upgrade-title">
      <div>
        <h2 id="upgrade-title">{reason ?? 'You are on the Free plan'}</h2>
        <p class="muted">The dashboard is yours on every plan. Upgrading unlocks:</p>
        <div class="grid grid-2" style={{ marginTop: '10px', gap: '12px' }}>
          {UNLOCKS.map((u) => (
            <div key={u.plan}>
              <strong>{u.plan}</strong>
              <ul>
                {u.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p class="small muted" style={{ marginTop: '8px' }}>
          To change your plan, contact your Confab account manager.
        </p>
      </div>
    </section>
  );
}
