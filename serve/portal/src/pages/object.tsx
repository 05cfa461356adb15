/** Object page `/<objectId>` (to be completed: light curve, cutouts, alert table, downloads, share, sky viewer). */
import { ErrorBox, Loading } from '../components/status.js';
import { type ApiRow, getJson } from '../lib/api.js';
import { useLoad } from '../lib/use-api.js';

export function ObjectPage({ objectId }: { objectId: string }) {
  const rows = useLoad(objectId, (signal) =>
    getJson<ApiRow[]>('objects', { objectId, withupperlim: true }, signal),
  );
  if (rows.state === 'loading') return <Loading what={objectId} />;
  if (rows.state === 'error')
    return <ErrorBox title={`${objectId}: the API answered an error`}>{rows.message}</ErrorBox>;
  if (rows.value.length === 0) {
    return (
      <ErrorBox title={`${objectId} not found`}>
        Either the object name does not exist, or it has not yet been published (nightly data appears at the
        end of the night).
      </ErrorBox>
    );
  }
  return (
    <section>
      <h1>{objectId}</h1>
      <p>{rows.value.length} points</p>
    </section>
  );
}
