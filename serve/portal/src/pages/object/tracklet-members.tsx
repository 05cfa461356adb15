/**
 * The tracklet of a tracklet alert (`d:tracklet`, a fast-moving object's streak detected in one exposure) and its
 * members: the alerts of the same tracklet (/api/v1/tracklet), each linked to its object page.
 */
import { ErrorBox, Loading } from '../../components/status.js';
import { type ApiRow, getJson } from '../../lib/api.js';
import { jdText } from '../../lib/results.js';
import { useLoad } from '../../lib/use-api.js';

/** The tracklet's id, a link to its search, and its members. */
export function TrackletMembers({ tracklet, objectId }: { tracklet: string; objectId: string }) {
  const members = useLoad(tracklet, (signal) =>
    getJson<ApiRow[]>('tracklet', { id: tracklet, columns: 'i:objectId,i:jd,i:magpsf' }, signal),
  );
  return (
    <section class="panel tracklet" aria-label="Tracklet">
      <h2>Tracklet</h2>
      <p>
        This alert belongs to the tracklet{' '}
        <a href={`/?action=tracklet&id=${encodeURIComponent(tracklet)}`}>
          <code>{tracklet}</code>
        </a>
        .
      </p>
      {members.state === 'loading' ? <Loading what="tracklet members" /> : null}
      {members.state === 'error' ? (
        <ErrorBox title="Tracklet search failed">{members.message}</ErrorBox>
      ) : null}
      {members.state === 'done' ? (
        <ul class="tracklet-members">
          {members.value.map((m) => {
            const id = String(m['i:objectId']);
            return (
              <li key={`${id}-${String(m['i:jd'])}`}>
                {id === objectId ? <strong>{id}</strong> : <a href={`/${id}`}>{id}</a>} —{' '}
                {typeof m['i:jd'] === 'number' ? jdText(m['i:jd']) : '—'}
                {typeof m['i:magpsf'] === 'number' ? `, ${m['i:magpsf'].toFixed(2)} mag` : ''}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
