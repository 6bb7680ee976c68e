"""Serve a built site on 127.0.0.1 with the content types JupyterLite needs.

``python lite/serve_site.py _site --port 8000`` serves until interrupted; the
tests and the benchmark use :func:`serve_in_thread`.  Only loopback is ever
bound.  Standard library only.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

__all__ = ["SiteHandler", "SiteServer", "StaticHostHandler", "make_server", "serve_in_thread", "main"]

#: content types browsers insist on (a wasm module, ES modules) and a few the defaults lack
CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler with the right content types and quiet logs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    quiet = True

    cache_control = "no-store"
    """What it asks browsers to keep: nothing, so a rebuilt site shows at once."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        if not self.quiet:
            super().log_message(format, *args)


class StaticHostHandler(SiteHandler):
    """The same files, with the caching a static host sends (GitHub Pages: ``max-age=600``), not ``no-store``."""

    cache_control = "max-age=600"


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves threads of requests; a browser that drops a connection (a page left mid-download) is no error."""

    quiet = True

    def handle_error(self, request: object, client_address: object) -> None:
        if self.quiet and isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the visitor went away: nothing to report
        super().handle_error(request, client_address)  # type: ignore[arg-type]  # any request, any address


def make_server(site: Path, port: int = 0, quiet: bool = True,
                handler_class: type[SiteHandler] = SiteHandler) -> SiteServer:
    """A server for ``site`` on 127.0.0.1 (port 0: a free port, see ``server.server_port``)."""
    handler = functools.partial(handler_class, directory=str(site))
    handler_class.quiet = quiet
    server = SiteServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    server.daemon_threads = True
    return server


def serve_in_thread(site: Path, port: int = 0, handler_class: type[SiteHandler] = SiteHandler
                    ) -> tuple[SiteServer, str]:
    """Start serving ``site`` in a daemon thread; returns the server and its base URL."""
    server = make_server(site, port, handler_class=handler_class)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site folder")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0: any free)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"serve: {args.site} has no index.html; build the site first (./build.sh build)", file=sys.stderr)
        return 1
    try:
        server = make_server(args.site, args.port, quiet=not args.verbose)
    except OSError as err:
        print(f"serve: cannot listen on 127.0.0.1:{args.port}: {err.strerror}; try --port", file=sys.stderr)
        return 1
    url = f"http://127.0.0.1:{server.server_port}/"
    print(f"Serving {args.site}: open {url}  (the welcome page; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
