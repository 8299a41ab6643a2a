/**
 * What the dashboard page (api/pages/dashboardPage.ts) tells the client in its JSON block, since
 * the CSP allows no inline script.
 */
export interface DashboardConfig {
  /** '' on a workspace's own host, '/dashboard' on the main host. */
  base: string;
  /** Branded sign-in pages live at <slug>.<workspaceDomain> (WORKSPACE_DOMAIN). */
  workspaceDomain: string;
}

let cached: DashboardConfig | null = null;

export function readConfig(): DashboardConfig {
  if (cached) return cached;
  let parsed: Partial<DashboardConfig> = {};
  try {
    parsed = JSON.parse(document.getElementById('dashboard-config')?.textContent || '{}') as Partial<DashboardConfig>;
  } catch {
    /* a broken block: the defaults below */
  }
  cached = {
    base: typeof parsed.base === 'string' ? parsed.base : '',
    workspaceDomain: typeof parsed.workspaceDomain === 'string' ? parsed.workspaceDomain : location.hostname,
  };
  return cached;
}
