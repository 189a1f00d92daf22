// Entry: a hash router between the lobby (#/) and a table (#/t/{table}/{token}).
// The token lives in the hash, so it never reaches a server log as a path.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { getCards } from './api';
import { installCardBack } from './cards';
import { Lobby, savedName } from './lobby';
import { TablePage } from './table';
import { setCardNames } from './tokens';
import './style.css';

export type Route = { page: 'lobby' } | { page: 'table'; table: string; token?: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/t\/([A-Za-z0-9_-]+)(?:\/([A-Za-z0-9]+))?\/?$/.exec(hash);
  if (m) return { page: 'table', table: m[1], token: m[2] };
  return { page: 'lobby' };
}

function App() {
  const [route, setRoute] = useState(parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (route.page === 'table')
    return <TablePage key={`${route.table}/${route.token ?? ''}`} table={route.table} token={route.token} name={savedName() || undefined} />;
  return <Lobby />;
}

async function start() {
  installCardBack();
  // Picture cards are named by the server; the page works without the names.
  await getCards().then(setCardNames, () => {});
  render(<App />, document.getElementById('app')!);
}

start();
