"""Draw ``favicon.ico`` from ``favicon.svg``: the icon a browser asks the site's root for when a page names none.

The site's own pages link ``favicon.svg``; a browser that reads no SVG icon, or a file it shows without a page
(a JSON, a notebook's raw text), asks for ``/favicon.ico``.  Chromium draws the SVG at 16, 32 and 48 pixels
and the PNGs are packed into one ICO (PNG entries, read by every current browser).  Run it from the repository
when ``favicon.svg`` changes: ``python lite/favicon_ico.py`` (Playwright and Debian's Chromium, as the browser
tests use them); the build copies the ICO it wrote.
"""

from __future__ import annotations

import base64
import os
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = (16, 32, 48)


def pack_ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file of square PNG images, by side in pixels."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs.items():
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def draw_pngs(svg: bytes, chromium: str) -> dict[int, bytes]:
    """``svg`` drawn by Chromium at each of :data:`SIZES`, on a transparent background."""
    from playwright.sync_api import sync_playwright

    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    pngs = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0"><img src="{source}" width="{size}" height="{size}" '
                             'style="display:block" alt=""></body>')
            page.wait_for_function("() => document.images[0].complete")
            pngs[size] = page.screenshot(omit_background=True)
            page.close()
        browser.close()
    return pngs


if __name__ == "__main__":
    drawn = draw_pngs((HERE / "favicon.svg").read_bytes(), os.environ.get("SPYNB_CHROMIUM", "/usr/bin/chromium"))
    (HERE / "favicon.ico").write_bytes(pack_ico(drawn))
