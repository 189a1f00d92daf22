"""What the server's process tests share: a free port, `parlour serve` as a
child process, HTTP requests and a minimal WebSocket client (RFC 6455: masked
text frames out, frames in, pings answered). Standard library only.

A client may give a `source` address: every 127.x.y.z is this machine, so
tests tell clients apart on loopback alone.
"""
import base64
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import threading
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


_bases_lock = threading.Lock()
_bases_given = []  # (first, last) port ranges handed out in this process


def free_base(n):
    """A port with the n after it free too (HAProxy's, then the processes').
    Never one overlapping a range given before in this process: tests that
    start clusters from several threads at once (cluster_test's modes) bind
    their ports seconds later, so a free port alone could be chosen twice."""
    with _bases_lock:
        base = _free_base(n)
        _bases_given.append((base, base + n))
        return base


def _free_base(n):
    for _ in range(200):
        base = random.randint(10000, 32000 - n)  # below the ephemeral ports (32768 up)
        if any(base <= last and first <= base + n for first, last in _bases_given):
            continue
        ok = True
        for p in range(base, base + n + 1):
            s = socket.socket()
            try:
                s.bind(("127.0.0.1", p))
            except OSError:
                ok = False
            finally:
                s.close()
        if ok:
            return base
    raise SystemExit("no free ports")


def healthy(port, seconds=10):
    """Whether `parlour serve` on `port` answers GET /healthz within `seconds`."""
    for _ in range(int(seconds * 10)):
        try:
            if request(port, "GET", "/healthz")[0] == 200:
                return True
        except OSError:
            pass
        time.sleep(0.1)
    return False


def cpu_seconds(pids):
    """CPU seconds (user and system) these processes have used; one that has
    ended counts nothing."""
    tck = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tck
        except (OSError, IndexError, ValueError):
            pass
    return total


def start_nginx(work, port, body, path="/api/games"):
    """Debian's nginx in the foreground, its files in `work` (its log:
    work/error.log), serving `body` (server and upstream blocks, as they go in
    nginx's `http` block); returned once GET `path` on `port` answers 200."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    conf = os.path.join(work, "nginx.conf")
    temp = "\n".join(f"    {k}_temp_path {work}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    with open(conf, "w") as f:
        f.write(f"daemon off;\nworker_processes 1;\npid {work}/nginx.pid;\nerror_log {work}/error.log;\n"
                f"worker_rlimit_nofile 8192;\nevents {{ worker_connections 4096; }}\n"
                f"http {{\n    access_log {work}/access.log;\n{temp}\n{body}\n}}\n")
    proc = subprocess.Popen([nginx, "-p", work, "-c", conf, "-e", f"{work}/error.log"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            if request(port, "GET", path)[0] == 200:
                return proc
        except OSError:
            time.sleep(0.05)
        if proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit("nginx did not start: " + open(f"{work}/error.log").read()[-2000:])


class Serve:
    """One `parlour serve` on a free port; its log in `log_path`."""

    def __init__(self, parlour, db, log_path, args=()):
        self.port = free_port()
        self.log_path = log_path
        log = open(log_path, "a")
        self.proc = subprocess.Popen([parlour, "serve", "--port", str(self.port), "--db", db, *args],
                                     stdout=log, stderr=log)
        for _ in range(200):
            try:
                if request(self.port, "GET", "/api/games")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
            if self.proc.poll() is not None:
                break
        raise SystemExit("the server did not start: " + self.log())

    def log(self):
        return open(self.log_path).read()

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def request(port, method, path, body=None, headers=None, source=None, timeout=5):
    """(status, body text, headers) of one request; a body is sent as JSON."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                   source_address=(source, 0) if source else None)
    h = {"Content-Type": "application/json"} if body is not None else {}
    h.update(headers or {})
    c.request(method, path, body=None if body is None else (body if isinstance(body, (str, bytes)) else json.dumps(body)), headers=h)
    r = c.getresponse()
    out = (r.status, r.read().decode(errors="replace"), dict(r.getheaders()))
    c.close()
    return out


