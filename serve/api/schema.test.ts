import { describe, expect, it } from 'vitest';
import { columnsBody } from './columns.js';
import { schemaApp } from './schema.js';

describe('/api/v1/schema', () => {
  it("answers the four families at the top level, as Fink's /schema (apps/routes/v1/ztf/schema/api.py)", async () => {
    const res = await schemaApp().request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, Record<string, { type: string; doc: string }>>;
    expect(Object.keys(body)).toEqual([
      'ZTF original fields (i:)',
      'ZTF original cutouts (b:)',
      'Fink science module outputs (d:)',
      'Fink on-the-fly added values (v:)',
    ]);
    expect(body['ZTF original fields (i:)'].objectId.type).toBe('string');
    expect(body['ZTF original cutouts (b:)'].cutoutScience_stampData.type).toBe('array');
    // the same catalogue as /columns' `fields`, without the endpoint-only fields
    expect(body).toEqual(JSON.parse(JSON.stringify(columnsBody().fields)));
    expect(body['Fink on-the-fly added values (v:)']).not.toHaveProperty('separation_degree');
  });
});
