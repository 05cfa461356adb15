/**
 * Write tokens (docs/api.md, "Writes"): the operator issues them (SKYALERT_WRITE_TOKENS, or a file named by
 * SKYALERT_WRITE_TOKENS_FILE, read at the entry point); a client sends one as `Authorization: Bearer <token>`.
 * Each entry is `identity:secret` or a bare secret (its identity is then `token-` and the first 8 hex digits of
 * the secret's SHA-256). Secrets are kept only as SHA-256 digests and compared in constant time, every token
 * compared, so that the time of an answer says nothing about how much of a guess was right.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** An issued token: who it stands for and the SHA-256 of its secret. */
export interface WriteToken {
  readonly identity: string;
  readonly digest: Buffer;
}

/** Shortest secret accepted (characters): shorter ones could be guessed. */
export const MIN_TOKEN_CHARS = 16;
const IDENTITY = /^[A-Za-z0-9_.@-]{1,64}$/;
const SECRET = /^[\x21-\x7e]+$/;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * The tokens of a comma- or newline-separated list (`#` starts a comment line in a file).
 * @param source where the text came from, for error messages (an environment variable or a file name).
 * @throws Error naming the source and the entry number (never the secret) when an entry is malformed.
 */
export function parseWriteTokens(text: string, source: string): WriteToken[] {
  const entries = text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.startsWith('#'));
  return entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const secret = colon < 0 ? entry : entry.slice(colon + 1);
    const identity =
      colon < 0 ? `token-${sha256(secret).toString('hex').slice(0, 8)}` : entry.slice(0, colon);
    if (!IDENTITY.test(identity))
      throw new Error(`${source}: entry ${i + 1} has an identity that is not 1-64 letters, digits, _ . @ -`);
    if (secret.length < MIN_TOKEN_CHARS || !SECRET.test(secret))
      throw new Error(
        `${source}: entry ${i + 1} has a secret shorter than ${MIN_TOKEN_CHARS} characters or with blanks`,
      );
    return { identity, digest: sha256(secret) };
  });
}

/** What an Authorization header proves. */
export type WriteAuth =
  | { readonly ok: true; readonly identity: string }
  | { readonly ok: false; readonly status: 401 | 403; readonly text: string };

/**
 * Checks an `Authorization` header against the issued tokens: 401 without a bearer token, 403 with one that is
 * not issued (or when the operator issued none).
 */
export function authorizeWrite(tokens: readonly WriteToken[], header: string | undefined): WriteAuth {
  const m = header === undefined ? null : /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (m === null)
    return {
      ok: false,
      status: 401,
      text: 'Writing needs a token issued by the operator of this server: send it as `Authorization: Bearer <token>`.',
    };
  const digest = sha256(m[1]);
  let identity: string | null = null;
  for (const token of tokens)
    if (timingSafeEqual(token.digest, digest) && identity === null) identity = token.identity;
  if (identity === null)
    return {
      ok: false,
      status: 403,
      text:
        tokens.length === 0
          ? 'This server accepts no writes: its operator issued no write token.'
          : 'This token is not one issued by the operator of this server.',
    };
  return { ok: true, identity };
}
