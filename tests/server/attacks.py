#!/usr/bin/env python3
"""The attacks of issue 15, each repeated against `parlour serve` on loopback,
each shown refused or harmless while another client's ping stays quick:
rematch floods, a flood behind a trusted proxy, wrong-token join storms, idle
and slow-header connection floods, a bad `seats` row, a read-only database,
and the browser protections (cross-site POSTs and sockets, framing, paths).
Then the faults of issue 35, F1 and F3 to F14, one case each (marked "F<n>"):
bot specs that crashed it, stored rows it crashed on or coerced, searching
bots that stalled every table and SIGTERM, floods of hints, odds and chat
(another client's act p99 and hint times measured meanwhile), forwarded
addresses across header lines, expiry, a disk that fills, DNS rebinding,
refusals' headers, bounded options and talk.

Clients are told apart by their source address: every 127.x.y.z is this
machine. Standard library only.

    python3 attacks.py BUILD/parlour
"""
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wire import WS, Serve, free_port, request, update  # noqa: E402

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


def under_attack(port, table, name, attack, hammer=None, seconds=3, tries=2):
    """Runs `attack` once (it checks what it must), then `hammer` from four
    threads for `seconds`, while a pinger times another client's pings.

    A storm (`hammer`) whose p99 is over the limit is run once more, and the
    second measure decides: on this 2-core machine one burst of the test beside it
    once put a p99 at 67 ms (fresh clone of 65cde06), while a server slow
    under the storm is slow both times. Both measures are printed."""
    p99, pings = storm(port, table, attack, hammer, seconds)
    for _ in range(tries - 1):
        if (p99 < 50 and pings >= 20) or not hammer:
            break
        # The attack itself (its checks, the allowances it uses up) once:
        # the storm that follows it again.
        print(f"{name}: p99 {p99:.1f} ms over {pings} pings at the first measure; measuring again")
        p99, pings = storm(port, table, None, hammer, seconds)
    check(p99 < 50 and pings >= 20,
          f"{name}: another client's ping p99 {p99:.1f} ms (< 50), {pings} pings")


def storm(port, table, attack, hammer, seconds):
    """One storm, timed: (another client's ping p99 in ms, pings)."""
    pinger = Pinger(port, table)
    try:
        if attack:
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
    return p99, len(pinger.times)


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
# A request comes whole within REQUEST_SECONDS (`--request-seconds`, 15 by
# default): shorter here, so that the slow-header flood (3) is cut sooner.
REQUEST_SECONDS = 4
server = Serve(PARLOUR, DB, os.path.join(TMP, "serve.log"), ["--bot-delay", "0", "--hand-pause", "0",
                                                            "--workers", "2",
                                                            "--request-seconds", str(REQUEST_SECONDS)])
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
    # A match's length depends on the deal: tables until one is long enough
    # (five short ones in a row happened), each from an address of its own so
    # that no allowance of new tables runs out, within the 90 s.
    for attempt in range(30):
        if time.monotonic() - t0 >= 90:
            break
        long_table = json.loads(request(port, "POST", "/api/tables", {
            "game": "baccara", "players": 10, "options": ["rounds=20"], "seats": [bot] * 10},
            source=f"127.0.3.{attempt + 1}")[1])["table"]
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
    #    are cut once the request time is up (not before: a byte now and then
    #    keeps none alive past it); other clients are served throughout.
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
        first_cut = None
        while time.monotonic() - t0 < REQUEST_SECONDS + 10 and cut < 10:
            cut = 0
            for s in slow:
                try:
                    s.sendall(b"X")  # a byte now and then
                except OSError:
                    cut += 1
            if cut and first_cut is None:
                first_cut = time.monotonic() - t0
            time.sleep(0.5)
        took = time.monotonic() - t0
        check(cut == 10 and first_cut is not None and first_cut >= REQUEST_SECONDS - 1.5,
              f"slow headers cut once the request time ({REQUEST_SECONDS} s) is up: {cut} of 10, "
              f"the first after {first_cut} s, all within {took:.1f} s")
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

# ---- Issue 35: the faults found by trying the server as an attacker would. ----
# Each is reproduced and shown refused or harmless; under the floods (F4, F5,
# F6) another client plays and asks for hints, its act p99 under 50 ms and
# its hint answered within 2 s.


