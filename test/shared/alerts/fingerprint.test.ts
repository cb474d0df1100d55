import { createHash } from 'node:crypto';
import { alertDedupKey, DEDUP_KEY_PATTERN, metricsDedupKey, sha256Hex, toSafeKey } from '../../../shared/alerts/fingerprint.ts';

const nodeSha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('matches the FIPS 180-4 vector for %j', (input, digest) => {
    expect(sha256Hex(input)).toBe(digest);
  });

  // Lengths around the 55/56/64-byte padding boundaries, multi-byte and astral characters, and a
  // lone surrogate (encoded as U+FFFD, as Node does).
  it.each([
    'a'.repeat(55),
    'a'.repeat(56),
    'a'.repeat(63),
    'a'.repeat(64),
    'a'.repeat(119),
    'x'.repeat(5000),
    'héllo wörld',
    'disk 🔥 full',
    'bad \ud800 pair',
    '日本語のアラート',
  ])('agrees with node:crypto for %j', (input) => {
    expect(sha256Hex(input)).toBe(nodeSha256(input));
  });
});

describe('toSafeKey', () => {
  it.each(['PIJ90N7', 'c6eadffa33fcdf37', '0ea2df1c-bb6a-4f5e-9d2a-6c1f2b8e4a71', 'error_spike_checkout', 'a.b-c_d', 'x'.repeat(128)])(
    'keeps %j as it is',
    (id) => {
      expect(toSafeKey(id)).toBe(id);
    },
  );

  it.each(['rule/alert', 'has space', 'a:b', 'ünïcode', 'x'.repeat(129), '{}:{alertname="X"}'])('hashes %j', (id) => {
    expect(toSafeKey(id)).toBe(nodeSha256(id));
  });
});

describe('metricsDedupKey', () => {
  it('uses the fingerprint when there is one', () => {
    expect(metricsDedupKey({ fingerprint: 'a1b2c3d4e5f60718', alertname: 'Up', instance: 'h:1', job: 'j' })).toBe('a1b2c3d4e5f60718');
  });

  it('hashes alertname|instance|job otherwise, missing labels as empty strings', () => {
    expect(metricsDedupKey({ alertname: 'HostDown', instance: 'api-1:9100', job: 'node' })).toBe(nodeSha256('HostDown|api-1:9100|node'));
    expect(metricsDedupKey({ fingerprint: '', alertname: 'Watchdog' })).toBe(nodeSha256('Watchdog||'));
  });

  it('tells different instances of one alert apart', () => {
    const key = (instance: string) => metricsDedupKey({ alertname: 'HostDown', instance, job: 'node' });
    expect(key('a:9100')).not.toBe(key('b:9100'));
  });
});

describe('alertDedupKey', () => {
  it('uses the external id when there is one', () => {
    expect(alertDedupKey({ externalId: 'PIJ90N7', title: 't', source: 'pager', host: null })).toBe('PIJ90N7');
  });

  it('hashes title|source|host otherwise', () => {
    expect(alertDedupKey({ externalId: null, title: 'Disk full', source: 'infra_monitor', host: 'db-1' })).toBe(
      nodeSha256('Disk full|infra_monitor|db-1'),
    );
    expect(alertDedupKey({ externalId: null, title: 'Disk full', source: 'infra_monitor', host: null })).toBe(
      nodeSha256('Disk full|infra_monitor|'),
    );
  });

  it('always yields a key that fits in a workflow id', () => {
    for (const externalId of [null, 'ok-id', 'not ok/id', 'x'.repeat(500)]) {
      expect(alertDedupKey({ externalId, title: 'T: with colon', source: 'apm', host: '[::1]' })).toMatch(DEDUP_KEY_PATTERN);
    }
  });
});
