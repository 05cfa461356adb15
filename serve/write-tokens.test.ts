/** Write tokens: parsing of the operator's list, and what an Authorization header proves. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorizeWrite, MIN_TOKEN_CHARS, parseWriteTokens } from './write-tokens.js';

const A = 'alpha-secret-0123456789';
const B = 'beta-secret-9876543210';

describe('write tokens', () => {
  it('reads identity:secret and bare secrets, comma- or newline-separated, skipping comments and blanks', () => {
    const tokens = parseWriteTokens(`alice:${A}, \n# a comment\n\n${B}\n`, 'test');
    const bareId = `token-${createHash('sha256').update(B).digest('hex').slice(0, 8)}`;
    expect(tokens.map((t) => t.identity)).toEqual(['alice', bareId]);
    expect(tokens[0].digest.equals(createHash('sha256').update(A).digest())).toBe(true);
  });

  it(`refuses secrets under ${MIN_TOKEN_CHARS} characters or with blanks, and bad identities`, () => {
    expect(() => parseWriteTokens('x'.repeat(MIN_TOKEN_CHARS - 1), 'ENV')).toThrow(/ENV: entry 1/);
    expect(() => parseWriteTokens(`a:${'x'.repeat(MIN_TOKEN_CHARS - 1)}`, 'ENV')).toThrow(/entry 1/);
    expect(() => parseWriteTokens(`bad name:${A}`, 'ENV')).toThrow(/identity/);
    expect(() => parseWriteTokens(`:${A}`, 'ENV')).toThrow(/identity/);
    expect(parseWriteTokens('x'.repeat(MIN_TOKEN_CHARS), 'ENV')).toHaveLength(1);
  });

  it('proves the identity of an issued bearer token, and only that', () => {
    const tokens = parseWriteTokens(`alice:${A},bob:${B}`, 'test');
    expect(authorizeWrite(tokens, `Bearer ${B}`)).toEqual({ ok: true, identity: 'bob' });
    expect(authorizeWrite(tokens, `bearer   ${A}  `)).toEqual({ ok: true, identity: 'alice' });
    for (const header of [undefined, '', 'Bearer', `Basic ${A}`, A, `Bearer ${A} extra`])
      expect(authorizeWrite(tokens, header), String(header)).toMatchObject({ ok: false, status: 401 });
    for (const header of [
      `Bearer ${A}x`,
      `Bearer ${A.slice(1)}`,
      'Bearer alice',
      `Bearer ${A.toUpperCase()}`,
    ])
      expect(authorizeWrite(tokens, header), header).toMatchObject({ ok: false, status: 403 });
    expect(authorizeWrite([], `Bearer ${A}`)).toMatchObject({ ok: false, status: 403 });
  });
});
