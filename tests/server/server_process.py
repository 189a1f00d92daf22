#!/usr/bin/env python3
"""`parlour serve` as a process, over real sockets: kill -9 mid-game and a
restart that resumes the game; clients that vanish mid-message; oversized and
malformed messages; the record of the finished game replays with
`parlour replay`. Standard library only: the WebSocket client is in wire.py.

    python3 server_process.py BUILD/parlour
"""
import json
import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

PARLOUR = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="parlour-server-test-")
DB = os.path.join(TMP, "t.db")


PORT = wire.free_port()
BASE = f"http://127.0.0.1:{PORT}"


def start(workers=3):
    log = open(os.path.join(TMP, "serve.log"), "a")
    # Three workers, whatever the cores: tables fall to each, and clients move.
    p = subprocess.Popen([PARLOUR, "serve", "--port", str(PORT), "--db", DB, "--bot-delay", "0", "--allow-seed",
                          "--workers", str(workers)],
                         stdout=log, stderr=log)
    for _ in range(100):
        try:
            urllib.request.urlopen(BASE + "/api/games", timeout=1).read()
            return p
        except OSError:
            time.sleep(0.05)
    raise SystemExit("server did not start: " + open(os.path.join(TMP, "serve.log")).read())


def http(method, path, body=None):
    req = urllib.request.Request(BASE + path, method=method, data=None if body is None else body.encode(),
                                 headers={} if body is None else {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def WS():
    return wire.WS(PORT)


update = wire.update


failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


server = start()
try:
    # Bad HTTP input gets named errors.
    status, body = http("POST", "/api/tables", "{not json")
    check(status == 400 and "JSON object" in body, f"bad JSON body: {status} {body}")
    status, body = http("POST", "/api/tables", json.dumps({"game": "old-maid", "players": 2, "seats": ["human", "genius"]}))
    check(status == 400 and "blind" in body, f"unknown bot: {status} {body}")
    status, body = http("POST", "/api/tables", "x" * 70000)
    check(status == 413, f"oversized body: {status}")
    status, body = http("GET", "/api/games")
    req = urllib.request.Request(BASE + "/api/games", method="HEAD")
    with urllib.request.urlopen(req, timeout=5) as r:
        check(int(r.headers["Content-Length"]) == len(body.encode()), "HEAD gives the GET's length")
    status, body = http("GET", "/api/%FF%FE")
    check(status == 404 and "error" in body, f"a path that is not UTF-8 still gets an answer: {status}")
    status, body = http("GET", "/api/tables/nope/record")
    check(status == 404, f"unknown record: {status}")

    status, body = http("POST", "/api/tables", json.dumps(
        {"game": "old-maid", "players": 3, "seats": ["human", "human", "blind"], "seed": 11}))
    check(status == 201, f"create: {status} {body}")
    t = json.loads(body)
    table, tokens = t["table"], [t["seats"][0]["token"], t["seats"][1]["token"]]
    status, _ = http("GET", f"/api/tables/{table}/record")
    check(status == 409, "a record in play must not be served: it holds the seed")

    def join(seat):
        ws = WS()
        ws.send({"type": "join", "table": table, "token": tokens[seat], "name": f"P{seat}"})
        ws.until(lambda m: m.get("type") == "joined")
        return ws, ws.until(update)

    (a, ua), (b, ub) = join(0), join(1)
    clients, last = {0: a, 1: b}, {0: ua, 1: ub}

    def settle():
        """Reads on until every client has the newest update, and on again while
        it leaves a person to move with no choice offered: the server plays a
        person's only move itself, at once, so one move may bring several
        updates, and the one before such a move offers it to nobody."""
        while True:
            newest = max(m["version"] for m in last.values())
            for s, ws in clients.items():
                if last[s]["version"] < newest:
                    last[s] = ws.until(lambda m: update(m) and m["version"] >= newest)
            mover = last[0]["view"]["to_move"]
            if mover not in clients or last[mover]["view"]["choices"]:
                return
            for s, ws in clients.items():
                last[s] = ws.until(lambda m: update(m) and m["version"] > newest)

    def play(n):
        """n actions by the humans, first choice each time; then on to a person's
        choice (or the end), so that the table rests until the next act."""
        done = 0
        while True:
            settle()
            mover = last[0]["view"]["to_move"]
            if mover < 0:
                return
            if mover not in clients:  # the bot: its update is on its way
                for s, ws in clients.items():
                    last[s] = ws.until(lambda m: update(m) and m["version"] > last[s]["version"])
                continue
            if done == n:
                return
            me = clients[mover]
            view = last[mover]["view"]
            me.send({"type": "act", "action": view["choices"][0]["action"], "version": last[mover]["version"]})
            for s, ws in clients.items():
                last[s] = ws.until(lambda m: update(m) and m["version"] > last[s]["version"])
            done += 1

    # Misbehaving clients, while the game is on: none of it stops the table.
    a.send("not json")
    check(a.until(lambda m: m.get("type") == "error")["code"] == "bad-message", "bad-message")
    a.send({"type": "ping", "pad": "x" * 5000})
    check(a.until(lambda m: m.get("type") == "error")["code"] == "too-large", "too-large")
    other = 1 - last[0]["view"]["to_move"] if last[0]["view"]["to_move"] in (0, 1) else 0
    clients[other].send({"type": "act", "action": 0})
    check(clients[other].until(lambda m: m.get("type") == "error")["code"] in ("not-your-turn",), "out of turn")
    huge = WS()
    try:
        # The server may close as soon as it reads the frame's length: a
        # broken pipe while sending is a refusal too.
        huge.s.sendall(huge.frame(b"x" * (2 << 20)))
        got = huge.recv()
        check(got[0] == "close" and got[1] == 1009, f"a 2 MiB message closes with 1009, got {got}")
    except (ConnectionError, OSError):
        pass  # closed outright: also fine
    # Vanishing mid-message: half a frame, half an HTTP request, half a handshake.
    v = WS()
    v.s.sendall(v.frame(b'{"type":"ping"}' * 20)[:40])
    v.close()
    s = socket.create_connection(("127.0.0.1", PORT))
    s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{\"game\":")
    s.close()
    s = socket.create_connection(("127.0.0.1", PORT))
    s.sendall(b"GET /ws HTTP/1.1\r\nUpgrade: websocket\r\n")
    s.close()

    play(8)
    before = {s: last[s] for s in clients}
    check(before[0]["version"] >= 8, "played on after the bad messages")

    # kill -9 in the middle of the game, then a restart on the same database.
    server.send_signal(signal.SIGKILL)
    server.wait()
    for ws in clients.values():
        ws.close()
    server = start()
    (a, ua), (b, ub) = join(0), join(1)
    clients, last = {0: a, 1: b}, {0: ua, 1: ub}
    for s in clients:
        check(last[s]["version"] == before[s]["version"], f"seat {s}: version {last[s]['version']} after restart, {before[s]['version']} before")
        check(last[s]["view"] == before[s]["view"], f"seat {s}: the view changed across the restart")

    play(10_000)
    check(last[0]["view"]["terminal"], "the game ended")
    status, record = http("GET", f"/api/tables/{table}/record")
    check(status == 200, f"record after the end: {status}")
    path = os.path.join(TMP, "game.json")
    open(path, "w").write(record)
    r = subprocess.run([PARLOUR, "replay", path], capture_output=True, text=True)
    check(r.returncode == 0 and "Old Maid" in r.stdout, f"parlour replay of the downloaded record: {r.returncode} {r.stderr}")
    status, body = http("GET", "/api/stats")
    check(status == 200 and '"P0"' in body, f"stats name the players: {body}")

    # One connection joins tables held by different workers in turn: each
    # join is answered, and the list of tables says where it sits now.
    hops = []
    for i in range(6):
        status, body = http("POST", "/api/tables", json.dumps(
            {"game": "old-maid", "players": 2, "seats": ["human", "random"]}))
        check(status == 201, f"create table {i}: {status} {body}")
        made = json.loads(body)
        hops.append((made["table"], made["seats"][0]["token"]))
    hopper = WS()
    for i, (hop, tok) in enumerate(hops):
        hopper.send({"type": "join", "table": hop, "token": tok, "name": "Hopper"})
        joined = hopper.until(lambda m: m.get("type") == "joined")
        check(joined.get("table") == hop and joined.get("seat") == 0, f"hop {i}: joined {joined.get('table')}")
        check(hopper.until(update).get("version") is not None, f"hop {i}: an update follows")
    status, body = http("GET", "/api/tables")
    listed = {t["table"]: t for t in json.loads(body)}
    for i, (hop, _) in enumerate(hops):
        sits = listed.get(hop, {}).get("seats", [{}])[0].get("connected")
        check(sits == (i == len(hops) - 1), f"table {i} lists its seat 0 as connected={sits}")
    hopper.close()
    status, body = http("GET", "/healthz")
    held = json.loads(body).get("tables_in_memory", 0) if status == 200 else 0
    check(held >= len(hops) + 1, f"/healthz counts the tables every worker holds: {status} {body}")

    # Many connections at once hop between the workers' tables, acting and
    # talking as they go: the server stays up and answers.
    until = time.time() + 6
    troubles = []

    def hopper_thread(k):
        rnd = random.Random(k)
        try:
            ws = WS()
            while time.time() < until:
                hop, tok = rnd.choice(hops)
                m = {"type": "join", "table": hop}
                if rnd.random() < 0.5:
                    m["token"] = tok
                ws.send(m)
                for _ in range(rnd.randint(0, 4)):
                    ws.send(rnd.choice([{"type": "act", "action": rnd.randint(0, 60)},
                                        {"type": "chat", "text": "hi"}, {"type": "ping"}]))
                # Read what came: a client that never reads is dropped, by design.
                while select.select([ws.s], [], [], 0)[0]:
                    ws.recv()
            ws.close()
        except OSError as e:
            troubles.append(f"connection {k}: {e!r}")

    threads = [threading.Thread(target=hopper_thread, args=(k,)) for k in range(12)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    check(not troubles, f"hopping connections kept: {troubles[:3]}")
    check(server.poll() is None, "the server is up after the hopping")
    status, body = http("GET", "/healthz")
    check(status == 200, f"/healthz after the hopping: {status} {body}")

    # SIGTERM: the workers stop and commit; the server says so and exits 0.
    server.send_signal(signal.SIGTERM)
    check(server.wait(timeout=10) == 0, f"exit status after SIGTERM: {server.returncode}")
    log = open(os.path.join(TMP, "serve.log")).read()
    check("stopped; every table is saved" in log, "the server says it stopped")
    check("3 workers" in log, "the server says how many workers it runs")

    # A lone worker runs on the network's thread (two cores' default). SIGTERM
    # while the seats act: it exits 0, and after a restart the table holds
    # every move either seat was told of.
    server = start(workers=1)
    status, body = http("POST", "/api/tables", json.dumps(
        {"game": "old-maid", "players": 2, "seats": ["human", "human"], "seed": 5}))
    check(status == 201, f"create (lone worker): {status} {body}")
    t = json.loads(body)
    lone = []
    for seat in range(2):
        ws = WS()
        ws.send({"type": "join", "table": t["table"], "token": t["seats"][seat]["token"]})
        lone.append([ws, ws.until(update)])

    def lone_step(wait=True):
        """The seat offered a choice plays its first; with `wait`, both seats
        read on to the update after it."""
        mover = [pair for pair in lone if pair[1]["view"]["choices"]]
        if not mover:
            return False
        ws, m = mover[0]
        ws.send({"type": "act", "action": m["view"]["choices"][0]["action"], "version": m["version"]})
        for pair in lone if wait else []:
            pair[1] = pair[0].until(lambda u: update(u) and u["version"] > m["version"])
        return True

    for _ in range(6):
        if not lone_step():
            break
    told = max(m["version"] for _, m in lone)
    lone_step(wait=False)  # a move in flight as the signal comes
    server.send_signal(signal.SIGTERM)
    for pair in lone:  # what each seat is told before its socket closes
        try:
            while True:
                m = pair[0].recv()
                if update(m):
                    told = max(told, m["version"])
        except (ConnectionError, OSError, ValueError):
            pass
        pair[0].close()
    check(server.wait(timeout=10) == 0, f"exit status after SIGTERM (lone worker): {server.returncode}")
    log = open(os.path.join(TMP, "serve.log")).read()
    check("1 worker, on the network's thread" in log, "the server says its lone worker is on the network's thread")
    server = start(workers=1)
    ws = WS()
    ws.send({"type": "join", "table": t["table"], "token": t["seats"][0]["token"]})
    back = ws.until(update)
    check(back["version"] >= told, f"after SIGTERM the table is at version {back['version']}, a seat was told of {told}")
    ws.close()
finally:
    server.kill()
    server.wait()


if failures:
    print(f"{len(failures)} failure(s); server log in {TMP}/serve.log")
    sys.exit(1)
if not os.environ.get("PARLOUR_KEEP_LOGS"):
    shutil.rmtree(TMP, ignore_errors=True)  # a run that passed leaves nothing behind
print("server process test: all checks passed")
