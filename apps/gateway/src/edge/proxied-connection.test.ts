import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyTrust } from './proxied-connection.js';

describe('the proxies whose PROXY header is believed', () => {
  afterEach(() => void vi.useRealTimers());

  it('takes addresses and CIDR ranges as they are', () => {
    const trust = proxyTrust('10.1.2.3, 172.20.0.0/16, fd00::/8');
    expect(['10.1.2.3', '172.20.9.9', 'fd00::17'].map(trust.trusted)).toEqual([true, true, true]);
    expect(['10.1.2.4', '172.21.0.1', '2001:db8::1'].map(trust.trusted)).toEqual([false, false, false]);
    trust.close();
  });

  it('looks a proxy\'s name up again when an address it does not know sends a header, at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let current = '172.18.0.5';
    let lookups = 0;
    const trust = proxyTrust('proxy', async () => (lookups++, [{ address: current, family: 4 }]));
    expect(await trust.trustedAfterLookup('172.18.0.5')).toBe(true);
    // the proxy container came back on another address
    current = '172.18.0.9';
    expect(trust.trusted('172.18.0.9')).toBe(false);
    expect(await trust.trustedAfterLookup('172.18.0.9')).toBe(false);
    expect(lookups).toBe(1);
    vi.setSystemTime(Date.now() + 1_500);
    expect(await trust.trustedAfterLookup('172.18.0.9')).toBe(true);
    expect(trust.trusted('172.18.0.5')).toBe(false);
    expect(lookups).toBe(2);
    trust.close();
  });

  it('keeps what a name was while it cannot be looked up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let up = true;
    const trust = proxyTrust('proxy', async () => {
      if (!up) throw new Error('ENOTFOUND');
      return [{ address: '172.18.0.5', family: 4 }];
    });
    expect(await trust.trustedAfterLookup('172.18.0.5')).toBe(true);
    up = false;
    vi.setSystemTime(Date.now() + 1_500);
    expect(await trust.trustedAfterLookup('172.18.0.7')).toBe(false);
    expect(trust.trusted('172.18.0.5')).toBe(true);
    trust.close();
  });
});
