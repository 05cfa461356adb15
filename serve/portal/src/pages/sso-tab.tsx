/** The Solar System tab of the object page (placeholder; the Solar System views replace its body). */
export function SsoTab(_props: { objectId: string; ssnamenr: string }) {
  return <p>Solar System</p>;
}
