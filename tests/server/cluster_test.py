#!/usr/bin/env python3
"""Several `parlour serve` processes sharing PostgreSQL behind HAProxy, started
by scripts/cluster as a user starts them, played by WebSocket clients through
HAProxy (issue 40, part b). Debian's python3 and the standard library only;
every address on loopback; every wait bounded.

    cluster_test.py PARLOUR [failover] [pg-restart] [nginx]
      failover     kill -9 the process holding the most tables mid-game, then
                   restart it; then stop the one holding the most (SIGTERM)
                   mid-game, as a host does to upgrade it
      pg-restart   stop PostgreSQL for 5 s mid-game (16 tables)
      nginx        failover, the clients going through nginx configured with
                   deploy/nginx.conf.in instead of HAProxy (`ctest -L long`:
                   cluster_test_nginx)
    failover and pg-restart (the default) run at once, each on a cluster of
    its own: together they take the time of the longer (most of it waiting
    on the games).

Each table has two people (clients here) and a bot. Every client logs every
update it receives. The checks rest on what the clients saw and on the rows
PostgreSQL holds, read with psql, never on the servers' word:
  - every game finishes, every client back at its table within 10 s of a kill,
    and within 4 s of a SIGTERM (before any lease could run out);
  - for every table, each update a client received (version v, the seat that
    moved) matches the row at index v - 1, and each move a client made and saw
    acknowledged is the action stored there: no acknowledged move lost, none
    twice; no two clients saw different moves at one index;
  - each finished table's record replays with `parlour replay` (which checks
    the stored outcome against the one its actions produce);
  - no message names a card its seat's own views have not shown, and no view
    shows the faces of another seat's hand: the leak check, across processes.
"""
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(__file__))
from wire import WS, Cluster, free_base, request  # noqa: E402
from wire import start_nginx as wire_start_nginx  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PARLOUR = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/parlour"
MODES = sys.argv[2:] or ["failover", "pg-restart"]
ALL_MODES = ("failover", "pg-restart", "nginx")
FAILURES = []
LOG = []  # what the run said, printed after its failures unless a terminal watches


def say(*parts):
    """A line of the report. Under ctest it is held back and printed after
    the failed checks, so that the first lines of the output, which a CI
    summary shows, say what failed."""
    line = " ".join(str(x) for x in parts)
    if sys.stdout.isatty():
        print(line, flush=True)
    else:
        LOG.append(line)


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        say("FAIL:", what)
    return cond


def skip(why):
    print("SKIP:", why, flush=True)
    sys.exit(77)


# The cluster's serve processes wait a second before a bot's move and half a
# second after a hand, as a person would see them.
SERVE_ARGS = "--bot-delay 1000 --hand-pause 500 --tables-burst 0 --max-connections 0"


def start_nginx(c, work):
    """nginx in front of the cluster's processes, configured with
    deploy/nginx.conf.in (the fields filled in as its comment says), in
    place of HAProxy: the clients' port becomes nginx's."""
    port = free_base(0)
    servers = "\n".join(f"    server 127.0.0.1:{s['port']} max_fails=1 fail_timeout=5s;"
                         for s in c.serves.values())
    body = (open(os.path.join(ROOT, "deploy", "nginx.conf.in")).read()
            .replace("@LISTEN@", f"127.0.0.1:{port}").replace("@SERVERS@", servers))
    c.nginx = wire_start_nginx(work, port, body, "/healthz")
    c.port = port


def cards_named(text):
    """Card indices a message's text names: each card of a view and each [[n]]."""
    return {int(n) for n in re.findall(r'"index": ?(\d+)', text)} | \
           {int(n) for n in re.findall(r"\[\[(\d+)\]\]", text)}