def raw_request(port, lines, body=b"", source=None):
    """(status, headers text) of a request written by hand (repeated headers)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                 source_address=(source, 0) if source else None)
    s.sendall(("\r\n".join(lines) + f"\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body)
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head = data.split(b"\r\n\r\n")[0].decode(errors="replace")
    return int(head.split(" ")[1]), head


class Honest(threading.Thread):
    """Another client: plays Old Maid against a bot (new tables as games end)
    timing each act to its update, and asks a Klondike hint every half
    second, timing the answer."""

    def __init__(self, port, bot="blind"):
        super().__init__(daemon=True)
        self.port, self.bot = port, bot
        self.bot_waits = []  # from this client's update to the bot's move
        source = f"127.0.5.{Honest.games % 250 + 1}"
        self.acts, self.hints, self.errors = [], [], []
        self.acked = {}  # table: the last version this client was told of
        self.stop = threading.Event()
        Honest.games += 1
        k = json.loads(request(port, "POST", "/api/tables", {"game": "klondike"}, source=source)[1])
        self.hint_ws = WS(port, source=source)
        self.hint_ws.send({"type": "join", "table": k["table"], "token": k["seats"][0]["token"]})
        self.hint_ws.until(update)
        self.start()

    games = 0  # each game from an address of its own: the allowance of tables is not what is measured

    def game(self):
        Honest.games += 1
        source = f"127.0.4.{Honest.games % 250 + 1}"
        t = json.loads(request(self.port, "POST", "/api/tables", dict(TWO, seats=["human", self.bot]),
                               source=source)[1])
        ws = WS(self.port, source=source)
        ws.send({"type": "join", "table": t["table"], "token": t["seats"][0]["token"]})
        return t["table"], ws, ws.until(update)

    def run(self):
        table, ws, last = self.game()
        next_hint = time.monotonic()
        while not self.stop.is_set():
            if time.monotonic() >= next_hint:
                t0 = time.monotonic()
                self.hint_ws.send({"type": "hint"})
                m = self.hint_ws.until(lambda m: m.get("type") in ("hint", "error"), limit=1000)
                self.hints.append(time.monotonic() - t0 if m["type"] == "hint" else float("inf"))
                next_hint = time.monotonic() + 0.5
            v = last["view"]
            if v["terminal"]:
                ws.close()
                table, ws, last = self.game()
                continue
            if v["to_move"] != 0 or not v["choices"]:
                t0 = time.monotonic()
                last = ws.until(update, limit=1000)  # the bot's move
                self.bot_waits.append(time.monotonic() - t0)
                self.acked[table] = last["version"]
                continue
            t0 = time.monotonic()
            ws.send({"type": "act", "action": v["choices"][0]["action"], "version": last["version"]})
            last = ws.until(lambda m: update(m) or m.get("type") == "error", limit=1000)
            if last.get("type") == "error":
                self.errors.append(last)
                last = ws.until(update, limit=1000)
                continue
            self.acts.append(time.monotonic() - t0)
            self.acked[table] = last["version"]
        ws.close()

    def report(self, name):
        self.stop.set()
        self.join(15)
        acts = sorted(self.acts)
        p99 = acts[min(len(acts) - 1, int(len(acts) * 0.99))] * 1000 if acts else float("inf")
        worst_hint = max(self.hints) if self.hints else float("inf")
        check(p99 < 50 and len(acts) >= 20, f"{name}: another client's act p99 {p99:.1f} ms (< 50), {len(acts)} acts")
        check(worst_hint < 2 and len(self.hints) >= 3,
              f"{name}: its hints answered within {worst_hint:.2f} s (< 2), {len(self.hints)} hints")
        self.hint_ws.close()
        return p99, worst_hint


DB35 = os.path.join(TMP, "i35.db")
flood = Serve(PARLOUR, DB35, os.path.join(TMP, "i35.log"), ["--bot-delay", "0", "--hand-pause", "0",
                                                             "--workers", "2"])
port = flood.port
try:
    # F1: a bot spec that is not a number killed the server (stod threw).
    for spec in ["ismcts:.", "ismcts:..", "ismcts:...", "ismcts:.s", "ismcts:..s", "ismcts:1e9"]:
        status, body, _ = request(port, "POST", "/api/tables",
                                  {"game": "old-maid", "players": 2, "seats": ["human", spec]}, source="127.0.0.100")
        check(status == 400 and "accepted" in body, f"F1 {spec}: {status} {body[:120]}")
    check(flood.proc.poll() is None, "F1: the server is still up")

    # F14: options without bound were stored verbatim.
    status, body, _ = request(port, "POST", "/api/tables", dict(TWO, options=["odd=jack"] * 3000),
                              source="127.0.0.101")
    check(status == 400 and "at most 32" in body, f"F14: 3000 options refused: {status} {body[:100]}")

    # F10: DNS rebinding: a Host that is not the server's own is refused.
    status, body, headers = request(port, "POST", "/api/tables", TWO, source="127.0.0.102",
                                    headers={"Host": f"rebind.evil.example:{port}",
                                             "Origin": f"http://rebind.evil.example:{port}"})
    check(status == 403 and "Host" in body, f"F10: a POST to a rebound name is refused: {status}")
    status, _ = raw_request(port, ["GET /ws HTTP/1.1", f"Host: rebind.evil.example:{port}", "Upgrade: websocket",
                                   "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                                   "Sec-WebSocket-Version: 13"], source="127.0.0.102")
    check(status == 403, f"F10: a socket to a rebound name is refused: {status}")
    status, _, _ = request(port, "GET", "/api/games", headers={"Host": f"localhost:{port}"})
    check(status == 200, f"F10: localhost is served: {status}")

    # F11: refusals carry the security headers.
    for name, lines, body in [
            ("403", ["POST /api/tables HTTP/1.1", "Host: 127.0.0.1", "Origin: http://evil.example",
                     "Content-Type: application/json"], json.dumps(TWO).encode()),
            ("413", ["POST /api/tables HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"],
             b"x" * 70000),
            ("415", ["POST /api/tables HTTP/1.1", "Host: 127.0.0.1", "Content-Type: text/plain"], b"{}")]:
        try:
            status, head = raw_request(port, lines, body, source="127.0.0.103")
        except OSError as e:
            status, head = 0, str(e)
        check(str(status) == name and all(h in head for h in ("X-Content-Type-Options: nosniff",
                                                              "X-Frame-Options: DENY",
                                                              "Referrer-Policy: no-referrer")),
              f"F11: a {name} refusal has the security headers: {status}")

    # F4: a search bot's budget is the server's: beyond it, refused, saying
    # what is allowed; within it, its tables do not hold up others' bots.
    status, body, _ = request(port, "POST", "/api/tables",
                              {"game": "old-maid", "players": 3, "seats": ["ismcts:600s"] * 3}, source="127.0.0.104")
    check(status == 400 and "at most ismcts:2s" in body, f"F4: ismcts:600s refused: {status} {body[:160]}")
    honest, searching = Honest(port), Honest(port, bot="ismcts")
    heavy = []
    for i in range(20):  # an address's whole burst of tables, each all searching bots at the most allowed
        status, body, _ = request(port, "POST", "/api/tables",
                                  {"game": "old-maid", "players": 3, "seats": ["ismcts:2s"] * 3}, source="127.0.0.104")
        if status == 201:
            heavy.append(json.loads(body)["table"])
    time.sleep(8)
    check(len(heavy) == 20, f"F4: 20 tables of three ismcts:2s bots made: {len(heavy)}")
    honest.report("F4 (20 tables of searching bots)")
    searching.stop.set()
    searching.join(15)
    searching.hint_ws.close()
    worst = max(searching.bot_waits, default=float("inf"))
    check(worst < 3.5 and len(searching.bot_waits) >= 3,
          f"F4: a third client's own searching bot (ismcts) answers within {worst:.2f} s (< 3.5, before its 4 s deadline: the flood's "
          f"tables take turns with it, not before it), {len(searching.bot_waits)} moves")

    # F5: a flood of hints at a Klondike table, and of odds switched on by
    # spectators: limited, one at a time per connection.
    honest = Honest(port)
    k = json.loads(request(port, "POST", "/api/tables", {"game": "klondike"}, source="127.0.0.105")[1])
    hinter = WS(port, source="127.0.0.105")
    hinter.send({"type": "join", "table": k["table"], "token": k["seats"][0]["token"]})
    hinter.until(update)
    odds_table = json.loads(request(port, "POST", "/api/tables", {"game": "old-maid", "players": 4,
                                                                  "seats": ["blind"] * 4},
                                    source="127.0.0.105")[1])["table"]
    spectator = WS(port, source="127.0.0.106")
    spectator.send({"type": "join", "table": odds_table})
    spectator.until(lambda m: m.get("type") == "joined")
    for i in range(1000):
        hinter.send({"type": "hint"})
        spectator.send({"type": "odds", "on": i % 2 == 0})  # on, off, on...
    time.sleep(3)
    honest.report("F5 (1,000 hints and 1,000 odds)")
    hinter.s.settimeout(1)
    answered = refused = 0
    try:
        while True:
            m = hinter.recv()
            answered += isinstance(m, dict) and m.get("type") == "hint"
            refused += isinstance(m, dict) and m.get("code") == "too-fast"
    except (socket.timeout, OSError):
        pass
    check(answered <= 20,
          f"F5: of 1,000 hints {answered} answered, {refused} refused as too fast, the rest joined to one pending")
    spectator.s.settimeout(1)
    odds = too_fast = 0
    try:
        while True:
            m = spectator.recv()
            odds += isinstance(m, dict) and m.get("type") == "odds"
            too_fast += isinstance(m, dict) and m.get("code") == "too-fast"
    except (socket.timeout, OSError):
        pass
    check(odds <= 20 and too_fast >= 400,
          f"F5: of 500 odds switched on (and off between), {odds} worked out, {too_fast} refused as too fast")
    hinter.close()
    spectator.close()

    # F6: chat limited per address: connecting again does not renew it.
    honest = Honest(port)
    chat_table = json.loads(request(port, "POST", "/api/tables",
                                    {"game": "old-maid", "players": 2, "seats": ["human", "human"]},
                                    source="127.0.0.107")[1])
    said, t0 = 0, time.monotonic()
    while time.monotonic() - t0 < 4:
        ws = WS(port, source="127.0.0.107")
        ws.send({"type": "join", "table": chat_table["table"], "token": chat_table["seats"][0]["token"]})
        ws.until(update)
        for _ in range(10):
            ws.send({"type": "chat", "text": "spam"})
        ws.send({"type": "ping"})
        while True:
            m = ws.recv()
            if m.get("type") == "pong":
                break
            said += m.get("type") == "chat"
        ws.close()
    elapsed = time.monotonic() - t0
    check(said <= 5 + elapsed / 2 + 1, f"F6: chat from one address reconnecting: {said} accepted in {elapsed:.1f} s")
    honest.report("F6 (chat flood, reconnecting)")

    # F4: SIGTERM stops the server within 5 s whatever its bots are
    # thinking, and every move anyone was told of is kept.
    honest = Honest(port)
    time.sleep(1.5)
    honest.stop.set()
    honest.join(10)
    acked = dict(honest.acked)
    t0 = time.monotonic()
    flood.proc.send_signal(signal.SIGTERM)
    try:
        flood.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    took = time.monotonic() - t0
    check(flood.proc.poll() is not None and took < 5, f"F4: SIGTERM with 60 searching bots stops the server in {took:.1f} s")
    with sqlite3.connect(DB35) as db:
        kept = [db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (t,)).fetchone()[0] >= v
                for t, v in acked.items()]
    check(kept and all(kept), f"F4: every move told before SIGTERM is kept: {kept.count(True)} of {len(kept)} tables")
finally:
    flood.stop()

# F3, F4, F8, F12, F13: rows the server reads back are checked; bad ones are
# skipped and logged with their id, never crash it.
with sqlite3.connect(DB35) as db:
    def bot_row(id, bot, players="3", created="strftime('%s','now')", options="[]"):
        seats = json.dumps([{"kind": "bot", "bot": bot, "token": "", "name": ""}] * 3)
        db.execute(f"INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, created) "
                   f"VALUES(?, 'old-maid', {players}, ?, 1, 2, ?, {created})", (id, options, seats))
    bot_row("nobody35", "nobody")                       # F3: crashed at its turn, or at every start
    bot_row("dot35", "ismcts:.")                        # F3
    bot_row("slow35", "ismcts:600s")                    # F4: stored before the cap: brought within it
    bot_row("wraps35", "blind", players="4294967299")   # F13: was read as 3
    bot_row("text35", "blind", created="'yesterday'")   # F13: was read as 0
    bot_row("opts35", "blind", options=json.dumps(["odd=jack"] * 40))  # F12
    bot_row("old35", "blind", created="strftime('%s','now') - 8 * 86400")  # F8: abandoned
    db.execute("INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, created) "
               "VALUES('nogame35', 'no-such-game', 3, '[]', 1, 2, ?, strftime('%s','now'))",
               (json.dumps([{"kind": "bot", "bot": "blind", "token": "", "name": ""}] * 3),))
    chat_table_id = chat_table["table"]
    db.execute("INSERT INTO chat(table_id, at, seat, name, text) VALUES(?, 1, 0, 'x', ?)",
               (chat_table_id, "y" * 2_000_000))  # F12: made its table impossible to join
again = Serve(PARLOUR, DB35, os.path.join(TMP, "i35-again.log"), ["--bot-delay", "0"])
try:
    time.sleep(1)
    log = again.log()
    check(again.proc.poll() is None, "F3: the server starts and stays up with bad bots stored")
    for id, why in [("nobody35", 'unknown bot "nobody"'), ("dot35", "the budget is not a number"),
                    ("wraps35", "players 4294967299 is not 1 to 64"), ("text35", "created is not a whole number"),
                    ("opts35", "40 options, over 32"), ("nogame35", "no-such-game")]:
        check(f"table {id}" in log and why in log.split(f"table {id}", 1)[1].split("\n")[0],
              f"F3/F12/F13: {id} skipped and logged with its id: {why}")
    check("table slow35: seat 0's bot ismcts:600s asks more than this server's budget: it plays as ismcts:2s" in log,
          "F4: a stored ismcts:600s plays as ismcts:2s")
    check("removed 1 unfinished tables" in log, "F8: an abandoned table (8 days without a move) is removed")
    status, body, _ = request(again.port, "GET", "/api/tables")
    check("old35" not in body, "F8: the abandoned table is gone")
    ws = WS(again.port)
    ws.send({"type": "join", "table": chat_table_id})
    joined = ws.until(lambda m: m.get("type") in ("joined", "error"))
    check(joined.get("type") == "joined" and max(len(c["text"]) for c in joined["chat"]) <= 300,
          "F12: a table with a 2 MB line of talk stored is joined, the line cut to 300 characters")
    ws.close()
    t0 = time.monotonic()
    again.proc.send_signal(signal.SIGTERM)
    again.proc.wait(timeout=10)
    check(time.monotonic() - t0 < 5, f"F4: SIGTERM after restart: {time.monotonic() - t0:.1f} s")
finally:
    again.stop()

# F7: behind a proxy that appends (HAProxy), the client's own X-Forwarded-For
# line comes first: the last entry of all the lines is the proxy's word.
proxied = Serve(PARLOUR, ":memory:", os.path.join(TMP, "i35-proxy.log"), ["--trusted-proxy", "127.0.0.1"])
try:
    def two_lines(client_says, proxy_says):
        return raw_request(proxied.port, ["POST /api/tables HTTP/1.1", "Host: 127.0.0.1",
                                          "Content-Type: application/json",
                                          f"X-Forwarded-For: {client_says}", f"X-Forwarded-For: {proxy_says}"],
                           json.dumps(TWO).encode(), source="127.0.0.1")
    answers = [two_lines(f"198.51.100.{i}", "203.0.113.9") for i in range(21)]
    codes = [a[0] for a in answers]
    check(codes.count(201) == 20 and codes[-1] == 429,
          f"F7: a client naming a new address in its own line each time still gets 20 then 429: {codes.count(201)}")
    check(all(h in answers[-1][1] for h in ("X-Content-Type-Options: nosniff", "X-Frame-Options: DENY",
                                            "Referrer-Policy: no-referrer")),
          "F11: a 429 refusal has the security headers")
finally:
    proxied.stop()

# F9: a disk that fills (a file-size limit): once a write fails, /healthz
# fails too, though its own small write may go through.
import resource  # noqa: E402


def small_files():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (600_000, 600_000))


full_db = os.path.join(TMP, "full.db")
log_path = os.path.join(TMP, "full.log")
full_port = free_port()
full = subprocess.Popen([PARLOUR, "serve", "--port", str(full_port), "--db", full_db, "--tables-burst", "0"],
                        stdout=open(log_path, "a"), stderr=subprocess.STDOUT, preexec_fn=small_files)
try:
    for _ in range(200):
        try:
            if request(full_port, "GET", "/api/games")[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    failed = None
    for i in range(3000):
        status, body, _ = request(full_port, "POST", "/api/tables", dict(TWO, options=["odd=jack"]))
        if status != 201:
            failed = (status, body)
            break
    status, body, _ = request(full_port, "GET", "/healthz")
    check(failed is not None and status == 503,
          f"F9: after a write failed ({failed and failed[0]}), /healthz answers {status}: {body[:100]}")
finally:
    full.kill()
    full.wait()

if failures:
    print(f"{len(failures)} failure(s); logs in {TMP}")
    sys.exit(1)
shutil.rmtree(TMP, ignore_errors=True)
print("attacks: all refused or harmless")
