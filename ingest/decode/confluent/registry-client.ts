/**
 * Writer schemas from a Confluent-compatible schema registry (Rubin's stream: `--schema-registry URL`): GET
 * `<url>/schemas/ids/<id>`, and for a schema that names types registered apart (`references`), GET
 * `<url>/subjects/<subject>/versions/<version>` for each, recursively. Each request has a timeout and is retried
 * with backoff on network errors, timeouts and HTTP 5xx/429; an id the registry answers 40403 for is unknown.
 *
 * Reference: Confluent Schema Registry API reference (`/schemas/ids/{id}`, `/subjects/{subject}/versions/{version}`,
 * error codes 40401 subject, 40402 version, 40403 schema not found; "Schema references").
 */
import { errorText } from '../../error-text.js';
import { RetriesExhausted, type RetryOptions, withRetries } from './retry.js';
import {
  AvroSchemaError,
  type AvroSchemaJson,
  inlineNamedTypes,
  topLevelNamedTypes,
} from './schema-names.js';
import {
  type SchemaLookup,
  type SchemaSource,
  SchemaSourceError,
  unknownSchemaReason,
} from './schema-source.js';

/** Confluent's error codes for what is not found. */
const SUBJECT_NOT_FOUND = 40401;
const VERSION_NOT_FOUND = 40402;
const SCHEMA_NOT_FOUND = 40403;

/** Depth of nested references followed before giving up (a cycle, or a registry answering nonsense). */
const MAX_REFERENCE_DEPTH = 32;

export interface SchemaRegistryOptions {
  /** Base URL of the registry (`https://usdf-alert-schemas-dev.slac.stanford.edu`); user:password@ is sent as Basic auth. */
  readonly url: string;
  /** Time allowed for one request, in ms (default 10,000). */
  readonly timeoutMs?: number;
  /** Retries of a request after a retriable failure (default 4: five attempts). */
  readonly retries?: number;
  /** Upper bound of the first wait between attempts, in ms (default 250; doubled each retry, at most 5,000). */
  readonly retryDelayMs?: number;
}

/** A schema reference as the registry lists it. */
interface Reference {
  readonly name: string;
  readonly subject: string;
  readonly version: number | string;
}

/** A registry's schema answer: the schema text, its type, and its references. */
interface RegisteredSchema {
  readonly schema: string;
  readonly schemaType: string;
  readonly references: readonly Reference[];
}

/** An answer of the registry that makes one id unusable (not the registry unusable). */
class UnusableSchema extends Error {}

