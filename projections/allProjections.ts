/** Every view the runner maintains. Add a projection here and it is built, rebuilt and hashed. */
import type { Projection } from './projection.js';
import { apiKeysView } from './views/apiKeysView.js';
import { chatbotsView } from './views/chatbotsView.js';
import { flowVersionsView } from './views/flowVersionsView.js';
import { flowFunnelView } from './views/flowFunnelView.js';
import { responsesView } from './views/responsesView.js';
import { responseDailyCountsView } from './views/responseDailyCountsView.js';
import { usersView } from './views/usersView.js';
import { workspacesView } from './views/workspacesView.js';
import { webhooksView } from './views/webhooksView.js';
import { pendingClaimsView } from './views/pendingClaimsView.js';
import { workspaceBrandingView } from './views/workspaceBrandingView.js';
import { adClicksView } from './views/adClicksView.js';
import { mediaItemsView } from './views/mediaItemsView.js';
import { storesView } from './views/storesView.js';
import { membershipsView } from './views/membershipsView.js';
import { invitesView } from './views/invitesView.js';
import { modelConnectionsView } from './views/modelConnectionsView.js';
import { aiTokenUsageView } from './views/aiTokenUsageView.js';

import { knowledgeSourcesView } from './views/knowledgeSourcesView.js';
import { evaluationQuestionsView } from './views/evaluationQuestionsView.js';
import { evaluationRunsView } from './views/evaluationRunsView.js';
import { agentAnalyticsView } from './views/agentAnalyticsView.js';
import { unansweredQuestionsView } from './views/unansweredQuestionsView.js';

export const allProjections: Projection[] = [
  workspacesView,
  apiKeysView,
  chatbotsView,
  flowVersionsView,
  flowFunnelView,
  usersView,
  responsesView,
  responseDailyCountsView,
  webhooksView,
  pendingClaimsView,
  workspaceBrandingView,
  adClicksView,
  mediaItemsView,
  membershipsView,
  invitesView,
  storesView,
  modelConnectionsView,
  aiTokenUsageView,

  knowledgeSourcesView,
  evaluationQuestionsView,
  evaluationRunsView,
  agentAnalyticsView,
  unansweredQuestionsView,
];
