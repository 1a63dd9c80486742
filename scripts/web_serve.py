#!/usr/bin/env python3
"""Serve the browser version (target/web) on 127.0.0.1 with the headers that
make the page cross-origin isolated, so its web workers may share memory.

    python3 scripts/web_serve.py DIR PORT
"""
import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(folder, port):
    handler = functools.partial(Handler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    return server


if __name__ == "__main__":
    folder, port = sys.argv[1], int(sys.argv[2])
    server = serve(folder, port)
    print(f"Grundy Lab: http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)")
    server.serve_forever()
