/** Public face of compute/derived/: what code outside this folder imports from it. */
export { type AlertVFields, alertVFields, alertVFieldsOfRow } from './alert-fields.js';
export { COLOUR_RATE_COLUMNS, type ColourRateFields, computeColourRate } from './colour-rate.js';
