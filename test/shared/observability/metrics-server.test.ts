import { createLogger } from '../../../shared/logger.ts';
import { startMetricsServer } from '../../../shared/observability/metrics-server.ts';

describe('startMetricsServer', () => {
  it('serves /metrics alone, to the METRICS_TOKEN bearer only', async () => {
    const token = 'metrics-token-0123456789';
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token,
      render: async () => 'tocsin_http_requests_total 3\n',
      logger: createLogger({ level: 'silent', name: 'test' }),
    });
    try {
      const get = (path: string, authorization?: string) =>
        fetch(`http://127.0.0.1:${server.port}${path}`, authorization ? { headers: { authorization } } : {});
      expect((await get('/metrics')).status).toBe(401);
      expect((await get('/metrics', 'Bearer wrong-token-0123456789')).status).toBe(401);
      const scraped = await get('/metrics', `Bearer ${token}`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await scraped.text()).toBe('tocsin_http_requests_total 3\n');
      expect((await get('/api/v1/incidents', `Bearer ${token}`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
