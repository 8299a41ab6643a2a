/**
 * The External API under /api/v1/external/v1: CORS for server and browser clients, API key,
 * burst limit, monthly quota, then the resource routes.
 */
import express, { Router } from 'express';
import cors from 'cors';
import type { Services } from '../../app/compositionRoot.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { apiKeyAuth, requireApiAccess } from './apiKeyAuth.js';
import { burstLimit, monthlyQuota, quotaHeaders } from './rateLimitAndQuota.js';
import { chatbotsRoutes } from './chatbotsRoutes.js';
import { usageRoutes } from './usageRoutes.js';

export const EXTERNAL_MOUNT = '/api/v1/external/v1';

/** Resource modules add themselves here: (router, registry, mount, services) => void. */
export type ResourceRoutes = (router: Router, registry: OpenApiRegistry, mount: string, services: Services) => void;

export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset', 'X-Quota-Period', 'X-Request-Id'];

export function externalRouter(services: Services, registry: OpenApiRegistry, extra: ResourceRoutes[] = []): Router {
  const router = Router();
  router.use(cors({ origin: '*', allowedHeaders: ['Content-Type', 'x-api-key'], exposedHeaders: RATE_LIMIT_HEADERS, maxAge: 600 }));
  router.use((_req, res, next) => {
    res.setHeader('RateLimit-Policy', `${services.config.rateLimitPerMinute};w=60`);
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Authenticate before reading a body of up to 15 MB: anonymous callers never make us parse one.
  router.use(apiKeyAuth(services), quotaHeaders(services), burstLimit(services), requireApiAccess(), monthlyQuota(services));
  // Every body is read as JSON whatever its Content-Type says: `curl -d` sends form encoding,
  // and a clear "not valid JSON" beats a misleading "name is required".
  router.use(express.json({ limit: '15mb', strict: false, type: () => true }));
  for (const routes of [chatbotsRoutes, usageRoutes, ...extra]) routes(router, registry, EXTERNAL_MOUNT, services);
  return router;
}
