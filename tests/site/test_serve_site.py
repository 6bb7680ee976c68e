"""The local server used by ./build.sh serve, the browser tests and the benchmark."""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from serve_site import SiteHandler, StaticHostHandler, main, serve_in_thread  # noqa: E402


def test_serves_loopback_only_with_the_content_types_jupyterlite_needs(tmp_path):
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "pyodide.mjs").write_text("export {}", encoding="utf-8")
    server, url = serve_in_thread(tmp_path)
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert url.startswith("http://127.0.0.1:")
        expected = {"index.html": "text/html", "pyodide.asm.wasm": "application/wasm",
                    "pyodide.mjs": "text/javascript"}
        for name, content_type in expected.items():
            with urllib.request.urlopen(url + name) as response:
                assert response.headers["Content-Type"].startswith(content_type), name
    finally:
        server.shutdown()
        server.server_close()


def test_refuses_a_folder_that_is_not_a_site(tmp_path, capsys):
    assert main([str(tmp_path)]) == 1
    assert "build the site first" in capsys.readouterr().err


def test_the_static_host_handler_lets_browsers_cache_as_a_static_host_does(tmp_path):
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    for handler, expected in ((SiteHandler, "no-store"), (StaticHostHandler, "max-age=600")):
        server, url = serve_in_thread(tmp_path, handler_class=handler)
        try:
            with urllib.request.urlopen(url + "index.html") as response:
                assert response.headers.get_all("Cache-Control") == [expected], handler.__name__
        finally:
            server.shutdown()
            server.server_close()


def test_a_dropped_connection_prints_no_traceback_but_a_real_error_does(tmp_path, capsys):
    """Issue 54: a browser leaving a page mid-download resets its connections; the quiet server says nothing."""
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    server, _ = serve_in_thread(tmp_path)
    try:
        for dropped in (ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "Broken pipe")):
            try:
                raise dropped
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug in a handler")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a bug in a handler" in capsys.readouterr().err
    finally:
        server.shutdown()
        server.server_close()
