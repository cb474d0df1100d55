import type { RunningSynapse } from '../../../../dev/synapse.ts';
import { createOutboundHttp } from '../../../../shared/net/outbound-http.ts';
import type { ChannelPage, PageChannel } from '../../../../shared/paging/channel.ts';
import { createMatrixChannel } from '../../../../shared/paging/channels/matrix.ts';
import { PAGE_MARKER } from '../../../../shared/paging/channels/matrix/messages.ts';
import { eventually, matrixUser, startTestSynapse, type MatrixUser } from '../../../helpers/synapse.ts';

const page = (id: string, title = 'Disk full on db-1'): ChannelPage => ({
  pageId: id,
  organizationId: 'org-1',
  userId: 'user-1',
  content: {
    incident: { id: `incident-${id}`, title, severity: 'high', status: 'active' },
    round: 1,
    level: 1,
    incidentUrl: `https://tocsin.example.test/incidents/incident-${id}`,
  },
  actions: {},
  idempotencyKey: `page-${id}`,
  resend: false,
});

const signal = () => AbortSignal.timeout(20_000);

/** The Matrix channel against a real Synapse: posting to rooms and direct rooms, resends, edits. */
describe('Matrix channel (integration: real Synapse)', () => {
  let synapse: RunningSynapse;
  let channel: PageChannel;
  let connection: { homeserver_url: string; access_token: string };
  let bot: MatrixUser;
  let alice: MatrixUser;

  beforeAll(async () => {
    synapse = await startTestSynapse();
    bot = matrixUser(synapse, await synapse.register('tocsin'));
    alice = matrixUser(synapse, await synapse.register('alice'));
    connection = { homeserver_url: synapse.url, access_token: bot.accessToken };
    // The homeserver is on loopback: allowed here as OUTBOUND_ALLOW_PRIVATE allows it in development.
    channel = createMatrixChannel({ outboundHttp: createOutboundHttp({ allowPrivate: true }) });
  }, 10 * 60_000);
  afterAll(async () => {
    await synapse?.stop();
  });

  const pageMessages = async (roomId: string) =>
    (await alice.events(roomId)).filter(
      (event) => event.type === 'm.room.message' && event.sender === bot.userId && !event.content['m.relates_to'],
    );

  it('posts a page to a room it was invited to, once however often it is resent, and edits it in place', async () => {
    const roomId = await alice.createRoom({ invite: [bot.userId], name: 'on-call' });
    const first = await channel.send(page('p1'), { address: roomId, secret: null }, connection, signal());
    expect(first).toEqual({ ok: true, messageRef: expect.any(String) });
    const ref = JSON.parse((first as { messageRef: string }).messageRef) as { room: string; event: string };
    expect(ref.room).toBe(roomId);

    // A worker that died after sending sends again with the same key: the homeserver suppresses it.
    const again = await channel.send({ ...page('p1'), resend: true }, { address: roomId, secret: null }, connection, signal());
    expect(again).toEqual(first);
    const posted = await pageMessages(roomId);
    expect(posted.map((event) => event.event_id)).toEqual([ref.event]);
    expect(posted[0]?.content.body).toContain('🚨 [HIGH] Disk full on db-1');
    expect(posted[0]?.content[PAGE_MARKER]).toMatchObject({ organization_id: 'org-1', incident_id: 'incident-p1', page_id: 'p1' });

    // Another page is another message.
    await channel.send(page('p2', 'CPU hot'), { address: roomId, secret: null }, connection, signal());
    expect(await pageMessages(roomId)).toHaveLength(2);

    await channel.update?.(first.ok ? (first.messageRef as string) : '', { address: roomId, secret: null }, connection, {
      status: 'acknowledged',
      action: 'acknowledge',
      actorName: 'Ada Lovelace',
    });
    const shown = await alice.shown(roomId, ref.event);
    expect(shown.body).toContain('✅ Acknowledged by Ada Lovelace');
    expect(shown.body).toContain('Disk full on db-1');
    expect(shown.body).not.toContain('React with');
  });

  it('pages a person in a direct room it creates once, inviting them', async () => {
    const carol = matrixUser(synapse, await synapse.register('carol'));
    const first = await channel.send(page('d1'), { address: carol.userId, secret: null }, connection, signal());
    if (!first.ok) throw new Error(first.error);
    const roomId = (JSON.parse(first.messageRef as string) as { room: string }).room;
    expect(await eventually('the invitation', async () => ((await carol.invites()).includes(roomId) ? true : undefined))).toBe(true);

    const second = await channel.send(page('d2'), { address: carol.userId, secret: null }, connection, signal());
    if (!second.ok) throw new Error(second.error);
    expect((JSON.parse(second.messageRef as string) as { room: string }).room).toBe(roomId);
    await carol.join(roomId);
    const bodies = (await carol.events(roomId)).filter((event) => event.type === 'm.room.message').map((event) => event.content.body);
    expect(bodies).toEqual([expect.stringContaining('incident-d1'), expect.stringContaining('incident-d2')]);
  });

  it('reaches a room by its alias', async () => {
    const roomId = await alice.createRoom({ invite: [bot.userId] });
    const alias = `#oncall-alias:${synapse.serverName}`;
    const response = await fetch(`${synapse.url}/_matrix/client/v3/directory/room/${encodeURIComponent(alias)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: roomId }),
    });
    expect(response.status).toBe(200);
    const sent = await channel.send(page('a1'), { address: alias, secret: null }, connection, signal());
    expect(sent.ok).toBe(true);
    expect(await pageMessages(roomId)).toHaveLength(1);
  });

  it('fails without posting and without echoing the token: a wrong token, a room it may not join, no connection, an internal address', async () => {
    const roomId = await alice.createRoom({});
    const wrongToken = await channel.send(
      page('f1'),
      { address: roomId, secret: null },
      { ...connection, access_token: 'syt_wrong_token' },
      signal(),
    );
    expect(wrongToken).toEqual({ ok: false, error: expect.stringContaining('M_UNKNOWN_TOKEN') });
    expect(JSON.stringify(wrongToken)).not.toContain('syt_wrong_token');

    const notInvited = await channel.send(page('f2'), { address: roomId, secret: null }, connection, signal());
    expect(notInvited).toEqual({ ok: false, error: expect.stringContaining('M_FORBIDDEN') });
    expect(await alice.events(roomId)).not.toContainEqual(expect.objectContaining({ sender: bot.userId, type: 'm.room.message' }));

    expect(await channel.send(page('f3'), { address: roomId, secret: null }, null, signal())).toEqual({
      ok: false,
      error: expect.stringContaining('not connected'),
    });

    // Without OUTBOUND_ALLOW_PRIVATE a loopback homeserver is refused by the SSRF guard.
    const guarded = createMatrixChannel({ outboundHttp: createOutboundHttp({ allowPrivate: false }) });
    expect(await guarded.send(page('f4'), { address: roomId, secret: null }, connection, signal())).toEqual({
      ok: false,
      error: expect.stringContaining('Refused outbound request'),
    });
  });
});