class WS:
    def __init__(self, port, source=None, headers=None, timeout=10, path="/ws"):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                          source_address=(source, 0) if source else None)
        key = base64.b64encode(os.urandom(16)).decode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.s.recv(1)
            if not chunk:
                raise ConnectionError("handshake refused")
            head += chunk
        self.status = int(head.split(b" ")[1])
        if self.status != 101:
            raise ConnectionRefusedError(head.decode(errors="replace"))
        self.buf = b""

    @staticmethod
    def frame(payload, opcode=1):
        n = len(payload)
        header = bytes([0x80 | opcode])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def send(self, obj):
        self.s.sendall(self.frame((obj if isinstance(obj, str) else json.dumps(obj)).encode()))

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.s.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next message as JSON; ('close', code) for a close frame."""
        data = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 8:
                return ("close", struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None)
            if op == 9:  # ping: answered, as a browser does
                self.s.sendall(self.frame(payload, 10))
                continue
            if op == 10:
                continue
            data += payload
            if b0 & 0x80:  # FIN: the message is whole
                return json.loads(data)

    def until(self, pred, limit=500):
        for _ in range(limit):
            m = self.recv()
            if pred(m):
                return m
        raise AssertionError("expected message never came")

    def close(self):
        self.s.close()


def update(m):
    return isinstance(m, dict) and m.get("type") == "update"


class Cluster:
    """scripts/cluster N, as a user runs it, with `parlour` (the program) and
    `serve_args` (more options for every serve process); its lines say where
    each part is."""

    def __init__(self, n, work, parlour, serve_args):
        self.parlour, self.serve_args = parlour, serve_args
        self.port = free_base(n)
        env = dict(os.environ, PORT=str(self.port), CLUSTER_DIR=os.path.join(work, "cluster"),
                   SERVE_ARGS=serve_args)
        self.out = open(os.path.join(work, "cluster.log"), "w+")
        self.proc = subprocess.Popen(["bash", os.path.join(ROOT, "scripts", "cluster"), str(n),
                                      os.path.dirname(parlour)],
                                     stdout=self.out, stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True)
        self.serves = {}  # name -> {"pid", "port", "log"}
        deadline = time.time() + 60
        while time.time() < deadline:
            text = open(self.out.name).read()
            if "cluster: ready" in text:
                break
            if self.proc.poll() is not None:
                raise SystemExit("scripts/cluster ended: " + text)
            time.sleep(0.2)
        else:
            raise SystemExit("scripts/cluster was not ready in 60 s: " + open(self.out.name).read())
        text = open(self.out.name).read()
        for m in re.finditer(r"cluster: (serve\d+) pid (\d+) port (\d+) log (\S+)", text):
            self.serves[m.group(1)] = {"pid": int(m.group(2)), "port": int(m.group(3)), "log": m.group(4)}
        m = re.search(r"cluster: postgresql pid \d+ port (\d+) dir (\S+) bin (\S+)", text)
        self.pg_port, self.pg_dir, self.pg_bin = int(m.group(1)), m.group(2), m.group(3)
        self.uri = f"postgresql://postgres@127.0.0.1:{self.pg_port}/postgres"

    def sql(self, query):
        r = subprocess.run([os.path.join(self.pg_bin, "psql"), "-X", "-A", "-t", "-F", "\t", "-d", self.uri,
                            "-c", query], capture_output=True, text=True, timeout=30)
        if r.returncode != 0:
            raise RuntimeError(f"psql: {query}: {r.stderr}")
        return [line.split("\t") for line in r.stdout.splitlines() if line]

    def pg_ctl(self, *args):
        as_pg = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        subprocess.run(as_pg + [os.path.join(self.pg_bin, "pg_ctl"), "-D", self.pg_dir, *args],
                       check=True, capture_output=True, timeout=60)

    def restart_serve(self, name):
        """The killed process started again, as scripts/cluster started it."""
        s = self.serves[name]
        log = open(s["log"], "a")
        proc = subprocess.Popen([self.parlour, "serve", "--port", str(s["port"]), "--db", self.uri,
                                 "--trusted-proxy", "127.0.0.1", *self.serve_args.split()],
                                stdout=log, stderr=log, start_new_session=True)
        s["pid"] = proc.pid
        s["proc"] = proc
        if healthy(s["port"]):
            return proc
        raise SystemExit("the restarted process did not come up: " + open(s["log"]).read()[-2000:])

    def stop(self):
        for s in self.serves.values():
            if "proc" in s:
                s["proc"].kill()
                s["proc"].wait()
        try:
            os.killpg(self.proc.pid, signal.SIGINT)
            self.proc.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, signal.SIGKILL)
