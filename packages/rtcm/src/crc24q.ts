// CRC-24Q (polynomial 0x1864CFB), the checksum over an RTCM 3 frame's header and payload. Table-driven: the relay
// checks every frame of every base, several times a second, so a byte costs one lookup.
const TABLE = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  let crc = i << 16;
  for (let b = 0; b < 8; b++) {
    crc <<= 1;
    if (crc & 0x1000000) crc ^= 0x1864cfb;
  }
  TABLE[i] = crc & 0xffffff;
}

/** CRC-24Q of bytes[start, end). */
export function crc24q(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = ((crc << 8) & 0xffffff) ^ TABLE[((crc >>> 16) ^ bytes[i]!) & 0xff]!;
  return crc;
}
