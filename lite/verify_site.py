"""Verify a built site before anyone serves or deploys it.

Checks that the output folder is a spynb site build (its marker file), that
the self-hosted Pyodide is there and configured, that the site's own lock
(``static/pyodide-lock/pyodide-lock.json``) has spynb and the kernel's boot
packages as files inside the site (not on a CDN), that every local file the
lock names exists with the right checksum, and that the pinned kernel
packages (``lite/requirements-kernel.txt``) are in the lock at their pins,
and that the site's own pages are there: the welcome page at the root (with
the configuration element the apps read from it, opening notebooks), the rules
page, the smoke-test notebooks in their hidden folder, and that every link of
the site leads to a file it has (``site_links.py``).

And that the Python the site serves is byte-compiled for the Python inside its
Pyodide: the standard library zip (with the kernel's ``sitecustomize``) and
every wheel the lock serves from the site hold bytecode for each module, with
the magic number the build's compile step read inside that Pyodide (recorded
in the marker file, for the Python version the lock names); the kernel's
package index (``pypi/all.json``) and the address the kernel reads it by
carry the rewritten wheels' checksums.

Usage: ``python lite/verify_site.py SITE [--wheel SPYNB_WHEEL] [--pins FILE]``.
Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlparse

from site_links import broken

__all__ = ["MARKER", "CHECKS_FOLDER", "PYODIDE_FILES", "BOOT_PACKAGES", "STDLIB_ZIP", "read_pins", "sha256_of", "verify_site",
           "archive_bytecode_problems", "main"]

#: the file every site build holds; the build deletes no folder without it
MARKER = ".spynb-site-build"

#: the hidden folder of files/ that holds the smoke-test notebooks
CHECKS_FOLDER = ".checks"

#: the site's own pages (lite/site_pages.py)
SITE_PAGES = ("index.html", "rules/index.html", "rules/taught.html", "site.css", "favicon.svg", "favicon.ico")

#: the core runtime files of a self-hosted Pyodide
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: packages the kernel loads on every start: they must be served by the site itself
BOOT_PACKAGES = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi", "traitlets")

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: the standard library the kernel imports from, inside the site
STDLIB_ZIP = "static/pyodide/python_stdlib.zip"


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(path: Path) -> dict[str, str]:
    """``name==version`` lines of a requirements file, keyed by canonical name."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([^\s;]+)", line)
        if match:
            pins[_canonical(match.group(1))] = match.group(2)
    return pins


