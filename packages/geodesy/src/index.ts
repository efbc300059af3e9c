export * from './ecef.js';
export * from './stats.js';
export * from './antenna.js';
export * from './average.js';
