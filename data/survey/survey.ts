/**
 * The survey a store holds (docs/surveys.md): recorded in `<store>/survey.json` when the store is created and never
 * changed. A store without the file predates the record and holds ZTF alerts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from '../store-layout.js';

/** The surveys Sky-alert serves. */
export const SURVEYS = ['ztf', 'lsst'] as const;
export type Survey = (typeof SURVEYS)[number];

/** True when `text` names a survey. */
export function isSurvey(text: string): text is Survey {
  return (SURVEYS as readonly string[]).includes(text);
}

/** Thrown when alerts of one survey are about to enter a store of another. */
export class SurveyMismatchError extends Error {
  constructor(
    readonly storeSurvey: Survey,
    readonly inputSurvey: Survey,
    storeRoot: string,
  ) {
    super(
      `the store ${storeRoot} holds ${storeSurvey.toUpperCase()} alerts and this input is ${inputSurvey.toUpperCase()}: ` +
        'a store holds one survey; ingest it into another store (--store DIR)',
    );
    this.name = 'SurveyMismatchError';
  }
}

function surveyFile(layout: StoreLayout): string {
  return path.join(layout.root, 'survey.json');
}

/** True when the store has published or staged anything (then a store without survey.json is a ZTF store). */
function storeHasContent(layout: StoreLayout): boolean {
  return fs.existsSync(layout.currentPointer) || fs.existsSync(layout.stagingDir);
}

/**
 * The survey a store holds: its record, or `ztf` for a store with content but no record (stores made before the
 * record existed), or null for a new, empty store.
 */
export function readStoreSurvey(layout: StoreLayout): Survey | null {
  let text: string;
  try {
    text = fs.readFileSync(surveyFile(layout), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return storeHasContent(layout) ? 'ztf' : null;
  }
  const parsed: unknown = JSON.parse(text);
  const survey = (parsed as { survey?: unknown } | null)?.survey;
  if (typeof survey !== 'string' || !isSurvey(survey))
    throw new Error(`${surveyFile(layout)} names no known survey (expected one of ${SURVEYS.join(', ')})`);
  return survey;
}

/**
 * Makes sure the store holds `survey`: records it in a new store (atomically; of two ingesters creating one store
 * at once, the first record wins and the other is checked against it), and throws SurveyMismatchError when the
 * store holds another survey.
 */
export function claimStoreSurvey(layout: StoreLayout, survey: Survey): void {
  const current = readStoreSurvey(layout);
  if (current === null) {
    fs.mkdirSync(layout.root, { recursive: true });
    const body = `${JSON.stringify({ survey, recorded: new Date().toISOString() })}\n`;
    const tmp = `${surveyFile(layout)}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, body);
    try {
      fs.linkSync(tmp, surveyFile(layout)); // fails with EEXIST when another process recorded first
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    claimStoreSurvey(layout, survey);
    return;
  }
  if (current !== survey) throw new SurveyMismatchError(current, survey, layout.root);
}