class Player(threading.Thread):
    """One person at one table, through HAProxy: joins, plays the first choice
    offered after a pause, and after any drop (a killed process, `elsewhere`,
    PostgreSQL away) connects again with backoff, as the page does (about a
    second after `elsewhere`, however often)."""

    def __init__(self, port, table, token, seat, deadline, think=(0.6, 0.4)):
        super().__init__(daemon=True)
        self.port, self.table, self.token, self.seat, self.deadline = port, table, token, seat, deadline
        self.think = think  # seconds before each move: at least the first, plus up to the second
        self.updates = {}      # version -> the seat that moved there (None: a join's first update)
        self.timeline = []     # (time, what): each update's version, join and error, for a report
        self.mine = {}         # version moved from -> the action sent
        self.joins = []        # when each join was answered
        self.errors = []       # (time, code) of each error received
        self.finished = False
        self.finished_at = None
        self.leaks = []
        self.seen = set()      # cards this seat's views have shown
        self.rng = random.Random(hash((table, seat)))

    def leak_check(self, m):
        """Each view is this seat's (its viewer, its own hand face up); a view
        shows the face of a card in another seat's hand only if this seat has
        seen that card before (it drew it, or had it and gave it), or the story
        in the same message tells how (a rejoin replays the story of what
        happened while away); anything outside the view names only cards this
        seat's views have shown."""
        if not isinstance(m, dict):
            return
        view = m.get("view")
        story = cards_named(json.dumps(m.get("log", [])))
        if view:
            if view.get("viewer") != self.seat:
                self.leaks.append(f"seat {self.seat} was sent seat {view.get('viewer')}'s view")
            for z in view.get("zones", []):
                if z.get("kind") != "hand":
                    continue
                mine = z.get("owner") == self.seat
                for c in z.get("cards", []):
                    if mine and c.get("index") is None:
                        self.leaks.append(f"seat {self.seat} is not shown a card of its own hand")
                    elif (not mine and not view.get("terminal") and c.get("index") is not None
                          and c["index"] not in self.seen | story):  # the end may show every hand
                        self.leaks.append(f"seat {self.seat} sees card {c['index']} in {z.get('name')}, "
                                          "never shown to it before")
            self.seen |= cards_named(json.dumps(view))
        rest = {k: v for k, v in m.items() if k != "view"}
        for n in cards_named(json.dumps(rest)) - self.seen:
            self.leaks.append(f"seat {self.seat} told of card {n} its views never showed: {json.dumps(rest)[:200]}")

    def run(self):
        failures = 0
        elsewhere = False  # the last try was answered `elsewhere`: the page waits about 1 s
        while not self.finished and time.time() < self.deadline:
            try:
                ws = WS(self.port, path=f"/ws?table={self.table}", timeout=15)
            except (OSError, ConnectionError):
                time.sleep(min(8, 0.25 * 2 ** failures) * (0.8 + 0.4 * self.rng.random()))
                failures += 1
                continue
            try:
                ws.send({"type": "join", "table": self.table, "token": self.token, "name": f"P{self.seat}"})
                while time.time() < self.deadline:
                    m = ws.recv()
                    if isinstance(m, tuple):  # a close frame
                        break
                    self.leak_check(m)
                    kind = m.get("type")
                    self.timeline.append((time.time(), m.get("version", kind) if kind != "error" else m.get("code")))
                    if kind == "joined":
                        self.joins.append(time.time())
                        failures = 0
                    elif kind == "error":
                        self.errors.append((time.time(), m.get("code")))
                        elsewhere = m.get("code") == "elsewhere"
                        if m.get("code") in ("elsewhere", "storage", "bad-token", "unknown-table", "replaced"):
                            break
                    elif kind == "update":
                        v = m["version"]
                        last = m.get("last")
                        if last is not None:
                            self.updates[v] = last.get("seat")
                        view = m["view"]
                        if view.get("terminal"):
                            self.finished = True
                            self.finished_at = time.time()
                            break
                        if view.get("choices") and self.seat in view.get("actors", []):
                            time.sleep(self.think[0] + self.think[1] * self.rng.random())
                            action = view["choices"][0]["action"]
                            self.mine[v] = action
                            ws.send({"type": "act", "action": action, "version": v})
            except (OSError, ConnectionError, ValueError):
                pass
            finally:
                ws.close()
            if not self.finished:
                # As the page waits (web/src/connection.ts: backoff, ELSEWHERE_MS).
                time.sleep(min(1 if elsewhere else 8, 0.25 * 2 ** failures) * (0.8 + 0.4 * self.rng.random()))
                failures += 1
                elsewhere = False


def make_tables(port, n, seats=("human", "human", "blind")):
    tables = []
    for _ in range(n):
        status, body, _ = request(port, "POST", "/api/tables",
                                  {"game": "old-maid", "players": len(seats), "seats": list(seats)})
        if not check(status == 201, f"create a table through HAProxy: {status} {body}"):
            continue
        t = json.loads(body)
        tables.append((t["table"], [t["seats"][0]["token"], t["seats"][1]["token"]]))
    return tables


