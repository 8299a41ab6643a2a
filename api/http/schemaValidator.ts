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
  if (error.keyword === 'required') return [path, (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
  if (error.keyword === 'additionalProperties') return [path, (error.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.');
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

export interface CompiledValidator {
  (value: unknown): unknown;
}

export function compileValidator(schema: JsonSchema, where: 'body' | 'query' | 'path'): CompiledValidator {
  const validate: ValidateFunction = (where === 'body' ? bodyAjv : queryAjv).compile(schema);
  return (value) => {
    if (validate(value)) return value;
    const error = validate.errors![0];
    const field = fieldOf(error, where === 'body' ? 'request body' : where);
    throw new ValidationError(messageOf(error, field), field);
  };
}
