import { describe, expect, it } from 'vitest';
import { normalAddress, readProxyHeader, V2_SIGNATURE } from './proxy-protocol.js';
import { proxyV1, proxyV2 } from '../testing/proxy-header.js';

const MQTT_CONNECT = Buffer.from([0x10, 0x0c, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54]);

describe('PROXY protocol headers', () => {
  it('reads the client of a version 1 line, as nginx writes it, and where the protocol\'s bytes start', () => {
    const line = Buffer.from('PROXY TCP4 198.51.100.22 172.18.0.4 51234 2101\r\n', 'latin1');
    const read = readProxyHeader(Buffer.concat([line, Buffer.from('GET / HTTP/1.1\r\n')]));
    expect(read).toEqual({ kind: 'header', length: line.length, address: '198.51.100.22' });
    expect(readProxyHeader(Buffer.from('PROXY TCP6 2001:db8:0:0:0:0:0:7 2001:db8::1 51234 1883\r\n'))).toMatchObject({ address: '2001:db8::7' });
    expect(readProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({ kind: 'header', length: 15, address: null });
  });

  it('reads version 2 (binary) for IPv4, and LOCAL as naming nobody', () => {
    const header = proxyV2('203.0.113.7');
    expect(readProxyHeader(Buffer.concat([header, MQTT_CONNECT]))).toEqual({ kind: 'header', length: header.length, address: '203.0.113.7' });
    const local = Buffer.concat([V2_SIGNATURE, Buffer.from([0x20, 0x00, 0x00, 0x00])]);
    expect(readProxyHeader(local)).toEqual({ kind: 'header', length: 16, address: null });
  });

  it('waits for more while the bytes could still be a header, whatever the chunking', () => {
    for (const header of [proxyV1('192.0.2.1'), proxyV2('192.0.2.1')]) {
      for (let n = 1; n < header.length; n++) expect(readProxyHeader(header.subarray(0, n)).kind).toBe('more');
    }
    // "P" could be POST or PROXY; "PO" cannot be PROXY
    expect(readProxyHeader(Buffer.from('P')).kind).toBe('more');
    expect(readProxyHeader(Buffer.from('PO')).kind).toBe('none');
  });

  it('tells the protocols\' own first bytes from a header at once', () => {
    for (const start of [MQTT_CONNECT, Buffer.from('GET /BASE HTTP/1.1\r\n'), Buffer.from('SOURCE s /M\r\n'), Buffer.from('POST /M HTTP/1.1\r\n')]) {
      expect(readProxyHeader(start)).toEqual({ kind: 'none' });
    }
  });

  it('refuses malformed or oversized headers', () => {
    for (const bad of [
      'PROXY TCP4 999.1.1.1 10.0.0.1 1 2\r\n',
      'PROXY TCP4 10.0.0.1 10.0.0.2 70000 2\r\n',
      'PROXY TCP4 10.0.0.1\r\n',
      'PROXY UDP4 10.0.0.1 10.0.0.2 1 2\r\n',
      `PROXY TCP4 ${'1'.repeat(120)}`,
    ])
      expect(readProxyHeader(Buffer.from(bad)).kind).toBe('bad');
    const tooLong = Buffer.concat([V2_SIGNATURE, Buffer.from([0x21, 0x11, 0xff, 0xff])]);
    expect(readProxyHeader(tooLong).kind).toBe('bad');
    const version3 = Buffer.concat([V2_SIGNATURE, Buffer.from([0x31, 0x11, 0x00, 0x0c]), Buffer.alloc(12)]);
    expect(readProxyHeader(version3).kind).toBe('bad');
  });

  it('spells an address one way', () => {
    expect(normalAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalAddress('2001:0db8:0000:0000:0000:0000:0000:0007')).toBe('2001:db8::7');
    expect(normalAddress('10.1.2.3')).toBe('10.1.2.3');
  });
});
