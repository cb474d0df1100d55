import type { RunningSynapse } from '../../dev/synapse.ts';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { createMatrixSyncStateStore } from '../../shared/db/access/matrix-sync-state.ts';
import { createLogger } from '../../shared/logger.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import type { MatrixInboundDeps } from '../../worker/matrix/matrix-inbound.ts';
import { startMatrixSync } from '../../worker/matrix/sync-supervisor.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { eventually, startTestSynapse } from '../helpers/synapse.ts';

/**
 * The Matrix supervisor hears connections change through the database's NOTIFY: a connection made
 * starts the organization's sync loop, and a connection removed stops it, at once, with its scan
 * far away (10 minutes).
 */
describe('Matrix sync supervisor (integration: real PostgreSQL and Synapse)', () => {
  let synapse: RunningSynapse;
  let stack: TestStack;
  beforeAll(async () => {
    [synapse, stack] = await Promise.all([startTestSynapse(), startTestStack()]);
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await synapse?.stop();
  });

  it('starts a loop when Matrix is connected and stops it when disconnected, without waiting for a scan', async () => {
    const bot = await synapse.register('tocsin-bot');
    const owner = await registerOwner(stack.http, 'matrix-supervisor');
    const inbound: MatrixInboundDeps = {
      apply: async () => ({ outcome: 'refused', message: 'not in this test' }),
      identityUser: async () => undefined,
      memberName: async () => null,
      linkUrl: () => 'https://tocsin.example.test/link-channel?token=x',
    };
    const supervisor = startMatrixSync({
      state: createMatrixSyncStateStore(() => stack.orm.em),
      secretBox: createSecretBox(stack.config.ENCRYPTION_KEY as string),
      http: createOutboundHttp({ allowPrivate: true, maxResponseBytes: 8 * 1024 * 1024 }),
      inbound,
      logger: createLogger({ level: 'silent', name: 'matrix-supervisor-test' }),
      listen: { databaseUrl: stack.databaseUrl },
      rescanMs: 10 * 60_000,
      pollMs: 1000,
    });
    const row = async () =>
      (
        await stack.sql<{ since_token: string | null; lease_until: Date | null }>(
          'select since_token, lease_until from matrix_sync_state where organization_id = ?',
          [owner.organization.id],
        )
      )[0];
    try {
      await stack.http
        .put('/api/v1/channel-connections/matrix')
        .set(bearer(owner.token))
        .send({ homeserver_url: synapse.url, access_token: bot.accessToken })
        .expect(200);
      await eventually('the bot reading its rooms', async () => ((await row())?.since_token ? true : undefined), 20_000);

      await stack.http.delete('/api/v1/channel-connections/matrix').set(bearer(owner.token)).expect(204);
      // A stopped loop gives its lease up.
      await eventually('the loop stopped', async () => ((await row())?.lease_until === null ? true : undefined), 20_000);
    } finally {
      await supervisor.stop();
    }
  });
});
