import bcrypt from 'bcrypt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashDeviceSecret, newDeviceSecret, secretVerifier } from './credentials.js';

afterEach(() => vi.restoreAllMocks());

describe('the device secret check', () => {
  it('spends one bcrypt round on every refusal: no such device, a wrong secret, even for a secret it knows', async () => {
    const secret = newDeviceSecret();
    const hash = await hashDeviceSecret(secret);
    const verify = secretVerifier();
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await verify(null, Buffer.from(secret))).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
    // the compare for no device is against a hash of the same cost as every device's
    expect(String(compare.mock.calls[0]![1])).toMatch(/^\$2b\$10\$/);
    expect(await verify(hash, Buffer.from(secret))).toBe(true);
    expect(compare).toHaveBeenCalledTimes(2);
    // known now: the right secret again costs nothing, a wrong one still a full round
    expect(await verify(hash, Buffer.from(secret))).toBe(true);
    expect(compare).toHaveBeenCalledTimes(2);
    expect(await verify(hash, Buffer.from(`${secret}x`))).toBe(false);
    expect(compare).toHaveBeenCalledTimes(3);
    expect(await verify(hash, Buffer.alloc(100, 'a'))).toBe(false);
    expect(compare).toHaveBeenCalledTimes(4);
  });

  it('shares one round between identical checks running at once (a fleet reconnecting with one credential)', async () => {
    const secret = newDeviceSecret();
    const hash = await hashDeviceSecret(secret);
    const verify = secretVerifier();
    const compare = vi.spyOn(bcrypt, 'compare');
    const all = await Promise.all(Array.from({ length: 50 }, () => verify(hash, Buffer.from(secret))));
    expect(all.every(Boolean)).toBe(true);
    expect(compare).toHaveBeenCalledTimes(1);
  });
});