def sha256_of(path: Path) -> str:
    """The sha256 of the file ``path``, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _kernel_settings(site: Path) -> dict:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config.get("jupyter-config-data", {})
    return data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})


def verify_site(site: Path, wheel: Path | None = None, pins: dict[str, str] | None = None) -> list[str]:
    """Every problem found with the built site in ``site`` (empty: all good)."""
    problems: list[str] = []
    if not (site / MARKER).is_file():
        return [f"{site}: not a spynb site build (no {MARKER})"]
    if not (site / "jupyter-lite.json").is_file():
        return [f"{site}: no jupyter-lite.json; the JupyterLite build did not finish"]

    # the self-hosted Pyodide, and the configuration that points at it
    for name in PYODIDE_FILES:
        if not (site / "static" / "pyodide" / name).is_file():
            problems.append(f"self-hosted Pyodide is missing static/pyodide/{name}")
    try:
        settings = _kernel_settings(site)
    except (OSError, json.JSONDecodeError) as err:
        return problems + [f"jupyter-lite.json cannot be read: {err}"]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"jupyter-lite.json loads Pyodide from {settings.get('pyodideUrl')!r}, "
                        "not the self-hosted ./static/pyodide/pyodide.mjs")
    lock_url = (settings.get("loadPyodideOptions") or {}).get("lockFileURL")
    if lock_url != "./static/pyodide-lock/pyodide-lock.json":
        problems.append(f"jupyter-lite.json uses the lock {lock_url!r}, not the site's own "
                        "./static/pyodide-lock/pyodide-lock.json")
        return problems

    lock_path = site / "static" / "pyodide-lock" / "pyodide-lock.json"
    try:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        return problems + [f"the site's lock cannot be read: {err}"]
    packages = {_canonical(name): entry for name, entry in lock.get("packages", {}).items()}

    # every file the lock names inside the site exists and matches its checksum
    for name, entry in sorted(packages.items()):
        file_name = entry.get("file_name", "")
        if urlparse(file_name).scheme:
            continue
        local = (lock_path.parent / unquote(file_name)).resolve()
        if not local.is_file():
            problems.append(f"the lock names {file_name} for {name}, but the site has no such file")
        elif not entry.get("sha256"):
            problems.append(f"the lock gives no checksum for {file_name}")
        elif sha256_of(local) != entry["sha256"]:
            problems.append(f"{local.name}: checksum differs from the lock's")

    # spynb is in the lock as the wheel this build made
    spynb = packages.get("spynb")
    if spynb is None:
        problems.append("the site's lock has no spynb")
    elif urlparse(spynb.get("file_name", "")).scheme:
        problems.append(f"the lock loads spynb from {spynb['file_name']}, not from the site")
    elif not {"anywidget", "traitlets"} <= {_canonical(d) for d in spynb.get("depends", [])}:
        problems.append("the lock's spynb does not bring anywidget and traitlets, so its boards would not import")
    elif wheel is not None:
        if not spynb["file_name"].endswith(wheel.name):
            problems.append(f"the lock has {spynb['file_name']}, not the wheel just built ({wheel.name})")
        else:
            problems += _same_sources(lock_path.parent / unquote(spynb["file_name"]), wheel)

    # the kernel starts without leaving the site
    for name in BOOT_PACKAGES:
        entry = packages.get(name)
        if entry is None:
            problems.append(f"the lock has no {name}, which the kernel loads at start")
        elif urlparse(entry.get("file_name", "")).scheme:
            problems.append(f"the kernel would fetch {name} from {entry['file_name']}, not from the site")

    # the kernel's widget packages are the pinned ones (the front ends are built from the same pins)
    for name, version in sorted((pins or {}).items()):
        entry = packages.get(name)
        if entry is None:
            problems.append(f"the lock has no {name} (pinned {version})")
        elif entry.get("version") != version:
            problems.append(f"the lock has {name} {entry.get('version')}, the pin is {version}")

    return problems + _verify_bytecode(site, lock, packages) + _verify_pages(site)


def _same_sources(served: Path, built: Path) -> list[str]:
    """The site's spynb wheel holds every file of the wheel just built, unchanged (RECORD apart: it gains the bytecode)."""
    try:
        with zipfile.ZipFile(served) as site_wheel, zipfile.ZipFile(built) as new_wheel:
            changed = [name for name in new_wheel.namelist() if not name.endswith("/RECORD")
                       and (name not in site_wheel.namelist() or site_wheel.read(name) != new_wheel.read(name))]
    except (OSError, zipfile.BadZipFile) as err:
        return [f"the site's spynb wheel cannot be compared with the wheel just built: {err}"]
    return [f"the site's spynb wheel is not the wheel just built ({changed[0]} differs)"] if changed else []


