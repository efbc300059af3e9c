/**
 * Builds the RTCM 3 capture the NTRIP tests push through the caster: gpsd's regression log `rtcm3-3.log` (a
 * reference station, USNO station 700: messages 1004, 1006, 1008) re-encoded frame by frame from gpsd's own decoding
 * of it (`apps/gateway/test/fixtures/rtcm/rtcm3-3.dcd`, BSD terms, see GPSD-COPYING there), because only that
 * decoding of the log is at hand, not its raw bytes. Every field of every frame comes from that decoding; RTKLIB's `convbin` reads the result back (the test
 * of this file checks the station position it finds against the decoding's 1006).
 *
 *   node --import tsx apps/gateway/src/ntrip/testing/make-capture.ts apps/gateway/test/fixtures/rtcm/rtcm3-3.dcd \
 *     apps/gateway/src/ntrip/testing/rtcm3-3.rtcm3
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BitWriter, rtcmFrame } from '@smi/rtcm';

const LIGHT_MS = 299_792.458; // DF014's unit: one light-millisecond in metres

/** DF013's lock time indicator whose lock time (seconds) is `s`; 127 for ">937". */
function lockIndicator(s: string): number {
  if (s.includes('>')) return 127;
  const v = Number(s);
  for (let i = 0; i < 127; i++) {
    const t = i < 24 ? i : i < 48 ? 2 * i - 24 : i < 72 ? 4 * i - 120 : i < 96 ? 8 * i - 408 : i < 120 ? 16 * i - 1176 : 32 * i - 3096;
    if (t === v) return i;
  }
  throw new Error(`lock time ${s}`);
}

export function captureFromDecoding(dcd: string): Buffer {
  const lines = dcd.split('\n');
  const frames: Buffer[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^RTCM3 .* Type (\d+):/.exec(lines[i]!);
    if (!head) continue;
    const type = Number(head[1]);
    const body = lines[i + 1]!;
    const w = new BitWriter();
    w.put(type, 12);
    if (type === 1006) {
      const m = /ID= *(\d+), Year=(\d+), GPS=(\w), GLONASS=(\w), Galileo=(\w), X= *(-?[\d.]+), Y= *(-?[\d.]+), Z= *(-?[\d.]+) QC=(\d+).*height=(-?[\d.]+)/.exec(body)!;
      w.put(Number(m[1]), 12);
      w.put(Number(m[2]), 6);
      for (const k of [3, 4, 5]) w.put(m[k] === 'Y' ? 1 : 0, 1);
      w.put(0, 1);
      w.put(BigInt(Math.round(Number(m[6]) * 10_000)), 38);
      w.put(0, 1);
      w.put(0, 1);
      w.put(BigInt(Math.round(Number(m[7]) * 10_000)), 38);
      w.put(Number(m[9]), 2);
      w.put(BigInt(Math.round(Number(m[8]) * 10_000)), 38);
      w.put(Math.round(Number(m[10]) * 10_000), 16);
    } else if (type === 1008) {
      const m = /ID= *(\d+), Antenna='([^']*)', Setup ID= *(\d+), Serial='([^']*)'/.exec(body)!;
      w.put(Number(m[1]), 12);
      w.text(m[2]!);
      w.put(Number(m[3]), 8);
      w.text(m[4]!);
    } else if (type === 1004) {
      const m = /ID= *(\d+), TOW= *([\d.]+), More Data=(\w+), GPS-Sats= *(\d+), GPS Smoothing=(\w+)/.exec(body)!;
      const n = Number(m[4]);
      w.put(Number(m[1]), 12);
      w.put(Math.round(Number(m[2]) * 1000), 30);
      w.put(m[3] === 'Yes' ? 1 : 0, 1);
      w.put(n, 5);
      w.put(m[5] === 'Yes' ? 1 : 0, 1);
      w.put(0, 3);
      for (let s = 0; s < n; s++) {
        const sv =
          /SV= *(\d+), L1 \(C\/A *, r= *([\d.]+), pd= *(-?[\d.]+), lock= *([^,]+), amb= *([\d.]+), snr= *([\d.]+)\) L2 \(P\(Y\) *, r= *(-?[\d.]+), pd= *(-?[\d.]+), lock= *([^,]+), snr= *([\d.]+)\)/.exec(
            lines[i + 2 + s]!,
          )!;
        w.put(Number(sv[1]), 6);
        w.put(0, 1); // L1 C/A
        w.put(Math.round(Number(sv[2]) / 0.02), 24);
        w.put(Math.round(Number(sv[3]) / 0.0005), 20);
        w.put(lockIndicator(sv[4]!), 7);
        w.put(Math.round(Number(sv[5]) / LIGHT_MS), 8);
        w.put(Math.round(Number(sv[6]) / 0.25), 8);
        w.put(1, 2); // L2 P(Y) direct
        w.put(Math.round(Number(sv[7]) / 0.02), 14);
        w.put(Math.round(Number(sv[8]) / 0.0005), 20);
        w.put(lockIndicator(sv[9]!), 7);
        w.put(Math.round(Number(sv[10]) / 0.25), 8);
      }
    } else continue;
    frames.push(rtcmFrame(w.bytes()));
  }
  return Buffer.concat(frames);
}

if (process.argv[1]?.endsWith('make-capture.ts')) {
  const [, , from, to] = process.argv;
  writeFileSync(to!, captureFromDecoding(readFileSync(from!, 'utf8')));
}
