/** @jsxImportSource react */
/** Entry of public/storefront-app.js: the settings page {app_url}/app (data from its JSON block). */
import { createRoot } from 'react-dom/client';
import { ThemeProvider, createGlobalStyle } from 'styled-components';
import { GlobalStyles } from '@bigcommerce/big-design';
import { theme } from '@bigcommerce/big-design-theme';
import { SettingsApp } from './SettingsApp.js';
import { settingsApi, type PageData } from './settingsApi.js';

/** The control panel's page grey behind white panels, so the app looks at home in its frame. */
const PageBackground = createGlobalStyle`body { background: ${theme.colors.secondary10}; }`;

const page = JSON.parse(document.getElementById('confab-store')?.textContent || '{}') as PageData;
const api = settingsApi(page);

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <GlobalStyles />
    <PageBackground />
    <SettingsApp page={page} api={api} />
  </ThemeProvider>,
);