def check_against_store(c, players, work):
    """What the clients saw against what PostgreSQL holds, table by table."""
    stored = {}
    for table_id, idx, seat, action in c.sql("SELECT table_id, idx, seat, action FROM actions ORDER BY table_id, idx"):
        stored.setdefault(table_id, {})[int(idx)] = (int(seat), int(action))
    lost = twice = mismatched = 0
    by_table = {}
    for p in players:
        by_table.setdefault(p.table, []).append(p)
    for table, ps in by_table.items():
        rows = stored.get(table, {})
        check(sorted(rows) == list(range(len(rows))), f"table {table}: its actions have a gap")
        seen = {}
        for p in ps:
            for v, seat in p.updates.items():
                if v - 1 not in rows:
                    lost += 1
                    check(False, f"table {table}: seat {p.seat} was told of move {v} (by seat {seat}), "
                                 f"not stored ({len(rows)} stored)")
                    continue
                if rows[v - 1][0] != seat:
                    mismatched += 1
                    check(False, f"table {table}: update {v} says seat {seat} moved; stored: seat {rows[v - 1][0]}")
                if seen.setdefault(v, seat) != seat:
                    twice += 1
                    check(False, f"table {table}: two clients saw different moves at {v}")
            for v, action in p.mine.items():
                if p.updates.get(v + 1) == p.seat:  # acknowledged: the next update is its move
                    check(rows.get(v, (None, None))[1] == action,
                          f"table {table}: seat {p.seat}'s move at {v} ({action}) acknowledged, stored "
                          f"{rows.get(v)}")
        # The record, downloaded through HAProxy, replays to its stored outcome.
        status, body, _ = request(c.port, "GET", f"/api/tables/{table}/record")
        if check(status == 200, f"table {table}: its record: {status} {body[:200]}"):
            path = os.path.join(work, f"{table}.json")
            open(path, "w").write(body)
            r = subprocess.run([PARLOUR, "replay", path], capture_output=True, text=True, timeout=60)
            check(r.returncode == 0, f"table {table}: parlour replay: {r.returncode} {r.stderr[:300]}")
    say(f"checked {len(by_table)} tables: {sum(len(r) for r in stored.values())} actions stored; "
        f"{lost} acknowledged moves lost, {twice} told twice, {mismatched} mismatched")
    leaks = [x for p in players for x in p.leaks]
    check(not leaks, f"{len(leaks)} leaks; first: {leaks[:3]}")


def busiest(c, among=None):
    """The live process holding the most unfinished tables (of `among`, if
    given), read from PostgreSQL: (rows of owner and count, most first; its
    serve name, and the ids of every unfinished table it holds)."""
    only = f" AND t.id IN ({','.join(repr(t) for t in among)})" if among else ""
    held = c.sql("SELECT t.owner, COUNT(*) FROM tables t JOIN leases l ON l.owner = t.owner "
                 f"WHERE l.until > now() AND t.finished = 0{only} GROUP BY t.owner ORDER BY 2 DESC")
    if not held:
        return held, None, set()
    owner = held[0][0]
    port = int(owner.split(":")[1])
    name = next(n for n, s in c.serves.items() if s["port"] == port)
    return held, name, {r[0] for r in c.sql(f"SELECT id FROM tables WHERE owner = '{owner}' AND finished = 0")}


def back_after(players, victims, since, what):
    """When each client of the tables in `victims` was back at its table
    (its first join after `since`), sorted; and how many had no join since,
    their game having ended before."""
    back, ended = [], 0
    for p in players:
        if p.table in victims:
            again = [t for t in p.joins if t > since]
            if not again and p.finished:
                # A client is told the end only on a connection, so without a
                # join since, its game ended on that process before `since`:
                # the table's row is marked finished by a write after the
                # last move's, which the kill or signal (or the moment between
                # the query that chose the process and it) can come between.
                ended += 1
                continue
            if check(again, f"table {p.table} seat {p.seat}: never joined again after the {what}"):
                back.append(again[0] - since)
    return sorted(back), ended


