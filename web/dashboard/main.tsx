/**
 * Entry of public/dashboard.js (+ public/dashboard.css). The page (api/pages/dashboardPage.ts)
 * passes the router base in a JSON block, since the CSP allows no inline script.
 */
import { render } from 'preact';
import { App } from './app.js';
import './ui/dashboard.css';

interface DashboardConfig {
  /** '' on a workspace's own host, '/dashboard' on the main host. */
  base: string;
}

function readConfig(): DashboardConfig {
  const el = document.getElementById('dashboard-config');
  try {
    const parsed = JSON.parse(el?.textContent || '{}') as Partial<DashboardConfig>;
    return { base: typeof parsed.base === 'string' ? parsed.base : '' };
  } catch {
    return { base: '' };
  }
}

const root = document.getElementById('app');
if (root) render(<App base={readConfig().base} />, root);
