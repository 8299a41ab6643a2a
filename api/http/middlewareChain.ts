/**
 * Several middlewares run as one: Express's router matches the path and walks its layer stack
 * once for the chain instead of once per middleware, which is a visible share of a cached GET.
 * Semantics are the router's: `next()` goes on, `next(err)` leaves the chain with the error,
 * `next('route')`/`next('router')` leave it as they would leave a layer, and a middleware that
 * answers without calling `next` ends the chain.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function middlewareChain(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) return done(err);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const returned: unknown = handler(req, res, next);
        if (returned instanceof Promise) returned.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}
