/** `/sso/<name or number>`: the Solar System view of a known asteroid or comet, without an alert id. */
import { SsoTab } from './sso-tab.js';

/** Page of a Solar System object named by its number, name or designation. */
export function SsoPage({ name }: { name: string }) {
  return (
    <section>
      <h1>{name}</h1>
      <SsoTab objectId="" ssnamenr={name} />
    </section>
  );
}
