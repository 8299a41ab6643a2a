/**
 * A request whose path is known but whose method is not: 405 with the methods that path takes
 * in `Allow` (RFC 9110 §15.5.6), so that a client that sent PUT where PATCH was meant learns
 * that, rather than a 404 that reads as "wrong id". Runs only after every router passed, so it
 * costs nothing on the paths that exist.
 */
import type { RequestHandler } from 'express';
import { pathToRegexp } from 'path-to-regexp';
import type { OpenApiRegistry } from './openApiRegistry.js';

interface KnownPath {
  pattern: RegExp;
  methods: string[];
  allow: string;
}

/** Express 5's own matching: case-insensitive, a trailing slash allowed. */
function knownPaths(registry: OpenApiRegistry): KnownPath[] {
  return [...registry.methodsByPath()].map(([path, methods]) => {
    const names = [...methods].map((m) => m.toUpperCase());
    if (names.includes('GET')) names.push('HEAD');
    names.sort();
    return {
      pattern: pathToRegexp(path, { sensitive: false, trailing: true, end: true }).regexp,
      methods: names,
      allow: names.join(', '),
    };
  });
}

export function methodNotAllowedHandler(registry: OpenApiRegistry): RequestHandler {
  // Built on the first miss: by then every router has registered its routes.
  let paths: KnownPath[] | null = null;
  return (req, res, next) => {
    // Express answers OPTIONS for a known path itself; an unknown one stays a 404.
    if (req.method === 'OPTIONS') return next();
    paths ??= knownPaths(registry);
    const known = paths.find((p) => p.pattern.test(req.path));
    // A method the path does take, passed on by its router (another host's page): a plain 404.
    if (!known || known.methods.includes(req.method)) return next();
    res.setHeader('Allow', known.allow);
    res.status(405).json({
      error: `${req.method} is not allowed on this path; it takes ${known.allow}`,
      code: 'METHOD_NOT_ALLOWED',
    });
  };
}
