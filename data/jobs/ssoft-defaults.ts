/** Defaults of the monthly SSOFT job, apart from the job itself (the CLI's help quotes them without loading it). */

/** Fewest detections for an object to enter the table (the reference's nmin). */
export const SSOFT_MIN_DETECTIONS = 50;

/** Fewest usable detections for an object to enter an LSST store's table (Fink's Rubin builder: nmin = 10). */
export const LSST_SSOFT_MIN_DETECTIONS = 10;

/** Default schedule of `skyalert ssoft schedule`: 03:00 UTC on the first day of each month. */
export const DEFAULT_SSOFT_CRON = '0 3 1 * *';
