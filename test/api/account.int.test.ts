import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { appDepsOver, httpOf } from '../helpers/app-deps.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { mailsTo, tokenIn, waitForMail } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const RESET = /password/i;
const VERIFY = /verify/i;

/** Waits until the clock is past the second a JWT was issued in, so a cutoff made now covers it. */
async function afterIssueSecondOf(jwt: string): Promise<void> {
  const { iat } = JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as { iat: number };
  const wait = (iat + 1) * 1000 - Date.now();
  if (wait > 0) await delay(wait);
}

describe('password reset, password change, email verification (integration: real PostgreSQL, outbox mail)', () => {
  let stack: TestStack;
  /** Every secret any test here handled; the last test proves none is stored in plain text. */
  const secrets = new Map<string, string>();
  const remember = (label: string, value: string) => secrets.set(value, label);
  const login = (email: string, password: string) => stack.http.post('/api/v1/auth/login').send({ email, password });

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('mails a verification token on registration; the token verifies the address once', async () => {
    const owner = await registerOwner(stack.http, 'verify');
    remember('password', owner.password);
    remember('refresh token', owner.refreshToken);
    const token = tokenIn(await waitForMail(stack, owner.email, VERIFY), 'Verification token');
    remember('verification token', token);
    const auth = `Bearer ${owner.token}`;
    expect((await stack.http.get('/api/v1/auth/me').set('Authorization', auth).expect(200)).body.data.email_verified).toBe(false);

    const verified = await stack.http.post('/api/v1/auth/verify-email').send({ token }).expect(200);
    expect(verified.body.data.message).toBe('Email verified');
    expect((await stack.http.get('/api/v1/auth/me').set('Authorization', auth).expect(200)).body.data.email_verified).toBe(true);

    const reused = await stack.http.post('/api/v1/auth/verify-email').send({ token }).expect(401);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    await stack.http.post('/api/v1/auth/verify-email').send({ token: 'made-up-token' }).expect(401);
  });

  it('resends verification with a new token that replaces the old one', async () => {
    const owner = await registerOwner(stack.http, 'resend');
    const auth = `Bearer ${owner.token}`;
    const first = tokenIn(await waitForMail(stack, owner.email, VERIFY), 'Verification token');
    await stack.http.post('/api/v1/auth/resend-verification').expect(401);
    const resent = await stack.http.post('/api/v1/auth/resend-verification').set('Authorization', auth).expect(200);
    expect(resent.body.data.message).toBe('Verification message sent');
    const second = tokenIn(await waitForMail(stack, owner.email, VERIFY, 1), 'Verification token');
    remember('verification token', second);
    expect(second).not.toBe(first);

    await stack.http.post('/api/v1/auth/verify-email').send({ token: first }).expect(401);
    await stack.http.post('/api/v1/auth/verify-email').send({ token: second }).expect(200);
    const again = await stack.http.post('/api/v1/auth/resend-verification').set('Authorization', auth).expect(200);
    expect(again.body.data.message).toBe('Email already verified');
    expect(await mailsTo(stack, owner.email, VERIFY)).toHaveLength(2);
  });

  it('resets a password through the mailed token: same answer for unknown addresses, single use, old password and sessions end', async () => {
    const owner = await registerOwner(stack.http, 'reset');
    const unknown = `nobody-${Date.now()}@example.test`;
    const requested = await stack.http.post('/api/v1/auth/password/reset').send({ email: owner.email.toUpperCase() }).expect(200);
    const requestedUnknown = await stack.http.post('/api/v1/auth/password/reset').send({ email: unknown }).expect(200);
    expect(requestedUnknown.body).toEqual(requested.body);
    expect(requested.body.data.message).toMatch(/if an account exists/i);

    const token = tokenIn(await waitForMail(stack, owner.email, RESET), 'Reset token');
    remember('reset token', token);
    expect(await mailsTo(stack, unknown, /.*/)).toEqual([]);

    await afterIssueSecondOf(owner.token);
    const newPassword = 'a brand new passphrase 42';
    remember('password', newPassword);
    const confirmed = await stack.http.post('/api/v1/auth/password/reset/confirm').send({ token, new_password: newPassword }).expect(200);
    expect(confirmed.body.data.message).toMatch(/reset/i);

    await login(owner.email, owner.password).expect(401);
    const fresh = await login(owner.email, newPassword).expect(200);
    remember('refresh token', fresh.body.refresh_token);
    await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${fresh.body.access_token}`).expect(200);

    // Sessions from before the reset are over, access and refresh alike.
    const old = await stack.http.get('/api/v1/auth/me').set('Authorization', `Bearer ${owner.token}`).expect(401);
    expect(old.body.code).toBe('INVALID_TOKEN');
    await stack.http.post('/api/v1/auth/refresh').send({ refresh_token: owner.refreshToken }).expect(401);

    const reused = await stack.http
      .post('/api/v1/auth/password/reset/confirm')
      .send({ token, new_password: 'yet another passphrase' })
      .expect(401);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    await login(owner.email, newPassword).expect(200);
  });

  it('refuses an expired reset token and a superseded one, and validates the request', async () => {
    const owner = await registerOwner(stack.http, 'expired');
    await stack.http.post('/api/v1/auth/password/reset').send({ email: owner.email }).expect(200);
    const first = tokenIn(await waitForMail(stack, owner.email, RESET), 'Reset token');
    await stack.http.post('/api/v1/auth/password/reset').send({ email: owner.email }).expect(200);
    const second = tokenIn(await waitForMail(stack, owner.email, RESET, 1), 'Reset token');
    remember('reset token', second);
    await stack.http.post('/api/v1/auth/password/reset/confirm').send({ token: first, new_password: 'superseded passphrase' }).expect(401);

    // An hour passes: the lifetime is the database's `expires_at`.
    await stack.orm.em
      .fork()
      .execute(`update account_tokens set expires_at = now() - interval '1 second' where user_id = ? and purpose = 'password_reset'`, [
        owner.user.id,
      ]);
    const expired = await stack.http
      .post('/api/v1/auth/password/reset/confirm')
      .send({ token: second, new_password: 'too late passphrase' })
      .expect(401);
    expect(expired.body.code).toBe('INVALID_TOKEN');
    await login(owner.email, owner.password).expect(200);

    await stack.http.post('/api/v1/auth/password/reset').send({ email: 'not-an-email' }).expect(422);
    await stack.http.post('/api/v1/auth/password/reset/confirm').send({ token: second, new_password: 'short' }).expect(422);
  });

  it('changes a password with the current one (wrong one: 400), keeping the session', async () => {
    const owner = await registerOwner(stack.http, 'change');
    const auth = `Bearer ${owner.token}`;
    const wrong = await stack.http
      .post('/api/v1/auth/password/change')
      .set('Authorization', auth)
      .send({ current_password: 'not my password', new_password: 'changed passphrase 7' })
      .expect(400);
    expect(wrong.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'Current password is incorrect' });
    await login(owner.email, owner.password).expect(200);

    const newPassword = 'changed passphrase 7';
    remember('password', newPassword);
    await stack.http
      .post('/api/v1/auth/password/change')
      .set('Authorization', auth)
      .send({ current_password: owner.password, new_password: newPassword })
      .expect(200);
    await stack.http.get('/api/v1/auth/me').set('Authorization', auth).expect(200);
    await login(owner.email, owner.password).expect(401);
    await login(owner.email, newPassword).expect(200);
    await stack.http
      .post('/api/v1/auth/password/change')
      .send({ current_password: newPassword, new_password: 'x'.repeat(12) })
      .expect(401);
  });

  it('logs that a mail went to the outbox without logging its token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const http = httpOf(appDepsOver(stack, { logger: pino({ level: 'info' }, sink) }));
    const owner = await registerOwner(stack.http, 'logged');
    await http.post('/api/v1/auth/password/reset').send({ email: owner.email }).expect(200);
    const token = tokenIn(await waitForMail(stack, owner.email, RESET), 'Reset token');
    remember('reset token', token);
    const outboxLines = lines.filter((line) => line.includes('outbox'));
    expect(outboxLines.length).toBeGreaterThan(0);
    expect(outboxLines.join('\n')).toContain(owner.email);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('stores no password, API key, reset or verification token, or refresh token in plain text (scan of every text column)', async () => {
    const owner = await registerOwner(stack.http, 'scan');
    remember('refresh token', owner.refreshToken);
    const created = await createApiKey(stack.http, owner.token, { name: 'scanned', permissions: ['incidents:read'] });
    const apiKey = created.api_key;
    remember('API key', apiKey);
    remember('API key (random part)', apiKey.slice('tocsin_ak_'.length));
    await stack.http.get('/api/v1/auth/me').set('X-API-Key', apiKey).expect(200);
    await stack.http
      .post('/api/v1/auth/logout')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ refresh_token: owner.refreshToken })
      .expect(200);
    expect([...secrets.values()]).toEqual(
      expect.arrayContaining(['password', 'API key', 'reset token', 'verification token', 'refresh token']),
    );

    const em = stack.orm.em.fork();
    const columns = await em.execute<Array<{ table_name: string; column_name: string }>>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
        order by table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
    expect([...byTable.keys()]).toEqual(
      expect.arrayContaining(['users', 'api_keys', 'account_tokens', 'revoked_tokens', 'login_throttles', 'outbox_messages']),
    );

    const found = async (table: string) => {
      const cols = byTable.get(table) ?? [];
      const rows = await em.execute<Array<Record<string, string | null>>>(
        `select ${cols.map((c) => `"${c}"::text as "${c}"`).join(', ')} from "${table}"`,
      );
      const hits: string[] = [];
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          for (const [secret, label] of secrets) if (value?.includes(secret)) hits.push(`${label} in ${table}.${column}`);
        }
      }
      return hits;
    };
    // outbox_messages is the mail spool of an instance without SMTP: it holds the mails, tokens
    // and all, as a mail server would. It is the positive control that the scan finds what it seeks.
    expect(await found('outbox_messages')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^reset token in outbox_messages\.body$/)]),
    );
    const hits: string[] = [];
    for (const table of byTable.keys()) if (table !== 'outbox_messages') hits.push(...(await found(table)));
    expect(hits).toEqual([]);
  });
});
