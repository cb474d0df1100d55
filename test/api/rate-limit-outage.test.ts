import { createRateLimiter, OUTAGE_BACKOFF_MS, type PlanSource } from '../../api/services/rate-limit.service.ts';
import type { RateLimitCounterStore } from '../../shared/db/access/rate-limit-counters.ts';
import { PLAN_LIMITS } from '../../shared/domain/plans.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/**
 * The limiter's database port as PostgreSQL going away and coming back: while `down`, every
 * statement fails as a refused connection does; up, the flush answers with the deltas it was sent.
 */
function database() {
  const state = { down: false, statements: 0, flushedDelta: 0 };
  const statement = () => {
    state.statements += 1;
    if (state.down) throw refused();
  };
  const store: RateLimitCounterStore = {
    async planOfOrganization() {
      statement();
      return 'team';
    },
    async planOfIntegrationAcrossOrganizations() {
      statement();
      return 'team';
    },
    async pruneAcrossOrganizations() {
      statement();
    },
    async addAcrossOrganizations(rows) {
      statement();
      state.flushedDelta += rows.reduce((sum, row) => sum + row.delta, 0);
      return rows.map((row) => ({ key: row.key, window_start: row.window_start, count: state.flushedDelta }));
    },
  };
  return { state, counters: () => store };
}

describe('rate limiter while PostgreSQL is down', () => {
  const integration: PlanSource = { integrationId: '0b7c9d2e-3f4a-4b5c-8d6e-7f8091a2b3c4' };
  const webhook = [{ key: 'webhook:0b7c9d2e-3f4a-4b5c-8d6e-7f8091a2b3c4', limitClass: 'webhook' as const }];

  function limiter(db: ReturnType<typeof database>, clock: { now: number }) {
    const plan = async () => {
      if (db.state.down) throw refused();
      return 'team';
    };
    return createRateLimiter({ counters: db.counters, plan, flushIntervalMs: 0, now: () => clock.now, overrides: { webhook: 3 } });
  }

  it('fails open for webhooks: counts in process against the last known limit, and flushes the count once back', async () => {
    const db = database();
    const clock = { now: Date.UTC(2026, 0, 1, 12) };
    const rateLimiter = limiter(db, clock);
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ limit: 3, remaining: 2, exceeded: false });

    db.state.down = true;
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ limit: 3, remaining: 1, exceeded: false });
    const statementsAfterFailure = db.state.statements;
    // Within the backoff the database is not tried at all; the limit still holds.
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ remaining: 0, exceeded: false });
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ exceeded: true });
    expect(db.state.statements).toBe(statementsAfterFailure);

    db.state.down = false;
    clock.now += OUTAGE_BACKOFF_MS + 1;
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ exceeded: true });
    // Every request counted reached the table: 1 before, 3 during, 1 after.
    expect(db.state.flushedDelta).toBe(5);
  });

  it('still fails for every other class', async () => {
    const db = database();
    const clock = { now: Date.UTC(2026, 0, 1, 12) };
    const rateLimiter = limiter(db, clock);
    db.state.down = true;
    await expect(rateLimiter.hit([{ key: 'user:u1', limitClass: 'interactive' }], { organizationId: 'o1' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('keeps the plan it last read for the integration', async () => {
    const db = database();
    let down = false;
    const rateLimiter = createRateLimiter({
      counters: db.counters,
      plan: async () => (down ? Promise.reject(refused()) : 'team'),
      flushIntervalMs: 0,
    });
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ limit: PLAN_LIMITS.team.webhook });
    down = true;
    db.state.down = true;
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({
      limit: PLAN_LIMITS.team.webhook,
      remaining: PLAN_LIMITS.team.webhook - 2,
    });
  });

  it('uses the default plan for a webhook whose plan it never read', async () => {
    const db = database();
    db.state.down = true;
    const rateLimiter = createRateLimiter({ counters: db.counters, plan: async () => Promise.reject(refused()), flushIntervalMs: 0 });
    expect(await rateLimiter.hit(webhook, integration)).toMatchObject({ limit: PLAN_LIMITS.free.webhook, exceeded: false });
  });
});
