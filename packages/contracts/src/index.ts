export * from './common.js';
export * from './limits.js';
export * from './endpoint.js';
export * from './auth.js';
export * from './settings.js';
export * from './auth-endpoints.js';
export * from './endpoints.js';
export * from './survey.js';
