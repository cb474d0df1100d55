import { createServer } from 'node:net';
import { ephemeralPortsStart, freePort, freePorts } from '../../../shared/net/free-port.ts';

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

describe('free loopback ports', () => {
  it.each([1, 3, 8])('hands out %i distinct free ports, none of those it was told to avoid', async (count) => {
    const [avoid] = await freePorts(1);
    const ports = await freePorts(count, [avoid as number]);
    expect(ports).toHaveLength(count);
    expect(new Set(ports).size).toBe(count);
    expect(ports).not.toContain(avoid);
    for (const port of ports) await expect(bindable(port)).resolves.toBe(true);
  });

  it('chooses them below the kernel ephemeral range, where no outgoing connection takes one', async () => {
    const avoided = await freePorts(3);
    const ports = await freePorts(20, avoided);
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(avoided).not.toContain(port);
      expect(port).toBeLessThan(ephemeralPortsStart());
      expect(port).toBeGreaterThanOrEqual(10_000);
      await expect(bindable(port)).resolves.toBe(true);
    }
  });

  it('keeps a preferred port when it is free and chooses another when it is taken', async () => {
    const [preferred] = (await freePorts(1)) as [number];
    await expect(freePort(preferred)).resolves.toBe(preferred);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(preferred, '127.0.0.1', resolve));
    try {
      const other = await freePort(preferred);
      expect(other).not.toBe(preferred);
      expect(other).toBeLessThan(ephemeralPortsStart());
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
