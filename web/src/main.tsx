// Entry: a hash router between the lobby (#/) and a table (#/t/{table}/{token}).
// The token lives in the hash, so it never reaches a server log as a path.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { getCards } from './api';
import { installCardBack } from './cards';
import { Lobby } from './lobby';
import { TablePage } from './table';
import { setCardNames } from './tokens';
import './styles/base.css';
import './styles/lobby.css';
import './styles/cards.css';
import './styles/zones.css';
import './styles/table.css';
import './styles/seats.css';
import './styles/panels.css';
import './styles/overlays.css';
import './styles/phone.css';

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
  if (route.page === 'table') return <TablePage key={`${route.table}/${route.token ?? ''}`} table={route.table} token={route.token} />;
  return <Lobby />;
}

async function start() {
  installCardBack();
  // Every card's names come from the server; without them cards show their numbers.
  await getCards().then(setCardNames, () => {});
  render(<App />, document.getElementById('app')!);
}

start();
