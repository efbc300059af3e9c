/** RTCM 3 for tests: the framer and decoder (decision 022) and ready-made frames to send as a base would. */
export * from '../rtcm/index.js';
export * as rtcmTestFrames from '../rtcm/test-frames.js';
