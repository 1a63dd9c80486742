#!/usr/bin/env python3
"""The browser version's smoke test (`scripts/web.sh test`, run by CI).

It serves target/web on 127.0.0.1 with the headers of `web.sh serve`, opens
the page in headless Chromium (WebGL2 on SwiftShader) through the DevTools
protocol (and, at the end, in Firefox ESR over WebDriver BiDi: its message
without WebGL, then the app's start on a virtual display, in English and
Japanese), and goes through the app as a student would: each tab, a Grundy
map computed on the page's web workers (2048 x 2048 timed against the
desktop's one-thread fill, 4096 x 4096 with the page's frames measured,
16384 x 16384 refused for the page's memory, 8192 x 8192 cancelled), touch
(a pinch zooms the map, a tap pins a cell, a long press makes a hole in the
knight designer), a formula checked, a knight tour found and a count of
tours cancelled, Japanese. Around that: the progress bar of a first load
on a slow network and the wasm arriving compressed (.br or .gz); a host
without the isolation headers (as GitHub Pages), where sw.js adds them,
survives a hard reload and opens the app offline; an error box over the
app after an uncaught error; and the messages of a browser with WebGL
switched off and of a plain http:// address. It fails on any panic or exception in
the console of the page or of its workers, on an empty canvas, and when a
click did not do what it should (the app publishes its tab, language and
running jobs as `window.grundyLab`). Screenshots go to target/web-test/.

The places clicked are those of the layout at 1280 x 800 in English (read
off the screenshots; when the layout changes, the test says which step
failed and its screenshot shows where things are now).
"""
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bidi  # noqa: E402
import cdp  # noqa: E402
import web_serve  # noqa: E402

SHOTS = "target/web-test"
WIDTH, HEIGHT = 1280, 800
# The page's frames while a 4096 x 4096 map computes: the longest gap
# between two animation frames (a frozen page would show seconds).
LONGEST_FRAME_MS = 1000
# The page's fill of the queen's 2048 x 2048 map against the desktop's
# one-thread fill of the same table (issue: at most 3 x).
MAX_PAGE_RATIO = 3.0


class Failed(Exception):
    pass


class Smoke:
    def __init__(self, url, lang, args=(), network=None, cpu=None):
        self.profile = tempfile.mkdtemp(prefix="grundy-lab-web-")
        self.browser = cdp.Browser(WIDTH, HEIGHT, profile=self.profile, lang=lang, args=args)
        self.downloads = os.path.join(self.profile, "downloads")
        os.makedirs(self.downloads)
        try:
            self.browser.open(url, network, cpu)
            self.browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": self.downloads},
                              session="")
        except BaseException:
            self.close()
            raise
        self.step_name = "start"

    def close(self):
        self.browser.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def state(self):
        return self.browser.evaluate("window.grundyLab ? Object.assign({}, window.grundyLab) : null") or {}

    def wait(self, what, test, timeout=60.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s = self.state()
            if s and test(s):
                return s
            self.check_console()
            time.sleep(0.05)
        raise Failed(f"{self.step_name}: {what} did not happen in {timeout:.0f} s (state {self.state()})")

    def until(self, what, expression, test, timeout=60.0):
        """The value of the page's `expression` once `test` accepts it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.browser.evaluate(expression)
            if test(value):
                return value
            time.sleep(0.05)
        raise Failed(f"{self.step_name}: {what} did not happen in {timeout:.0f} s (last: {value!r})")

    def says(self, what, *parts, timeout=60.0):
        """The page's message (#status) once it holds every one of `parts`."""
        return self.until(what, "(s => s && !s.hidden ? s.innerText : '')(document.getElementById('status'))",
                          lambda text: text and all(p in text for p in parts), timeout)

    def reloaded(self, what, params=None, timeout=180):
        """Reload (Page.reload with `params`) and wait for the app's first frame."""
        self.browser.evaluate("window.__beforeReload = true")
        self.browser.send("Page.reload", params or {})
        return self.wait(what, lambda s: not self.browser.evaluate("window.__beforeReload === true")
                         and int(s.get("frame", "0")) >= 1, timeout)

    def check_console(self):
        bad = [m for m in self.browser.console
               if "panicked at" in m or m.startswith("exception") or "grundy-lab:" in m]
        if bad:
            raise Failed(f"{self.step_name}: the console says\n" + "\n".join(bad[:5]))

    def step(self, name):
        self.step_name = name
        print(f"web test: {name}", flush=True)

    def shot(self, name, decode=True):
        return self.browser.screenshot(os.path.join(SHOTS, name), decode)

    def click(self, x, y):
        self.browser.click(x, y)
        self.pointer = (x, y)

    def frames_pass(self, n=2):
        """Wait until the page has drawn `n` more frames (it has read the
        input sent before). egui draws a frame on input: the pointer moves
        by a pixel where it is while waiting."""
        start = int(self.state().get("frame", "0"))
        x, y = getattr(self, "pointer", (4, 4))
        nudge = [0]

        def drawn(s):
            if int(s.get("frame", "0")) >= start + n:
                return True
            nudge[0] ^= 1
            self.browser.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x + nudge[0], "y": y})
            return False

        self.wait(f"{n} frames", drawn, timeout=30)

    def type_into(self, x, y, text, enter=True):
        # egui focuses the field in a frame after the click: type once a
        # field has the keyboard, however slow the frames are.
        self.click(x, y)
        self.wait("a text field's focus", lambda s: s.get("focused") == "true", timeout=30)
        self.browser.key("a", "KeyA", 65, modifiers=2)  # Ctrl+A: replace what is there
        self.frames_pass()
        self.browser.type_text(text)
        self.frames_pass()
        if enter:
            self.browser.key("Enter", "Enter", 13)
            self.frames_pass()

    def download(self, extension, timeout=120):
        """The path of the first download whose name ends with `extension`,
        once complete."""
        deadline = time.monotonic() + timeout
        while True:
            self.check_console()
            done = [f for f in os.listdir(self.downloads) if f.endswith(extension)]
            if done:
                time.sleep(0.5)
                return os.path.join(self.downloads, done[0])
            if time.monotonic() > deadline:
                raise Failed(f"{self.step_name}: no {extension} downloaded (folder: {os.listdir(self.downloads)})")
            time.sleep(0.2)

    def idle(self):
        return self.wait("the jobs' end", lambda s: s.get("jobs") == "0", timeout=120)


