/**
 * The dashboard shell: header (logo, workspace switcher, user menu), side navigation from
 * routes.ts, and the main area where the router shows the current page.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Route, Router, Switch, useLocation } from 'wouter-preact';
import { ROUTES, type DashboardRoute } from './routes.js';
import { SessionProvider, useSession } from './SessionProvider.js';
import { EmptyState, ErrorState, Loading, ToastProvider } from './ui/index.js';
import { Header } from './shell/Header.js';
import { SideNav } from './shell/SideNav.js';
import { RouteGuard } from './shell/RouteGuard.js';
import { LeaveDialog } from './shell/LeaveDialog.js';
import { guardedNav } from './shell/unsavedChanges.js';
import { SessionEndedDialog } from './shell/SessionEndedDialog.js';

/** One page: its guard, the document title, and focus moved to the page on navigation. */
function RoutePage({ route, params }: { route: DashboardRoute; params: Record<string, string | undefined> }) {
  const s = useSession();
  const main = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${route.title} · ${s.workspace.name} · Confab`;
  }, [route, s.workspace.name]);
  useEffect(() => {
    // A screen reader user lands on the new page, not on the link they left behind.
    if (document.activeElement && document.activeElement !== document.body)
      main.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [route.path]);
  const Page = route.component;
  return (
    <div ref={main} tabIndex={-1} class="page-focus">
      <RouteGuard route={route}>
        <Page params={params} />
      </RouteGuard>
    </div>
  );
}

function NotFound() {
  useEffect(() => {
    document.title = 'Not found · Confab';
  }, []);
  return (
    <EmptyState title="Page not found">
      The address does not match any page of the dashboard. Pick one from the navigation.
    </EmptyState>
  );
}

function Shell() {
  const [navOpen, setNavOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setNavOpen(false), [location]);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setNavOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);
  return (
    <div class={`shell${navOpen ? ' shell-nav-open' : ''}`}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <Header navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} />
      <div class="shell-body">
        <SideNav open={navOpen} onNavigate={() => setNavOpen(false)} />
        {/* On a phone the open navigation dims the page; a tap on it closes the navigation. */}
        <main id="main" class="main" onClick={navOpen ? () => setNavOpen(false) : undefined}>
          <Switch>
            {ROUTES.map((r) => (
              <Route key={r.path} path={r.path}>
                {(params: Record<string, string | undefined>) => <RoutePage route={r} params={params} />}
              </Route>
            ))}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </main>
      </div>
      <LeaveDialog />
      <SessionEndedDialog />
    </div>
  );
}

export function App({ base }: { base: string }) {
  return (
    <ToastProvider>
      <SessionProvider
        fallback={(load, retry) =>
          load.state === 'error' ? (
            <main class="boot">
              <ErrorState title="The dashboard could not load" error={load.error} onRetry={retry} />
            </main>
          ) : (
            <main class="boot">
              <Loading label="Loading your workspace…" />
            </main>
          )
        }
      >
        {/* Every in-app navigation asks first while a draft is unsaved (unsavedChanges.ts). */}
        <Router base={base} aroundNav={guardedNav}>
          <Shell />
        </Router>
      </SessionProvider>
    </ToastProvider>
  );
}
