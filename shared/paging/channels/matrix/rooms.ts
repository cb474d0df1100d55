import { MatrixApiError, type MatrixClient } from './client.ts';

/**
 * Where a page to a Matrix address goes: a room id (`!…`) as it is, an alias (`#…`) resolved, a
 * user id (`@…`) to the bot's direct room with them, created (and the person invited) once.
 */

/**
 * A Matrix user id or room alias (a sigil, a local part, `:`, a server name), or a room id (`!`
 * and an opaque id: since room version 12 it names no server).
 */
export const MATRIX_ADDRESS = /^(?:[@#][^\s:]{1,255}:[A-Za-z0-9.[\]:-]{1,255}|![^\s:]{1,255}(?::[A-Za-z0-9.[\]:-]{1,255})?)$/;

const dmLocks = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier one for `key`: two pages to one person at once make one room. */
async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = dmLocks.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  dmLocks.set(key, settled);
  void settled.then(() => {
    if (dmLocks.get(key) === settled) dmLocks.delete(key);
  });
  return next;
}

const LIVE = new Set(['join', 'invite']);

/**
 * The bot's direct room with `userId`: the newest room in its `m.direct` account data where both
 * are still in (or the person is still invited), else a new one, recorded there.
 */
export async function directRoom(client: MatrixClient, botUserId: string, userId: string, signal?: AbortSignal): Promise<string> {
  return serialized(`${botUserId} ${userId}`, async () => {
    const direct = (await client.accountData(botUserId, 'm.direct', signal)) ?? {};
    const known = Array.isArray(direct[userId])
      ? (direct[userId] as unknown[]).filter((room): room is string => typeof room === 'string')
      : [];
    for (const roomId of [...known].reverse()) {
      const [theirs, ours] = await Promise.all([
        client.membership(roomId, userId, signal),
        client.membership(roomId, botUserId, signal),
      ]).catch(() => [null, null]);
      if (ours === 'join' && theirs && LIVE.has(theirs)) return roomId;
    }
    const roomId = await client.createDirectRoom(userId, signal);
    await client.setAccountData(botUserId, 'm.direct', { ...direct, [userId]: [...known, roomId] }, signal);
    return roomId;
  });
}

/** The room a page to `address` is posted in; the bot joins a room it was invited to but has not joined yet. */
export async function pageRoom(
  client: MatrixClient,
  botUserId: () => Promise<string>,
  address: string,
  signal?: AbortSignal,
): Promise<string> {
  if (address.startsWith('@')) return directRoom(client, await botUserId(), address, signal);
  const roomId = address.startsWith('#') ? await client.resolveAlias(address, signal) : address;
  const membership = await client.membership(roomId, await botUserId(), signal).catch((error: unknown) => {
    // Not in the room at all: the homeserver will not even show its state; joining says whether it may.
    if (error instanceof MatrixApiError && error.status === 403) return null;
    throw error;
  });
  if (membership !== 'join') await client.join(roomId, signal);
  return roomId;
}
