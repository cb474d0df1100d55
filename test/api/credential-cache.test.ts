import { createCredentialCache } from '../../api/services/credential-cache.ts';

describe('credential cache', () => {
  it('serves nothing until its listener is in place, and nothing while it is down', () => {
    const cache = createCredentialCache();
    cache.set('user:1', 'owner', ['user:1'], cache.epoch);
    expect(cache.get('user:1')).toBeUndefined();

    cache.resume();
    cache.set('user:1', 'owner', ['user:1'], cache.epoch);
    expect(cache.get('user:1')).toBe('owner');

    // Notifications may be missed while disconnected: nothing cached before survives a reconnect.
    cache.suspend();
    expect(cache.get('user:1')).toBeUndefined();
    cache.resume();
    expect(cache.get('user:1')).toBeUndefined();
  });

  it('refuses a load that started before the listener (re)connected', () => {
    const cache = createCredentialCache();
    cache.resume();
    const epoch = cache.epoch;
    cache.suspend();
    cache.resume();
    cache.set('user:1', 'owner', ['user:1'], epoch);
    expect(cache.get('user:1')).toBeUndefined();
  });

  it('drops what a notification names, and only that', () => {
    const cache = createCredentialCache();
    cache.resume();
    cache.set('user:1', 'owner', ['user:1', 'org:1'], cache.epoch);
    cache.set('user:2', 'viewer', ['user:2', 'org:2'], cache.epoch);
    cache.invalidate(['org:1']);
    expect([cache.get('user:1'), cache.get('user:2')]).toEqual([undefined, 'viewer']);
  });

  it('expires entries after its TTL, a safety net for a lost notification', () => {
    let now = 0;
    const cache = createCredentialCache({ ttlMs: 60_000, now: () => now });
    cache.resume();
    cache.set('jti:1', false, ['jti:1'], cache.epoch);
    now += 60_000;
    expect(cache.get('jti:1')).toBeUndefined();
  });

  it('announces every invalidation to its subscribers, and "all" when it serves again after a gap', () => {
    const cache = createCredentialCache();
    const heard: Array<readonly string[] | 'all'> = [];
    const stop = cache.onInvalidate((tags) => heard.push(tags));
    cache.resume();
    cache.invalidate(['jti:1', 'user:2']);
    cache.suspend();
    cache.resume();
    stop();
    cache.invalidate(['key:3']);
    expect(heard).toEqual(['all', ['jti:1', 'user:2'], 'all']);
  });
});
