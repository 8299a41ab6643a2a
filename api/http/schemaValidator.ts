/**
 * ajv validation for route schemas. Messages name the field, e.g. "name must be string" or
 * "limit must be <= 100", so a client can see at once what to fix.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationError } from '../../domain/errors.js';

export type JsonSchema = Record<string, unknown>;

const bodyAjv = new Ajv({ allErrors: false, strict: false });
const queryAjv = new Ajv({ allErrors: false, strict: false, coerceTypes: true, useDefaults: true });
(addFormats as unknown as (a: Ajv) => void)(bodyAjv);
(addFormats as unknown as (a: Ajv) => void)(queryAjv);

function fieldOf(error: ErrorObject, where: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required')
    return [path, (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
  if (error.keyword === 'additionalProperties')
    return [path, (error.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
  return path || where;
}

function messageOf(error: ErrorObject, field: string): string {
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not a known field`;
    case 'type':
      return `${field} must be ${(error.params as { type: string }).type}`;
    case 'enum':
      return `${field} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Longest piece of a refused value quoted back in a message. */
const MAX_QUOTED = 100;

/**
 * An array item outside its enum (an unknown webhook event name): the message names the array
 * rather than one index, and lists every unknown value given and every valid one, so a client
 * fixes the list in one go.
 */
function unknownItemsError(error: ErrorObject, value: unknown): ValidationError | null {
  const match = /^(.*)\/\d+$/.exec(error.instancePath);
  if (error.keyword !== 'enum' || !match) return null;
  let list: unknown = value;
  for (const part of match[1].split('/').slice(1)) list = (list as Record<string, unknown> | undefined)?.[part];
  if (!Array.isArray(list)) return null;
  const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
  const unknown = [...new Set(list.filter((v) => !allowed.includes(v)))];
  const field = match[1].replace(/^\//, '').replace(/\//g, '.');
  const shown = unknown.map((v) => JSON.stringify(typeof v === 'string' ? v.slice(0, MAX_QUOTED) : v)).join(', ');
  return new ValidationError(
    `${field} contains unknown value(s): ${shown}. Valid ${field}: ${allowed.join(', ')}`,
    field,
  );
}

export interface CompiledValidator {
  (value: unknown): unknown;
}

/** A query or path integer as people write one: ajv's coercion (Number()) also takes 0x10, 1e3, +5 and blanks. */
const DECIMAL_INTEGER = /^-?\d+$/;

/** The integer-typed properties of a query or path schema, whose text must be DECIMAL_INTEGER. */
function integerFields(schema: JsonSchema): string[] {
  const props = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.keys(props).filter((name) => props[name].type === 'integer');
}

export function compileValidator(schema: JsonSchema, where: 'body' | 'query' | 'path'): CompiledValidator {
  const validate: ValidateFunction = (where === 'body' ? bodyAjv : queryAjv).compile(schema);
  const integers = where === 'body' ? [] : integerFields(schema);
  return (value) => {
    for (const name of integers) {
      const text = (value as Record<string, unknown> | undefined)?.[name];
      if (typeof text === 'string' && !DECIMAL_INTEGER.test(text))
        throw new ValidationError(`${name} must be a whole number written in digits`, name);
    }
    if (validate(value)) return value;
    const error = validate.errors![0];
    const unknownItems = unknownItemsError(error, value);
    if (unknownItems) throw unknownItems;
    const field = fieldOf(error, where === 'body' ? 'request body' : where);
    throw new ValidationError(messageOf(error, field), field);
  };
}
