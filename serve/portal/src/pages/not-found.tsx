/** The page of an unknown path. */
import { ErrorBox } from '../components/status.js';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <section>
      <h1>Page not found</h1>
      <ErrorBox title={`${path} is not a page of this portal.`}>
        Go to the <a href="/">search</a>, or open an object as <code>/ZTF…</code> and a Solar System object as{' '}
        <code>/sso/&lt;name or number&gt;</code>.
      </ErrorBox>
    </section>
  );
}
