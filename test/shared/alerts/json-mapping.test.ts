import { compileMapping, judgeMappedResult, MappingError, runMapping } from '../../../shared/alerts/json-mapping.ts';
import { AlertPayloadError } from '../../../shared/alerts/payload-error.ts';

const body = {
  check: { name: 'Checkout p99', id: 'chk-42', state: 'DOWN', priority: 'P1' },
  tags: { team: 'payments', region: 'eu-west-1' },
  items: [
    { id: 'a', sev: 'warning', ok: false },
    { id: 'b', sev: 'critical', ok: true },
  ],
};

const TEMPLATE = `{
  "title": check.name,
  "severity": check.priority,
  "fingerprint": check.id,
  "status": check.state = "UP" ? "resolved" : "firing",
  "labels": $merge([tags, {"check": check.id}]),
  "description": "Check " & check.name & " is " & check.state
}`;

describe('generic JSON mapping: templates that map', () => {
  it.each([
    [
      'one object per payload',
      TEMPLATE,
      [
        {
          title: 'Checkout p99',
          severity: 'critical',
          dedupKey: 'chk-42',
          externalId: 'chk-42',
          status: 'firing',
          labels: { team: 'payments', region: 'eu-west-1', check: 'chk-42' },
          description: 'Check Checkout p99 is DOWN',
          platform: 'generic_json',
          source: 'generic_json',
        },
      ],
    ],
    [
      'one alert per element of an array, the source named kept as a label',
      `items.{"title": "Item " & id, "severity": sev, "fingerprint": "item-" & id, "status": ok ? "ok" : "firing", "labels": {"item": id}, "source": "inventory"}`,
      [
        { title: 'Item a', severity: 'medium', dedupKey: 'item-a', status: 'firing', labels: { source: 'inventory', item: 'a' } },
        { title: 'Item b', severity: 'critical', dedupKey: 'item-b', status: 'resolved', labels: { source: 'inventory', item: 'b' } },
      ],
    ],
    [
      'a fingerprint unsafe as a key is hashed, label values become text',
      `{"title": "t", "severity": "info", "fingerprint": "a b/c", "status": "resolved", "labels": {"n": 3, "b": true, "o": {"x": 1}}}`,
      [
        {
          dedupKey: expect.stringMatching(/^[0-9a-f]{64}$/),
          externalId: 'a b/c',
          severity: 'low',
          labels: { n: '3', b: 'true' },
        },
      ],
    ],
  ])('%s', async (_name, template, expected) => {
    const verdicts = await runMapping(template, body);
    expect(verdicts).toEqual(expected.map((alert, index) => ({ index, alert: expect.objectContaining(alert) })));
  });
});

describe('generic JSON mapping: a required field missing', () => {
  const full = { title: 'T', severity: 'high', fingerprint: 'f', status: 'firing', labels: {} };
  it.each([
    ['title', { ...full, title: undefined }, 'title is required'],
    ['title', { ...full, title: '   ' }, 'title is required'],
    ['severity', { ...full, severity: undefined }, 'severity is required'],
    ['fingerprint', { ...full, fingerprint: undefined }, 'fingerprint is required'],
    ['status', { ...full, status: undefined }, 'status is required'],
    ['status', { ...full, status: 'sideways' }, 'status is invalid'],
    ['labels', { ...full, labels: undefined }, 'labels is required'],
    ['labels', { ...full, labels: 'team=a' }, 'labels is required'],
  ])('%s: %j', (field, mapped, reason) => {
    const [verdict] = judgeMappedResult(mapped);
    expect(verdict).toEqual({ index: 0, error: expect.any(AlertPayloadError) });
    const error = (verdict as { error: AlertPayloadError }).error;
    expect(error.field).toBe(field);
    expect(error.reason).toContain(reason);
  });

  it('names the element of an array result, the other elements still mapped', () => {
    const verdicts = judgeMappedResult([full, { ...full, severity: undefined }]);
    expect(verdicts[0]).toEqual({ index: 0, alert: expect.objectContaining({ title: 'T' }) });
    expect((verdicts[1] as { error: AlertPayloadError }).error.field).toBe('[1].severity');
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'x'],
    ['a number', 7],
    ['an empty array', []],
  ])('a result that is %s is no payload (`body`)', (_name, result) => {
    expect(() => judgeMappedResult(result)).toThrow(AlertPayloadError);
  });
});

describe('generic JSON mapping: bad templates', () => {
  it.each([
    ['an unclosed object', '{"title": check.name', 20],
    ['an operator with no right side', '{"title": check.name & }', 24],
    ['an unknown function', '{"title": $nosuch(check.name)}', null],
  ])('%s is refused naming the position', async (_name, template, position) => {
    let thrown: unknown;
    try {
      if (position !== null) compileMapping(template);
      else await runMapping(template, body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MappingError);
    const { problem } = thrown as MappingError;
    if (position !== null) {
      expect(problem.position).toBe(position);
      expect((thrown as MappingError).message).toContain(`at position ${position}`);
    } else {
      expect(problem.code).toBe('T1006');
    }
  });

  it('refuses a template longer than the limit without parsing it', () => {
    expect(() => compileMapping(`"${'x'.repeat(20_001)}"`)).toThrow(/longer than 20000/);
  });
});

describe('generic JSON mapping: runaway templates are stopped', () => {
  it('an endless recursion stops at the depth limit', async () => {
    const error = await runMapping('($f := function($n) { $f($n + 1) + 1 }; {"title": $f(0)})', body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).problem.code).toBe('D1011');
  });

  it('an endless loop stops at the time limit', async () => {
    const limits = { ms: 50, depth: 10_000, hardMs: 2_000, maxHeapMb: 64 };
    const started = Date.now();
    const error = await runMapping('($loop := function($n) { $n < 0 ? $n : $loop($n + 1) }; $loop(0))', body, limits).catch(
      (caught: unknown) => caught,
    );
    expect((error as MappingError).problem.code).toMatch(/^D101[12]$/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
