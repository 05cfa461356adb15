/** The page frame: header with navigation and theme switch, main content, footer. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(currentTheme());
  const toggle = (): void => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem('skyalert-theme', next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    setTheme(next);
    window.dispatchEvent(new Event('skyalert:theme'));
  };
  return (
    <button
      type="button"
      class="theme-switch"
      onClick={toggle}
      aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}

const NAV: readonly (readonly [href: string, label: string])[] = [
  ['/', 'Search'],
  ['/latests', 'Latest'],
  ['/stats', 'Statistics'],
  ['/xmatch', 'Cross-match'],
  ['/gw', 'GW sky maps'],
];

/** Header, content and footer of every page. */
export function Layout({ pathname, children }: { pathname: string; children: ComponentChildren }) {
  return (
    <div class="frame">
      <header class="top">
        <a class="brand" href="/">
          <span class="brand-dot" aria-hidden="true" />
          Sky-alert
        </a>
        <nav aria-label="Main">
          {NAV.map(([href, label]) => (
            <a key={href} href={href} aria-current={pathname === href ? 'page' : undefined}>
              {label}
            </a>
          ))}
          <a href="/api/v1/docs" target="_blank" rel="noopener">
            API
          </a>
        </nav>
        <ThemeSwitch />
      </header>
      <main>{children}</main>
      <footer>
        Sky-alert — every view of this portal comes from the public <a href="/api/v1/docs">REST API</a>.
      </footer>
    </div>
  );
}