function isRecord(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function registeredSchemaOf(body: unknown, what: string): RegisteredSchema {
  if (!isRecord(body) || typeof body.schema !== 'string') {
    throw new UnusableSchema(`the registry's answer for ${what} has no "schema" text`);
  }
  const refs = body.references ?? [];
  if (!Array.isArray(refs)) throw new UnusableSchema(`the registry's "references" of ${what} is not a list`);
  const references = refs.map((r): Reference => {
    if (
      !isRecord(r) ||
      typeof r.name !== 'string' ||
      typeof r.subject !== 'string' ||
      (typeof r.version !== 'number' && typeof r.version !== 'string')
    ) {
      throw new UnusableSchema(`a reference of ${what} lacks its name, subject or version`);
    }
    return { name: r.name, subject: r.subject, version: r.version };
  });
  return {
    schema: body.schema,
    schemaType: typeof body.schemaType === 'string' ? body.schemaType : 'AVRO',
    references,
  };
}

/** One HTTP answer: status and parsed JSON body (undefined when the body is not JSON). */
interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** Reads writer schemas from a Confluent-compatible schema registry (see the module doc). */
export class SchemaRegistrySource implements SchemaSource {
  readonly description: string;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;
  private readonly retry: RetryOptions;
  /** Referenced subject versions, fetched once each. */
  private readonly referenced = new Map<string, Promise<RegisteredSchema>>();

  /** @throws SchemaSourceError when the URL is not an http(s) URL. */
  constructor(options: SchemaRegistryOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch (err) {
      throw new SchemaSourceError(`schema registry URL ${JSON.stringify(options.url)} is not a URL`, {
        retriable: false,
        cause: err,
      });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new SchemaSourceError(`schema registry URL scheme ${url.protocol} is not http or https`, {
        retriable: false,
      });
    }
    this.headers = { accept: 'application/vnd.schemaregistry.v1+json, application/json' };
    if (url.username !== '' || url.password !== '') {
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      this.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    url.search = '';
    url.hash = '';
    this.base = url.href.replace(/\/+$/, '');
    this.description = `schema registry ${this.base}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retry = {
      retries: options.retries ?? 4,
      baseDelayMs: options.retryDelayMs ?? 250,
      maxDelayMs: 5_000,
    };
  }

  async schema(id: number): Promise<SchemaLookup> {
    const path = `/schemas/ids/${id}`;
    const answer = await this.get(path);
    if (answer.status === 404) {
      if (isRecord(answer.body) && answer.body.error_code === SCHEMA_NOT_FOUND) {
        return { found: false, reason: unknownSchemaReason(id, this.description) };
      }
      throw this.notARegistry(path);
    }
    this.checkOk(path, answer);
    try {
      const registered = registeredSchemaOf(answer.body, `schema id ${id}`);
      if (registered.schemaType !== 'AVRO') {
        return { found: false, reason: `schema id ${id} is a ${registered.schemaType} schema, not Avro` };
      }
      const root = parseSchema(registered.schema, `schema id ${id}`);
      const definitions = new Map<string, AvroSchemaJson>();
      await this.collectReferences(registered.references, definitions, new Set(), 0);
      return { found: true, schema: inlineNamedTypes(root, (name) => definitions.get(name)) };
    } catch (err) {
      if (err instanceof UnusableSchema || err instanceof AvroSchemaError) {
        return { found: false, reason: `schema id ${id} (${this.description}): ${err.message}` };
      }
      throw err;
    }
  }

  /** Adds the named types of `references` (and of theirs) to `definitions`; the first definition of a name wins. */
  private async collectReferences(
    references: readonly Reference[],
    definitions: Map<string, AvroSchemaJson>,
    seen: Set<string>,
    depth: number,
  ): Promise<void> {
    if (references.length > 0 && depth >= MAX_REFERENCE_DEPTH) {
      throw new UnusableSchema(`references nest deeper than ${MAX_REFERENCE_DEPTH} levels`);
    }
    for (const ref of references) {
      const key = `${ref.subject}\u0000${ref.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const registered = await this.subjectVersion(ref);
      if (registered.schemaType !== 'AVRO') {
        throw new UnusableSchema(`reference ${ref.name} is a ${registered.schemaType} schema, not Avro`);
      }
      const parsed = parseSchema(registered.schema, `reference ${ref.name}`);
      for (const d of topLevelNamedTypes(parsed)) {
        if (!definitions.has(d.fullName)) definitions.set(d.fullName, d.schema);
      }
      await this.collectReferences(registered.references, definitions, seen, depth + 1);
    }
  }

  private subjectVersion(ref: Reference): Promise<RegisteredSchema> {
    const key = `${ref.subject}\u0000${ref.version}`;
    let pending = this.referenced.get(key);
    if (pending === undefined) {
      pending = this.fetchSubjectVersion(ref);
      // a failure is not kept: the next schema asking for it tries again
      pending.catch(() => this.referenced.delete(key));
      this.referenced.set(key, pending);
    }
    return pending;
  }

  private async fetchSubjectVersion(ref: Reference): Promise<RegisteredSchema> {
    const path = `/subjects/${encodeURIComponent(ref.subject)}/versions/${encodeURIComponent(String(ref.version))}`;
    const answer = await this.get(path);
    if (answer.status === 404) {
      const code = isRecord(answer.body) ? answer.body.error_code : undefined;
      if (code === SUBJECT_NOT_FOUND || code === VERSION_NOT_FOUND) {
        throw new UnusableSchema(
          `reference ${ref.name}: the registry holds no subject ${JSON.stringify(ref.subject)} version ${ref.version}`,
        );
      }
      throw this.notARegistry(path);
    }
    this.checkOk(path, answer);
    return registeredSchemaOf(answer.body, `subject ${ref.subject} version ${ref.version}`);
  }

  /** GET with timeout and retries; answers every status but 5xx and 429, which are retried. */
  private async get(path: string): Promise<Answer> {
    const url = this.base + path;
    try {
      return await withRetries(
        () => this.getOnce(url),
        (err) => err instanceof SchemaSourceError && err.retriable,
        this.retry,
      );
    } catch (err) {
      if (err instanceof RetriesExhausted) {
        // the last error is one of ours, its message complete (the fetch error's causes included)
        const last = err.cause instanceof Error ? err.cause.message : String(err.cause);
        const attempts = `${err.attempts} attempt${err.attempts === 1 ? '' : 's'}`;
        throw new SchemaSourceError(`${this.description}: ${last} (${attempts})`, {
          retriable: true,
          cause: err.cause,
        });
      }
      throw err;
    }
  }

  private async getOnce(url: string): Promise<Answer> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        headers: this.headers,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new SchemaSourceError(
        timedOut ? `GET ${url} timed out after ${this.timeoutMs} ms` : `GET ${url} failed: ${errorText(err)}`,
        { retriable: true, cause: err },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (status >= 500 || status === 429) {
      throw new SchemaSourceError(`GET ${url} answered HTTP ${status}${messageOf(body)}`, {
        retriable: true,
      });
    }
    return { status, body };
  }

  private checkOk(path: string, answer: Answer): void {
    if (answer.status === 200 && answer.body !== undefined) return;
    const what =
      answer.status === 200 ? 'an answer that is not JSON' : `HTTP ${answer.status}${messageOf(answer.body)}`;
    throw new SchemaSourceError(`${this.description}: GET ${this.base}${path} answered ${what}`, {
      retriable: false,
    });
  }

  private notARegistry(path: string): SchemaSourceError {
    return new SchemaSourceError(
      `${this.description}: GET ${this.base}${path} answered HTTP 404 without a registry's "not found" error code; ` +
        'is the URL the registry’s base address?',
      { retriable: false },
    );
  }
}

/** The registry's error message of an answer, as `: <message>` (empty when it has none). */
function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.message === 'string' ? `: ${body.message}` : '';
}

function parseSchema(text: string, what: string): AvroSchemaJson {
  try {
    return JSON.parse(text) as AvroSchemaJson;
  } catch (err) {
    throw new UnusableSchema(`the schema text of ${what} is not JSON: ${errorText(err)}`);
  }
}
