/**
 * A project's base setups (decision 023): the one repository of the `base_setups` table, the setup in force and
 * the one it would open from what the base reports, and a point measured as a vector from that setup.
 */
export { baseSetupsRepository, toBaseSetupView, currentSetupOf, type BaseSetupRow, type NewSetup } from './repository.js';
export {
  BASE_REFERENCE_COLUMNS,
  baseReferenceOf,
  baseReferenceOfColumns,
  canOpenSetup,
  measureAgainstBase,
  nmeaOrigin,
  proposedSetup,
  setupInForce,
  type BaseReference,
  type BaseReferenceColumns,
  type ProjectBase,
  type VectorOrigin,
} from './in-force.js';
export { placeMeasurement, type MeasuredMark } from './placement.js';
