/**
 * A small Confluent-compatible schema registry on loopback, for the tests of Rubin's Kafka stream: the part of the
 * REST API a consumer and a producer use — POST `/subjects/<subject>/versions` (register; the id of an identical
 * schema is reused), GET `/schemas/ids/<id>`, GET `/subjects`, GET `/subjects/<subject>/versions` and
 * `/subjects/<subject>/versions/<version|latest>` — with Confluent's error bodies
 * (`{"error_code": 40403, "message": …}`). Rubin registers its schemas under chosen ids (`lsst.v10_0` → 1000),
 * which the API cannot ask for: such ids are seeded at construction. Every request is recorded, and faults can be
 * injected (HTTP errors, requests left unanswered).
 *
 * Reference: Confluent Schema Registry API reference ("Schemas", "Subjects", error codes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A schema reference as Confluent writes it: a named type registered under a subject and version. */
export interface RegistryReference {
  readonly name: string;
  readonly subject: string;
  readonly version: number;
}

/** A schema placed in the registry under a chosen id. */
export interface SeededSchema {
  readonly id: number;
  /** Subject it is registered under (default `alert-packet`, Rubin's subject), as the next version. */
  readonly subject?: string;
  /** The schema's JSON text. */
  readonly schema: string;
  readonly schemaType?: 'AVRO' | 'JSON' | 'PROTOBUF';
  readonly references?: readonly RegistryReference[];
}

interface Stored {
  readonly id: number;
  readonly schema: string;
  readonly schemaType: string;
  readonly references: readonly RegistryReference[];
}

/** One request the registry received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The Authorization header, when one was sent. */
  readonly authorization?: string;
}

export interface TestSchemaRegistry {
  /** Base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** Requests received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Number of requests received for `path` (any method). */
  count(path: string): number;
  /** Registers `schema` under `subject` as POST does; returns its id. */
  register(subject: string, schema: string, references?: readonly RegistryReference[]): number;
  /** The next `n` requests are answered with HTTP `status` and a Confluent error body. */
  failNext(n: number, status?: number): void;
  /** The next `n` requests are never answered (until the registry is closed). */
  stallNext(n: number): void;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

/** Confluent's error body. */
function sendError(res: http.ServerResponse, status: number, errorCode: number, message: string): void {
  sendJson(res, status, { error_code: errorCode, message });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/vnd.schemaregistry.v1+json' })
    .end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The schema text as the registry compares it: parsed and written again (whitespace-insensitive). */
function canonical(text: string): string {
  return JSON.stringify(JSON.parse(text));
}

/** Starts a registry holding `seed` (see the module doc). */
export async function startSchemaRegistry(seed: readonly SeededSchema[] = []): Promise<TestSchemaRegistry> {
  const byId = new Map<number, Stored>();
  const subjects = new Map<string, number[]>(); // subject → ids of versions 1, 2, …
  const requests: RecordedRequest[] = [];
  const faults: ('stall' | number)[] = [];

  const addVersion = (subject: string, id: number): void => {
    const versions = subjects.get(subject) ?? [];
    if (!versions.includes(id)) versions.push(id);
    subjects.set(subject, versions);
  };
  for (const s of seed) {
    if (byId.has(s.id)) throw new Error(`seeded schema id ${s.id} twice`);
    byId.set(s.id, {
      id: s.id,
      schema: s.schema,
      schemaType: s.schemaType ?? 'AVRO',
      references: s.references ?? [],
    });
    addVersion(s.subject ?? 'alert-packet', s.id);
  }

  const register = (
    subject: string,
    schema: string,
    references: readonly RegistryReference[] = [],
  ): number => {
    const text = canonical(schema);
    let id = [...byId.values()].find((s) => canonical(s.schema) === text)?.id;
    if (id === undefined) {
      id = Math.max(0, ...byId.keys()) + 1;
      byId.set(id, { id, schema, schemaType: 'AVRO', references });
    }
    addVersion(subject, id);
    return id;
  };

  const schemaAnswer = (s: Stored): Record<string, unknown> => ({
    schema: s.schema,
    ...(s.schemaType === 'AVRO' ? {} : { schemaType: s.schemaType }),
    ...(s.references.length > 0 ? { references: s.references } : {}),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://registry');
    const authorization = req.headers.authorization;
    requests.push({ method, path: url.pathname, ...(authorization ? { authorization } : {}) });
    const fault = faults.shift();
    if (fault === 'stall') return;
    if (fault !== undefined) return sendError(res, fault, fault * 100 + 1, `injected HTTP ${fault}`);
    const parts = url.pathname
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent);

    if (method === 'GET' && parts.length === 3 && parts[0] === 'schemas' && parts[1] === 'ids') {
      const s = byId.get(Number(parts[2]));
      if (!s) return sendError(res, 404, 40403, `Schema ${parts[2]} not found`);
      return sendJson(res, 200, schemaAnswer(s));
    }
    if (method === 'GET' && parts.length === 1 && parts[0] === 'subjects') {
      return sendJson(res, 200, [...subjects.keys()]);
    }
    if (parts[0] === 'subjects' && parts.length >= 3 && parts[2] === 'versions') {
      const subject = parts[1];
      if (method === 'POST' && parts.length === 3) {
        let body: { schema?: unknown; references?: RegistryReference[] };
        try {
          body = JSON.parse(await readBody(req)) as typeof body;
          if (typeof body.schema !== 'string') throw new Error('no schema');
          canonical(body.schema);
        } catch {
          return sendError(res, 422, 42201, 'Invalid schema');
        }
        return sendJson(res, 200, { id: register(subject, body.schema, body.references ?? []) });
      }
      const versions = subjects.get(subject);
      if (!versions) return sendError(res, 404, 40401, `Subject '${subject}' not found.`);
      if (method === 'GET' && parts.length === 3)
        return sendJson(
          res,
          200,
          versions.map((_, i) => i + 1),
        );
      if (method === 'GET' && parts.length === 4) {
        const version = parts[3] === 'latest' ? versions.length : Number(parts[3]);
        const id = Number.isInteger(version) && version >= 1 ? versions[version - 1] : undefined;
        if (id === undefined) return sendError(res, 404, 40402, `Version ${parts[3]} not found.`);
        const s = byId.get(id)!;
        return sendJson(res, 200, { subject, version, id, ...schemaAnswer(s) });
      }
    }
    sendError(res, 404, 404, 'HTTP 404 Not Found');
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendError(res, 500, 50001, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    register,
    failNext: (n, status = 503) => {
      for (let i = 0; i < n; i++) faults.push(status);
    },
    stallNext: (n) => {
      for (let i = 0; i < n; i++) faults.push('stall');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
