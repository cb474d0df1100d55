import { randomFillSync } from 'node:crypto';

// Random bits drawn 4 KiB at a time, as crypto.randomUUID does: one CSPRNG call per ~240 ids
// instead of one or two per id (ingestion makes two ids per alert).
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomSlice(length: number): Buffer {
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += length;
  return pool.subarray(poolOffset - length, poolOffset);
}

let lastMs = 0;
let counter = 0;

/**
 * RFC 9562 UUIDv7: time-ordered, and monotonic within this process (a 12-bit counter in rand_a
 * orders ids made in the same millisecond), so rows written in one transaction sort as written.
 */
export function uuidv7(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomSlice(2).readUInt16BE(0) & 0x3ff;
  } else {
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
  }
  const bytes = randomSlice(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
