/**
 * The demo's devices: a base and rovers publishing what real receivers publish (NMEA epochs, RTCM 1005, battery
 * and signal) over MQTT, and the demo account, devices and project they publish for. The api runs both for the demo
 * (`--demo`, `DEMO=1`); `npm run simulate` runs the simulator against any broker.
 */
export {
  startSimulator,
  gotoStart,
  type Simulator,
  type SimulatedDevice,
  type SimulatorOptions,
  type SimulatorLog,
  type SimulatorLogin,
} from './simulator.js';
export { seedDemo, DEMO_EMAIL } from './demo-seed.js';
export { baseEpoch, roverEpoch, geoidSeparation, type SimulatedBase } from './epochs.js';
export { delta, offset, seededRandom, stopAndGo, walkTo, STAND_S, WALK_SPEED_MS, type WalkPath } from './motion.js';
export { epochSentences, type SimulatedFix } from './nmea-writer.js';
export { rtcm1005 } from './rtcm-writer.js';
