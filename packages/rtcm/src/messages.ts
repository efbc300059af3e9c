import { BitReader } from './bit-reader.js';

/** 1005 / 1006: the stationary antenna reference point the base broadcasts (ECEF, metres, 0.1 mm resolution). */
export interface RtcmStationPosition {
  type: 1005 | 1006;
  stationId: number;
  itrfYear: number;
  gps: boolean;
  glonass: boolean;
  galileo: boolean;
  referenceStation: boolean;
  x: number;
  y: number;
  z: number;
  /** 1006 only: antenna height above the marker, metres. */
  antennaHeight?: number;
}

/** 1007 / 1008 (antenna descriptor and serial) and 1033 (antenna and receiver descriptors). */
export interface RtcmDescriptors {
  type: 1007 | 1008 | 1033;
  stationId: number;
  antenna: string;
  setupId: number;
  antennaSerial?: string;
  receiver?: string;
  firmware?: string;
  receiverSerial?: string;
}

export type GnssSystem = 'GPS' | 'GLONASS' | 'Galileo' | 'SBAS' | 'QZSS' | 'BeiDou';

/**
 * An observation message's epoch: MSM 1071-1127, legacy 1004 (GPS) or 1012 (GLONASS). GPS, Galileo, SBAS and
 * QZSS give milliseconds of the GPS week; BeiDou of the BeiDou week (GPS - 14 s); GLONASS milliseconds of the
 * Moscow day (UTC + 3 h), with the day of week in MSM.
 */
export interface RtcmObservationEpoch {
  type: number;
  stationId: number;
  system: GnssSystem;
  epochMs: number;
  /** GLONASS MSM only: day of week, 0 = Sunday, 7 = unknown. */
  glonassDay?: number;
  /** More messages of the same epoch follow. */
  multipleMessage: boolean;
  satellites: number;
}

/** 1029: Unicode text. */
export interface RtcmText {
  type: 1029;
  stationId: number;
  mjd: number;
  secondsOfDay: number;
  characters: number;
  text: string;
}

export interface RtcmOther {
  type: number;
  stationId?: number;
}

export type RtcmMessage = RtcmStationPosition | RtcmDescriptors | RtcmObservationEpoch | RtcmText | RtcmOther;

/** The message number of a whole frame (0xD3, length, payload, CRC), without decoding the rest. */
export function rtcmMessageType(frame: Uint8Array): number {
  return frame.length >= 5 ? (frame[3]! << 4) | (frame[4]! >> 4) : 0;
}

const MSM_SYSTEMS: Record<number, GnssSystem> = {
  107: 'GPS',
  108: 'GLONASS',
  109: 'Galileo',
  110: 'SBAS',
  111: 'QZSS',
  112: 'BeiDou',
};

/**
 * Decodes a whole frame (as the framer hands it: header, payload, CRC) into the fields the product uses, or
 * null when the payload is shorter than its message needs. Types it does not read come back as their number.
 */
export function decodeRtcmFrame(frame: Uint8Array): RtcmMessage | null {
  if (frame.length < 6) return null;
  const length = ((frame[1]! & 0x03) << 8) | frame[2]!;
  if (frame.length < 6 + length || length < 2) return null;
  const r = new BitReader(frame, 24, 24 + length * 8);
  try {
    const type = r.u(12);
    if (type === 1005 || type === 1006) return stationPosition(type, r);
    if (type === 1007 || type === 1008 || type === 1033) return descriptors(type, r);
    if (type === 1004 || type === 1012) return legacyEpoch(type, r);
    if (type === 1029) return text(r);
    const system = MSM_SYSTEMS[Math.floor(type / 10)];
    if (system && type % 10 >= 1 && type % 10 <= 7) return msmEpoch(type, system, r);
    return r.remaining >= 12 ? { type, stationId: r.u(12) } : { type };
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

function stationPosition(type: 1005 | 1006, r: BitReader): RtcmStationPosition {
  const stationId = r.u(12);
  const itrfYear = r.u(6);
  const gps = r.u(1) === 1;
  const glonass = r.u(1) === 1;
  const galileo = r.u(1) === 1;
  const referenceStation = r.u(1) === 1;
  const x = r.s(38) / 10_000;
  r.skip(2); // single receiver oscillator, reserved
  const y = r.s(38) / 10_000;
  r.skip(2); // quarter cycle indicator
  const z = r.s(38) / 10_000;
  const out: RtcmStationPosition = { type, stationId, itrfYear, gps, glonass, galileo, referenceStation, x, y, z };
  if (type === 1006) out.antennaHeight = r.u(16) / 10_000;
  return out;
}

/**
 * A descriptor field (antenna, serial, receiver, firmware): printable characters. A receiver may pad with NUL or send
 * other control bytes; they are dropped here, so what is stored and shown is text a database column and a screen take.
 */
function descriptorText(r: BitReader): string {
  let text = '';
  for (const ch of r.latin1(r.u(8))) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 && (c < 0x7f || c > 0x9f)) text += ch;
  }
  return text;
}

function descriptors(type: 1007 | 1008 | 1033, r: BitReader): RtcmDescriptors {
  const stationId = r.u(12);
  const antenna = descriptorText(r);
  const setupId = r.u(8);
  const out: RtcmDescriptors = { type, stationId, antenna, setupId };
  if (type === 1007) return out;
  out.antennaSerial = descriptorText(r);
  if (type === 1008) return out;
  out.receiver = descriptorText(r);
  out.firmware = descriptorText(r);
  out.receiverSerial = descriptorText(r);
  return out;
}

function legacyEpoch(type: 1004 | 1012, r: BitReader): RtcmObservationEpoch {
  const stationId = r.u(12);
  const epochMs = r.u(type === 1004 ? 30 : 27);
  const multipleMessage = r.u(1) === 1;
  const satellites = r.u(5);
  return { type, stationId, system: type === 1004 ? 'GPS' : 'GLONASS', epochMs, multipleMessage, satellites };
}

function msmEpoch(type: number, system: GnssSystem, r: BitReader): RtcmObservationEpoch {
  const stationId = r.u(12);
  let epochMs: number;
  let glonassDay: number | undefined;
  if (system === 'GLONASS') {
    glonassDay = r.u(3);
    epochMs = r.u(27);
  } else epochMs = r.u(30);
  const multipleMessage = r.u(1) === 1;
  r.skip(3 + 7 + 2 + 2 + 1 + 3); // IODS, reserved, clock steering, external clock, smoothing, interval
  let satellites = 0;
  for (let i = 0; i < 64; i += 32) {
    let mask = r.u(32);
    while (mask) {
      satellites += mask & 1;
      mask >>>= 1;
    }
  }
  const out: RtcmObservationEpoch = { type, stationId, system, epochMs, multipleMessage, satellites };
  if (glonassDay !== undefined) out.glonassDay = glonassDay;
  return out;
}

function text(r: BitReader): RtcmText {
  const stationId = r.u(12);
  const mjd = r.u(16);
  const secondsOfDay = r.u(17);
  const characters = r.u(7);
  const units = r.u(8);
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(r.bytesOf(units));
  return { type: 1029, stationId, mjd, secondsOfDay, characters, text: decoded };
}
