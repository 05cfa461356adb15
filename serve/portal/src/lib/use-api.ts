/** A hook that loads an API answer for the current arguments, with loading and error states. */
import { useEffect, useState } from 'preact/hooks';

/** The state of one load: pending, done with a value, or failed with a message. */
export type Loaded<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'done'; readonly value: T }
  | { readonly state: 'error'; readonly message: string; readonly status?: number };

/**
 * Runs `load` when `key` changes (abort the previous one) and returns its state. `key` is any string that
 * identifies the arguments (e.g. the URL); null means "nothing to load" and stays `loading`.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ state: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ state: 'done', value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status =
          typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
        setState({
          state: 'error',
          message: error instanceof Error ? error.message : String(error),
          status: typeof status === 'number' ? status : undefined,
        });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}
