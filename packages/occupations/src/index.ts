/** Survey occupations as the api and the gateway both know them: the one view of a row, and the one writer of an end. */
export { occupationViewOf, type OccupationViewRow } from './view.js';
export { OCCUPATION_TRANSITIONS, mayFollow, endOccupations, type OccupationsToEnd } from './status.js';
