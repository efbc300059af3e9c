import { decodeRtcmFrame, RtcmFramer, rtcmMessageType, type RtcmObservationEpoch, type RtcmStationPosition } from '@smi/rtcm';

const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
const WEEK_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;
/** GPS - UTC since 2017-01-01 (no leap second announced since). */
export const GPS_LEAP_SECONDS = 18;

/** A message type as seen on a base's stream. */
export interface MessageTypeSeen {
  count: number;
  firstAt: number;
  lastAt: number;
}

/** What the product knows of a base from its RTCM stream. */
export interface BaseRtcmSnapshot {
  stationId: number | null;
  types: Record<string, MessageTypeSeen>;
  position: (Omit<RtcmStationPosition, 'type' | 'gps' | 'glonass' | 'galileo'> & { messageType: 1005 | 1006; at: number }) | null;
  antenna: string | null;
  antennaSerial: string | null;
  receiver: string | null;
  firmware: string | null;
  receiverSerial: string | null;
  /** When the latest observation message (1004, 1012, MSM) arrived, ms since the epoch. */
  lastObservationAt: number | null;
  /** Arrival time minus the GNSS epoch time of that message, ms: how late corrections reach the server. */
  latencyMs: number | null;
  frames: number;
  crcFailures: number;
}

/**
 * One base's RTCM stream: frames it (so only frames that pass CRC-24Q are relayed), and keeps what the product
 * shows and uses: message types and rates, the broadcast reference position (1005/1006), antenna and receiver
 * names, and the age and latency of the corrections. Only the few message types it uses are decoded beyond their
 * number; observation messages are read up to their epoch time.
 */
export class BaseRtcmState {
  private readonly framer = new RtcmFramer();
  readonly snapshot: BaseRtcmSnapshot = {
    stationId: null,
    types: {},
    position: null,
    antenna: null,
    antennaSerial: null,
    receiver: null,
    firmware: null,
    receiverSerial: null,
    lastObservationAt: null,
    latencyMs: null,
    frames: 0,
    crcFailures: 0,
  };
  /** Changed since the last persisted write. */
  dirty = false;

  /**
   * Takes one MQTT payload; returns the bytes to relay: the payload itself when it is whole good frames (the
   * usual case: not copied), else the good frames it completed, in order (junk and CRC failures left out).
   */
  take(payload: Buffer, at: number): Buffer {
    const good: Buffer[] = [];
    let goodBytes = 0;
    this.framer.push(payload, (frame) => {
      good.push(frame);
      goodBytes += frame.length;
      this.frame(frame, at);
    });
    this.snapshot.frames = this.framer.stats.frames;
    if (this.snapshot.crcFailures !== this.framer.stats.crcFailures) {
      this.snapshot.crcFailures = this.framer.stats.crcFailures;
      this.dirty = true;
    }
    if (goodBytes === payload.length && good.length > 0 && good[0]!.buffer === payload.buffer && good[0]!.byteOffset === payload.byteOffset)
      return payload;
    return good.length === 1 ? good[0]! : Buffer.concat(good, goodBytes);
  }

  private frame(frame: Buffer, at: number): void {
    const type = rtcmMessageType(frame);
    const s = this.snapshot;
    const seen = s.types[type];
    if (seen) {
      seen.count += 1;
      seen.lastAt = at;
    } else {
      s.types[type] = { count: 1, firstAt: at, lastAt: at };
      this.dirty = true;
    }
    if (!isUsed(type)) return;
    const m = decodeRtcmFrame(frame);
    if (!m) return;
    if ('stationId' in m && m.stationId !== undefined && s.stationId !== m.stationId) {
      s.stationId = m.stationId;
      this.dirty = true;
    }
    if (m.type === 1005 || m.type === 1006) {
      const p = m as RtcmStationPosition;
      const prev = s.position;
      if (!prev || prev.x !== p.x || prev.y !== p.y || prev.z !== p.z || prev.antennaHeight !== p.antennaHeight) this.dirty = true;
      s.position = { messageType: p.type, at, stationId: p.stationId, itrfYear: p.itrfYear, referenceStation: p.referenceStation, x: p.x, y: p.y, z: p.z };
      if (p.antennaHeight !== undefined) s.position.antennaHeight = p.antennaHeight;
    } else if (m.type === 1007 || m.type === 1008 || m.type === 1033) {
      const d = m as { antenna: string; antennaSerial?: string; receiver?: string; firmware?: string; receiverSerial?: string };
      const next = {
        antenna: d.antenna.trim() || s.antenna,
        antennaSerial: d.antennaSerial?.trim() || s.antennaSerial,
        receiver: d.receiver?.trim() || s.receiver,
        firmware: d.firmware?.trim() || s.firmware,
        receiverSerial: d.receiverSerial?.trim() || s.receiverSerial,
      };
      if (Object.entries(next).some(([k, v]) => s[k as keyof typeof next] !== v)) this.dirty = true;
      Object.assign(s, next);
    } else if ('epochMs' in m) {
      s.lastObservationAt = at;
      s.latencyMs = epochLatencyMs(m as RtcmObservationEpoch, at);
    }
  }
}

function isUsed(type: number): boolean {
  return type === 1004 || type === 1005 || type === 1006 || type === 1007 || type === 1008 || type === 1012 || type === 1033 || (type >= 1071 && type <= 1127);
}

/**
 * Arrival time minus the epoch time of an observation message, in ms. The message gives only the time within the
 * week (or day, GLONASS), so the receive time supplies the rest: the epoch is taken as the one nearest to it.
 */
export function epochLatencyMs(m: Pick<RtcmObservationEpoch, 'system' | 'epochMs'>, at: number): number {
  const gps = at - GPS_EPOCH_MS + GPS_LEAP_SECONDS * 1000;
  let now: number;
  let period: number;
  if (m.system === 'GLONASS') {
    now = at + 3 * 3_600_000; // Moscow time, UTC + 3 h
    period = DAY_MS;
  } else {
    now = m.system === 'BeiDou' ? gps - 14_000 : gps;
    period = WEEK_MS;
  }
  const within = ((now % period) + period) % period;
  let d = within - m.epochMs;
  if (d > period / 2) d -= period;
  if (d < -period / 2) d += period;
  return d;
}
