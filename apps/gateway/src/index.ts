export { startGateway, type Gateway, type GatewayOptions } from './gateway.js';
export { loadGatewayEnv, GatewayEnvError, type GatewayEnv } from './env.js';
export { serviceCredential, SERVICE_USERNAME, type ServiceCredential } from './service-credential.js';
export { jsonLog, silentLog, type Log } from './log.js';