def colours(png, box):
    """The number of distinct colours in `box` (x0, y0, x1, y1) of a screenshot."""
    _, _, bpp, rows = png
    seen = set()
    x0, y0, x1, y1 = box
    for y in range(y0, y1, 2):
        row = rows[y]
        for x in range(x0, x1, 2):
            seen.add(row[x * bpp:x * bpp + 3])
    return len(seen)


def changed(a, b, box):
    """The share of pixels of `box` that differ between two screenshots."""
    (_, _, bpp, ra), (_, _, _, rb) = a, b
    x0, y0, x1, y1 = box
    diff = total = 0
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            total += 1
            diff += ra[y][x * bpp:x * bpp + 3] != rb[y][x * bpp:x * bpp + 3]
    return diff / total


def reddish(png, box):
    _, _, bpp, rows = png
    x0, y0, x1, y1 = box
    n = 0
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            r, g, b = rows[y][x * bpp:x * bpp + 3]
            n += r > 130 and g < 90 and b < 90
    return n


def native_fill_ms(side):
    """The desktop's one-thread fill of the queen's side x side table: the
    engine alone, the library's `fill` example built with the page's
    profile (GRUNDY_LAB_PROFILE, `web` by default; CI's `ci` optimises
    the engine as release does and compiles the rest fast), the same
    computation as the queen line of `grundy-lab bench --only engine`; or
    the program GRUNDY_LAB_NATIVE names (its bench)."""
    # A target folder of its own: Cargo writes a profile's build into
    # target/PROFILE, and target/web is the page's own folder.
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "native-fill")
    env = dict(os.environ, RAYON_NUM_THREADS="1", CARGO_TARGET_DIR=target)
    exe = os.environ.get("GRUNDY_LAB_NATIVE")
    profile = os.environ.get("GRUNDY_LAB_PROFILE") or "web"
    if exe:
        command = [exe, "bench", "--only", "engine", "--size", str(side)]
    else:
        command = ["cargo", "run", "-q", "--profile", profile, "--locked", "-p", "grundy-lab-core", "--example",
                   "fill", "--", "queen", str(side)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    m = re.search(rf"^queen\s+{side} x {side}: ([\d.]+) (ms|s)", out, re.M)
    if not m:
        raise Failed(f"no queen line in the bench's output:\n{out}")
    return float(m.group(1)) * (1000 if m.group(2) == "s" else 1)


def english(url, folder):
    # The first load at 4 MB/s, slow enough to see the progress bar.
    t = Smoke(url, "en-US", network={"download": 4e6})
    try:
        t.step("while the wasm arrives (a 4 MB/s network) the page says how much, in English and Japanese")
        mb = os.path.getsize(os.path.join(folder, "grundy_lab_bg.wasm")) / 1e6
        text = t.says("the progress", "Loading Grundy Lab…", f" of {mb:.1f} MB", f"{mb:.1f} MB 中", timeout=60)
        t.shot("0-loading.png", decode=False)
        print(f"web test: the page said {text!r}", flush=True)

        t.step("the page starts, in English (the browser's language), with the guide open")
        s = t.wait("the first frame", lambda s: int(s.get("frame", "0")) >= 1, timeout=180)
        t.browser.network()
        compressed(t, folder)
        if s.get("language") != "English" or s.get("guide") != "Play":
            raise Failed(f"first start: {s}")
        play = t.shot("1-play.png")
        if colours(play, (0, 0, WIDTH, HEIGHT)) < 50:
            raise Failed("the canvas is empty")

        t.step("close the guide")
        t.click(1216, 91)
        t.wait("the guide's closing", lambda s: s.get("guide") == "")

        t.step("the Grundy map tab computes the queen's 1024 x 1024 map")
        t.click(179, 27)
        t.wait("the Map tab", lambda s: s.get("tab") == "Map")
        t.wait("the map", lambda s: s.get("map_side") == "1024", timeout=120)
        t.idle()
        shot = t.shot("2-map.png")
        if colours(shot, (110, 90, 800, 780)) < 40:
            raise Failed("the map has too few colours")

        t.step("Touch: a pinch zooms the map, a tap pins a cell")
        b = t.browser
        fingers = [(420, 430), (480, 430)]
        b.touch("touchStart", fingers)
        for k in range(1, 9):
            time.sleep(0.05)
            b.touch("touchMove", [(420 - 20 * k, 430), (480 + 20 * k, 430)])
        b.touch("touchEnd", [])
        time.sleep(0.5)
        pinched = t.shot("2a-pinched.png")
        share = changed(shot, pinched, (110, 90, 800, 780))
        print(f"web test: a pinch changed {share:.0%} of the map", flush=True)
        if share < 0.2:
            raise Failed("a pinch did not zoom the map")
        b.touch("touchStart", [(450, 430)])
        time.sleep(0.1)
        b.touch("touchEnd", [])
        time.sleep(0.5)
        tapped = t.shot("2b-tapped.png")
        # The cell's moves outlined and its why ("g(x, y) = mex {...}")
        # under the map.
        share = changed(pinched, tapped, (16, 77, 894, 783))
        print(f"web test: a tap on the map changed {share:.1%} of it (the cell's moves and why)", flush=True)
        if share < 0.005:
            raise Failed("a tap on the map showed nothing of the cell")
        t.check_console()

        t.step("2048 x 2048: the page's fill against the desktop's one-thread fill")
        t.type_into(1143, 346, "2048")
        s = t.wait("the 2048 map", lambda s: s.get("map_side") == "2048", timeout=120)
        page_ms = float(s["map_fill_ms"])
        t.idle()  # the page's statistics job would share the cores with the desktop's fill
        native_ms = native_fill_ms(2048)
        ratio = page_ms / native_ms
        print(f"web test: queen 2048 x 2048 fill: page {page_ms:.0f} ms, desktop one thread {native_ms:.0f} ms,"
              f" ratio {ratio:.2f} (target <= {MAX_PAGE_RATIO})", flush=True)
        if ratio > MAX_PAGE_RATIO:
            raise Failed(f"the page's fill is {ratio:.2f} x the desktop's one-thread fill")
        t.idle()

        t.step("4096 x 4096 while the page's frames are measured")
        t.browser.evaluate("""(() => { window.__gaps = []; let last = performance.now();
            const f = (now) => { window.__gaps.push(now - last); last = now;
                                 if (!window.__stopGaps) requestAnimationFrame(f); };
            requestAnimationFrame(f); })()""")
        t.type_into(1143, 346, "4096")
        t.wait("the 4096 map", lambda s: s.get("map_side") == "4096", timeout=180)
        t.idle()
        gaps = t.browser.evaluate("window.__stopGaps = true; window.__gaps") or []
        gaps = sorted(gaps[1:])
        if len(gaps) < 10:
            raise Failed(f"only {len(gaps)} frames while the map computed")
        longest, median = gaps[-1], gaps[len(gaps) // 2]
        print(f"web test: 4096 x 4096 map: {len(gaps)} frames, median {median:.0f} ms, longest {longest:.0f} ms"
              f" (target <= {LONGEST_FRAME_MS} ms), fill {t.state().get('map_fill_ms')} ms", flush=True)
        if longest > LONGEST_FRAME_MS:
            raise Failed(f"the page froze for {longest:.0f} ms")
        t.shot("3-map-4096.png")

        t.step("16384 x 16384 is more than the page's memory: refused with a message, the page lives on")
        t.type_into(1143, 346, "16384")
        s = t.wait("the refusal", lambda s: s.get("map_error") == "true", timeout=20)
        if s.get("map_computing") != "false" or s.get("map_side") != "4096":
            raise Failed(f"16384 x 16384 was not refused: {s}")
        t.shot("4-map-refused.png", decode=False)

        t.step("8192 x 8192, cancelled")
        t.type_into(1143, 346, "8192")
        t.wait("the 8192 fill", lambda s: s.get("map_computing") == "true")
        t.click(1196, 414)
        started = time.monotonic()
        t.wait("the cancel", lambda s: s.get("map_computing") == "false")
        print(f"web test: Cancel stopped the 8192 x 8192 map in {time.monotonic() - started:.2f} s", flush=True)
        t.idle()
        if t.state().get("map_side") == "8192":
            raise Failed("the 8192 map was not cancelled")
        t.shot("5-map-cancelled.png", decode=False)

        t.step("Pieces: check the formula x ^ y against the queen's table")
        t.click(291, 27)
        t.wait("the Pieces tab", lambda s: s.get("tab") == "Pieces")
        t.type_into(1135, 303, "x ^ y", enter=False)
        before = t.shot("6-formula.png")
        t.click(1099, 555)
        # The check starts in a frame after the click, and shows its result
        # in a frame after it ends.
        t.frames_pass(3)
        t.idle()
        t.frames_pass(3)
        after = t.shot("7-checked.png")
        if reddish(after, (1022, 585, 1250, 710)) < 500:
            raise Failed("no red 'does not hold' box after Check")
        if changed(before, after, (1022, 585, 1250, 710)) < 0.2:
            raise Failed("nothing changed under Check")

        t.step("Pieces: save the piece (a download); open a program through the browser's file picker")
        t.click(190, 86)
        time.sleep(0.5)
        t.click(478, 668)
        t.download(".json")
        # The left panel scrolled to its end: "Open a program…" at its foot.
        t.browser.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 200, "y": 700})
        for _ in range(10):
            t.browser.send("Input.dispatchMouseEvent",
                           {"type": "mouseWheel", "x": 200, "y": 700, "deltaX": 0, "deltaY": 500})
            time.sleep(0.1)
        time.sleep(0.5)
        before = t.shot("7b-program.png")
        t.browser.send("Page.setInterceptFileChooserDialog", {"enabled": True})
        t.click(290, 774)
        chooser = t.browser.wait_event("Page.fileChooserOpened", timeout=20)
        t.browser.send("DOM.setFileInputFiles", {"files": [os.path.abspath("assets/programs/queen.rhai")],
                                                 "backendNodeId": chooser["backendNodeId"]})
        time.sleep(1.5)
        after = t.shot("7c-program-opened.png")
        if changed(before, after, (58, 270, 375, 545)) < 0.05:
            raise Failed("the opened program is not in the editor")
        t.check_console()

        t.step("Knight designer: count the tours of 8 x 8 and cancel, then find a tour")
        t.click(419, 27)
        t.wait("the Knight tab", lambda s: s.get("tab") == "Knight")
        before = t.shot("8-knight.png")
        t.click(1100, 590)
        t.wait("the count", lambda s: s.get("jobs") != "0")
        t.shot("9-counting.png", decode=False)
        t.click(1196, 708)
        t.wait("the count's cancel", lambda s: s.get("jobs") == "0", timeout=5)
        # The side panel may have scrolled (to the widget that took the focus
        # when Cancel went away): back to its top, where the buttons were.
        for _ in range(5):
            t.browser.send("Input.dispatchMouseEvent",
                           {"type": "mouseWheel", "x": 1100, "y": 400, "deltaX": 0, "deltaY": -500})
            time.sleep(0.1)
        time.sleep(0.5)
        t.click(1096, 551)
        t.idle()
        time.sleep(0.3)
        after = t.shot("10-tour.png")
        if changed(before, after, (372, 212, 932, 772)) < 0.01:
            raise Failed("no tour drawn")

        t.step("Export PNG: the poster arrives as a download")
        t.click(1059, 127)
        path = t.download(".png")
        name = os.path.basename(path)
        with open(path, "rb") as f:
            poster = f.read()
        w, h = struct.unpack(">II", poster[16:24])
        print(f"web test: downloaded {name}, {len(poster)} bytes, {w} x {h}", flush=True)
        if not poster.startswith(b"\x89PNG") or len(poster) < 10_000:
            raise Failed(f"the download {name} is not a poster ({len(poster)} bytes)")

        t.step("Touch: a long press in the knight designer makes a hole")
        b = t.browser
        board = t.shot("10a-before-press.png")
        b.touch("touchStart", [(442, 282)])
        # Held still for a second (egui's long press is shorter); a frame
        # while the finger is down lets egui see it.
        time.sleep(1.0)
        b.touch("touchMove", [(442, 282)])
        time.sleep(0.3)
        b.touch("touchEnd", [])
        time.sleep(0.5)
        pressed = t.shot("10b-long-press.png")
        share = changed(board, pressed, (372, 212, 932, 772))
        print(f"web test: a long press changed {share:.1%} of the board", flush=True)
        if share < 0.002:
            raise Failed("a long press on the board made no hole")
        t.check_console()

        t.step("Japanese")
        t.click(553, 27)
        t.wait("Japanese", lambda s: s.get("language") == "Japanese")
        time.sleep(0.3)
        ja = t.shot("11-japanese.png")
        if changed(after, ja, (0, 0, WIDTH, 60)) < 0.05:
            raise Failed("the tab bar did not change language")
        t.check_console()

        t.step("the settings survive a reload (the browser's storage; the page's files now come from sw.js)")
        s = t.reloaded("the app after the reload")
        if not t.browser.evaluate("!!navigator.serviceWorker.controller"):
            raise Failed("the reloaded page did not come through sw.js")
        if s.get("language") != "Japanese" or s.get("tab") != "Knight":
            raise Failed(f"after a reload the app forgot its settings: {s}")
        t.check_console()
    finally:
        t.close()


