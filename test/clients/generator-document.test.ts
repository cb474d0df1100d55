import { describe, expect, it } from '@jest/globals';
import { forGenerators } from '../../clients/generate/generator-document.ts';

const STORABLE = { $ref: '#/components/schemas/StorableJson' };
const schemaOf = (schema: unknown) => ({
  components: {
    schemas: {
      Thing: schema,
      StorableJson: {
        description: 'Any JSON value without a NUL character',
        anyOf: [{ type: 'string' }, { type: 'array', items: STORABLE }],
      },
    },
  },
});

describe('forGenerators', () => {
  it.each([
    ['a NUL rule on keys goes', { type: 'object', propertyNames: { pattern: '^[^\\u0000]*$' } }, { type: 'object' }],
    [
      'a map of NUL-free JSON is a map of any JSON',
      { type: 'object', additionalProperties: STORABLE },
      { type: 'object', additionalProperties: true },
    ],
    [
      '"at least one of these fields" goes',
      { type: 'object', required: ['password'], anyOf: [{ required: ['email'] }, { required: ['username'] }] },
      { type: 'object', required: ['password'] },
    ],
    ['a real union stays', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    [
      'a second pattern on a string goes',
      { type: 'string', pattern: '\\S', allOf: [{ pattern: '^[^\\u0000]*$' }] },
      { type: 'string', pattern: '\\S' },
    ],
    ['an allOf of schemas stays', { allOf: [STORABLE] }, { allOf: [STORABLE] }],
  ])('%s', (_case, schema, expected) => {
    const simplified = forGenerators(schemaOf(schema)) as ReturnType<typeof schemaOf>;
    expect(simplified.components.schemas.Thing).toEqual(expected);
  });

  it('makes StorableJson "any JSON", keeping its description, and leaves the input as it was', () => {
    const document = schemaOf({ type: 'object', additionalProperties: STORABLE });
    const before = JSON.stringify(document);
    expect((forGenerators(document) as ReturnType<typeof schemaOf>).components.schemas.StorableJson).toEqual({
      description: 'Any JSON value without a NUL character',
    });
    expect(JSON.stringify(document)).toBe(before);
  });
});
