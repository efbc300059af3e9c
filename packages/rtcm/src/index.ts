/**
 * What a GNSS receiver puts on the wire, read and written byte for byte: RTCM 3 (CRC-24Q, the framer, the decoder of
 * the messages the product reads, decision 022, and the encoder the simulator's base and the tests write with) and
 * NMEA 0183's checksum.
 */
export { crc24q } from './crc24q.js';
export { BitReader } from './bit-reader.js';
export { RtcmFramer, splitRtcmFrames, RTCM_PREAMBLE, RTCM_MAX_FRAME, type RtcmFramerStats } from './framer.js';
export {
  decodeRtcmFrame,
  rtcmMessageType,
  type RtcmMessage,
  type RtcmStationPosition,
  type RtcmDescriptors,
  type RtcmObservationEpoch,
  type RtcmText,
  type GnssSystem,
} from './messages.js';
export { BitWriter, rtcmFrame, station1005or1006, type StationFields } from './encode.js';
export { nmeaChecksum, withChecksum, hasValidChecksum } from './nmea-checksum.js';
