import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it('gives the CRC-32 check value of "123456789" (0xCBF43926, the catalogue of CRC parameters)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('is 0 for no bytes and can be continued chunk by chunk', () => {
    expect(crc32(new Uint8Array(0))).toBe(0);
    const bytes = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(crc32(bytes)).toBe(0x414fa339);
    expect(crc32(bytes.subarray(10), crc32(bytes.subarray(0, 10)))).toBe(0x414fa339);
  });
});
