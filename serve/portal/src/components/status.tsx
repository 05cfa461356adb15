/** Loading and error states, shown the same way on every page. */
import type { ComponentChildren } from 'preact';

/** A loading line (with an accessible role so tests and screen readers can wait for it to go). */
export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

/** An error box with the API's message. */
export function ErrorBox({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="error-box" role="alert">
      <strong>{title}</strong>
      {children ? <div>{children}</div> : null}
    </div>
  );
}

/** A neutral notice (e.g. "nothing found"). */
export function Notice({ children }: { children: ComponentChildren }) {
  return <p class="notice">{children}</p>;
}
