/** What a route's `adminOnly` and `minPlan` mean on screen: a clear notice instead of the page. */
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import type { DashboardRoute } from '../routes.js';
import { isAdmin, planAtLeast, useSession } from '../SessionProvider.js';
import { EmptyState, Icon, PageHeader } from '../ui/index.js';

const PLAN_LABEL = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
} as const;

export function RouteGuard({ route, children }: { route: DashboardRoute; children: ComponentChildren }) {
  const s = useSession();
  if (route.adminOnly && !isAdmin(s)) {
    return (
      <>
        <PageHeader title={route.title} />
        <EmptyState title="Admins only" icon={<Icon name="key" size={28} />}>
          <p>
            Your role in {s.workspace.name} is Member. Ask an admin of the workspace if you need access to{' '}
            {route.title.toLowerCase()}.
          </p>
        </EmptyState>
      </>
    );
  }
  if (route.minPlan && !planAtLeast(s.workspace.plan, route.minPlan)) {
    return (
      <>
        <PageHeader title={route.title} />
        <EmptyState
          title={`The ${PLAN_LABEL[route.minPlan]} plan unlocks ${route.title.toLowerCase()}`}
          icon={<Icon name="sparkle" size={28} />}
          action={
            <Link href="/" class="btn btn-secondary">
              See your plan
            </Link>
          }
        >
          <p>
            {s.workspace.name} is on the {PLAN_LABEL[s.workspace.plan]} plan. Upgrade to {PLAN_LABEL[route.minPlan]} or
            above to use {route.title.toLowerCase()}.
          </p>
        </EmptyState>
      </>
    );
  }
  return <>{children}</>;
}
