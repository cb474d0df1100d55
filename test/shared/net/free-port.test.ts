import { createServer } from 'node:net';
import { chosenPortRange, ephemeralPortsStart, freePort, freePorts } from '../../../shared/net/free-port.ts';

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

  it.each([
    ['outside jest: the last quarter, which no jest worker draws from', 32_768, undefined, { low: 27_076, high: 32_768 }],
    ['capped at 32768 when the ephemeral range starts higher', 49_152, undefined, { low: 27_076, high: 32_768 }],
    ['a lower ephemeral range lowers the ceiling', 20_000, undefined, { low: 17_500, high: 20_000 }],
    ['jest worker 1: the first quarter', 32_768, '1', { low: 10_000, high: 15_692 }],
    ['jest worker 2: the second quarter, apart from worker 1', 32_768, '2', { low: 15_692, high: 21_384 }],
    ['jest worker 3: the third quarter', 32_768, '3', { low: 21_384, high: 27_076 }],
    ["jest worker 4 shares worker 1's quarter, never the last", 32_768, '4', { low: 10_000, high: 15_692 }],
    ['a worker id that is no number: as outside jest', 32_768, 'x', { low: 27_076, high: 32_768 }],
  ])('chooses within %s', (_name, ephemeralStart, workerId, range) => {
    expect(chosenPortRange(ephemeralStart, workerId)).toEqual(range);
  });

  it("draws ports within this jest worker's slice", async () => {
    const { low, high } = chosenPortRange(ephemeralPortsStart(), process.env.JEST_WORKER_ID);
    expect(process.env.JEST_WORKER_ID).toBeDefined();
    for (const port of await freePorts(20)) {
      expect(port).toBeGreaterThanOrEqual(low);
      expect(port).toBeLessThan(high);
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
