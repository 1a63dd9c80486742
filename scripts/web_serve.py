#!/usr/bin/env python3
"""Serve the browser version (target/web) with the headers that make the
page cross-origin isolated, so its web workers may share memory.

    python3 scripts/web_serve.py DIR PORT [--host ADDRESS] [--no-isolation]

A file with a precompressed copy beside it (`scripts/web.sh compress`
writes `grundy_lab_bg.wasm.br` and `.gz`) is sent as that copy when the
browser accepts its encoding, as nginx's `gzip_static`/`brotli_static` do.
`--no-isolation` leaves the two headers out, as GitHub Pages or a school's
file server would (the page's service worker then adds them); the smoke
test uses it.
"""
import functools
import http.server
import os
import sys

# Best first: brotli is about a quarter smaller than gzip on the wasm.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted(header):
    """The encodings an Accept-Encoding header allows (q > 0)."""
    names = set()
    for part in (header or "").split(","):
        name, *params = [p.strip() for p in part.split(";")]
        q = next((p[2:] for p in params if p.startswith("q=")), "1")
        try:
            if float(q) > 0:
                names.add(name.lower())
        except ValueError:
            pass
    return names


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }
    isolation = True

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or not any(os.path.isfile(path + ext) for _, ext in ENCODINGS):
            return super().send_head()
        allowed = accepted(self.headers.get("Accept-Encoding"))
        encoding, ext = next(((e, x) for e, x in ENCODINGS if e in allowed and os.path.isfile(path + x)),
                             (None, ""))
        f = open(path + ext, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        # A cache between the page and the browser must keep each encoding apart.
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f

    def end_headers(self):
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that stops reading (a test's page closed, a download
        # aborted because the page cannot start) is not the server's error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def serve(folder, port, host="127.0.0.1", isolation=True):
    handler = functools.partial(type("H", (Handler,), {"isolation": isolation}), directory=folder)
    return Server((host, port), handler)


if __name__ == "__main__":
    args = sys.argv[1:]
    isolation = "--no-isolation" not in args
    args = [a for a in args if a != "--no-isolation"]
    host = "127.0.0.1"
    if "--host" in args:
        i = args.index("--host")
        host = args[i + 1]
        del args[i:i + 2]
    folder, port = args[0], int(args[1])
    server = serve(folder, port, host, isolation)
    print(f"Grundy Lab: http://{host}:{server.server_address[1]}/ (Ctrl+C stops)")
    server.serve_forever()
