export * from './db.js';
export * from './migrate.js';
export * from './testing.js';
export * from './data-dir.js';
export * from './live-points.js';
export * from './audit-log.js';
export * from './kept-until-announced.js';
