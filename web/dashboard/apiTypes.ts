/**
 * The request and response types of the dashboard's endpoints, read off the types generated from
 * the service's OpenAPI document (generated/openapi.ts, made by scripts/generateDashboardTypes.ts
 * with the generator the Node SDK uses), so the dashboard follows the routes' own JSON schemas
 * instead of declaring its own copies.
 */
import type { paths } from './generated/openapi.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the success answer (200, 201 or 202) of `M P`. */
export type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? JsonContent<R[Extract<keyof R, 200 | 201 | 202>]> : never;

/** The JSON request body of `M P`. */
export type RequestBody<P extends keyof paths, M extends 'post' | 'put' | 'patch'> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The query parameters of `GET P`. */
export type QueryOf<P extends keyof paths> =
  Operation<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * `T` with every member of every nested object present: for answers whose schema leaves members
 * optional that the route always sends (the dashboard reads them without checking).
 */
export type AlwaysSent<T> = T extends (infer U)[]
  ? AlwaysSent<U>[]
  : T extends object
    ? { [K in keyof T]-?: AlwaysSent<T[K]> }
    : T;
