import type { DevicePublishedReading } from '@smi/contracts';
import { NA } from '@smi/contracts';
import type { Epoch } from '@smi/occupations';
import { fixTime } from '../nmea/fix-time.js';
import type { FixUpdate } from '../nmea/fix-update.js';
import { parseNmeaPayload } from '../nmea/parse.js';

// the epoch's shape is the occupations package's: its repository writes the raw epochs
export type { Epoch, EpochFix } from '@smi/occupations';

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/**
 * Cuts one rover's NMEA into epochs. An epoch opens at a GGA; the GSA and GST that follow (GST of the same time)
 * belong to it; it closes at the next GGA of another time, or at the end of a payload that carried its GGA with
 * other sentences (a receiver's whole epoch in one message). Epochs keep their GGA time, so a burst of buffered
 * messages after a reconnect is counted by when it was measured.
 */
export class EpochAssembler {
  private pending: Epoch | null = null;
  private dateMs: number | undefined;

  private openedHere = false;
  private sentences = 0;

  /** A payload's sentences, split and decoded as ingest does (parseNmeaPayload). */
  nmea(text: string, receivedAt: number, emit: (e: Epoch) => void): void {
    this.begin();
    parseNmeaPayload(text, (sentence, u) => this.sentence(sentence, u, receivedAt, emit));
    this.end(emit);
  }

  /** A payload begins; its decoded sentences follow (sentence), then end. Ingest decodes once for both. */
  begin(): void {
    this.openedHere = false;
    this.sentences = 0;
  }

  /** One decoded sentence of the payload (read at once: the update is not kept). */
  sentence(sentence: string, u: FixUpdate, receivedAt: number, emit: (e: Epoch) => void): void {
    this.sentences++;
    const id = sentence.slice(3, 6);
    if (id === 'RMC') {
      if (u.dateMs !== undefined) this.dateMs = u.dateMs;
    } else if (id === 'GGA') {
      const time = fixTime(receivedAt, u.timeOfDayMs, undefined);
      if (this.pending && this.pending.time !== time) this.flush(emit);
      this.pending = this.fromGga(u, receivedAt);
      this.openedHere = true;
    } else if (id === 'GSA' && this.pending) {
      if (u.pdop !== undefined) this.pending.pdop = u.pdop;
      if (u.vdop !== undefined) this.pending.vdop = u.vdop;
    } else if (id === 'GST' && this.pending) {
      const sameTime = u.gstTimeOfDayMs === undefined || u.gstTimeOfDayMs === this.pending.time % 86_400_000;
      if (sameTime) {
        this.pending.sigmaN = orNull(u.sigmaNorth);
        this.pending.sigmaE = orNull(u.sigmaEast);
        this.pending.sigmaV = orNull(u.verticalAccuracy);
      }
    }
  }

  /** The payload ended: a whole epoch in one message (its GGA with other sentences) closes here. */
  end(emit: (e: Epoch) => void): void {
    if (this.openedHere && this.sentences > 1) this.flush(emit);
  }

  /** The epoch waiting for its closing sentence, given now (the occupation is being stopped). */
  flush(emit: (e: Epoch) => void): void {
    const e = this.pending;
    this.pending = null;
    if (e) emit(e);
  }

  private fromGga(u: FixUpdate, receivedAt: number): Epoch {
    // RMC's date when it came before (u-blox prints RMC first), else the date nearest the receive time
    let time = fixTime(receivedAt, u.timeOfDayMs, undefined);
    if (this.dateMs !== undefined && u.timeOfDayMs !== undefined) {
      const dated = fixTime(receivedAt, u.timeOfDayMs, this.dateMs);
      if (Math.abs(dated - time) < 43_200_000) time = dated;
    }
    return {
      time,
      latitude: u.position ? u.position.latitude : null,
      longitude: u.position ? u.position.longitude : null,
      altitude: orNull(u.altitude),
      geoidSeparation: orNull(u.geoidSeparation),
      fix: u.fixType ?? null,
      satellites: orNull(u.satellites),
      hdop: orNull(u.hdop),
      pdop: null,
      vdop: null,
      sigmaN: null,
      sigmaE: null,
      sigmaV: null,
      correctionAge: orNull(u.correctionAge),
    };
  }
}

const num = (v: number | typeof NA | undefined): number | null => (v === undefined || v === NA ? null : v);

/** A JSON reading with a position is one epoch (its timestamp, else the receive time). */
export function epochOfReading(r: DevicePublishedReading, receivedAt: number): Epoch | null {
  if (r.latitude === undefined && r.longitude === undefined) return null;
  const hasPosition = num(r.latitude) !== null && num(r.longitude) !== null;
  const accuracy = num(r.accuracy);
  const sigmaN = num(r.sigmaNorth) ?? (accuracy !== null ? accuracy / Math.SQRT2 : null);
  const sigmaE = num(r.sigmaEast) ?? (accuracy !== null ? accuracy / Math.SQRT2 : null);
  return {
    time: r.timestamp ? Date.parse(r.timestamp) : receivedAt,
    latitude: hasPosition ? num(r.latitude) : null,
    longitude: hasPosition ? num(r.longitude) : null,
    altitude: num(r.altitude),
    geoidSeparation: num(r.geoidSeparation),
    fix: r.fixType === undefined || r.fixType === NA ? null : r.fixType,
    satellites: num(r.satellites),
    hdop: num(r.hdop),
    pdop: num(r.pdop),
    vdop: num(r.vdop),
    sigmaN,
    sigmaE,
    sigmaV: num(r.verticalAccuracy),
    correctionAge: num(r.correctionAge),
  };
}
