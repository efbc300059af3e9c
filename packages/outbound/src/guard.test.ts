import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, OutboundRefused, parseOutboundAllow, resolveAllowedAddress } from './guard.js';

const PROTOCOLS = ['mqtt', 'mqtts', 'tcp', 'ssl', 'ws', 'wss'];
const check = (url: string, allow = '') => {
  try {
    checkOutboundUrl(url, { allow: parseOutboundAllow(allow), protocols: PROTOCOLS, allowPath: url.startsWith('ws') });
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundRefused);
    return 'refused';
  }
};

describe('checkOutboundUrl: a URL a user typed for an outbound connection', () => {
  it('accepts a broker on a public host name or address', () => {
    expect(check('mqtt://broker.example.com:1883')).toBe('ok');
    expect(check('mqtts://user:p%40ss@broker.example.com')).toBe('ok');
    expect(check('wss://broker.example.com/mqtt')).toBe('ok');
    expect(check('mqtt://8.8.8.8:1883')).toBe('ok');
    expect(check('mqtt://[2606:4700:4700::1111]:1883')).toBe('ok');
  });

  it('refuses loopback, link-local (cloud metadata), private, shared, multicast, unspecified and reserved addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '[::1]', '169.254.169.254', '10.0.0.8', '172.16.5.4', '192.168.1.20', '100.64.0.1', '224.0.0.1', '0.0.0.0', '255.255.255.255', '[::]', '[fe80::1]', '[fd12::1]', '[ff02::1]']) {
      expect([host, check(`mqtt://${host}:1883`)]).toEqual([host, 'refused']);
    }
  });

  it('refuses IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4)', () => {
    for (const host of ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[64:ff9b::a9fe:a9fe]', '[2002:7f00:1::]']) {
      expect([host, check(`mqtt://${host}:1883`)]).toEqual([host, 'refused']);
    }
  });

  it('refuses decimal, hex and octal forms of an IPv4 address (getaddrinfo would read them as loopback)', () => {
    for (const host of ['2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '127.1', '017700000001', '0x7f.0.0.1']) {
      expect([host, check(`mqtt://${host}:1883`)]).toEqual([host, 'refused']);
    }
    // in ws URLs the WHATWG parser itself turns them into 127.0.0.1: refused as loopback
    expect(check('ws://2130706433:8080/mqtt')).toBe('refused');
  });

  it('refuses control characters (raw or percent-encoded), a query, a fragment, a path on MQTT schemes and other schemes', () => {
    expect(check('mqtt://x%0D%0AINJECTED%0D%0A:pw@broker.example.com:1883')).toBe('refused');
    expect(check('mqtt://user:pw%00@broker.example.com')).toBe('refused');
    expect(check('mqtt://broker.example.com:1883\r\n')).toBe('refused');
    expect(check('mqtt://broker.example.com:1883?clientId=victim')).toBe('refused');
    expect(check('mqtt://broker.example.com:1883#x')).toBe('refused');
    expect(check('ws://broker.example.com:8080/internal/path?token=1')).toBe('refused');
    expect(check('http://broker.example.com')).toBe('refused');
    expect(check('mqtt://broker.example.com:0')).toBe('refused');
    expect(check('not a url')).toBe('refused');
  });

  it('lets the operator allowlist admit internal addresses, ranges and host names', () => {
    expect(check('mqtt://192.168.1.20:1883', '192.168.0.0/16')).toBe('ok');
    expect(check('mqtt://192.168.1.20:1883', '192.168.2.0/24')).toBe('refused');
    expect(check('mqtt://127.0.0.1:1883', '127.0.0.1')).toBe('ok');
    expect(check('mqtt://[fd12::1]:1883', 'fd00::/8')).toBe('ok');
    expect(() => parseOutboundAllow('192.168.0.0/99')).toThrow();
    expect(() => parseOutboundAllow('not a host!')).toThrow();
  });
});

describe('resolveAllowedAddress: a host name checked at every resolution', () => {
  const lookupOf = (answers: string[][]) => {
    let call = 0;
    return async () => (answers[Math.min(call++, answers.length - 1)] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('answers the addresses of a public name and refuses one that resolves (even partly) to an internal address', async () => {
    expect(await resolveAllowedAddress('broker.example.com', { lookup: lookupOf([['93.184.216.34']]) })).toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(resolveAllowedAddress('sneaky.example.com', { lookup: lookupOf([['93.184.216.34', '127.0.0.1']]) })).rejects.toBeInstanceOf(OutboundRefused);
    await expect(resolveAllowedAddress('meta.example.com', { lookup: lookupOf([['::ffff:169.254.169.254']]) })).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses a name that rebinds to loopback on the next resolution (each reconnect resolves again)', async () => {
    const lookup = lookupOf([['93.184.216.34'], ['127.0.0.1']]);
    await resolveAllowedAddress('rebind.example.com', { lookup });
    await expect(resolveAllowedAddress('rebind.example.com', { lookup })).rejects.toThrow(/internal address \(127\.0\.0\.1\)/);
  });

  it('trusts a name the allowlist lists, and an internal address inside a listed range', async () => {
    const allow = parseOutboundAllow('broker.site.local, 10.1.0.0/16');
    expect(await resolveAllowedAddress('BROKER.site.local', { allow, lookup: lookupOf([['192.168.9.9']]) })).toHaveLength(1);
    expect(await resolveAllowedAddress('other.site.local', { allow, lookup: lookupOf([['10.1.2.3']]) })).toHaveLength(1);
    await expect(resolveAllowedAddress('other.site.local', { allow, lookup: lookupOf([['10.2.2.3']]) })).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('classifies addresses', () => {
    expect(isPublicAddress('1.1.1.1')).toBe(true);
    expect(isPublicAddress('169.254.169.254')).toBe(false);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});
