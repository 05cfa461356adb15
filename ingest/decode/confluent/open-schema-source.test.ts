import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSchemaSource } from './open-schema-source.js';
import { SchemaSourceError } from './schema-source.js';

describe('openSchemaSource', () => {
  it('opens a registry or a directory, by the option given', () => {
    expect(openSchemaSource({ schemaRegistry: 'http://127.0.0.1:8081/' }).description).toBe(
      'schema registry http://127.0.0.1:8081',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-open-schema-'));
    try {
      fs.writeFileSync(path.join(dir, '3.avsc'), '{"type": "record", "name": "r", "fields": []}');
      expect(openSchemaSource({ schemaDir: dir }).description).toBe(`schema directory ${dir}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses both options or neither', () => {
    expect(() => openSchemaSource({})).toThrow(SchemaSourceError);
    expect(() => openSchemaSource({ schemaRegistry: 'http://h/', schemaDir: '/x' })).toThrow(
      /exactly one of --schema-registry URL or --schema-dir DIR/,
    );
  });
});
