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
