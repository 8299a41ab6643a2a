/** What a route asks of the principal beyond being one: a scope, or a role (403 otherwise). */
import type { RequestHandler } from 'express';
import { ForbiddenError } from '../../domain/errors.js';
import { principalOf } from './principal.js';

/**
 * Refuses a principal without `scope` (403). On the External API it runs after monthlyQuota,
 * which gives back every 4xx: never billed.
 */
export function requireScope(scope: string): RequestHandler {
  return (_req, res, next) => {
    if (!principalOf(res).scopes.includes(scope))
      return next(new ForbiddenError(`This API key lacks the ${scope} scope`, 'INSUFFICIENT_SCOPE'));
    next();
  };
}

/** For workspace administration with an API key (the slug endpoint); no External API route needs a role. */
export function requireKeyRole(role: 'admin'): RequestHandler {
  return (_req, res, next) => {
    if (principalOf(res).role !== role)
      return next(new ForbiddenError(`This operation needs an API key with the ${role} role`, 'INSUFFICIENT_ROLE'));
    next();
  };
}
