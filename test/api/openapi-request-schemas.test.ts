import { buildOpenApiDocument, NO_NUL_PATTERN, storableInput } from '../../api/openapi.ts';
import { integrationRoutes } from '../../api/routes/integration.routes.ts';
import { searchRoutes } from '../../api/routes/search.routes.ts';
import { UpdateIncidentBody } from '../../api/schemas/incident.schemas.ts';
import { UpdateIntegrationBody } from '../../api/schemas/integration.schemas.ts';
import { SearchQueryBody } from '../../api/schemas/search.schemas.ts';
import { nonBlankText } from '../../api/schemas/common.ts';

const STORABLE = { $ref: '#/components/schemas/StorableJson' };
const NO_NUL = { pattern: NO_NUL_PATTERN };

describe('storableInput: request schemas refuse NUL as validateRequestPart does', () => {
  it.each<[string, unknown, unknown]>([
    ['a free string', { type: 'string', maxLength: 5 }, { type: 'string', maxLength: 5, ...NO_NUL }],
    ['a string with its own pattern', { type: 'string', pattern: '^a' }, { type: 'string', pattern: '^a', allOf: [NO_NUL] }],
    ['an enum', { type: 'string', enum: ['a'] }, { type: 'string', enum: ['a'] }],
    ['a formatted string', { type: 'string', format: 'uuid' }, { type: 'string', format: 'uuid' }],
    ['any JSON', { description: 'anything' }, { description: 'anything', ...STORABLE }],
    [
      'a strict object',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string', ...NO_NUL } }, additionalProperties: false, propertyNames: NO_NUL },
    ],
    [
      'an open object',
      { type: 'object', properties: {} },
      { type: 'object', properties: {}, additionalProperties: STORABLE, propertyNames: NO_NUL },
    ],
    [
      'a record',
      { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
      { type: 'object', propertyNames: { type: 'string', ...NO_NUL }, additionalProperties: STORABLE },
    ],
    ['an array of strings', { type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'string', ...NO_NUL } }],
    ['a union', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'string', ...NO_NUL }, { type: 'null' }] }],
  ])('%s', (_name, schema, expected) => {
    expect(storableInput(schema)).toEqual(expected);
  });
});

describe('request schemas say what the API refuses', () => {
  const document = buildOpenApiDocument(
    [{ prefix: '/api/v1', routes: [...integrationRoutes({} as never), ...searchRoutes({} as never)] }],
    { version: 'test' },
  ) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const bodyOf = (path: string, method: string) =>
    document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as Record<string, unknown>;

  it('keeps webhook_config strict: an unknown property is declared invalid and refused', () => {
    expect(document.components.schemas.WebhookConfigInput).toMatchObject({ additionalProperties: false });
    // The request form is its own component: `method` has a default, so it is optional there only.
    expect(document.components.schemas.WebhookConfigInput?.required).toEqual(['url', 'events']);
    const body = { webhook_config: { url: 'https://example.com/hook', events: ['incident.created'], extra: 1 } };
    expect(UpdateIntegrationBody.safeParse(body).success).toBe(false);
    expect(
      UpdateIntegrationBody.safeParse({ webhook_config: { url: 'https://example.com/hook', events: ['incident.created'] } }).success,
    ).toBe(true);
  });

  it('declares "at least one field" as anyOf, as the refine enforces', () => {
    const schema = bodyOf('/api/v1/integrations/{id}', 'patch');
    expect(schema.anyOf).toEqual(
      [
        'name',
        'enabled',
        'webhook_config',
        'settings',
        'mapping_template',
        'escalation_policy_id',
        'grouping',
        'flapping',
        'reopen_window_minutes',
        'team_id',
        'outbound_paused',
      ].map((key) => ({
        required: [key],
      })),
    );
    expect(UpdateIntegrationBody.safeParse({}).success).toBe(false);
    expect(UpdateIncidentBody.safeParse({}).success).toBe(false);
    expect(UpdateIncidentBody.safeParse({ tags: [] }).success).toBe(true);
  });

  it("declares search's query or error_log as anyOf", () => {
    expect(bodyOf('/api/v1/search/query', 'post').anyOf).toEqual([{ required: ['query'] }, { required: ['error_log'] }]);
    expect(SearchQueryBody.safeParse({ mode: 'keyword' }).success).toBe(false);
    expect(SearchQueryBody.safeParse({ error_log: 'boom' }).success).toBe(true);
  });

  it.each([
    ['x', true],
    ['  x  ', true],
    ['', false],
    [' \t\n\u00a0\u2028\ufeff', false],
  ])('nonBlankText(%j) → %s, by the same pattern the schema shows', (value, valid) => {
    expect(nonBlankText().safeParse(value).success).toBe(valid);
  });
});
