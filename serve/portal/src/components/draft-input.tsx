/**
 * An input whose value lives in the URL (or other page state) and is committed on `change` (Enter, or leaving
 * the field). What the user types is kept as a draft until then, so a re-render of the page meanwhile (data
 * arriving, a chart recomputed) does not put the committed value back under their cursor.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput' | 'onChange'>;

/** `value`: the committed value shown when not editing; `onCommit`: the text typed, on change. */
export function DraftInput({
  value,
  onCommit,
  ...props
}: InputProps & { value: string | number; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      {...props}
      value={draft ?? String(value)}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        onCommit(e.currentTarget.value);
        setDraft(null);
      }}
    />
  );
}
