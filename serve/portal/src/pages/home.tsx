/** Home: the search entry (to be completed: query types, help, history, results table, sky plot, downloads). */
import { useState } from 'preact/hooks';
import { navigate } from '../lib/router.js';

export function HomePage() {
  const [text, setText] = useState('');
  const submit = (event: Event): void => {
    event.preventDefault();
    const id = text.trim();
    if (id) navigate(`/${encodeURIComponent(id)}`);
  };
  return (
    <section class="home">
      <h1>Search the alert stream</h1>
      <form class="search" onSubmit={submit}>
        <input
          name="q"
          type="search"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder="ZTF object id"
          aria-label="Search"
        />
        <button type="submit">Search</button>
      </form>
    </section>
  );
}
