export * from './units.js';
export * from './catalogue.js';
export * from './grids.js';
export * from './crs.js';
export * from './geoid.js';
export * from './calibration.js';
