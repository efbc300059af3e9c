export { startGateway, type Gateway, type GatewayOptions } from './gateway.js';
export { loadGatewayEnv, GatewayEnvError, type GatewayEnv } from './env.js';
export { serviceCredential, SERVICE_USERNAME, type ServiceCredential } from './service-credential.js';
export { jsonLog, silentLog, type Log } from './log.js';
export { startSimulator, type Simulator, type SimulatedDevice } from './simulator/simulator.js';
export { seedDemo } from './simulator/demo-seed.js';
// RTCM 3 framing and decoding (decision 022): the NTRIP caster refuses to relay frames failing CRC with the framer
export * from './rtcm/index.js';
export * as rtcmTestFrames from './rtcm/test-frames.js';
