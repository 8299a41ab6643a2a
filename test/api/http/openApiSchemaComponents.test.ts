/** Named schemas hoisted into components.schemas: one definition each, `$ref`s at every use, conflicts refused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { namedSchema, unnamed } from '../../../api/http/namedSchema.js';
import { SchemaComponents } from '../../../api/http/openApiSchemaComponents.js';
import { OpenApiRegistry } from '../../../api/http/openApiRegistry.js';
import { compileValidator, type JsonSchema } from '../../../api/http/schemaValidator.js';
import { wrapped } from '../../../api/resources/resourceSchemas.js';

const Pet = namedSchema('Pet', { type: 'object', required: ['name'], properties: { name: { type: 'string' } } });

test('a named schema becomes a component and a $ref, at any depth, children first', () => {
  const schemas = new SchemaComponents();
  const answer = schemas.hoist(wrapped({ type: 'array', items: Pet }));
  assert.equal(answer, { $ref: '#/components/schemas/PetList' });
  assert.equal(schemas.schemas.PetList, {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
  });
  assert.equal(schemas.schemas.Pet, { type: 'object', required: ['name'], properties: { name: { type: 'string' } } });
  assert.equal(schemas.hoist(wrapped(Pet)), { $ref: '#/components/schemas/PetEnvelope' });
  const inAnyOf = schemas.hoist({ anyOf: [Pet, { type: 'string' }] });
  assert.equal(inAnyOf, { anyOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'string' }] });
  assert.equal(Object.keys(schemas.sorted()), ['Pet', 'PetEnvelope', 'PetList']);
});

test('a property called title is a property, not a name; unnamed schemas stay inline', () => {
  const schemas = new SchemaComponents();
  const doc = { type: 'object', properties: { title: { type: 'string' } } };
  assert.equal(schemas.hoist(doc), doc);
  assert.equal(schemas.schemas, {});
});

test('the same name for equal schemas is one component; for different ones, an error naming it', () => {
  const schemas = new SchemaComponents();
  schemas.hoist(Pet);
  schemas.hoist(namedSchema('Pet', { properties: { name: { type: 'string' } }, required: ['name'], type: 'object' }));
  assert.throws(
    () => schemas.hoist(namedSchema('Pet', { type: 'object', properties: { name: { type: 'integer' } } })),
    /two different schemas are named Pet/,
  );
});

test('the document refuses two routes whose schemas share a name but not their content', () => {
  const registry = new OpenApiRegistry();
  const route = (schema: JsonSchema) => ({
    method: 'get' as const,
    path: `/p${Math.random()}`,
    summary: 'p',
    tags: ['T'],
    responses: { 200: { description: 'ok', schema } },
  });
  registry.add('/api', route(Pet));
  registry.add('/api', route({ ...Pet, required: [] }));
  assert.throws(() => registry.document('http://localhost'), /two different schemas are named Pet/);
});

test('a name changes nothing in validation; unnamed() and wrapped(schema, name) as documented', () => {
  const check = compileValidator(Pet, 'body');
  assert.equal(check({ name: 'Rex' }), { name: 'Rex' });
  assert.throws(() => check({}), /name is required/);
  assert.is(unnamed(Pet).title, undefined);
  assert.is(wrapped(Pet, 'PetAnswer').title, 'PetAnswer');
  assert.is(wrapped({ type: 'string' }).title, undefined);
  assert.throws(() => namedSchema('not pascal', {}), /PascalCase/);
});

test('an unknown value in an enum array names the array, every unknown value and the valid ones', () => {
  const check = compileValidator(
    { type: 'object', properties: { events: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } } },
    'body',
  );
  try {
    check({ events: ['a', 'x', 'y', 'x'] });
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'events contains unknown value(s): "x", "y". Valid events: a, b');
  }
});

test.run();
