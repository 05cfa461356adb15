import { describe, expect, it } from 'vitest';
import { apiUrl } from './api.js';

describe('apiUrl', () => {
  it("leaves out undefined and '' arguments, and sends null as an empty value", () => {
    expect(apiUrl('objects', { objectId: 'ZTF21abfmbix', columns: '', n: undefined })).toBe(
      '/api/v1/objects?objectId=ZTF21abfmbix',
    );
    // statistics' date is required; `date=` asks for every night
    expect(apiUrl('statistics', { date: null, 'output-format': 'json' })).toBe(
      '/api/v1/statistics?date=&output-format=json',
    );
    expect(apiUrl('classes')).toBe('/api/v1/classes');
  });
});
