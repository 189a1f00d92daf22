// The lobby: make a table (lobbyform.tsx) and hand out its invite links; the
// recent tables, to watch, and the players' results.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { getGames, getStats, listTables, type CreatedTable, type GameInfo, type StatRow, type TableSummary } from './api';
import { NewTableForm } from './lobbyform';
import { Created, RecentTables, Stats } from './lobbyparts';
import { markNamed } from './prefs';

/** Takes a seat: the lobby's own name counts as given, so the table does not ask again. */
function sit(table: string, token: string, name: string) {
  if (name) markNamed(token);
  location.hash = `#/t/${table}/${token}`;
}

export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ t: CreatedTable; name: string } | null>(null);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [stats, setStats] = useState<StatRow[]>([]);

  useEffect(() => {
    getGames().then(setGames, (e: Error) => setLoadError(e.message));
    const refresh = () => {
      listTables().then(setTables, () => {});
      getStats().then(setStats, () => {});
    };
    refresh();
    const timer = setInterval(refresh, 10_000);
    return () => clearInterval(timer);
  }, []);

  const titles = useMemo(() => new Map((games ?? []).map((g) => [g.name, g.title])), [games]);
  const presets = useMemo(() => new Map((games ?? []).flatMap((g) => g.presets.map((p) => [p.name, p.summary] as const))), [games]);

  return (
    <div class="lobby">
      <header class="lobby-head">
        <div class="logo" aria-hidden="true">
          <span class="mini-card c1">Q♠</span>
          <span class="mini-card c2">A♥</span>
          <span class="mini-card c3">K♦</span>
        </div>
        <div>
          <h1>Parlour</h1>
          <p class="tagline">The traditional card games of the old rule books, at your own table.</p>
        </div>
      </header>

      {loadError && <p class="error-text">The server did not answer: {loadError}</p>}
      {!games && !loadError && <p class="hint">Laying out the cards…</p>}

      {games && games.length > 0 && (
        <div class="lobby-grid">
          <NewTableForm
            games={games}
            onCreated={(t, play, name) => {
              setCreated({ t, name });
              listTables().then(setTables, () => {});
              const first = t.seats.find((s) => s.kind === 'human' && s.token);
              if (play && first?.token) sit(t.table, first.token, name);
            }}
          />
          <div class="lobby-side">
            {created && <Created created={created.t} onPlay={(token) => sit(created.t.table, token, created.name)} />}
            <section class="panel">
              <h2>Recent tables</h2>
              <RecentTables tables={tables} presets={presets} />
            </section>
            <section class="panel">
              <h2>Players</h2>
              <Stats rows={stats} titles={titles} />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
