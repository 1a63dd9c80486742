"""A small client of Chromium's DevTools protocol over a pipe
(`--remote-debugging-pipe`), for the browser version's smoke test: open a
page, click and type, read the console of the page and of its workers,
take screenshots."""
import atexit
import base64
import json
import os
import queue
import struct
import subprocess
import threading
import time
import zlib


class Browser:
    """Headless Chromium with one page, driven through fds 3 and 4."""

    def __init__(self, width, height, profile, lang="en-US", chromium="chromium", args=()):
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def fds():
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.proc = subprocess.Popen(
            [
                chromium, "--headless", "--no-sandbox", "--remote-debugging-pipe",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                f"--window-size={width},{height}", f"--user-data-dir={profile}", f"--lang={lang}",
                *args, "about:blank",
            ],
            env=dict(os.environ, LANGUAGE=lang, LANG=lang.replace("-", "_") + ".UTF-8"),
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_child)
        os.close(from_child)
        # Never leave a browser behind, whatever ends the test.
        atexit.register(lambda: self.proc.poll() is None and self.proc.kill())
        self._next = 0
        self._replies = {}
        self._cv = threading.Condition()
        self.events = queue.Queue()
        self.console = []
        threading.Thread(target=self._reader, daemon=True).start()
        self.width, self.height, self.lang = width, height, lang
        # The CPU slowdown of the page and of every worker it starts (None:
        # as fast as it is), and how many workers took it.
        self.cpu_rate = None
        self.workers_throttled = 0
        self.worker_errors = []

    def _reader(self):
        buf = b""
        while True:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self._cv:
                        self._replies[msg["id"]] = msg
                        self._cv.notify_all()
                else:
                    self._event(msg)

    def _event(self, msg):
        method, params = msg.get("method"), msg.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.console.append(f"{params.get('type')}: {text}")
        elif method == "Runtime.exceptionThrown":
            d = params.get("exceptionDetails", {})
            self.console.append("exception: " + str(d.get("exception", {}).get("description", d.get("text"))))
        elif method == "Log.entryAdded":
            e = params.get("entry", {})
            self.console.append(f"log {e.get('level')}: {e.get('text')}")
        elif method == "Target.attachedToTarget":
            # A worker of the page: its console too.
            sid = params["sessionId"]
            threading.Thread(target=self._watch_worker, args=(sid,), daemon=True).start()
        self.events.put(msg)

    def _watch_worker(self, sid):
        self.send("Runtime.enable", session=sid, wait=False)
        if self.cpu_rate:
            # A worker computes the tables: slowing only the page leaves them
            # at full speed. Chromium refuses it for workers ("Operation is
            # only supported for pages"); the errors are kept and printed.
            try:
                self.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu_rate}, session=sid)
                self.workers_throttled += 1
            except (RuntimeError, TimeoutError) as e:
                self.worker_errors.append(str(e))
        self.send("Runtime.runIfWaitingForDebugger", session=sid, wait=False)

    def send(self, method, params=None, session=None, wait=True, timeout=60):
        with self._cv:
            self._next += 1
            mid = self._next
        msg = {"id": mid, "method": method, "params": params or {}}
        if session or (session is None and getattr(self, "session", None)):
            msg["sessionId"] = session or self.session
        os.write(self._write, json.dumps(msg).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + timeout
        with self._cv:
            while mid not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(method)
                self._cv.wait(left)
            reply = self._replies.pop(mid)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def open(self, url, network=None, cpu=None):
        """Open `url` in a new page; `network`: the parameters of
        Network.emulateNetworkConditions for it (a slow network), if any;
        `cpu`: the page and its workers that many times slower."""
        self.session = None
        self.cpu_rate = cpu
        target = self.send("Target.createTarget", {"url": "about:blank"}, session="")["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session="")[
            "sessionId"]
        for m in ("Runtime.enable", "Log.enable", "Page.enable"):
            self.send(m)
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True})
        if cpu:
            self.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        # The browser's language, as navigator.language tells the page.
        self.send("Emulation.setLocaleOverride", {"locale": self.lang})
        self.send("Network.setUserAgentOverride", {"userAgent": self.evaluate("navigator.userAgent"),
                                                   "acceptLanguage": self.lang})
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})
        if network:
            self.network(**network)
        self.navigate(url)

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})

    def network(self, offline=False, latency=0, download=-1):
        """The page's network: offline, or `download` bytes a second (-1:
        as fast as it is)."""
        self.send("Network.enable")
        self.send("Network.emulateNetworkConditions", {"offline": offline, "latency": latency,
                                                       "downloadThroughput": download, "uploadThroughput": -1})

    def wait_event(self, method, timeout=30):
        """The parameters of the next event `method` (others are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(method)
            try:
                msg = self.events.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(method) from None
            if msg.get("method") == method:
                return msg.get("params", {})

    def evaluate(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return r.get("result", {}).get("value")

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent",
                      {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
            time.sleep(0.05)

    def touch(self, kind, points):
        """A touch event: kind is touchStart, touchMove or touchEnd; points
        the fingers (x, y) still on the screen (none at touchEnd)."""
        self.send("Input.dispatchTouchEvent",
                  {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def key(self, key, code, vk, modifiers=0):
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": modifiers})

    def type_text(self, text):
        self.send("Input.insertText", {"text": text})

    def screenshot(self, path=None, decode=True):
        data = base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])
        if path:
            with open(path, "wb") as f:
                f.write(data)
        return decode_png(data) if decode else None

    def close(self):
        try:
            self.send("Browser.close", session="", wait=False)
            self.proc.wait(10)
        except Exception:
            self.proc.kill()


def decode_png(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows
