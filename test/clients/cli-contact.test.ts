import { contactBody, contactTarget, formatContactList } from '../../clients/cli/contact.ts';

// What `tocsin contact add` sends for each kind, and how methods read back: pure, no server.
describe('tocsin contact: request bodies and listing', () => {
  it.each([
    [
      { kind: 'email', address: 'a@example.test' },
      { type: 'email', address: 'a@example.test' },
    ],
    [
      { kind: 'webhook', address: 'https://hooks.example.test/x' },
      { type: 'webhook', label: 'Webhook', url: 'https://hooks.example.test/x' },
    ],
    [
      { kind: 'push', address: 'my-topic', label: 'Phone' },
      { type: 'push', label: 'Phone', topic: 'my-topic' },
    ],
    [
      { kind: 'push', address: 'my-topic', server: 'https://ntfy.example.test', accessToken: 'tk_x' },
      { type: 'push', topic: 'my-topic', server_url: 'https://ntfy.example.test', access_token: 'tk_x' },
    ],
    [
      { kind: 'sms', address: '+14155550100' },
      { type: 'sms', address: '+14155550100' },
    ],
    [
      { kind: 'voice', address: '+14155550100', label: 'Desk' },
      { type: 'voice', label: 'Desk', address: '+14155550100' },
    ],
    [
      { kind: 'slack', address: 'U012AB3CD' },
      { type: 'slack', address: 'U012AB3CD' },
    ],
    [
      { kind: 'matrix', address: '@alice:example.org' },
      { type: 'matrix', address: '@alice:example.org' },
    ],
  ] as const)('%o is sent as %o', (command, body) => {
    expect(contactBody({ name: 'contact add', ...command })).toEqual(body);
  });

  const method = { id: '0190a1b2-0000-7000-8000-000000000001', label: 'Phone', verified: true, webhook: null };
  it.each([
    [{ ...method, type: 'push', address: 'https://ntfy.example.test' }, 'https://ntfy.example.test'],
    [{ ...method, type: 'push', address: null }, "the organization's ntfy server"],
    [
      { ...method, type: 'webhook', address: null, webhook: { destination: 'https://hooks.example.test:443' } },
      'https://hooks.example.test:443',
    ],
    [{ ...method, type: 'sms', address: '+14155550100' }, '+14155550100'],
  ])('%o goes to %s', (contact, target) => {
    expect(contactTarget(contact)).toBe(target);
  });

  it('lists methods one a line, and says where pages go without any', () => {
    expect(formatContactList([])).toBe('No contact method: pages go to your account email at once.');
    const listed = formatContactList([
      { ...method, type: 'sms', address: '+14155550100' },
      { ...method, id: '0190a1b2-0000-7000-8000-000000000002', type: 'push', label: 'Tablet', address: null, verified: false },
    ]);
    expect(listed.split('\n')).toEqual([
      expect.stringMatching(/^ID\s+KIND\s+LABEL\s+TO\s+VERIFIED$/),
      expect.stringMatching(/^0190a1b2-0000-7000-8000-000000000001\s+sms\s+Phone\s+\+14155550100\s+yes$/),
      expect.stringMatching(/^0190a1b2-0000-7000-8000-000000000002\s+push\s+Tablet\s+the organization's ntfy server\s+no$/),
    ]);
  });
});