def failover(c, work):
    tables = make_tables(c.port, 60)
    start = time.time()
    deadline = start + 150
    players = [Player(c.port, t, tok[s], s, deadline) for t, tok in tables for s in (0, 1)]
    for p in players:
        p.start()
    time.sleep(20)
    held, name, victims = busiest(c)
    check(len(held) >= 2, f"tables held by at least two processes: {held}")
    port, count = c.serves[name]["port"], int(held[0][1])
    unfinished_then = {p.table for p in players if not p.finished}
    say(f"killing {name} (pid {c.serves[name]['pid']}, port {port}): it holds {count} tables; "
        f"{len(unfinished_then)} games unfinished")
    killed_at = time.time()
    os.kill(c.serves[name]["pid"], signal.SIGKILL)
    for p in players:
        p.join(max(1, deadline - time.time()))
    # Every client of a table the killed process held is back within 10 s.
    back, ended_there = back_after(players, victims, killed_at, "kill")
    if back:
        say(f"failover: {len(back)} clients back at their tables; from the kill: median "
            f"{back[len(back) // 2]:.2f} s, max {back[-1]:.2f} s ({ended_there} clients' games "
            f"had ended there just before it)")
        check(back[-1] < 10, f"the last client was back {back[-1]:.2f} s after the kill (over 10 s)")
    check(all(p.finished for p in players),
          f"{sum(not p.finished for p in players)} clients' games did not finish")
    check_against_store(c, players, work)
    # The killed process, started again, takes new tables: a few at a time
    # until one lands there, as HAProxy's checks see it up (rise 2, every
    # 1 s; later on a loaded machine).
    c.restart_serve(name)
    restarted_at = time.time()
    ports = []
    while port not in ports and time.time() < restarted_at + 30:
        time.sleep(1)
        fresh = make_tables(c.port, 6)
        for t, tok in fresh:
            ws = WS(c.port, path=f"/ws?table={t}")
            ws.send({"type": "join", "table": t, "token": tok[0]})
            for _ in range(20):
                m = ws.recv()
                if isinstance(m, dict) and m.get("type") in ("joined", "error"):
                    break
            check(isinstance(m, dict) and m.get("type") == "joined", f"join of a new table {t}: {m}")
            ws.close()
        owners = c.sql("SELECT owner FROM tables WHERE id IN (" + ",".join(f"'{t}'" for t, _ in fresh) + ")")
        ports += [int(o[0].split(":")[1]) for o in owners if o[0]]
    check(port in ports, f"the restarted process (port {port}) took none of {len(ports)} new tables in 30 s: "
                         f"{ports}")
    say(f"after its restart, the process took {ports.count(port)} of {len(ports)} new tables, by "
        f"{time.time() - restarted_at:.1f} s after it answered /healthz")
    drain(c, work)


