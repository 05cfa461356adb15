/** Values the store derives for each alert at ingestion: its HEALPix pixel and its Fink classification. */

import { classifyAlert } from '../../compute/classify/index.js';
import { ang2pixNest } from '../../compute/sky/index.js';
import type { Alert } from '../../data/index.js';
import { COLUMN_INDEX } from '../../data/index.js';
import type { AlertDerived } from './night-staging.js';

/** HEALPix order of the stored sky index (pixels of ~0.4 mas; any coarser order is a range of them). */
export const SKY_INDEX_ORDER = 29;

function num(alert: Alert, storage: string): number | null {
  const v = alert.values[COLUMN_INDEX.get(storage)!];
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : null;
}

function str(alert: Alert, storage: string): string | null {
  const v = alert.values[COLUMN_INDEX.get(storage)!];
  return typeof v === 'string' ? v : null;
}

/** Derives the stored values of one alert (pure). */
export function deriveAlertValues(alert: Alert): AlertDerived {
  const ra = num(alert, 'i_ra')!;
  const dec = num(alert, 'i_dec')!;
  const classification = classifyAlert({
    cdsxmatch: str(alert, 'd_cdsxmatch'),
    roid: num(alert, 'd_roid'),
    mulens: num(alert, 'd_mulens'),
    snn_snia_vs_nonia: num(alert, 'd_snn_snia_vs_nonia'),
    snn_sn_vs_all: num(alert, 'd_snn_sn_vs_all'),
    rf_snia_vs_nonia: num(alert, 'd_rf_snia_vs_nonia'),
    ndethist: num(alert, 'i_ndethist'),
    drb: num(alert, 'i_drb'),
    classtar: num(alert, 'i_classtar'),
    jd: alert.jd,
    jdstarthist: num(alert, 'i_jdstarthist'),
    rf_kn_vs_nonkn: num(alert, 'd_rf_kn_vs_nonkn'),
    tracklet: str(alert, 'd_tracklet'),
  });
  return { hpix29: ang2pixNest(SKY_INDEX_ORDER, ra, dec), classification };
}
