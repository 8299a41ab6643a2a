/**
 * Entry of public/dashboard.js (+ public/dashboard.css). The page (api/pages/dashboardPage.ts)
 * passes its settings in a JSON block (config.ts), since the CSP allows no inline script.
 */
import { render } from 'preact';
import { App } from './App.js';
import './ui/dashboard.css';
// After dashboard.css, so that their phone layouts win over the generic rules there.
import './ui/table.css';
import './ui/conversation.css';
import { readConfig } from './config.js';
import { installLeaveGuard } from './shell/unsavedChanges.js';

const root = document.getElementById('app');
// Before the first render: the guard's Back/Forward listener must precede the router's.
installLeaveGuard();
if (root) render(<App base={readConfig().base} />, root);
