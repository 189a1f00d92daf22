#!/usr/bin/env python3
"""The attacks of issue 15, each repeated against `parlour serve` on loopback,
each shown refused or harmless while another client's ping stays quick:
rematch floods, a flood behind a trusted proxy, wrong-token join storms, idle
and slow-header connection floods, a bad `seats` row, a read-only database,
and the browser protections (cross-site POSTs and sockets, framing, paths).

Clients are told apart by their source address: every 127.x.y.z is this
machine. Standard library only.

    python3 attacks.py BUILD/parlour
"""
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wire import WS, Serve, request, update  # noqa: E402

PARLOUR = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="parlour-attacks-")
DB = os.path.join(TMP, "a.db")
failures = []


def check(cond, what):
    print(("ok:   " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


class Pinger(threading.Thread):
    """A well-behaved spectator that pings every 20 ms and times the answers."""

    def __init__(self, port, table):
        super().__init__(daemon=True)
        self.ws = WS(port, source="127.0.0.250")
        self.ws.send({"type": "join", "table": table})
        self.ws.until(lambda m: m.get("type") == "joined")
        self.ws.until(update)
        self.times, self.stop = [], threading.Event()
        self.start()

    def run(self):
        while not self.stop.is_set():
            t0 = time.monotonic()
            self.ws.send({"type": "ping"})
            self.ws.until(lambda m: m.get("type") == "pong", limit=10_000)
            self.times.append(time.monotonic() - t0)
            time.sleep(0.02)

    def p99(self):
        self.stop.set()
        self.join(5)
        t = sorted(self.times)
        return t[min(len(t) - 1, int(len(t) * 0.99))] * 1000 if t else float("inf")


def under_attack(port, table, name, attack, hammer=None, seconds=3):
    """Runs `attack` once (it checks what it must), then `hammer` from four
    threads for `seconds`, while a pinger times another client's pings."""
    pinger = Pinger(port, table)
    try:
        attack()
        if hammer:
            end = time.monotonic() + seconds
            def loop(k):
                while time.monotonic() < end:
                    try:
                        hammer(k)
                    except OSError:
                        pass
            threads = [threading.Thread(target=loop, args=(k,)) for k in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    finally:
        p99 = pinger.p99()
        pinger.ws.close()
    check(p99 < 50 and len(pinger.times) >= 20,
          f"{name}: another client's ping p99 {p99:.1f} ms (< 50), {len(pinger.times)} pings")


def play_to_end(ws, seat=0):
    """Plays seat's first choice each turn until the game is over."""
    last = ws.until(update)
    while not last["view"]["terminal"]:
        if last["view"]["to_move"] == seat and last["view"]["choices"]:
            ws.send({"type": "act", "action": last["view"]["choices"][0]["action"], "version": last["version"]})
        last = ws.until(update)
    return last


TWO = {"game": "old-maid", "players": 2, "seats": ["human", "blind"]}

# Two workers: the limits are the server's, whichever worker holds a table.
server = Serve(PARLOUR, DB, os.path.join(TMP, "serve.log"), ["--bot-delay", "0", "--hand-pause", "0",
                                                            "--workers", "2"])
port = server.port
try:
    status, body, _ = request(port, "POST", "/api/tables", TWO, source="127.0.0.251")
    watched = json.loads(body)["table"]

    # 1. Rematch floods: the rematch is a new table, counted with the rest;
    #    loopback is no longer exempt.
    def rematch_flood():
        src = "127.0.0.10"
        t = json.loads(request(port, "POST", "/api/tables", TWO, source=src)[1])
        ws = WS(port, source=src)
        ws.send({"type": "join", "table": t["table"], "token": t["seats"][0]["token"]})
        play_to_end(ws)
        codes = [request(port, "POST", "/api/tables", TWO, source=src)[0] for _ in range(20)]
        check(codes.count(201) == 19 and codes[-1] == 429, f"a burst of 20 tables from one address, then 429: {codes}")
        ws.send({"type": "rematch"})
        m = ws.until(lambda m: m.get("type") in ("rematch", "error"))
        check(m.get("code") == "too-many-tables", f"a rematch past the limit is refused: {m}")
        other = json.loads(request(port, "POST", "/api/tables", TWO, source="127.0.0.11")[1])
        check("table" in other, "another address still makes tables")
        ws.close()

    def more_rematches(k):
        request(port, "POST", "/api/tables", TWO, source="127.0.0.10")
    under_attack(port, watched, "rematch flood", rematch_flood, more_rematches)

    # 2. Wrong-token join storms: each refused join costs a lookup, and the
    #    fifth closes the connection.
    def join_storm():
        closed = 0
        for i in range(20):
            ws = WS(port, source=f"127.0.0.{20 + i}")
            try:
                for _ in range(10):
                    ws.send({"type": "join", "table": watched, "token": "0" * 32})
                    m = ws.recv()
                    if m[0] == "close" if isinstance(m, tuple) else "connection is closed" in m.get("message", ""):
                        closed += 1
                        break
            except (ConnectionError, OSError):
                closed += 1
            ws.close()
        check(closed == 20, f"20 guessing connections, each closed after its fifth wrong join: {closed}")

    def guess(k):
        ws = WS(port, source=f"127.0.1.{k}")
        for _ in range(5):
            ws.send({"type": "join", "table": watched, "token": os.urandom(16).hex()})
        ws.close()
    under_attack(port, watched, "wrong-token join storm", join_storm, guess)

    # Spectator join storms on a long table (10,000 actions of Baccara played
    # by bots): a join is told the newest lines from a story kept up to
    # date, not a replay of the whole table.
    games = json.loads(request(port, "GET", "/api/games")[1])
    bot = next(g for g in games if g["name"] == "baccara")["bots"][0]["name"]
    t0, actions = time.monotonic(), 0
    for _ in range(5):  # a match's length depends on the deal: until one is long enough
        long_table = json.loads(request(port, "POST", "/api/tables", {
            "game": "baccara", "players": 10, "options": ["rounds=20"], "seats": [bot] * 10},
            source="127.0.0.90")[1])["table"]
        finished = False
        while time.monotonic() - t0 < 90 and actions < 9000 and not finished:
            time.sleep(0.25)
            listed = json.loads(request(port, "GET", "/api/tables")[1])
            row = next(t for t in listed if t["table"] == long_table)
            actions, finished = row["actions"], row["finished"]
        if actions >= 9000:
            break
    check(actions >= 9000, f"a long table: {actions} actions in {time.monotonic() - t0:.0f} s")
    sizes = []

    def spectator_join():
        ws = WS(port, source="127.0.0.91")
        ws.send({"type": "join", "table": long_table})
        ws.until(lambda m: m.get("type") == "joined")
        t = time.monotonic()
        ws.send({"type": "join", "table": long_table})
        ws.until(lambda m: m.get("type") == "joined")
        first = ws.until(update)
        sizes.append((len(json.dumps(first)), time.monotonic() - t))
        ws.close()
    spectator_join()
    check(sizes[0][0] < 200_000, f"a join of the long table is told its newest lines: {sizes[0][0]} bytes")

    def spectators(k):
        ws = WS(port, source=f"127.0.2.{k}")
        for _ in range(5):
            ws.send({"type": "join", "table": long_table})
            ws.until(update)
        ws.close()
    under_attack(port, watched, "spectator join storm on a 9,000-action table", spectator_join, spectators)

    # 3. Idle and slow-header connection floods from one address: past its
    #    allowance of 32, its connections are closed at once; slow headers
    #    are cut after 15 s; other clients are served throughout.
    def idle_flood():
        held = []
        for _ in range(100):
            s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.40", 0))
            held.append(s)
        time.sleep(0.5)
        refused = 0
        for s in held:
            s.settimeout(0.05)
            try:
                refused += s.recv(1) == b""
            except socket.timeout:
                pass
        check(refused >= 68, f"100 idle connections from one address: {refused} closed at once (>= 68)")
        status = request(port, "GET", "/api/games", source="127.0.0.41")[0]
        check(status == 200, f"another client is served meanwhile: {status}")
        slow = []
        for i in range(10):
            s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.42", 0))
            s.sendall(b"GET /api/games HTTP/1.1\r\n")
            slow.append(s)
        t0 = time.monotonic()
        cut = 0
        while time.monotonic() - t0 < 25 and cut < 10:
            cut = 0
            for s in slow:
                try:
                    s.sendall(b"X")  # a byte now and then
                except OSError:
                    cut += 1
            time.sleep(1)
        check(cut == 10, f"slow headers cut within 25 s: {cut} of 10 after {time.monotonic() - t0:.0f} s")
        for s in held + slow:
            s.close()
    under_attack(port, watched, "idle and slow-header floods", idle_flood)

    # 6. Browser protections.
    status, body, _ = request(port, "POST", "/api/tables", json.dumps(TWO), headers={"Content-Type": "text/plain"},
                              source="127.0.0.70")
    check(status == 415, f"a text/plain POST (a cross-site form) makes no table: {status} {body}")
    status, body, _ = request(port, "POST", "/api/tables", TWO, headers={"Origin": "http://evil.example"},
                              source="127.0.0.70")
    check(status == 403, f"a POST from another site's page is refused: {status}")
    try:
        WS(port, headers={"Origin": "http://evil.example"}, source="127.0.0.70")
        check(False, "a socket opened from another site's page is refused")
    except ConnectionRefusedError as e:
        check(" 403 " in str(e).split("\r\n")[0], "a socket opened from another site's page is refused (403)")
    ok = WS(port, headers={"Origin": f"http://127.0.0.1:{port}"}, source="127.0.0.70")
    ok.close()
    status, body, headers = request(port, "GET", "/")
    csp = headers.get("Content-Security-Policy", "")
    check("frame-ancestors 'none'" in csp and "connect-src 'self';" in csp and "ws:" not in csp,
          f"the page may not be framed and connects only to its host: {csp}")
    status, body, _ = request(port, "GET", "/no/such/file.js")
    check(status == 404 and "/" not in body.strip(".\n "), f"a 404 names no path: {body!r}")
    status, body, _ = request(port, "GET", "/healthz")
    check(status == 200 and '"ok":true' in body, f"/healthz while the store can write: {status} {body}")
finally:
    server.stop()

# 4. A flood behind a trusted proxy: each forwarded client has its own
#    allowance; a client that is not the proxy is not believed.
proxied = Serve(PARLOUR, ":memory:", os.path.join(TMP, "proxy.log"), ["--trusted-proxy", "127.0.0.1"])
try:
    def via(xff, source="127.0.0.1"):
        return request(proxied.port, "POST", "/api/tables", TWO, headers={"X-Forwarded-For": xff}, source=source)[0]
    codes = [via("203.0.113.7") for _ in range(21)]
    check(codes == [201] * 20 + [429], f"behind the proxy, one client gets 20 then 429: {codes.count(201)} then {codes[-1]}")
    check(via("203.0.113.8") == 201, "behind the proxy, another client still makes tables")
    check(via("203.0.113.8, 203.0.113.7") == 429, "the address the proxy saw counts, not what the client claims")
    direct = [via(f"198.51.100.{i}", source="127.0.0.80") for i in range(21)]
    check(direct[-1] == 429, f"X-Forwarded-For from a client that is not the proxy is ignored: {direct[-1]}")
finally:
    proxied.stop()

# 5. A bad `seats` row: skipped, logged, never trusted; start-up survives.
with sqlite3.connect(DB) as db:
    seat = json.dumps({"kind": "human", "bot": "", "token": "0" * 32, "name": ""})
    db.execute("INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, created) "
               "VALUES('badrow1', 'old-maid', 2, '[]', 1, 2, ?, strftime('%s','now'))", (f"[{seat}]",))
    db.execute("INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, created) "
               "VALUES('badrow2', 'old-maid', 3, '[]', 1, 2, ?, strftime('%s','now'))", (f"[{seat}]",))
again = Serve(PARLOUR, DB, os.path.join(TMP, "bad-row.log"))
try:
    status, body, _ = request(again.port, "GET", "/api/tables")
    check(status == 200 and "badrow" not in body and watched in body,
          f"GET /api/tables skips the bad rows and lists the rest: {status}")
    ws = WS(again.port)
    ws.send({"type": "join", "table": "badrow1", "token": "0" * 32})
    m = ws.recv()
    check(m.get("code") == "storage" and "1 seat for 2 players" in m.get("message", ""), f"joining a bad row: {m}")
    ws.close()
    log = again.log()
    check("badrow1: 1 seat for 2 players" in log and "badrow2: 1 seat for 3 players" in log,
          "the log names each bad row and its fault")
    check(again.proc.poll() is None, "the server is still up")
finally:
    again.stop()

# 7. A read-only database: said at start-up, and /healthz fails.
if shutil.which("chattr") and subprocess.run(["chattr", "+i", DB]).returncode == 0:
    try:
        ro = Serve(PARLOUR, DB, os.path.join(TMP, "read-only.log"))
        try:
            status, body, _ = request(ro.port, "GET", "/healthz")
            check(status == 503 and "readonly" in body, f"/healthz on a read-only database: {status} {body}")
            status, body, _ = request(ro.port, "POST", "/api/tables", TWO)
            check(status == 500 and "readonly" in body, f"a new table on a read-only database is refused: {status}")
            check("cannot be written" in ro.log(), "the start-up log says the database cannot be written")
            check("storage:" in ro.log(), "the failed write is logged")
        finally:
            ro.stop()
    finally:
        subprocess.run(["chattr", "-i", DB])
else:
    check(False, "chattr +i (root, a file system with attributes) is needed for the read-only test")

if failures:
    print(f"{len(failures)} failure(s); logs in {TMP}")
    sys.exit(1)
shutil.rmtree(TMP, ignore_errors=True)
print("attacks: all refused or harmless")