def gone(pid):
    """Whether a process has ended (exited, or a zombie its parent has not reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        # Reaped before the open, or between the open and the read (ESRCH:
        # CI saw it, the process ending a few milliseconds after SIGTERM).
        return True


def drain(c, work):
    """A process stopped as a host stops one to upgrade it (SIGTERM): it
    commits, lets go of its tables and ends; its players, reconnecting
    through the proxy, are sent to another process (it refuses connections
    from the signal on), which claims each table at once. A kill -9 leaves
    the tables held until the lease (5 s) runs out; here every player must be
    back sooner than any lease could have run out (4 s: the lease, renewed
    every second, had 4 to 5 s left at the signal), and no move lost."""
    # Two people a table, no bot (whose moves wait a second), quick to move:
    # short games.
    tables = make_tables(c.port, 16, seats=("human", "human"))
    deadline = time.time() + 150
    players = [Player(c.port, t, tok[s], s, deadline, think=(0.1, 0.1)) for t, tok in tables for s in (0, 1)]
    for p in players:
        p.start()
    time.sleep(2)
    held, name, victims = busiest(c, among=[t for t, _ in tables])
    if not check(held, "drain: no process holds a table being played"):
        return
    owner, pid = held[0][0], c.serves[name]["pid"]
    say(f"drain: SIGTERM to {name} (pid {pid}): it holds {len(victims)} unfinished tables, "
        f"{len(victims & {t for t, _ in tables})} of them being played")
    term_at = time.time()
    os.kill(pid, signal.SIGTERM)
    while not gone(pid) and time.time() < term_at + 10:
        time.sleep(0.02)
    ended = time.time() - term_at
    check(gone(pid), f"drain: {name} still running 10 s after SIGTERM")
    if "proc" in c.serves[name] and gone(pid):
        check(c.serves[name]["proc"].wait(timeout=5) == 0, f"drain: {name} ended with an error")
    # What it held, read from PostgreSQL as it ends: nothing (let go, or
    # claimed since by another process).
    still = c.sql(f"SELECT COUNT(*) FROM tables WHERE owner = '{owner}' AND finished = 0")[0][0]
    check(still == "0", f"drain: {still} tables still held by {name} after it ended")
    log = open(c.serves[name]["log"]).read()
    check("stopped; every table is saved" in log, f"drain: {name} did not stop as SIGTERM asks: {log[-500:]}")
    for p in players:
        p.join(max(1, deadline - time.time()))
    back, _ = back_after(players, victims, term_at, "SIGTERM")
    if back:
        say(f"drain: {name} ended {ended:.2f} s after SIGTERM; {len(back)} clients back at their "
            f"tables, from the signal: median {back[len(back) // 2]:.2f} s, max {back[-1]:.2f} s")
        check(back[-1] < 4, f"drain: the last client was back {back[-1]:.2f} s after SIGTERM "
                            "(4 s or more: it may have waited for the lease)")
    check(all(p.finished for p in players),
          f"drain: {sum(not p.finished for p in players)} clients' games did not finish")
    check_against_store(c, players, work)


def pg_restart(c, work):
    tables = make_tables(c.port, 16)
    deadline = time.time() + 150
    players = [Player(c.port, t, tok[s], s, deadline, think=(0.3, 0.3)) for t, tok in tables for s in (0, 1)]
    for p in players:
        p.start()
    time.sleep(5)
    before = int(c.sql("SELECT COUNT(*) FROM actions")[0][0])
    say(f"stopping PostgreSQL for 5 s ({before} actions stored)")
    c.pg_ctl("-m", "fast", "stop")
    stopped_at = time.time()
    time.sleep(1.5)
    status, body, _ = request(c.serves["serve1"]["port"], "GET", "/healthz")
    check(status == 503, f"/healthz while PostgreSQL is away: {status} {body}")
    time.sleep(3.5)
    c.pg_ctl("-w", "-t", "30", "-l", os.path.join(os.path.dirname(c.pg_dir), "pg.log"), "start",
             "-o", f"-h 127.0.0.1 -p {c.pg_port} -k {os.path.dirname(c.pg_dir)} -c max_connections=300")
    started_at = time.time()
    for p in players:
        p.join(max(1, deadline - time.time()))
    ends = sorted(p.finished_at - started_at for p in players if p.finished_at)
    if ends:
        say(f"pg-restart: games ended from {ends[0]:.1f} to {ends[-1]:.1f} s after PostgreSQL came back "
            f"(median {ends[len(ends) // 2]:.1f})")
    if os.environ.get("CLUSTER_LOGS"):
        slow = max(players, key=lambda p: p.finished_at or 1e18)
        for p in players:
            if p.table == slow.table:
                say(f"seat {p.seat}:", " ".join(f"{t - stopped_at:.1f}:{w}" for t, w in p.timeline))
    refused = [(t, code) for p in players for t, code in p.errors if stopped_at <= t <= started_at + 1]
    check(any(code == "storage" for _, code in refused),
          f"no move or join was refused while PostgreSQL was away: {refused[:5]}")
    check(all(p.finished for p in players),
          f"{sum(not p.finished for p in players)} clients' games did not finish after PostgreSQL came back")
    check_against_store(c, players, work)


def run(mode):
    with tempfile.TemporaryDirectory(prefix=f"parlour-{mode}.") as work:
        os.chmod(work, 0o755)
        c = Cluster(3, work, PARLOUR, SERVE_ARGS)
        failed = len(FAILURES)
        started = time.time()
        try:
            if mode == "nginx":
                start_nginx(c, work)
            {"failover": failover, "pg-restart": pg_restart, "nginx": failover}[mode](c, work)
        except Exception as e:  # noqa: BLE001: reported as a failure, the cluster still stopped
            where = traceback.extract_tb(e.__traceback__)[-1]
            check(False, f"{mode}: {type(e).__name__}: {e} (at line {where.lineno}, in {where.name})")
        finally:
            if getattr(c, "nginx", None):
                c.nginx.kill()
                c.nginx.wait()
            c.stop()
            say(f"{mode}: {time.time() - started:.0f} s")
            if len(FAILURES) > failed or os.environ.get("CLUSTER_LOGS"):
                for s in c.serves.values():
                    say(f"--- {mode}: {s['log']} (last lines)\n" + open(s["log"]).read()[-1500:])


def main():
    if subprocess.run(["sh", "-c", "command -v haproxy || test -x /usr/sbin/haproxy"],
                      capture_output=True).returncode:
        skip("haproxy is absent (scripts/setup installs it)")
    r = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(os.path.join(r.stdout.strip(), "initdb")):
        skip("PostgreSQL's server programs are absent (scripts/setup installs postgresql-15)")
    bad = [m for m in MODES if m not in ALL_MODES]
    if bad:
        raise SystemExit(f"unknown mode {bad[0]}: {', '.join(ALL_MODES)} are accepted")
    if "nginx" in MODES and not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        skip("nginx is absent (scripts/setup installs nginx-light)")
    runs = [threading.Thread(target=run, args=(m,)) for m in MODES]
    for t in runs:
        t.start()
    for t in runs:
        t.join()
    if not sys.stdout.isatty():
        for what in FAILURES:
            print("FAIL:", what)
        print("\n".join(LOG))
    if FAILURES:
        print(f"{len(FAILURES)} checks failed")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