# A school's network and a tablet: 10 Mbit/s with 40 ms of latency, the
# CPU 4 times slower (Chromium slows the page's thread only: "Operation is
# only supported for pages, not workers", so the workers that compute run
# at full speed; the test says how many took it). The targets are the
# release page's (`web.sh build`): CI's page (profile `ci`, unoptimised
# and less compressed) prints its figures without them.
SCHOOL_NETWORK = {"latency": 40, "download": 10e6 / 8}
SCHOOL_CPU = 4
FIRST_VISIT_LIMIT_S = 4.0
SECOND_VISIT_LIMIT_S = 1.5


def first_frame_seconds(t, what):
    """Seconds from the navigation's start to the end of the app's first
    frame, by the page's own clock: the app writes it (`firstFrame`) when
    it publishes that frame, so the test's polling adds nothing."""
    s = t.wait(what, lambda s: int(s.get("frame", "0")) >= 1, timeout=300)
    return float(s["firstFrame"]) / 1000


def school(url, release):
    t = Smoke(url, "en-US", network=SCHOOL_NETWORK, cpu=SCHOOL_CPU)
    try:
        t.step("a school's network (10 Mbit/s, 40 ms) and the page's thread 4 x slower: the first visit, the "
               "second, the second offline")
        first = first_frame_seconds(t, "the first frame of a first visit")
        # Let the service worker finish caching the page's files.
        t.until("sw.js caching the page", "navigator.serviceWorker.ready.then(() => caches.keys())",
                lambda keys: bool(keys), timeout=300)
        times = []
        for offline in (False, True):
            t.browser.network(offline=offline, **({} if offline else SCHOOL_NETWORK))
            t.browser.evaluate("window.__beforeReload = true")
            t.browser.send("Page.reload", {})
            t.wait("the reload", lambda s: not t.browser.evaluate("window.__beforeReload === true"), timeout=300)
            times.append(first_frame_seconds(t, "the first frame of a second visit"))
        second, offline = times
        workers = t.browser.workers_throttled
        print(f"web test: first frame at 10 Mbit/s, 40 ms, the page's thread {SCHOOL_CPU} x slower ({workers} of "
              f"the targets it started slowed too): first visit {first:.2f} s, second {second:.2f} s, second offline {offline:.2f} s "
              f"(release page's limits {FIRST_VISIT_LIMIT_S} s and {SECOND_VISIT_LIMIT_S} s"
              f"{'' if release else '; not applied to this profile'})", flush=True)
        if t.browser.worker_errors:
            print(f"web test: workers not slowed: {t.browser.worker_errors[:2]}", flush=True)
        # The targets are the release page's and not met yet (issue 49):
        # said, not failed, so that the rest of the test still runs.
        if release and (first > FIRST_VISIT_LIMIT_S or max(second, offline) > SECOND_VISIT_LIMIT_S):
            print(f"web test: NOT MET: the release page's targets ({FIRST_VISIT_LIMIT_S} s for a first visit, "
                  f"{SECOND_VISIT_LIMIT_S} s for a second)", flush=True)
    finally:
        t.close()


