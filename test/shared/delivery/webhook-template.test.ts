import { renderBody, renderHeaders, renderString, type TemplateContext } from '../../../shared/delivery/webhook-template.ts';

const context: TemplateContext = {
  event: { id: 'evt-1', type: 'incident.created', timestamp: '2026-11-22T00:00:00.000Z' },
  incident: { id: 'inc-1', title: 'DB "primary" \\ down\n{{incident.id}}', severity: 'critical', status: 'active' },
  secret: 's3cr3t',
};

describe('webhook template rendering', () => {
  it.each([
    ['{{incident.id}}', 'inc-1'],
    ['{{ incident.severity }}/{{incident.status}}', 'critical/active'],
    ['{{incident.title}}', 'DB "primary" \\ down\n{{incident.id}}'],
    ['{{event.type}} {{event.id}}', 'incident.created evt-1'],
    ['{{unknown}}|{{incident.nope}}|{{__proto__}}|{{constructor}}|{{toString}}', '||||'],
    ['{{integration.secret}}', ''],
    ['{{incident.id', '{{incident.id'],
    ['{{ process.exit() }}', '{{ process.exit() }}'],
    ['${incident.id} `x`', '${incident.id} `x`'],
    ['no placeholders', 'no placeholders'],
  ])('body string %j renders as %j', (template, expected) => {
    expect(JSON.parse(renderBody({ value: template }, context))).toEqual({ value: expected });
  });

  it('renders nested objects and arrays, keeps other JSON types, and escapes values', () => {
    const body = renderBody({ a: { b: ['{{incident.status}}', 1, false, null] }, n: 2.5, t: 'Title: {{incident.title}}' }, context);
    expect(JSON.parse(body)).toEqual({ a: { b: ['active', 1, false, null] }, n: 2.5, t: `Title: ${context.incident?.title}` });
    expect(body).toContain('\\"primary\\"');
  });

  it('keys are not rendered', () => {
    expect(JSON.parse(renderBody({ '{{incident.id}}': 'x' }, context))).toEqual({ '{{incident.id}}': 'x' });
  });

  it('without a template the body is the event with the incident', () => {
    expect(JSON.parse(renderBody(null, context))).toEqual({
      event: 'incident.created',
      event_id: 'evt-1',
      timestamp: '2026-11-22T00:00:00.000Z',
      incident: context.incident,
    });
  });

  it('headers may use the secret; CR/LF cannot split a header', () => {
    expect(
      renderHeaders({ Authorization: 'Bearer {{integration.secret}}', 'X-Title': '{{incident.title}}', 'X-Other': '{{nope}}' }, context),
    ).toEqual({
      Authorization: 'Bearer s3cr3t',
      'X-Title': 'DB "primary" \\ down{{incident.id}}',
      'X-Other': '',
    });
  });

  it('an event without an incident renders incident placeholders empty', () => {
    expect(JSON.parse(renderBody({ v: '[{{incident.id}}]' }, { ...context, incident: null }))).toEqual({ v: '[]' });
  });

  it('renderString uses own properties of the table only', () => {
    expect(renderString('{{hasOwnProperty}}', {})).toBe('');
  });
});
