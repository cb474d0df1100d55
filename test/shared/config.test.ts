import { homedir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, parseConfig, toolCacheDirOf } from '../../shared/config.ts';

describe('parseConfig', () => {
  it('applies the embedded defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, TEMPORAL_NAMESPACE: 'default', OUTBOUND_ALLOW_PRIVATE: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ TEMPORAL_ADDRESS: 'http://localhost:7233' }, 'TEMPORAL_ADDRESS'],
    [{ ELASTICSEARCH_URL: 'not a url' }, 'ELASTICSEARCH_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ OUTBOUND_ALLOW_PRIVATE: 'maybe' }, 'OUTBOUND_ALLOW_PRIVATE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('rejects %j naming %s', (env, key) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.some((problem) => problem.startsWith(`${key}:`))).toBe(true);
    }
  });

  it('lists every missing production secret at once', () => {
    let problems: string[] = [];
    try {
      parseConfig({ NODE_ENV: 'production' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        'JWT_SECRET: is required in production',
        'ENCRYPTION_KEY: is required in production',
        'DATABASE_URL: is required in production',
        'TEMPORAL_ADDRESS: is required in production',
        expect.stringMatching(/^METRICS_TOKEN: is required in production/),
      ]),
    );
  });

  it('refuses production without METRICS_TOKEN, saying what it guards', () => {
    const complete = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'y'.repeat(32),
      DATABASE_URL: 'postgres://tocsin:pw@db:5432/tocsin',
      TEMPORAL_ADDRESS: 'temporal:7233',
    };
    expect(() => parseConfig(complete)).toThrow(/METRICS_TOKEN: is required in production: GET \/metrics/);
    expect(parseConfig({ ...complete, METRICS_TOKEN: 'm'.repeat(16) }).METRICS_TOKEN).toBe('m'.repeat(16));
  });

  it("binds the worker's health and metrics endpoint to loopback unless told otherwise", () => {
    expect(parseConfig({}).WORKER_HEALTH_HOST).toBe('127.0.0.1');
    expect(parseConfig({ WORKER_HEALTH_HOST: '0.0.0.0' }).WORKER_HEALTH_HOST).toBe('0.0.0.0');
  });

  it('accepts a complete production environment', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'y'.repeat(32),
      DATABASE_URL: 'postgres://tocsin:pw@db:5432/tocsin',
      TEMPORAL_ADDRESS: 'temporal:7233',
      METRICS_TOKEN: 'metrics-token-0123456789',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.OUTBOUND_ALLOW_PRIVATE).toBe(true);
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it.each<[string | undefined, string[] | null]>([
    [undefined, []],
    ['10.0.0.2', ['10.0.0.2']],
    ['127.0.0.1:5353, [::1]:53', ['127.0.0.1:5353', '[::1]:53']],
    ['2001:db8::53', ['2001:db8::53']],
    ['dns.example.com', null],
    ['10.0.0.2; 10.0.0.3', null],
  ])('reads SSO_DNS_SERVERS %j as %j', (value, servers) => {
    const env = value === undefined ? {} : { SSO_DNS_SERVERS: value };
    if (servers === null) expect(() => parseConfig(env)).toThrow(ConfigError);
    else expect(parseConfig(env).SSO_DNS_SERVERS).toEqual(servers);
  });

  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '8080' }, 'http://localhost:8080'],
    [{ PUBLIC_URL: 'https://tocsin.example.com' }, 'https://tocsin.example.com'],
    [{ PUBLIC_URL: 'https://tocsin.example.com/' }, 'https://tocsin.example.com'],
    [{ PUBLIC_URL: ' https://example.com/tocsin// ' }, 'https://example.com/tocsin'],
  ])('resolves the public URL of %j once: %s', (env, publicUrl) => {
    const config = parseConfig(env);
    expect(config.publicUrl).toBe(publicUrl);
    // The raw variable is normalized alike, for the places that leave it out when unset (OpenAPI servers).
    expect(config.PUBLIC_URL).toBe('PUBLIC_URL' in env ? publicUrl : undefined);
  });

  it.each([
    [{ TOCSIN_TOOL_CACHE: '/opt/tools', XDG_CACHE_HOME: '/xdg' }, '/opt/tools'],
    [{ XDG_CACHE_HOME: '/xdg' }, '/xdg/tocsin'],
    [{}, join(homedir(), '.cache', 'tocsin')],
  ])('resolves the tool cache of %j once: %s', (env, dir) => {
    expect(parseConfig(env).toolCacheDir).toBe(dir);
    expect(toolCacheDirOf(env)).toBe(dir);
  });

  it.each<[Record<string, string>, [string, number] | string]>([
    [{}, ['all', 2]],
    [{ FOLLOW_UP_CONCURRENCY: '0' }, ['all', 0]],
    [{ WORKER_ROLE: 'follow-up' }, ['follow-up', 2]],
    [{ WORKER_ROLE: 'follow-up', FOLLOW_UP_CONCURRENCY: '4' }, ['follow-up', 4]],
    [{ WORKER_ROLE: 'follow-up', FOLLOW_UP_CONCURRENCY: '0' }, 'FOLLOW_UP_CONCURRENCY: must be at least 1 when WORKER_ROLE is follow-up'],
    [{ WORKER_ROLE: 'relay' }, 'WORKER_ROLE'],
  ])('reads the worker role of %j: %j', (env, expected) => {
    if (typeof expected === 'string') expect(() => parseConfig(env)).toThrow(expected);
    else expect([parseConfig(env).WORKER_ROLE, parseConfig(env).FOLLOW_UP_CONCURRENCY]).toEqual(expected);
  });
});
