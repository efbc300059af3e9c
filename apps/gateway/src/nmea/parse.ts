import { parseUnsafeNmeaSentence, type GGAPacket, type GNSPacket, type GSTPacket, type RMCPacket } from 'nmea-simple';
import { hasValidChecksum } from '@smi/rtcm';
import { givesWay, type FixUpdate } from './fix-update.js';
import * as gga from './gga.js';
import * as gns from './gns.js';
import * as gsa from './gsa.js';
import * as gst from './gst.js';
import * as rmc from './rmc.js';

export interface ParsedNmea {
  /**
   * What the sentences say, later sentences overriding earlier ones field by field, except that within one epoch a
   * less specific fix type (RMC's mode) never replaces a more specific one (GGA's quality), whichever came first.
   */
  update: FixUpdate;
  /** Sentences of a supported type with a good checksum. */
  used: number;
  /** Bad checksum, no checksum, or not decodable. */
  rejected: number;
  /** Well-formed sentences that make no reading: types the product does not use (GSV, VTG, ...) and GSA. */
  ignored: number;
}

/**
 * The sentences of a payload: split at line breaks and before every '$' (sentences sent back to back), each
 * trimmed, empty ones left out. Every reading passes here: a scan by character code, no regular expression.
 */
function sentencesOf(text: string, each: (sentence: string) => void): void {
  let start = 0;
  const take = (end: number) => {
    if (end <= start) return;
    const sentence = text.slice(start, end).trim();
    if (sentence) each(sentence);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      take(i); // '\n' (a '\r' before it goes with the trim)
      start = i + 1;
    } else if (c === 36 && i > start) {
      take(i); // '$': a new sentence
      start = i;
    }
  }
  take(text.length);
}

/**
 * Splits a payload of one or more sentences (newline separated, or back to back) and decodes GGA, RMC, GNS, GST and
 * GSA. `each` sees every decoded sentence as it is decoded, before it is merged (a survey occupation reads the same
 * decoding instead of decoding the payload again); it must not keep the update (a later sentence may change it).
 */
export function parseNmeaPayload(text: string, each?: (sentence: string, update: FixUpdate) => void): ParsedNmea {
  const result: ParsedNmea = { update: {}, used: 0, rejected: 0, ignored: 0 };
  let merged = false;
  sentencesOf(text, (sentence) => {
    const update = decodeSentence(sentence);
    if (update === 'rejected') result.rejected++;
    else if (update === 'ignored') result.ignored++;
    else {
      each?.(sentence, update);
      // the first sentence's update is a new object, taken as it is (an absent field reads undefined either way)
      if (!merged) result.update = update;
      else {
        const u = result.update;
        // one GSA per constellation: the satellites used are the sum of the payload's
        const used = u.satellitesUsed;
        Object.assign(u, withoutUndefined(update, givesWay(update, u.fixRank ?? 0, u.timeOfDayMs, true)));
        if (update.satellitesUsed !== undefined && used !== undefined) u.satellitesUsed = used + update.satellitesUsed;
      }
      merged = true;
      // GSA (the only sentence with satellitesUsed) adds survey fields but is no reading by itself: a payload of
      // GSA alone is not used, as before GSA was read
      if (update.satellitesUsed !== undefined) result.ignored++;
      else result.used++;
    }
  });
  return result;
}

export function decodeSentence(sentence: string): FixUpdate | 'rejected' | 'ignored' {
  if (!hasValidChecksum(sentence)) return 'rejected';
  const fields = sentence.slice(1, sentence.lastIndexOf('*')).split(',');
  const id = fields[0]?.slice(-3);
  if (id === gsa.sentenceId) return valid(gsa.decode(fields));
  if (id !== gga.sentenceId && id !== rmc.sentenceId && id !== gst.sentenceId && id !== gns.sentenceId) return 'ignored';
  let packet;
  try {
    // the checksum is checked above: nmea-simple's "unsafe" parse is the same decoding without checking it again
    packet = parseUnsafeNmeaSentence(sentence);
  } catch {
    return 'rejected';
  }
  switch (packet.sentenceId) {
    case gga.sentenceId:
      return valid(gga.decode(packet as GGAPacket, fields));
    case rmc.sentenceId:
      return valid(rmc.decode(packet as RMCPacket, fields));
    case gst.sentenceId:
      return valid(gst.decode(packet as GSTPacket, fields));
    case gns.sentenceId:
      return valid(gns.decode(packet as GNSPacket, fields));
    default:
      return 'ignored';
  }
}

const NUMERIC_FIELDS = [
  'altitude',
  'satellites',
  'hdop',
  'accuracy',
  'verticalAccuracy',
  'timeOfDayMs',
  'dateMs',
  'geoidSeparation',
  'correctionAge',
  'pdop',
  'vdop',
  'satellitesUsed',
  'sigmaNorth',
  'sigmaEast',
  'gstTimeOfDayMs',
] as const;

// a sentence with a good checksum can still carry impossible numbers (a corrupt receiver); keep those out
function valid(update: FixUpdate): FixUpdate | 'rejected' {
  const p = update.position;
  if (p && (!Number.isFinite(p.latitude) || !Number.isFinite(p.longitude) || Math.abs(p.latitude) > 90 || Math.abs(p.longitude) > 180)) {
    return 'rejected';
  }
  for (const key of NUMERIC_FIELDS) {
    const v = update[key];
    if (v !== undefined && !Number.isFinite(v)) return 'rejected';
  }
  return update;
}

// the fields of an update that say something; without its fix (type, rank and position) when it gives way
const FIX_FIELDS = new Set(['fixType', 'fixRank', 'position']);
function withoutUndefined(update: FixUpdate, withoutFix: boolean): FixUpdate {
  return Object.fromEntries(Object.entries(update).filter(([k, v]) => v !== undefined && !(withoutFix && FIX_FIELDS.has(k)))) as FixUpdate;
}
