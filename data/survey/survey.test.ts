import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreLayout } from '../store-layout.js';
import { claimStoreSurvey, readStoreSurvey, SurveyMismatchError } from './survey.js';

const dirs: string[] = [];
function freshStore(): StoreLayout {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-survey-'));
  dirs.push(dir);
  return new StoreLayout(dir);
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the survey a store holds', () => {
  it('is unknown for an empty store, then recorded by the first claim', () => {
    const layout = freshStore();
    expect(readStoreSurvey(layout)).toBeNull();
    claimStoreSurvey(layout, 'lsst');
    expect(readStoreSurvey(layout)).toBe('lsst');
    expect(JSON.parse(fs.readFileSync(path.join(layout.root, 'survey.json'), 'utf8')).survey).toBe('lsst');
    claimStoreSurvey(layout, 'lsst');
  });

  it('refuses another survey, naming both', () => {
    const layout = freshStore();
    claimStoreSurvey(layout, 'ztf');
    expect(() => claimStoreSurvey(layout, 'lsst')).toThrow(SurveyMismatchError);
    expect(() => claimStoreSurvey(layout, 'lsst')).toThrow(/holds ZTF alerts and this input is LSST/);
  });

  it('takes a store with content and no record for a ZTF store', () => {
    const layout = freshStore();
    fs.mkdirSync(layout.stagingDir);
    expect(readStoreSurvey(layout)).toBe('ztf');
    expect(() => claimStoreSurvey(layout, 'lsst')).toThrow(SurveyMismatchError);
    expect(fs.existsSync(path.join(layout.root, 'survey.json'))).toBe(false);
  });

  it('rejects a record naming no known survey', () => {
    const layout = freshStore();
    fs.writeFileSync(path.join(layout.root, 'survey.json'), '{"survey":"panstarrs"}');
    expect(() => readStoreSurvey(layout)).toThrow(/names no known survey/);
  });
});
