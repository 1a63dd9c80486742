"""A small client of WebDriver BiDi, the W3C protocol Firefox answers itself
over a WebSocket (`--remote-debugging-port`), for the page's smoke test in
Firefox ESR: geckodriver is not packaged in Debian, and Python's standard
library has no WebSocket, so both are here, as much as the test needs (open
a page, evaluate, read the console, take a screenshot)."""
import atexit
import base64
import json
import os
import queue
import re
import socket
import struct
import subprocess
import threading
import time


class WebSocket:
    """A client WebSocket (RFC 6455): text messages, pings answered."""

    def __init__(self, host, port, path, timeout=60):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the browser closed the connection during the WebSocket handshake")
            head += chunk
        status, self.buf = head.split(b"\r\n\r\n", 1)
        first = status.split(b"\r\n")[0]
        if b" 101 " not in first + b" ":
            raise RuntimeError(f"the browser refused the WebSocket: {first.decode(errors='replace')}")
        self.sock.settimeout(None)
        self.lock = threading.Lock()

    def _frame(self, opcode, data):
        n = len(data)
        if n < 126:
            length = bytes([0x80 | n])
        elif n < 1 << 16:
            length = bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            length = bytes([0x80 | 127]) + struct.pack(">Q", n)
        # A client masks what it sends (RFC 6455, 5.3).
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i & 3] for i, b in enumerate(data))
        with self.lock:
            self.sock.sendall(bytes([0x80 | opcode]) + length + mask + masked)

    def send(self, text):
        self._frame(0x1, text.encode())

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError("the browser closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next text message."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                raise EOFError("the browser closed the connection")
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Firefox:
    """Headless Firefox with one page, driven over WebDriver BiDi."""

    def __init__(self, width, height, profile, lang="en-US", firefox="firefox-esr", prefs=None, headless=True,
                 env=None):
        # The profile's preferences: the page's language, and nothing that
        # opens another page at the first start.
        chosen = {
            "intl.accept_languages": lang,
            "intl.locale.requested": lang,
            "browser.shell.checkDefaultBrowser": False,
            "browser.startup.homepage_override.mstone": "ignore",
            "startup.homepage_welcome_url": "about:blank",
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.reportingpolicy.firstRun": False,
            "app.update.disabledForTesting": True,
            **(prefs or {}),
        }
        with open(os.path.join(profile, "user.js"), "w") as f:
            for k, v in chosen.items():
                f.write(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n")
        port = free_port()
        self.proc = subprocess.Popen(
            [firefox, *(["--headless"] if headless else []), "--no-remote", "--profile", profile,
             f"--remote-debugging-port={port}", f"--width={width}", f"--height={height}", "about:blank"],
            env=dict(env or os.environ, LANGUAGE=lang, LANG=lang.replace("-", "_") + ".UTF-8",
                     MOZ_CRASHREPORTER_DISABLE="1"),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        atexit.register(lambda: self.proc.poll() is None and self.proc.kill())
        # Firefox says where it listens once it is ready.
        listening = queue.Queue()

        def stderr():
            for line in self.proc.stderr:
                m = re.search(r"WebDriver BiDi listening on (ws://[^\s]+)", line)
                if m:
                    listening.put(m.group(1))
        threading.Thread(target=stderr, daemon=True).start()
        try:
            address = listening.get(timeout=90)
        except queue.Empty:
            self.proc.kill()
            raise RuntimeError("Firefox did not start its WebDriver BiDi server in 90 s")
        host, port = re.match(r"ws://([^:/]+):(\d+)", address).groups()
        self.ws = WebSocket(host, int(port), "/session")
        self._next = 0
        self._replies = {}
        self._cv = threading.Condition()
        self.console = []
        threading.Thread(target=self._reader, daemon=True).start()
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self.send("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.send("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]
        self.width, self.height, self.lang = width, height, lang

    def _reader(self):
        while True:
            try:
                msg = json.loads(self.ws.recv())
            except (EOFError, OSError):
                return
            if "id" in msg:
                with self._cv:
                    self._replies[msg["id"]] = msg
                    self._cv.notify_all()
            elif msg.get("method") == "log.entryAdded":
                p = msg["params"]
                kind = "exception" if p.get("type") == "javascript" else p.get("level", "log")
                self.console.append(f"{kind}: {p.get('text', '')}")

    def send(self, method, params, timeout=120):
        with self._cv:
            self._next += 1
            i = self._next
        self.ws.send(json.dumps({"id": i, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        with self._cv:
            while i not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise TimeoutError(f"Firefox did not answer {method} in {timeout} s")
                self._cv.wait(min(left, 1.0))
            reply = self._replies.pop(i)
        if reply.get("type") == "error" or "error" in reply and reply["error"]:
            raise RuntimeError(f"{method}: {reply.get('error')}: {reply.get('message', '')}")
        return reply.get("result", {})

    def navigate(self, url):
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def evaluate(self, expression):
        """The value of `expression` in the page, through JSON."""
        r = self.send("script.evaluate", {
            "expression": f"JSON.stringify(({expression}) ?? null)",
            "target": {"context": self.context}, "awaitPromise": False,
        })
        if r.get("type") == "exception":
            raise RuntimeError(f"the page could not evaluate {expression!r}: {r.get('exceptionDetails')}")
        value = r["result"].get("value")
        return None if value is None else json.loads(value)

    def screenshot(self, path):
        data = base64.b64decode(self.send("browsingContext.captureScreenshot", {"context": self.context})["data"])
        with open(path, "wb") as f:
            f.write(data)
        return data

    def close(self):
        try:
            self.send("browser.close", {}, timeout=10)
        except (RuntimeError, TimeoutError, OSError, EOFError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
