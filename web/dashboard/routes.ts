/**
 * The dashboard's pages: the one list the side navigation and the router both read. A page is
 * `pages/<Name>Page.tsx` (its own parts in `pages/<name>/`). `nav: false` routes are sub-pages
 * (a chatbot, a conversation) reached from their list. `adminOnly` pages are hidden from members
 * and refused to them; `minPlan` pages show an upgrade notice below that plan.
 */
import type { ComponentType } from 'preact';
import type { IconName } from './ui/Icon.js';
import type { Plan } from './SessionProvider.js';
import { OverviewPage } from './pages/OverviewPage.js';
import { ChatbotsPage } from './pages/ChatbotsPage.js';
import { ChatbotPage } from './pages/ChatbotPage.js';
import { ResponsesPage } from './pages/ResponsesPage.js';
import { ResponsePage } from './pages/ResponsePage.js';
import { AnalyticsPage } from './pages/AnalyticsPage.js';
import { WebhooksPage } from './pages/WebhooksPage.js';
import { ApiKeysPage } from './pages/ApiKeysPage.js';
import { BrandingPage } from './pages/BrandingPage.js';
import { OrganizationPage } from './pages/OrganizationPage.js';
import { AdAnalyticsPage } from './pages/AdAnalyticsPage.js';
import { AccountPage } from './pages/AccountPage.js';
import { MembersPage } from './pages/MembersPage.js';
import { ModelConnectionsPage } from './pages/ModelConnectionsPage.js';
import { KnowledgePage } from './pages/KnowledgePage.js';

export type NavGroup = 'Workspace' | 'Developers' | 'Settings';

export interface DashboardRoute {
  /** Relative to the router's base ('' on a slug host, '/dashboard' on the main host). */
  path: string;
  title: string;
  component: ComponentType<{ params: Record<string, string | undefined> }>;
  icon?: IconName;
  group?: NavGroup;
  /** false: a sub-page, not listed in the navigation. */
  nav?: boolean;
  adminOnly?: boolean;
  minPlan?: Plan;
}

export const ROUTES: DashboardRoute[] = [
  { path: '/', title: 'Overview', component: OverviewPage, icon: 'home', group: 'Workspace' },
  { path: '/chatbots', title: 'Chatbots', component: ChatbotsPage, icon: 'bot', group: 'Workspace' },
  { path: '/chatbots/:id', title: 'Chatbot', component: ChatbotPage, nav: false },
  { path: '/responses', title: 'Responses', component: ResponsesPage, icon: 'inbox', group: 'Workspace' },
  { path: '/responses/:id', title: 'Conversation', component: ResponsePage, nav: false },
  { path: '/knowledge', title: 'Knowledge', component: KnowledgePage, icon: 'book', group: 'Workspace' },
  { path: '/analytics', title: 'Analytics', component: AnalyticsPage, icon: 'chart', group: 'Workspace' },
  {
    path: '/ad-analytics',
    title: 'Ad analytics',
    component: AdAnalyticsPage,
    icon: 'megaphone',
    group: 'Workspace',
    minPlan: 'pro',
  },
  {
    path: '/webhooks',
    title: 'Webhooks',
    component: WebhooksPage,
    icon: 'webhook',
    group: 'Developers',
    adminOnly: true,
    minPlan: 'starter',
  },
  {
    path: '/model-connections',
    title: 'Model connections',
    component: ModelConnectionsPage,
    icon: 'sparkle',
    group: 'Developers',
    adminOnly: true,
  },
  { path: '/api-keys', title: 'API keys', component: ApiKeysPage, icon: 'key', group: 'Developers', adminOnly: true },
  {
    path: '/branding',
    title: 'Branding',
    component: BrandingPage,
    icon: 'palette',
    group: 'Settings',
    adminOnly: true,
  },
  {
    path: '/organization',
    title: 'Organization',
    component: OrganizationPage,
    icon: 'building',
    group: 'Settings',
    adminOnly: true,
  },
  { path: '/members', title: 'Members', component: MembersPage, icon: 'users', group: 'Settings', adminOnly: true },
  { path: '/account', title: 'Account', component: AccountPage, icon: 'user', group: 'Settings' },
];

export const NAV_GROUPS: NavGroup[] = ['Workspace', 'Developers', 'Settings'];
