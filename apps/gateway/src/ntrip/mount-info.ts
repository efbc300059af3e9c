import { rtcmMessageType as messageType } from '@smi/rtcm';

/** What a mountpoint's RTCM shows, for its sourcetable STR record: message types and rates, systems, position. */
export class MountInfo {
  private types = new Map<number, { last: number; interval: number }>();
  private bytes = 0;
  private since = 0;
  latitude: number | null = null;
  longitude: number | null = null;
  lastFrameAt = 0;

  add(frames: Buffer[], now = Date.now()) {
    if (!this.since) this.since = now;
    for (const f of frames) {
      this.bytes += f.length;
      const type = messageType(f);
      const seen = this.types.get(type);
      if (seen) {
        const gap = now - seen.last;
        // frames of one epoch come together: a gap under half a second is the same epoch
        if (gap >= 500) seen.interval = seen.interval ? seen.interval * 0.7 + gap * 0.3 : gap;
        if (gap >= 500 || !seen.interval) seen.last = now;
      } else this.types.set(type, { last: now, interval: 0 });
      if ((type === 1005 || type === 1006) && f.length >= 3 + 19) this.position(f);
    }
    this.lastFrameAt = now;
  }

  private position(f: Buffer) {
    const bits = (start: number, width: number): bigint => {
      let v = 0n;
      for (let i = 0; i < width; i++) {
        const bit = start + i;
        v = (v << 1n) | BigInt((f[3 + (bit >> 3)]! >> (7 - (bit & 7))) & 1);
      }
      return v;
    };
    const signed = (start: number, width: number) => {
      const v = bits(start, width);
      return Number(v >= 1n << BigInt(width - 1) ? v - (1n << BigInt(width)) : v) * 1e-4;
    };
    const [x, y, z] = [signed(34, 38), signed(74, 38), signed(114, 38)];
    if (!x && !y && !z) return;
    const a = 6378137;
    const e2 = 6.69437999014e-3;
    const p = Math.hypot(x, y);
    let lat = Math.atan2(z, p * (1 - e2));
    for (let i = 0; i < 5; i++) {
      const n = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
      const h = p / Math.cos(lat) - n;
      lat = Math.atan2(z, p * (1 - (e2 * n) / (n + h)));
    }
    this.latitude = (lat * 180) / Math.PI;
    this.longitude = (Math.atan2(y, x) * 180) / Math.PI;
  }

  /** Message types with their intervals in seconds, e.g. `1004(1),1006(10)`. */
  details(): string {
    return [...this.types.entries()]
      .sort(([a], [b]) => a - b)
      .map(([t, s]) => (s.interval ? `${t}(${Math.max(1, Math.round(s.interval / 1000))})` : String(t)))
      .join(',');
  }

  systems(): string {
    const found = new Set<string>();
    for (const t of this.types.keys()) {
      const s = systemOf(t);
      if (s) found.add(s);
    }
    return ORDER.filter((s) => found.has(s)).join('+');
  }

  /** 0 none, 1 L1, 2 L1+L2 (1004, 1012 and MSM carry two frequencies). */
  carrier(): number {
    let c = 0;
    for (const t of this.types.keys()) {
      if (t === 1004 || t === 1012 || (t >= 1071 && t <= 1137)) c = 2;
      else if ((t >= 1001 && t <= 1003) || (t >= 1009 && t <= 1011)) c = Math.max(c, 1);
    }
    return c;
  }

  /** Bits per second since the first frame. */
  bitrate(now = Date.now()): number {
    const s = (now - this.since) / 1000;
    return s >= 1 ? Math.round((this.bytes * 8) / s) : 0;
  }

  version(): string {
    for (const t of this.types.keys()) if (t >= 1071 && t <= 1137) return 'RTCM 3.2';
    return this.types.size ? 'RTCM 3.0' : 'RTCM 3';
  }
}

const ORDER = ['GPS', 'GLO', 'GAL', 'SBAS', 'QZS', 'BDS', 'IRN'];

function systemOf(t: number): string | undefined {
  if ((t >= 1001 && t <= 1004) || t === 1019 || (t >= 1071 && t <= 1077)) return 'GPS';
  if ((t >= 1009 && t <= 1012) || t === 1020 || (t >= 1081 && t <= 1087) || t === 1230) return 'GLO';
  if (t === 1045 || t === 1046 || (t >= 1091 && t <= 1097)) return 'GAL';
  if (t >= 1101 && t <= 1107) return 'SBAS';
  if (t === 1044 || (t >= 1111 && t <= 1117)) return 'QZS';
  if (t === 1042 || (t >= 1121 && t <= 1127)) return 'BDS';
  if (t === 1041 || (t >= 1131 && t <= 1137)) return 'IRN';
  return undefined;
}

const clean = (s: string) => s.replace(/[;\r\n]/g, ' ').slice(0, 60);

/** A sourcetable STR record (19 fields) for a mountpoint. */
export function strRecord(mount: string, identifier: string, info: MountInfo | undefined): string {
  const i = info ?? new MountInfo();
  return [
    'STR',
    mount,
    clean(identifier),
    i.version(),
    i.details(),
    String(i.carrier()),
    i.systems(),
    'SMI',
    '',
    i.latitude === null ? '0.00' : i.latitude.toFixed(2),
    i.longitude === null ? '0.00' : i.longitude.toFixed(2),
    '0',
    '0',
    'Site Measurement IoT',
    'none',
    'B',
    'N',
    String(i.bitrate()),
    '',
  ].join(';');
}
