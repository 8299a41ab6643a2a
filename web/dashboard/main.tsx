/**
 * Entry of public/dashboard.js (+ public/dashboard.css). The page (api/pages/dashboardPage.ts)
 * passes its settings in a JSON block (config.ts), since the CSP allows no inline script.
 */
import { render } from 'preact';
import { App } from './app.js';
import './ui/dashboard.css';
import { readConfig } from './config.js';

const root = document.getElementById('app');
if (root) render(<App base={readConfig().base} />, root);