def compressed(t, folder):
    """The wasm came compressed (the .br or .gz beside it), as the page's
    resource timing tells: fewer bytes on the wire than in the file."""
    entry = t.browser.evaluate(
        "(e => e && {sent: e.encodedBodySize, size: e.decodedBodySize})"
        "(performance.getEntriesByName(new URL('grundy_lab_bg.wasm', location).href)[0])")
    if not entry or not entry["sent"] or entry["sent"] >= entry["size"]:
        raise Failed(f"the wasm did not arrive compressed: {entry}")
    wasm = os.path.join(folder, "grundy_lab_bg.wasm")
    how = next((name for name, ext in web_serve.ENCODINGS
                if os.path.exists(wasm + ext) and os.path.getsize(wasm + ext) == entry["sent"]), "?")
    print(f"web test: the wasm arrived as {how}: {entry['sent'] / 1e6:.1f} MB for {entry['size'] / 1e6:.1f} MB",
          flush=True)


def next_version(folder):
    """The page in `folder` made a new version: a mark in index.html, a new
    version in sw.js (their compressed copies dropped). Its cache's name."""
    for name in ("index.html", "sw.js"):
        for ext in (".br", ".gz"):
            if os.path.exists(os.path.join(folder, name + ext)):
                os.remove(os.path.join(folder, name + ext))
    with open(os.path.join(folder, "index.html"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as f:
        f.write(page.replace("<head>", '<head>\n  <meta name="smoke-test" content="next version">', 1))
    with open(os.path.join(folder, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    version = re.search(r"const VERSION = '([^']*)'", sw).group(1)
    with open(os.path.join(folder, "sw.js"), "w", encoding="utf-8") as f:
        f.write(sw.replace(f"'{version}'", f"'{version}-next'"))
    return f"grundy-lab-{version}-next"


def without_headers(folder):
    """A host that cannot send the isolation headers (GitHub Pages, a
    school's file server): sw.js adds them, keeps the page for offline and
    replaces it by a new version. On a copy of the page, which is changed."""
    copy = tempfile.mkdtemp(prefix="grundy-lab-host-")
    shutil.copytree(folder, copy, dirs_exist_ok=True)
    server = web_serve.serve(copy, 0, isolation=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    t = Smoke(f"http://127.0.0.1:{server.server_address[1]}/", "en-US")
    through_sw = "crossOriginIsolated && !!navigator.serviceWorker.controller"
    try:
        t.step("a host without the isolation headers: the page reloads once through sw.js and starts")
        t.wait("the first frame", lambda s: int(s.get("frame", "0")) >= 1, timeout=180)
        if not t.browser.evaluate(through_sw):
            raise Failed("the page started without sw.js or without isolation")
        t.check_console()

        t.step("a hard reload (Ctrl+Shift+R skips sw.js): the page reloads itself the normal way and starts")
        t.browser.console.clear()
        t.reloaded("the app after a hard reload", {"ignoreCache": True})
        if not t.browser.evaluate(through_sw):
            raise Failed("after a hard reload the page started without sw.js")
        if not any("reloading through sw.js" in m for m in t.browser.console):
            raise Failed("a hard reload did not skip sw.js (nothing was tried)")
        t.check_console()

        t.step("a new version on the host: a visit fetches it, the next opens it, the old cache is gone")
        cache = next_version(copy)
        t.reloaded("the app after the new version")
        t.until("the new version's cache alone", "caches.keys()", lambda keys: keys == [cache], timeout=120)
        t.reloaded("the new version")
        if not t.browser.evaluate("!!document.querySelector('meta[name=smoke-test]')"):
            raise Failed("the page is still the old version")
        t.check_console()

        t.step("no network (the browser offline, the host gone): a reload opens the app from sw.js's cache")
        server.shutdown()
        server.server_close()
        t.browser.network(offline=True)
        t.reloaded("the app offline")
        t.wait("the rest of the kanji, offline", lambda s: s.get("kanji") == "true")
        t.shot("13-offline.png")
        t.check_console()

        t.step("an uncaught error after the start: a box over the app says so, in English and Japanese")
        t.browser.evaluate("setTimeout(() => { throw new Error('a test of the error box'); })")
        t.until("the error box", "document.getElementById('grundy-lab-stopped')?.innerText",
                lambda text: text and all(p in text for p in ("stopped because of an error", "a test of the error box",
                                                              "Reload the page", "止まりました")))
        t.shot("14-error-box.png", decode=False)
    finally:
        t.close()
        server.server_close()
        shutil.rmtree(copy, ignore_errors=True)


def this_machines_address():
    """An address of this machine that is not the loopback (the one of its
    default route), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.254", 9))  # sends nothing
            ip = s.getsockname()[0]
        except OSError:
            return None
    return None if ip.startswith("127.") else ip


def refusals(folder, url):
    """What a student sees where the app cannot run."""
    t = Smoke(url, "en-US", args=("--disable-webgl", "--disable-3d-apis"))
    try:
        t.step("WebGL switched off: the page says what to switch on, in English and Japanese")
        t.says("the WebGL message", "needs WebGL", "Use graphics acceleration when available", "WebGL (3D グラフィックス)")
        t.shot("15-no-webgl.png", decode=False)

        t.step("an http:// address that is not this computer: the page says to open the https:// one")
        ip = this_machines_address()
        if not ip:
            print("web test: skipped (this machine has no address but the loopback)", flush=True)
            return
        server = web_serve.serve(folder, 0, host=ip)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            t.browser.navigate(f"http://{ip}:{server.server_address[1]}/")
            t.says("the https message", "starts with http://", "Open the https:// address", "https:// のアドレスを開いて")
            t.shot("16-http.png", decode=False)
        finally:
            server.shutdown()
            server.server_close()
    finally:
        t.close()


def japanese(url):
    t = Smoke(url, "ja")
    try:
        t.step("a browser in Japanese starts the app in Japanese")
        s = t.wait("the first frame", lambda s: int(s.get("frame", "0")) >= 1, timeout=180)
        if s.get("language") != "Japanese":
            raise Failed(f"first start in a Japanese browser: {s}")
        # The app's own texts are in the wasm; the rest of everyday
        # Japanese (a title a student types) arrives after the start.
        t.wait("the rest of the kanji (BIZUDPGothic-Regular-kanji.ttf)", lambda s: s.get("kanji") == "true")
        t.shot("12-japanese-browser.png")
        t.check_console()
    finally:
        t.close()


class VirtualDisplay:
    """An X display of its own (Xvfb) for a browser that is not headless."""

    def __init__(self, width, height):
        for n in range(90, 140):
            if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
                break
        else:
            raise Failed("no free X display number for Xvfb")
        self.name = f":{n}"
        self.proc = subprocess.Popen(["Xvfb", self.name, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise Failed("Xvfb did not start")
            time.sleep(0.05)

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def firefox_page(url, lang, display=None, prefs=None):
    """Firefox ESR on `url`, headless (no WebGL without a GPU) or on
    `display`, its profile removed when it is closed."""
    if not shutil.which("firefox-esr"):
        raise Failed("firefox-esr is not installed (`scripts/web.sh packages test` installs it)")
    profile = tempfile.mkdtemp(prefix="grundy-lab-firefox-")
    env = dict(os.environ)
    if display:
        env["DISPLAY"] = display.name
    try:
        browser = bidi.Firefox(WIDTH, HEIGHT, profile, lang=lang, prefs=prefs, headless=display is None, env=env)
    except BaseException:
        shutil.rmtree(profile, ignore_errors=True)
        raise
    try:
        browser.navigate(url)
    except BaseException:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
        raise
    return browser, profile


def firefox(url):
    """The app in Firefox ESR, driven over WebDriver BiDi: its message where
    WebGL is missing (headless Firefox has none without a GPU), then the app
    itself on a virtual display (WebGL2 on Mesa's llvmpipe), in English and
    in Japanese, with nothing in the console."""
    print("web test: Firefox ESR without WebGL: the page says what to switch on, in both languages", flush=True)
    browser, profile = firefox_page(url, "en-US")
    try:
        deadline = time.monotonic() + 120
        text = ""
        while time.monotonic() < deadline:
            text = browser.evaluate("(s => s && !s.hidden ? s.innerText : '')(document.getElementById('status'))")
            if text and "needs WebGL" in text:
                break
            time.sleep(0.1)
        for part in ("needs WebGL", "Firefox: Settings", "WebGL (3D グラフィックス)", "about:config"):
            if part not in (text or ""):
                raise Failed(f"Firefox without WebGL: the page's message lacks {part!r}: {text!r}")
        browser.screenshot(os.path.join(SHOTS, "20-firefox-no-webgl.png"))
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    display = VirtualDisplay(WIDTH, HEIGHT)
    try:
        for lang, language, shot in (("en-US", "English", "21-firefox.png"), ("ja", "Japanese", "22-firefox-ja.png")):
            print(f"web test: Firefox ESR ({lang}): the app starts, in {language}, with nothing in the console",
                  flush=True)
            # llvmpipe is not on Firefox's list of drivers it trusts.
            browser, profile = firefox_page(url, lang, display, prefs={"webgl.force-enabled": True})
            try:
                deadline = time.monotonic() + 180
                state = {}
                while time.monotonic() < deadline:
                    state = browser.evaluate("window.grundyLab ? Object.assign({}, window.grundyLab) : null") or {}
                    if int(state.get("frame", "0")) >= 3:
                        break
                    time.sleep(0.1)
                else:
                    status = browser.evaluate("(s => s ? s.innerText : '')(document.getElementById('status'))")
                    raise Failed(f"Firefox ({lang}): no frame in 180 s (state {state}, page says {status!r})")
                if state.get("language") != language:
                    raise Failed(f"Firefox ({lang}): the app started in {state.get('language')}, not {language}")
                if not browser.evaluate("crossOriginIsolated"):
                    raise Failed(f"Firefox ({lang}): the page is not cross-origin isolated (no threads)")
                png = cdp.decode_png(browser.screenshot(os.path.join(SHOTS, shot)))
                if colours(png, (0, 0, png[0], png[1])) < 8:
                    raise Failed(f"Firefox ({lang}): the screenshot is nearly one colour ({shot})")
                bad = [m for m in browser.console
                       if "panicked at" in m or m.startswith("exception") or "grundy-lab:" in m]
                if bad:
                    raise Failed(f"Firefox ({lang}): the console says\n" + "\n".join(bad[:5]))
            finally:
                browser.close()
                shutil.rmtree(profile, ignore_errors=True)
    finally:
        display.close()


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "target/web"
    shutil.rmtree(SHOTS, ignore_errors=True)
    os.makedirs(SHOTS)
    server = web_serve.serve(folder, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        refusals(folder, url)
        school(url, os.environ.get("GRUNDY_LAB_PROFILE", "web") == "web")
        english(url, folder)
        japanese(url)
        firefox(url)
        without_headers(folder)
    except (Failed, TimeoutError, RuntimeError, EOFError, OSError) as e:
        print(f"web test: FAILED: {e}\n(screenshots in {SHOTS}/)", file=sys.stderr)
        return 1
    print(f"web test: passed (screenshots in {SHOTS}/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
