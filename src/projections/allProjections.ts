/** Every view the runner maintains. Add a projection here and it is built, rebuilt and hashed. */
import type { Projection } from './projection.js';
import { apiKeysView } from './views/apiKeysView.js';
import { chatbotsView } from './views/chatbotsView.js';
import { usersView } from './views/usersView.js';
import { workspacesView } from './views/workspacesView.js';

export const allProjections: Projection[] = [workspacesView, apiKeysView, chatbotsView, usersView];
