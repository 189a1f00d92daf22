#!/usr/bin/env python3
"""`parlour serve` behind nginx, from Debian's package, configured as the
README says (its nginx block, with only the ports changed): clients are told
apart by the address nginx saw, a forged X-Forwarded-For changes nothing, the
game's WebSocket works through the proxy, a page of another site is refused,
and each client's allowance of connections holds behind the proxy.

Clients are told apart on loopback alone: every 127.x.y.z is this machine.
Usage: proxy.py PARLOUR
"""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import wire  # noqa: E402
from wire import WS, Serve, free_port, request, update  # noqa: E402

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def readme_config(proxy_port, server_port):
    """The README's nginx block, listening on `proxy_port` and passing to `server_port`."""
    text = open(README).read()
    block = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert block, "the README has no nginx block"
    conf = block.group(1)
    assert "listen 80;" in conf and "proxy_pass http://127.0.0.1:8080;" in conf, conf
    return (conf.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
                .replace("proxy_pass http://127.0.0.1:8080;", f"proxy_pass http://127.0.0.1:{server_port};"))


def start_nginx(work, proxy_port, server_port):
    return wire.start_nginx(work, proxy_port, readme_config(proxy_port, server_port))


def main():
    parlour = sys.argv[1]
    if not os.path.exists(NGINX):
        raise SystemExit("nginx is not installed: scripts/setup installs nginx-light (make test runs it)")
    work = tempfile.mkdtemp(prefix="parlour_proxy_")
    srv = Serve(parlour, f"{work}/p.db", f"{work}/serve.log",
                ["--trusted-proxy", "127.0.0.1", "--tables-burst", "3", "--seconds-per-table", "1000",
                 "--max-connections", "8"])
    port = free_port()
    nginx = start_nginx(work, port, srv.port)
    failures = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    table = {"game": "old-maid", "players": 2, "seats": ["human", "random"]}
    try:
        # Each client's own allowance, by the address nginx saw.
        a = [request(port, "POST", "/api/tables", table, source="127.0.0.2")[0] for _ in range(4)]
        check(a == [201, 201, 201, 429], f"127.0.0.2 through nginx: 3 tables, then 429 ({a})")
        forged = request(port, "POST", "/api/tables", table, source="127.0.0.2",
                         headers={"X-Forwarded-For": "127.0.0.99"})[0]
        check(forged == 429, f"its own X-Forwarded-For gets it no more ({forged})")
        status, body, _ = request(port, "POST", "/api/tables", table, source="127.0.0.3")
        check(status == 201, f"127.0.0.3 through nginx still makes a table ({status})")
        log = srv.log()
        check("from 127.0.0.2" in log and "from 127.0.0.1:" not in log,
              "the server's log names the client nginx saw, not nginx")

        # The game, over the WebSocket through the proxy, from a page of this site.
        import json
        made = json.loads(body)
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        ws = WS(port, source="127.0.0.3", headers=origin)
        ws.send({"type": "join", "table": made["table"], "token": made["seats"][0]["token"]})
        first = ws.until(update)
        choices = first["view"]["choices"]
        while not choices:  # the bot may move first
            first = ws.until(update)
            choices = first["view"]["choices"]
        ws.send({"type": "act", "action": choices[0]["action"], "version": first["version"]})
        after = ws.until(lambda m: update(m) and m["version"] > first["version"])
        check(after["version"] > first["version"], "a move made through nginx is played and told")
        ws.close()
        try:
            WS(port, source="127.0.0.3", headers={"Origin": "http://evil.example"})
            check(False, "a socket from another site's page is refused")
        except ConnectionRefusedError as e:
            check(" 403 " in str(e), "a socket from another site's page is refused with 403")

        # Connections: each client holds at most --max-connections (8) through the proxy.
        held, refused = [], 0
        for _ in range(12):
            try:
                held.append(WS(port, source="127.0.0.4"))
            except ConnectionRefusedError as e:
                refused += " 429 " in str(e)
        check(len(held) == 8 and refused == 4, f"127.0.0.4 holds 8 sockets; 4 more get 429 ({len(held)}, {refused})")
        other = WS(port, source="127.0.0.5")
        other.send({"type": "ping"})
        check(other.recv() == {"type": "pong"}, "another client is served meanwhile")
        for w in held + [other]:
            w.close()
    finally:
        nginx.terminate()
        nginx.wait()
        srv.stop()
    if failures:
        print("serve log:\n" + srv.log()[-3000:])
        print("nginx log:\n" + open(f"{work}/error.log").read()[-2000:])
        raise SystemExit(f"{len(failures)} failed")
    shutil.rmtree(work, ignore_errors=True)
    print("all passed")


if __name__ == "__main__":
    main()
