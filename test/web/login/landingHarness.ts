/**
 * The sign-in pages served with a `LandingLookup` (api/pages/landingWorkspace.ts): the real pages
 * router and the real views of a test app, on a server of their own whose address is its
 * PUBLIC_URL (so it is the main host). The lookup is a stand-in that knows a few tokens; the
 * service's own lookup (reading live invites and sign-in links without using them up) is the
 * composition root's to provide.
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiRegistry } from '../../../api/http/openApiRegistry.js';
import { pagesRouter } from '../../../api/pages/pagesRouter.js';
import type { LandingLookup } from '../../../api/pages/landingWorkspace.js';
import type { TestApp } from '../../support/testApp.js';

export interface LandingServer {
  url: string;
  close(): Promise<void>;
}

/** Live tokens by kind, each with the workspace it is for. */
export interface LiveTokens {
  invite: Record<string, string>;
  magic: Record<string, string>;
}

export function stubLookup(live: LiveTokens): LandingLookup {
  return {
    inviteWorkspace: async (token) => live.invite[token] ?? null,
    magicLinkWorkspace: async (token) => live.magic[token] ?? null,
  };
}

export async function startLandingServer(app: TestApp, landing?: LandingLookup): Promise<LandingServer> {
  // Listening first: the pages need their own address as PUBLIC_URL before they are built.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pages = express();
  pages.use(pagesRouter({ views: app.services.views, publicUrl: url, workspaceDomain: 'localhost', landing }, new OpenApiRegistry()));
  server.on('request', pages);
  return {
    url,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