def archive_bytecode_problems(path: Path, magic: bytes) -> list[str]:
    """What is wrong with the bytecode of the zip or wheel ``path``: every module compiled, every ``.pyc`` ``magic``.

    A module is compiled when the archive has ``name.pyc`` (beside ``name.py``
    or in its place) or ``__pycache__/name.<tag>.pyc`` beside ``name.py``.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            pycs = {name: archive.read(name)[:4] for name in names if name.endswith(".pyc")}
    except (OSError, zipfile.BadZipFile) as err:
        return [f"{path.name} cannot be read: {err}"]
    cached = {re.sub(r"__pycache__/([^/]+)\.[^./]+\.pyc$", r"\1.py", name) for name in pycs}
    uncompiled = sorted(name for name in names if name.endswith(".py") and name + "c" not in pycs
                        and name not in cached)
    wrong = sorted(name for name, head in pycs.items() if head != magic)
    problems = []
    if not pycs:
        problems.append(f"{path.name} holds no bytecode")
    elif uncompiled:
        problems.append(f"{path.name}: {len(uncompiled)} module(s) without bytecode, e.g. {uncompiled[0]}")
    if wrong:
        problems.append(f"{path.name}: {len(wrong)} .pyc file(s) not of magic number {magic.hex()}, e.g. {wrong[0]} "
                        f"({pycs[wrong[0]].hex()})")
    return problems


def _verify_bytecode(site: Path, lock: dict, packages: dict[str, dict]) -> list[str]:
    """The standard library and every local wheel hold bytecode of the site's Python; the package index is current."""
    try:
        compiled = json.loads((site / MARKER).read_text(encoding="utf-8")).get("bytecode") or {}
    except (OSError, json.JSONDecodeError) as err:
        return [f"the marker file cannot be read: {err}"]
    if not compiled.get("magic"):
        return ["the marker file records no bytecode: the build did not byte-compile the site"]
    problems = []
    python = (lock.get("info") or {}).get("python")
    if python != compiled.get("python"):
        problems.append(f"the bytecode is for Python {compiled.get('python')}, the lock's Pyodide runs {python}")
    magic = bytes.fromhex(compiled["magic"])
    stdlib = site / STDLIB_ZIP
    if stdlib.is_file():
        problems += archive_bytecode_problems(stdlib, magic)
        with zipfile.ZipFile(stdlib) as archive:
            if "sitecustomize.pyc" not in archive.namelist():
                problems.append("the standard library zip lacks the kernel's sitecustomize")
    lock_folder = site / "static" / "pyodide-lock"
    for name, entry in sorted(packages.items()):
        file_name = entry.get("file_name", "")
        local = lock_folder / unquote(file_name)
        if not urlparse(file_name).scheme and file_name.endswith(".whl") and local.is_file():
            problems += archive_bytecode_problems(local, magic)
    return problems + _verify_package_index(site)


def _verify_package_index(site: Path) -> list[str]:
    """The kernel's own package index lists its wheels with their checksums, and is named by its own checksum."""
    problems = []
    settings_text = (site / "jupyter-lite.json").read_text(encoding="utf-8")
    for index in sorted(site.glob("extensions/**/pypi/all.json")):
        projects = json.loads(index.read_text(encoding="utf-8"))
        for dist in (d for p in projects.values() for ds in p.get("releases", {}).values() for d in ds):
            local = index.parent / dist.get("filename", "")
            if local.is_file() and dist.get("digests", {}).get("sha256") != sha256_of(local):
                problems.append(f"{index.relative_to(site)}: the checksum of {local.name} is not the file's")
        named = re.findall(re.escape(index.relative_to(site).as_posix()) + r"\?sha256=([0-9a-f]{64})", settings_text)
        if any(digest != sha256_of(index) for digest in named):
            problems.append(f"jupyter-lite.json names {index.relative_to(site)} with a checksum that is not the file's")
    return problems


def _verify_pages(site: Path) -> list[str]:
    """The welcome page, the rules pages, and every link of the site (``site_links.broken``)."""
    problems = [f"the site has no {page}" for page in SITE_PAGES if not (site / page).is_file()]
    if not (site / "files" / CHECKS_FOLDER / "site-check.ipynb").is_file():
        problems.append(f"the site has no files/{CHECKS_FOLDER}/site-check.ipynb for the browser tests")
    if problems:
        return problems
    welcome = (site / "index.html").read_text(encoding="utf-8")
    if 'id="jupyter-config-data"' not in welcome:
        problems.append("the welcome page lacks the jupyter-config-data element the apps read from the root")
    if not re.search(r'href="notebooks/index\.html\?path=[^"#]+"', welcome):
        problems.append("the welcome page opens no notebook")
    return problems + [f"a link leads nowhere: {link}" for link in broken(site)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site folder")
    parser.add_argument("--wheel", type=Path, help="the spynb wheel this build made")
    parser.add_argument("--pins", type=Path, help="requirements file of pinned kernel packages")
    args = parser.parse_args(argv)
    problems = verify_site(args.site, args.wheel, read_pins(args.pins) if args.pins else None)
    for problem in problems:
        print(f"verify_site: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"verify_site: {args.site} ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
