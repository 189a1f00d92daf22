#!/usr/bin/env python3
"""What a table's first join costs where several processes share PostgreSQL.

    bench/first_join.py BUILD_DIR [TABLES]   (Debian's python3; 200 tables)

Starts scripts/cluster 2 (a private PostgreSQL, two serve processes; no
proxy: the client picks the process) and, one table at a time, makes a table
of two people on process 1 through its lobby (POST /api/tables) and joins it
by WebSocket either on process 2 (a proxy sends its people elsewhere two
times in three with three processes: process 2 claims it and reads it from
the database) or on process 1 (made there: claimed only). Prints the median,
p90 and max of each, from the request sent to the answer read, on an
otherwise idle machine: the time a serve process's one thread spent on it,
and every table of that thread waited.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "server"))
from wire import WS, Cluster, cpu_seconds, healthy, request  # noqa: E402


def postgres_pids():
    """PostgreSQL's processes (the postgres user's: scripts/cluster runs it so)."""
    r = subprocess.run(["ps", "-u", "postgres", "-o", "pid="], capture_output=True, text=True)
    return [int(p) for p in r.stdout.split()]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = os.path.abspath(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    if n < 1 or n > 10000:
        sys.exit("first_join: TABLES must be 1 to 10000")
    parlour = os.path.join(build, "parlour")
    if not os.access(parlour, os.X_OK):
        sys.exit(f"first_join: no {parlour}: run make build first")
    with tempfile.TemporaryDirectory(prefix="parlour-first-join.") as work:
        os.chmod(work, 0o755)
        c = Cluster(2, work, parlour, "--tables-burst 0 --max-connections 0")
        try:
            ports = [s["port"] for s in c.serves.values()]
            pids = [s["pid"] for s in c.serves.values()]
            for port in ports:  # each answers before it is measured
                if not healthy(port):
                    sys.exit(f"first_join: the process on port {port} is not up")
            times = {"make": [], "join elsewhere": [], "join here": []}

            def make():
                began = time.perf_counter()
                status, body, _ = request(ports[0], "POST", "/api/tables",
                                          {"game": "old-maid", "players": 2, "seats": ["human", "human"]})
                times["make"].append(time.perf_counter() - began)
                if status != 201:
                    sys.exit(f"first_join: making a table: {status} {body[:200]}")
                t = json.loads(body)
                return t["table"], t["seats"][0]["token"]

            def join(port, table, token, kind):
                ws = WS(port, path=f"/ws?table={table}")
                began = time.perf_counter()
                ws.send({"type": "join", "table": table, "token": token})
                while True:
                    m = ws.recv()
                    if isinstance(m, dict) and m.get("type") in ("joined", "error"):
                        break
                times[kind].append(time.perf_counter() - began)
                ws.close()
                if m.get("type") != "joined":
                    sys.exit(f"first_join: join of {table} on port {port}: {m}")

            # Made on process 1, then each joined on process 2, which claims
            # and reads it: the CPU process 2 and PostgreSQL spent on those
            # joins (the client's own work, a WebSocket handshake a join
            # included, counted in process 2's).
            made = [make() for _ in range(n)]
            before = cpu_seconds([pids[1]]), cpu_seconds(postgres_pids())
            for table, token in made:
                join(ports[1], table, token, "join elsewhere")
            spent = cpu_seconds([pids[1]]) - before[0], cpu_seconds(postgres_pids()) - before[1]
            # Made on process 1 and joined there at once (held by nobody and
            # kept in memory 10 s for that: claimed only).
            for _ in range(n):
                table, token = make()
                join(ports[0], table, token, "join here")
            print(f"== {n} tables each way, two serve processes on PostgreSQL, no proxy (ms)")
            print(f"{'':<40} {'median':>8} {'p90':>8} {'max':>8}")
            for kind, label in (("make", "a table made (POST /api/tables)"),
                                ("join elsewhere", "its first join on the other process"),
                                ("join here", "its first join where it was made")):
                xs = sorted(t * 1000 for t in times[kind])
                print(f"{label:<40} {statistics.median(xs):>8.2f} {xs[int(0.9 * len(xs))]:>8.2f} "
                      f"{xs[-1]:>8.2f}")
            print(f"CPU a first join on the other process: that process {spent[0] / n * 1e6:.0f} us, "
                  f"PostgreSQL {spent[1] / n * 1e6:.0f} us")
        finally:
            c.stop()


if __name__ == "__main__":
    main()
