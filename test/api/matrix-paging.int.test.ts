import { randomUUID } from 'node:crypto';
import type { RunningSynapse } from '../../dev/synapse.ts';
import { createChannelLinks } from '../../shared/paging/channel-link-token.ts';
import { PAGE_MARKER } from '../../shared/paging/channels/matrix/messages.ts';
import { escalationEnded, escalationOf } from '../helpers/escalation.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { eventually, matrixUser, startTestSynapse, type MatrixUser, type RoomEvent } from '../helpers/synapse.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;
const relatesTo = (event: RoomEvent) => event.content['m.relates_to'] as { 'm.in_reply_to'?: { event_id?: string } } | undefined;

/**
 * Paging through Matrix end to end on a real Synapse: the organization connects its bot, a member's
 * Matrix contact method (a room) is verified with the code the bot posts there, an alert pages them,
 * and reactions and replies in the room act on the incident through the worker's sync loop, as the
 * linked member, once. Unlinked and foreign accounts change nothing and are told why.
 */
describe('paging through Matrix (integration: real Synapse, PostgreSQL, Temporal, worker)', () => {
  let synapse: RunningSynapse;
  let stack: TestStack;
  let bot: MatrixUser;
  let owner: Owner;
  let engineer: Member;
  beforeAll(async () => {
    [synapse, stack] = await Promise.all([
      startTestSynapse(),
      // The homeserver listens on loopback: allowed as in development.
      startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }),
    ]);
    bot = matrixUser(synapse, await synapse.register('tocsin-bot'));
    owner = await registerOwner(stack.http, 'matrix');
    engineer = await addMember(stack, owner.token, 'engineer', 'matrix-engineer');
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await synapse?.stop();
  });

  /** The bot's messages in a room that answer `eventId`. */
  const answersTo = async (reader: MatrixUser, roomId: string, eventId: string) =>
    (await reader.events(roomId)).filter(
      (event) => event.sender === bot.userId && relatesTo(event)?.['m.in_reply_to']?.event_id === eventId,
    );
  const answerTo = (reader: MatrixUser, roomId: string, eventId: string) =>
    eventually(`the bot's answer to ${eventId}`, async () => (await answersTo(reader, roomId, eventId))[0]);

  it('pages a room, acts on a linked member’s ✅ once, edits the page, refuses unlinked and foreign accounts, and loses nothing over a restart', async () => {
    // The organization's bot: write-only, the token never shown again.
    const put = await stack.http
      .put('/api/v1/channel-connections/matrix')
      .set(bearer(owner.token))
      .send({ homeserver_url: synapse.url, access_token: bot.accessToken })
      .expect(200);
    expect(JSON.stringify(put.body)).not.toContain(bot.accessToken);

    // People on Matrix: the engineer, someone who never linked, and a member of another organization.
    const alice = matrixUser(synapse, await synapse.register('alice'));
    const mallory = matrixUser(synapse, await synapse.register('mallory'));
    const eve = matrixUser(synapse, await synapse.register('eve'));
    const roomId = await alice.createRoom({ name: 'on-call', invite: [bot.userId, mallory.userId, eve.userId] });
    await mallory.join(roomId);
    await eve.join(roomId);

    // Eve is linked in another organization (its own signed link, confirmed by its owner).
    const other = await registerOwner(stack.http, 'matrix-other');
    const links = createChannelLinks({ encryptionKey: stack.config.ENCRYPTION_KEY as string, publicUrl: stack.config.publicUrl });
    const eveLink = links.createChannelLinkToken({ organizationId: other.organization.id, kind: 'matrix', externalId: eve.userId });
    await stack.http
      .post('/api/v1/channel-identities/link')
      .set(bearer(other.token))
      .send({ token: new URL(eveLink).searchParams.get('token') })
      .expect(200);

    // The engineer's contact method is the room: the bot posts the code there.
    const method = (
      await stack.http
        .post('/api/v1/users/me/contact-methods')
        .set(bearer(engineer.token))
        .send({ type: 'matrix', address: roomId })
        .expect(201)
    ).body.data as { id: string; verified: boolean };
    expect(method.verified).toBe(false);
    const code = await eventually('the verification code', async () => {
      const said = (await alice.events(roomId)).map((event) => String(event.content.body ?? ''));
      return said.map((body) => /verification code is (\d{6})/.exec(body)?.[1]).find(Boolean);
    });
    await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/verify`).set(bearer(engineer.token)).send({ code }).expect(200);
    await stack.http
      .post('/api/v1/users/me/notification-rules')
      .set(bearer(engineer.token))
      .send({ contact_method_id: method.id, delay_minutes: 0 })
      .expect(201);
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Engineer, then the owner',
        is_default: true,
        repeat: 1,
        levels: [
          { targets: [{ type: 'user', id: engineer.user.id }], delay_minutes: 60 },
          { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 60 },
        ],
      })
      .expect(201);

    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const host = `matrix-${randomUUID().slice(0, 8)}`;
    await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(`fp-${host}`, 'firing', `${host} is down`)).expect(200);

    const page = await eventually('the page in the room', async () =>
      (await alice.events(roomId)).find((event) => event.sender === bot.userId && String(event.content.body).includes(`${host} is down`)),
    );
    const incidentId = (page.content[PAGE_MARKER] as { incident_id: string }).incident_id;
    const status = async () =>
      (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).expect(200)).body.data.status as string;

    // Mallory never linked: nothing changes; told why in the room, and sent a link privately.
    const malloryReaction = await mallory.react(roomId, page.event_id, '✅');
    expect(String((await answerTo(alice, roomId, malloryReaction)).content.body)).toContain('not linked');
    const malloryDm = await eventually('a direct room for mallory', async () => (await mallory.invites()).find((room) => room !== roomId));
    await mallory.join(malloryDm);
    const dmText = (await mallory.events(malloryDm)).map((event) => String(event.content.body ?? '')).join('\n');
    expect(dmText).toContain('/link-channel?token=');
    // The link names mallory: it was not posted in the shared room.
    expect((await alice.events(roomId)).map((event) => String(event.content.body ?? '')).join('\n')).not.toContain('/link-channel?token=');

    // Eve is a member of another organization: nothing changes here either.
    const eveReply = await eve.reply(roomId, page.event_id, 'ack');
    expect(String((await answerTo(alice, roomId, eveReply)).content.body)).toContain('not linked');
    expect(await status()).toBe('active');
    expect((await escalationOf(stack.http, owner.token, incidentId)).running).toBe(true);

    // Alice links her Matrix ID to the engineer's account with the link the bot sends her, then acknowledges.
    const aliceAsk = await alice.reply(roomId, page.event_id, 'ack');
    await answerTo(alice, roomId, aliceAsk);
    const aliceDm = await eventually('a direct room for alice', async () => (await alice.invites())[0]);
    await alice.join(aliceDm);
    const aliceLink = await eventually('the link for alice', async () =>
      (await alice.events(aliceDm)).map((event) => /\/link-channel\?token=(\S+)/.exec(String(event.content.body ?? ''))?.[1]).find(Boolean),
    );
    expect(await status()).toBe('active');
    await stack.http
      .post('/api/v1/channel-identities/link')
      .set(bearer(engineer.token))
      .send({ token: decodeURIComponent(aliceLink) })
      .expect(200);

    const ack = await alice.react(roomId, page.event_id, '✅');
    expect(String((await answerTo(alice, roomId, ack)).content.body)).toMatch(/acknowledged by/);
    expect(await status()).toBe('investigating');
    const ended = await escalationEnded(stack.http, owner.token, incidentId);
    expect(ended.ended).toBe('acknowledged');
    expect(ended.pages.map(({ level, user_id, method }) => ({ level, user_id, method }))).toEqual([
      { level: 1, user_id: engineer.user.id, method: 'matrix' },
    ]);
    const timeline = (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).expect(200)).body.data
      .timeline as Array<{
      message?: string;
    }>;
    expect(JSON.stringify(timeline)).toContain('from matrix');

    // The page now says who acknowledged it.
    // addMember names a member after its label.
    const engineerName = 'matrix-engineer member';
    const shown = await eventually('the edited page', async () => {
      const content = await alice.shown(roomId, page.event_id);
      return String(content.body).includes('Acknowledged by') ? content : undefined;
    });
    expect(String(shown.body)).toContain(`✅ Acknowledged by ${engineerName}`);

    // A second acknowledgement changes nothing and says so.
    const again = await alice.reply(roomId, page.event_id, 'ack');
    expect(String((await answerTo(alice, roomId, again)).content.body)).toContain('already acknowledged');

    // Acknowledged, it can be snoozed: ⏰ for an hour, "snooze 4h" for four; the same snooze again changes nothing.
    const snoozeHour = await alice.react(roomId, page.event_id, '⏰');
    expect(String((await answerTo(alice, roomId, snoozeHour)).content.body)).toMatch(/snoozed for 1 hour by/);
    const hourUntil = Date.parse((await escalationOf(stack.http, owner.token, incidentId)).snoozed_until as string);
    expect(Math.abs(hourUntil - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    const sameSnooze = await alice.reply(roomId, page.event_id, 'snooze');
    expect(String((await answerTo(alice, roomId, sameSnooze)).content.body)).toContain('already snoozed');
    const snoozeFour = await alice.reply(roomId, page.event_id, 'snooze 4h');
    expect(String((await answerTo(alice, roomId, snoozeFour)).content.body)).toMatch(/snoozed for 4 hours by/);
    const fourUntil = Date.parse((await escalationOf(stack.http, owner.token, incidentId)).snoozed_until as string);
    expect(Math.abs(fourUntil - (Date.now() + 4 * 3_600_000))).toBeLessThan(60_000);
    const snoozes = (
      (await stack.http.get(`/api/v1/incidents/${incidentId}`).set(bearer(owner.token)).expect(200)).body.data.timeline as Array<{
        type: string;
        actor_id: string | null;
        data: Record<string, unknown>;
      }>
    ).filter((entry) => entry.type === 'snoozed');
    expect(snoozes.map((entry) => [entry.actor_id, entry.data.duration_seconds])).toEqual([
      [engineer.user.id, 3600],
      [engineer.user.id, 14_400],
    ]);
    expect(await status()).toBe('investigating');

    // Said while no worker runs: read from the stored position once the worker is back, not lost.
    await stack.stopWorker();
    const resolve = await alice.reply(roomId, page.event_id, 'resolve');
    await stack.startWorker();
    expect(String((await answerTo(alice, roomId, resolve)).content.body)).toMatch(/resolved by/);
    expect(await status()).toBe('resolved');

    // Each command was answered once, and the page was posted once.
    for (const eventId of [malloryReaction, eveReply, aliceAsk, ack, again, snoozeHour, sameSnooze, snoozeFour, resolve])
      expect(await answersTo(alice, roomId, eventId)).toHaveLength(1);
    expect(
      (await alice.events(roomId)).filter(
        (event) => event.sender === bot.userId && String(event.content.body).includes(`${host} is down`) && !event.content['m.relates_to'],
      ),
    ).toHaveLength(1);
  });
});
