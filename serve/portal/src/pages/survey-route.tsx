/**
 * Object and Solar System pages of a store named by the path (`/lsst/object/<id>`, `/lsst/sso/<name>`) or of the
 * default store given a diaObjectId (`/object/<digits>`): the stores the server serves (lib/stores.ts) say which
 * survey's page to show. ZTF pages read the default store's API, so a ZTF store served under another name is
 * reached through the first store only.
 */
import { ErrorBox, Loading } from '../components/status.js';
import { storeOf, useStores } from '../lib/stores.js';
import { LsstObjectPage } from './lsst-object.js';
import { LsstSsoPage } from './lsst-sso.js';
import { ObjectPage } from './object.js';
import { SsoPage } from './sso-page.js';

/** The page of an object or a Solar System name in the store of `prefix` (null: the default store). */
export function SurveyPage({
  kind,
  prefix,
  id,
}: {
  kind: 'object' | 'sso';
  prefix: string | null;
  /** The object id or the Solar System name. */
  id: string;
}) {
  const stores = useStores();
  if (stores === null) return <Loading what={id} />;
  const store = storeOf(stores, prefix);
  if (store === undefined)
    return (
      <ErrorBox title={`No store named ${prefix}`}>
        This server serves {stores.map((s) => `${s.name} (${s.survey.toUpperCase()})`).join(', ')}.
      </ErrorBox>
    );
  if (store.survey === 'lsst')
    return kind === 'object' ? (
      <LsstObjectPage store={store} stores={stores} diaObjectId={id} />
    ) : (
      <LsstSsoPage store={store} name={id} />
    );
  if (!store.default)
    return (
      <ErrorBox title={`${id}: ZTF pages of the store ${store.name}`}>
        ZTF pages are served for the server's first store only: open /{kind === 'object' ? '' : 'sso/'}
        {id} on a server whose first store is {store.name}.
      </ErrorBox>
    );
  return kind === 'object' ? <ObjectPage objectId={id} /> : <SsoPage name={id} />;
}
