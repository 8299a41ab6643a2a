/** The side navigation, built from routes.ts: what this user's role may see, grouped. */
import { Link, useLocation } from 'wouter-preact';
import { NAV_GROUPS, ROUTES, type DashboardRoute } from '../routes.js';
import { isAdmin, planAtLeast, useSession } from '../SessionProvider.js';
import { Icon } from '../ui/index.js';

function isCurrent(route: DashboardRoute, location: string): boolean {
  if (route.path === '/') return location === '/' || location === '';
  return location === route.path || location.startsWith(`${route.path}/`);
}

export function SideNav({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const s = useSession();
  const [location] = useLocation();
  const visible = ROUTES.filter((r) => r.nav !== false && (!r.adminOnly || isAdmin(s)));
  return (
    <nav id="sidenav" class={`sidenav${open ? ' sidenav-open' : ''}`} aria-label="Dashboard">
      {NAV_GROUPS.map((group) => {
        const items = visible.filter((r) => r.group === group);
        if (!items.length) return null;
        return (
          <div class="nav-group" key={group}>
            <p class="nav-group-title">{group}</p>
            <ul>
              {items.map((r) => {
                const current = isCurrent(r, location);
                return (
                  <li key={r.path}>
                    <Link
                      href={r.path}
                      class={`nav-link${current ? ' nav-link-current' : ''}`}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {r.icon && <Icon name={r.icon} />}
                      <span>{r.title}</span>
                      {r.minPlan && !planAtLeast(s.workspace.plan, r.minPlan) && (
                        <span class="nav-tag">{r.minPlan}</span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
