import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { TOCSIN_TEMPORAL_DYNAMIC_CONFIG } from '../dev/temporal.ts';
import { parseConfig } from '../shared/config.ts';

type Service = {
  image?: string;
  ports?: Array<string | { host_ip?: string; published?: string | number; target?: number }>;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
};
type Compose = { services: Record<string, Service> };

const readRepoFile = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
const compose = parse(readRepoFile('docker-compose.yml')) as Compose;
const services = compose.services;

/** A service's environment as a map, whichever of the two compose syntaxes it uses. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]));
}

/** Compose-style interpolation: defaults for `${X:-d}`, a test value for required `${X:?msg}`. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) =>
    kind === '-' ? (rest ?? '') : `test-${name.toLowerCase()}-`.padEnd(40, 'x'),
  );
}

const commandOf = (service: Service) => (Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? ''));

describe('docker-compose.yml', () => {
  it.each(['postgres', 'temporal', 'temporal-ui', 'elasticsearch', 'api', 'worker'])('defines the %s service', (name) => {
    expect(services[name]).toBeDefined();
  });

  it.each(['api', 'worker'])('gives %s the production dependencies', (name) => {
    const env = environmentOf(services[name]!);
    expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/.*@postgres:5432\//);
    expect(env.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(env.ELASTICSEARCH_URL).toBe('http://elasticsearch:9200');
  });

  it.each(['api', 'worker'])('gives %s an environment that parses as a production config', (name) => {
    const env = Object.fromEntries(Object.entries(environmentOf(services[name]!)).map(([k, v]) => [k, interpolate(v)]));
    const config = parseConfig({ ...env, NODE_ENV: 'production' });
    expect(config.ELASTICSEARCH_URL).toBe('http://elasticsearch:9200');
  });

  it('commits no JWT_SECRET, ENCRYPTION_KEY or METRICS_TOKEN value: only required ${...:?...} references', () => {
    for (const [name, service] of Object.entries(services)) {
      const env = environmentOf(service);
      for (const key of ['JWT_SECRET', 'ENCRYPTION_KEY', 'METRICS_TOKEN']) {
        if (!(key in env)) continue;
        expect({ service: name, key, value: env[key] }).toEqual({
          service: name,
          key,
          value: expect.stringMatching(new RegExp(`^\\$\\{${key}:\\?[^}]*\\}$`)),
        });
      }
    }
    expect(environmentOf(services.api!).JWT_SECRET).toBeDefined();
    expect(environmentOf(services.api!).ENCRYPTION_KEY).toBeDefined();
  });

  it('publishes nothing but the API beyond this machine', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'api') continue;
      for (const port of service.ports ?? []) {
        const hostIp = typeof port === 'string' ? interpolate(port).split(':')[0] : port.host_ip;
        expect({ service: name, port, hostIp }).toEqual({ service: name, port, hostIp: '127.0.0.1' });
      }
    }
    expect(services['temporal-ui']!.ports).toEqual(['127.0.0.1:8233:8080']);
  });

  it('runs Temporal UI read-only by default', () => {
    const env = environmentOf(services['temporal-ui']!);
    expect(interpolate(env.TEMPORAL_DISABLE_WRITE_ACTIONS ?? '')).toBe('true');
  });

  it('runs the worker from the same build with worker/main.ts', () => {
    expect(services.worker!.build).toEqual(services.api!.build);
    expect(commandOf(services.worker!)).toMatch(/\bnode\b.+\bworker\/main\.ts\b/);
  });

  it("starts api and worker after Tocsin's search attributes are registered", () => {
    const setup = Object.values(services).find((service) => /search-attribute create/.test(commandOf(service)));
    expect(setup).toBeDefined();
    for (const attribute of ['TocsinOrganizationId', 'TocsinIncidentId']) expect(commandOf(setup!)).toContain(attribute);
    expect(commandOf(setup!)).toMatch(/--type Keyword/);
    const setupName = Object.entries(services).find(([, service]) => service === setup)![0];
    for (const name of ['api', 'worker']) {
      const dependsOn = services[name]!.depends_on as Record<string, { condition?: string }>;
      expect(dependsOn[setupName]?.condition).toBe('service_completed_successfully');
      expect(dependsOn.postgres?.condition).toBe('service_healthy');
      expect(dependsOn.temporal?.condition).toBe('service_healthy');
    }
  });

  it('runs Temporal with the dynamic config every server Tocsin starts has', () => {
    const file = (compose as Compose & { configs: Record<string, { content: string }> }).configs['temporal-dynamic-config']!.content;
    const config = parse(file) as Record<string, Array<{ value: unknown }>>;
    const set = Object.fromEntries(Object.keys(TOCSIN_TEMPORAL_DYNAMIC_CONFIG).map((key) => [key, config[key]?.[0]?.value]));
    expect(set).toEqual(TOCSIN_TEMPORAL_DYNAMIC_CONFIG);
    expect(environmentOf(services.temporal!).DYNAMIC_CONFIG_FILE_PATH).toBe('/etc/temporal/config/dynamicconfig/tocsin.yaml');
  });
});

describe('Dockerfile', () => {
  const lines = readRepoFile('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const finalStage = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));

  it('runs its final stage as a non-root user', () => {
    const users = finalStage.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1]!);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:.*)?$/);
  });

  it('defaults to the API in production mode', () => {
    expect(finalStage.some((line) => /^CMD \[.*"api\/main\.ts"\]$/.test(line))).toBe(true);
    expect(finalStage.some((line) => /^ENV\s.*NODE_ENV=production/i.test(line))).toBe(true);
    expect(finalStage.some((line) => /^EXPOSE\s+3000\b/i.test(line))).toBe(true);
  });
});
