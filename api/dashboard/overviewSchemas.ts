/** The usage figures of the dashboard's overview (the External API's usage object, unwrapped). */
import type { JsonSchema } from '../http/schemaValidator.js';

const str = { type: 'string' };
const nullableInt = { type: 'integer', nullable: true };

export const usageSchema: JsonSchema = {
  type: 'object',
  required: ['month', 'plan', 'used', 'limit', 'remaining'],
  properties: { month: str, plan: str, used: { type: 'integer' }, limit: nullableInt, remaining: nullableInt },
};
