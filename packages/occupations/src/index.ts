/** Survey occupations as the api and the gateway both show them: the one view of an occupation row. */
export { occupationViewOf, type OccupationViewRow } from './view.js';
