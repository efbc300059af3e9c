/**
 * Survey occupations as the api and the gateway both know them: the one repository of the `occupations` table and
 * its raw epochs, the one view of a row, the one writer of an end, and the shapes the engine measures with (an
 * epoch, a measurement).
 */
export { occupationViewOf, type OccupationViewRow } from './view.js';
export { OCCUPATION_TRANSITIONS, mayFollow, endOccupations, type OccupationsToEnd } from './status.js';
export {
  occupationsRepository,
  toOccupationView,
  type OccupationRow,
  type OccupationRunRow,
  type EpochRow,
  type ResolvedAntenna,
} from './repository.js';
export type { Epoch, EpochFix } from './epoch.js';
export type { Measurement } from './measurement.js';
