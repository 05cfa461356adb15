/**
 * Several stores behind one server (docs/surveys.md, "Serving several stores"): each store's application answers
 * under its own prefix (`/ztf/...`, `/lsst/...`), and the first store also answers without a prefix, so that a
 * client of either Fink API works by changing only its base URL. The prefix is removed before the store's
 * application sees the request, so each application is the same as when it serves its store alone.
 */

/** Something that answers requests: a Hono application or any fetch handler. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/** A store's application and the path prefix it answers under (a lower-case name: `ztf`, `lsst`, `ztf-2024`). */
export interface PrefixedApp {
  readonly name: string;
  readonly app: FetchApp;
}

const NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** True when `name` can be a store's path prefix (lower-case letters, digits and dashes, up to 32). */
export function isStorePrefix(name: string): boolean {
  return NAME.test(name) && name !== 'api' && name !== 'vo' && name !== 'health' && name !== 'metrics';
}

/**
 * A fetch handler dispatching each request to the application of its prefix, or to the first application when
 * the path starts with no store's prefix.
 * @throws when `apps` is empty, a name is not a valid prefix, or two stores share a name.
 */
export function dispatchByPrefix(apps: readonly PrefixedApp[]): (request: Request) => Promise<Response> {
  const first = apps[0];
  if (first === undefined) throw new Error('at least one store is needed');
  const byName = new Map<string, FetchApp>();
  for (const { name, app } of apps) {
    if (!isStorePrefix(name))
      throw new Error(`invalid store name ${JSON.stringify(name)}: use [a-z][a-z0-9-]*`);
    if (byName.has(name)) throw new Error(`two stores are named ${name}`);
    byName.set(name, app);
  }
  return async (request) => {
    const url = new URL(request.url);
    const segment = url.pathname.split('/')[1] ?? '';
    const app = byName.get(segment);
    if (app === undefined) return first.app.fetch(request);
    url.pathname = url.pathname.slice(segment.length + 1) || '/';
    return app.fetch(new Request(url, request));
  };
}
