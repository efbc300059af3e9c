// CRC-24Q, the checksum of every RTCM 3 frame
function crc24q(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

class BitWriter {
  private bits: number[] = [];
  put(value: bigint | number, width: number) {
    let v = BigInt(value);
    if (v < 0n) v += 1n << BigInt(width);
    for (let i = width - 1; i >= 0; i--) this.bits.push(Number((v >> BigInt(i)) & 1n));
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((b, i) => (out[i >> 3]! |= b << (7 - (i & 7))));
    return out;
  }
}

function ecef(latDeg: number, lonDeg: number, h: number): [number, number, number] {
  const a = 6378137;
  const e2 = 6.69437999014e-3;
  const lat = (latDeg * Math.PI) / 180;
  const lon = (lonDeg * Math.PI) / 180;
  const n = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  return [(n + h) * Math.cos(lat) * Math.cos(lon), (n + h) * Math.cos(lat) * Math.sin(lon), (n * (1 - e2) + h) * Math.sin(lat)];
}

/**
 * An RTCM 3 message 1005 (stationary reference station position, the message every base sends) framed with
 * preamble, length and CRC-24Q, so what the simulator relays is what a real base would send.
 */
export function rtcm1005(stationId: number, latitude: number, longitude: number, height: number): Buffer {
  const [x, y, z] = ecef(latitude, longitude, height).map((m) => BigInt(Math.round(m * 10_000)));
  const w = new BitWriter();
  w.put(1005, 12);
  w.put(stationId & 0xfff, 12);
  w.put(0, 6); // ITRF realisation year
  w.put(1, 1); // GPS
  w.put(1, 1); // GLONASS
  w.put(1, 1); // Galileo
  w.put(0, 1); // reference station, not a physical one
  w.put(x!, 38);
  w.put(0, 1); // single receiver oscillator
  w.put(0, 1); // reserved
  w.put(y!, 38);
  w.put(0, 2); // quarter cycle indicator
  w.put(z!, 38);
  const payload = w.bytes();
  const frame = new Uint8Array(3 + payload.length + 3);
  frame[0] = 0xd3;
  frame[1] = (payload.length >> 8) & 0x03;
  frame[2] = payload.length & 0xff;
  frame.set(payload, 3);
  const crc = crc24q(frame.subarray(0, 3 + payload.length));
  frame.set([(crc >> 16) & 0xff, (crc >> 8) & 0xff, crc & 0xff], 3 + payload.length);
  return Buffer.from(frame);
}
