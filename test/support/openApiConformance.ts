/**
 * Checks live answers against the service's own OpenAPI document: the status must be
 * documented for the operation, required headers present, every documented header and the
 * JSON body valid against its schema (OpenAPI 3.0 `nullable` turned into JSON Schema's
 * `type: [..., 'null']`). Records which (operation, status) pairs were seen.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import SwaggerParser from '@apidevtools/swagger-parser';

type Json = Record<string, any>;

export interface LiveAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  tags: string[];
  responses: Record<string, Json>;
}

/** OpenAPI 3.0 schema → JSON Schema: `nullable: true` becomes a 'null' type (and enum member). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (k !== 'nullable' && k !== 'example') out[k] = toJsonSchema(v);
  if ((schema as Json).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

export class Conformance {
  readonly operations = new Map<string, Operation>();
  readonly seen = new Map<string, Set<string>>();
  private readonly ajv = new Ajv({ strict: false, allErrors: true, formats: { binary: true } });
  private readonly compiled = new Map<object, ValidateFunction>();

  private constructor(readonly doc: Json) {
    (addFormats as unknown as (a: Ajv) => void)(this.ajv);
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        this.operations.set(op.operationId, {
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          tags: op.tags ?? [],
          responses: op.responses,
        });
      }
    }
  }

  static async load(raw: Json): Promise<Conformance> {
    return new Conformance((await SwaggerParser.dereference(structuredClone(raw) as never)) as Json);
  }

  private validator(schema: object): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) this.compiled.set(schema, (v = this.ajv.compile(toJsonSchema(schema) as object)));
    return v;
  }

  /** The problems of one answer (empty when it conforms); records the sample either way. */
  check(operationId: string, answer: LiveAnswer): string[] {
    const op = this.operations.get(operationId);
    if (!op) return [`no operation ${operationId} in the document`];
    const status = String(answer.status);
    const documented = op.responses[status] ?? (answer.status >= 500 ? op.responses['5XX'] : undefined);
    if (!documented)
      return [
        `${operationId}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`,
      ];
    (this.seen.get(operationId) ?? this.seen.set(operationId, new Set()).get(operationId)!).add(
      documented === op.responses['5XX'] ? '5XX' : status,
    );
    const problems: string[] = [];
    for (const [name, header] of Object.entries<Json>(documented.headers ?? {})) {
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      const schema = header.schema ?? {};
      const typed = schema.type === 'integer' ? (/^-?\d+$/.test(value) ? Number(value) : value) : value;
      const v = this.validator(schema);
      if (!v(typed)) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(v.errors)}`);
    }
    const content = documented.content as Json | undefined;
    const json = content?.['application/json'];
    if (json) {
      const type = answer.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json')) problems.push(`content-type ${type} is not application/json`);
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        return [...problems, `body is not JSON: ${answer.text.slice(0, 80)}`];
      }
      const v = this.validator(json.schema);
      if (!v(body)) problems.push(`body: ${this.ajv.errorsText(v.errors)} in ${answer.text.slice(0, 300)}`);
    } else if (content) {
      if (!answer.headers.get('content-type')) problems.push('no content-type');
    }
    return problems.map((p) => `${operationId} ${status}: ${p}`);
  }

  /** Documented statuses of an operation that no live answer showed (5XX is never required). */
  missing(operationId: string): string[] {
    const op = this.operations.get(operationId)!;
    const seen = this.seen.get(operationId) ?? new Set();
    return Object.keys(op.responses).filter((s) => s !== '5XX' && s !== 'default' && !seen.has(s));
  }
}
