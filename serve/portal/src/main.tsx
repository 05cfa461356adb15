/** Entry of the web portal: picks the page of the current path (lib/router.ts) inside the common layout. */
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { Layout } from './components/layout.js';
import { interceptLinks, type Route, routeOf, useLocation } from './lib/router.js';
import { GwPage } from './pages/gw.js';
import { HomePage } from './pages/home.js';
import { LatestsPage } from './pages/latests.js';
import { NotFoundPage } from './pages/not-found.js';
import { ObjectPage } from './pages/object.js';
import { SsoPage } from './pages/sso-page.js';
import { StatsPage } from './pages/stats.js';
import { SurveyPage } from './pages/survey-route.js';
import { XmatchPage } from './pages/xmatch.js';
import './styles.css';

function App() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  useEffect(() => {
    if (route.page === 'home') document.title = 'Sky-alert';
    else if (route.page === 'object') document.title = `${route.objectId} : Sky-alert`;
    else if (route.page === 'sso') document.title = `${route.name} (Solar System) : Sky-alert`;
    else document.title = `${route.page} : Sky-alert`;
  });
  return <Layout pathname={pathname}>{page(route, pathname)}</Layout>;
}

function page(route: Route, pathname: string) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'object':
      // a ZTF id of the default store opens at once; other ids wait for the list of stores
      return route.store === null && !/^\d+$/.test(route.objectId) ? (
        <ObjectPage objectId={route.objectId} />
      ) : (
        <SurveyPage kind="object" prefix={route.store} id={route.objectId} />
      );
    case 'sso':
      return route.store === null ? (
        <SsoPage name={route.name} />
      ) : (
        <SurveyPage kind="sso" prefix={route.store} id={route.name} />
      );
    case 'stats':
      return <StatsPage />;
    case 'latests':
      return <LatestsPage />;
    case 'xmatch':
      return <XmatchPage />;
    case 'gw':
      return <GwPage />;
    case 'not-found':
      return <NotFoundPage path={route.path} />;
    default:
      return <NotFoundPage path={pathname} />;
  }
}

const root = document.getElementById('app');
if (root) {
  interceptLinks(root);
  render(<App />, root);
}
