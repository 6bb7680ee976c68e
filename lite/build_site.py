"""Build the static JupyterLite site, from scratch, into a fresh folder.

Run by ``./build.sh build`` with the build environment's Python (3.12+), from
the repository root.  The steps:

1. check the notebooks (``check_notebooks.py``);
2. fetch Pyodide's core runtime with npm (``pyodide@PYODIDE_VERSION``) into the
   build cache, once;
3. build the spynb wheel with the standard PEP 517 build (a pure-Python
   ``py3-none-any`` wheel, the same one ``pyodide build`` would make);
4. lay out a fresh staging folder: ``lite/``'s configuration, the Pyodide
   runtime under ``static/pyodide/``, the wheel, the notebooks under
   ``files/`` (each track's parts with their first lines and next link,
   ``tracks.py``), the smoke-test notebooks of ``lite/checks/``
   under the hidden ``files/.checks/`` (the browser tests open them; a
   visitor's file browser does not list them), and two requirement files
   written from Pyodide's own lock:
   ``kernel-boot.txt`` (the kernel's boot packages at Pyodide's versions)
   and ``pyodide-pins.txt`` (every pure-Python package at Pyodide's version);
5. ``jupyter lite build`` into a new folder beside the output, with the
   kernel's lock addon writing the site's own lock file;
6. write the site's own pages (``site_pages.py``): the welcome page at the
   root, the rules page and what is taught where; and add to the notebook
   app's page the script that runs the lessons when they open and keeps the
   site's links in one tab (``lesson_page.py``), and what it draws of each
   lesson's board while Python starts (``lesson_boards.py``);
7. byte-compile the standard library zip and every wheel the site serves,
   inside the site's own Pyodide under Node.js (``bytecode.py``), put the
   kernel's ``sitecustomize`` (``kernel_sitecustomize.py``) into the standard
   library, and bring the lock's and the kernel's package index's checksums
   up to date; the bytes this adds must stay within ``BYTECODE_BUDGET``;
8. verify the result (``verify_site.py``), mark it as a site build, and only
   then replace the output folder — which must be empty or a previous build.

Standard library and the repository's spynb only (the build tools are run as programs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlparse

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from check_notebooks import check_paths  # noqa: E402
from editions import EDITIONS, apply_edition, stamp_package  # noqa: E402
from lesson_boards import problems as lesson_board_problems, write_lesson_boards  # noqa: E402
from lesson_page import install as install_lesson_page, problems as lesson_page_problems  # noqa: E402
from site_pages import board_pictures, write_pages  # noqa: E402
from tracks import Track, check_tracks, load_tracks, navigate  # noqa: E402
from verify_site import CHECKS_FOLDER, MARKER, STDLIB_ZIP, read_pins, sha256_of, verify_site  # noqa: E402

#: the Pyodide the kernel (jupyterlite-pyodide-kernel 0.8.6) expects
PYODIDE_VERSION = "314.0.6"

#: files of the npm package that the site serves (maps, typings and demo pages are left out)
PYODIDE_SITE_FILES = ("package.json", "README.md", "pyodide.mjs", "pyodide.js", "pyodide.asm.mjs",
                      "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: the kernel's boot packages that come from Pyodide's lock (the others ship in the kernel's extension)
KERNEL_BOOT = ("micropip", "ipython", "jedi")

#: files copied from lite/ into the staging folder
LITE_CONFIG = ("jupyter_lite_config.json", "jupyter-lite.json", "requirements-kernel.txt")

#: the smoke-test notebooks the browser tests open (staged under files/CHECKS_FOLDER)
CHECKS = HERE / "checks"

#: the most the bytecode may add to the site, as a share of its bytes without it
BYTECODE_BUDGET = 0.25

#: wheels that keep their sources beside their bytecode: the package the site teaches, which learners read
KEEP_SOURCE = ("spynb",)

#: the kernel's sitecustomize (put into the standard library zip under that name)
SITECUSTOMIZE = HERE / "kernel_sitecustomize.py"

#: the lock the kernel reads, inside the site
SITE_LOCK = Path("static/pyodide-lock/pyodide-lock.json")


class BuildError(RuntimeError):
    """The build cannot go on; the message says why."""


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(args: list[str], **kwargs) -> None:
    log("$ " + " ".join(map(str, args)))
    subprocess.run([str(a) for a in args], check=True, **kwargs)


# -- the output folder ---------------------------------------------------------------------------

def is_previous_build(path: Path) -> bool:
    """True if ``path`` is a folder this build made (it holds the marker file)."""
    return path.is_dir() and (path / MARKER).is_file()


def check_output_dir(output: Path, repo: Path) -> None:
    """Refuse an output folder the build must not replace.

    Allowed: a path that does not exist, an empty folder, or a previous build.
    Never the repository itself, a folder containing it, or a non-build.
    """
    output = output.resolve()
    repo = repo.resolve()
    if output == repo or output in repo.parents:
        raise BuildError(f"refusing to build into {output}: it contains the repository")
    if output.exists() and not output.is_dir():
        raise BuildError(f"refusing to build into {output}: it is a file")
    if output.is_dir() and any(output.iterdir()) and not is_previous_build(output):
        raise BuildError(f"refusing to delete {output}: it is not empty and not a previous site build "
                         f"(no {MARKER}); remove it yourself or choose another --output")


def replace_output(new: Path, output: Path, repo: Path) -> None:
    """Swap the freshly built ``new`` folder in place of ``output``."""
    check_output_dir(output, repo)  # again: nothing may have changed it since the start
    if output.exists():
        shutil.rmtree(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(new), str(output))


# -- Pyodide ---------------------------------------------------------------------------------------

def fetch_pyodide(cache: Path, version: str = PYODIDE_VERSION) -> Path:
    """The extracted npm package ``pyodide@version`` in the build cache, fetched once."""
    folder = cache / f"pyodide-{version}"
    if (folder / "pyodide.asm.wasm").is_file() and (folder / "pyodide-lock.json").is_file():
        return folder
    downloads = cache / "npm"
    downloads.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", f"pyodide@{version}", "--pack-destination", downloads, "--silent"],
        stdout=subprocess.DEVNULL)
    tarball = downloads / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        raise BuildError(f"npm did not produce {tarball}")
    partial = cache / f"pyodide-{version}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith("package/") and "/" not in member.name[8:]:
                member.name = member.name[8:]
                archive.extract(member, partial, filter="data")
    missing = [name for name in PYODIDE_SITE_FILES if not (partial / name).is_file()]
    if missing:
        raise BuildError(f"the npm package pyodide@{version} lacks {', '.join(missing)}")
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def pyodide_requirements(lock_path: Path) -> tuple[list[str], list[str]]:
    """From Pyodide's lock: the kernel's boot packages and every pure-Python package, pinned.

    The pins let the lock addon's solver (uv) take those packages from PyPI at
    exactly Pyodide's versions, so the site serves them itself; compiled
    packages (numpy, matplotlib, ...) keep pointing at Pyodide's CDN.
    """
    packages = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    pins = sorted(f"{entry['name']}=={entry['version']}" for entry in packages.values()
                  if entry["file_name"].endswith("-none-any.whl"))
    boot = []
    for name in KERNEL_BOOT:
        if name not in packages:
            raise BuildError(f"Pyodide's lock has no {name}, which the kernel needs")
        boot.append(f"{name}=={packages[name]['version']}")
    return boot, pins


# -- the wheel -------------------------------------------------------------------------------------

def build_wheel(repo: Path, work: Path, edition: str = "student") -> Path:
    """Build spynb's wheel from a clean copy of the sources (PEP 517, setuptools).

    Building from a copy keeps the repository untouched and leaves no stale
    ``build/`` folder to leak deleted modules into the wheel.
    """
    src, dest = work / "src", work / "dist"
    for folder in (src, dest):
        shutil.rmtree(folder, ignore_errors=True)
    src.mkdir(parents=True)
    for path in repo.iterdir():
        if path.name == "pyproject.toml" or path.name.upper().startswith(("README", "LICENSE")):
            shutil.copy2(path, src / path.name)
    shutil.copytree(repo / "spynb", src / "spynb", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    stamp_package(src / "spynb", edition)  # editions.py: answer() refuses in the student edition
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dest, src],
        stdout=subprocess.DEVNULL)
    wheels = sorted(dest.glob("spynb-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure-Python spynb wheel in {dest}, found {[w.name for w in wheels]}")
    return wheels[0]


# -- bytecode ------------------------------------------------------------------------------------

def site_bytes(site: Path) -> int:
    """The bytes of every file in ``site``."""
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file())


def add_sitecustomize(stdlib_zip: Path) -> None:
    """Add the kernel's ``sitecustomize.py`` to the standard library zip (which has none of its own)."""
    with zipfile.ZipFile(stdlib_zip, "a", zipfile.ZIP_DEFLATED) as archive:
        if "sitecustomize.py" in archive.namelist():
            raise BuildError(f"{stdlib_zip} already has a sitecustomize.py")
        info = zipfile.ZipInfo("sitecustomize.py", date_time=archive.infolist()[0].date_time)
        archive.writestr(info, SITECUSTOMIZE.read_bytes(), zipfile.ZIP_DEFLATED)


def local_wheels(site: Path) -> dict[str, Path]:
    """Every wheel the site's lock serves from the site itself, by package name."""
    lock_path = site / SITE_LOCK
    packages = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    return {name: (lock_path.parent / unquote(entry["file_name"])).resolve() for name, entry in packages.items()
            if not urlparse(entry["file_name"]).scheme and entry["file_name"].endswith(".whl")}


def compile_bytecode(site: Path, pyodide: Path) -> dict:
    """Byte-compile the standard library and every local wheel inside the site's own Pyodide, in place.

    Runs ``bytecode.mjs`` (Node.js, the npm package's Pyodide); returns its
    summary (Python version, magic number, modules compiled per archive).
    """
    if shutil.which("node") is None:
        raise BuildError("Node.js (node) is needed to byte-compile the site inside Pyodide (Debian: apt-get install nodejs)")
    archives = {STDLIB_ZIP: ("stdlib", False)}
    for name, path in sorted(local_wheels(site).items()):
        archives[path.relative_to(site.resolve()).as_posix()] = ("wheel", name in KEEP_SOURCE)
    jobs = [{"source": rel, "target": rel + ".bytecode", "kind": kind, "keep_source": keep}
            for rel, (kind, keep) in archives.items()]
    result = subprocess.run(["node", HERE / "bytecode.mjs", pyodide, site, json.dumps(jobs)],
                            check=True, capture_output=True, text=True)
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    renamed = {}
    for job in jobs:
        path = site / job["source"]
        old = sha256_of(path)
        (site / job["target"]).replace(path)
        renamed[old] = (path, sha256_of(path))
    update_checksums(site, renamed)
    return summary


def update_checksums(site: Path, changed: dict[str, tuple[Path, str]]) -> None:
    """After rewriting files (old sha256 -> (path, new sha256)): the lock, the kernel's package index, its address."""
    lock_path = site / SITE_LOCK
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        if entry.get("sha256") in changed:
            entry["sha256"] = changed[entry["sha256"]][1]
    lock_path.write_text(json.dumps(lock, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    for index in site.glob("extensions/**/pypi/all.json"):
        old_index = sha256_of(index)
        projects = json.loads(index.read_text(encoding="utf-8"))
        for release in (dist for project in projects.values() for dists in project["releases"].values()
                        for dist in dists):
            if release["digests"].get("sha256") in changed:
                path, new = changed[release["digests"]["sha256"]]
                md5 = hashlib.md5(path.read_bytes()).hexdigest()
                release.update(size=path.stat().st_size, md5_digest=md5, digests={"md5": md5, "sha256": new})
        index.write_text(json.dumps(projects, indent=2, sort_keys=True), encoding="utf-8")
        new_index = sha256_of(index)
        for config in site.rglob("jupyter-lite.json"):  # the kernel's settings name the index with its checksum
            text = config.read_text(encoding="utf-8")
            if old_index in text:
                config.write_text(text.replace(old_index, new_index), encoding="utf-8")


def add_bytecode(site: Path, pyodide: Path) -> dict:
    """The kernel's sitecustomize and the bytecode, within the byte budget; the summary for the marker."""
    before = site_bytes(site)
    add_sitecustomize(site / STDLIB_ZIP)
    summary = compile_bytecode(site, pyodide)
    after = site_bytes(site)
    added = (after - before) / before
    log(f"bytecode for Python {summary['python']} (magic {summary['magic']}): "
        f"{sum(summary['compiled'].values())} modules in {len(summary['compiled'])} archives; "
        f"site {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB (+{(after - before) / 1e6:.1f} MB, "
        f"{added:+.1%}; budget +{BYTECODE_BUDGET:.0%})")
    if added > BYTECODE_BUDGET:
        raise BuildError(f"the bytecode adds {added:.1%} to the site, more than the budget of {BYTECODE_BUDGET:.0%}")
    return {"python": summary["python"], "magic": summary["magic"], "cache_tag": summary["cache_tag"],
            "bytes_before": before, "bytes_after": after}


# -- the whole build -------------------------------------------------------------------------------

def stage_notebooks(repo: Path, files: Path, tracks: tuple[Track, ...]) -> None:
    """The notebooks as the site serves them: each track's parts with their navigation, and the smoke tests."""
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "*.pyc", "__pycache__")
    shutil.copytree(repo / "notebooks", files, ignore=ignore)
    for track in tracks:
        for index, part in enumerate(track.parts):
            path = files / part.notebook
            notebook = json.loads(path.read_text(encoding="utf-8"))
            path.write_text(json.dumps(navigate(notebook, tracks, track, index), indent=1, ensure_ascii=False)
                            + "\n", encoding="utf-8")
    shutil.copytree(CHECKS, files / CHECKS_FOLDER, ignore=ignore)


def stage(repo: Path, work: Path, pyodide: Path, wheel: Path, tracks: tuple[Track, ...],
          edition: str = "student") -> Path:
    """A fresh lite folder with everything ``jupyter lite build`` reads."""
    lite = work / "stage"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    for name in LITE_CONFIG:
        shutil.copy2(HERE / name, lite / name)
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_SITE_FILES:
        shutil.copy2(pyodide / name, static / name)
    (lite / "wheels").mkdir()
    shutil.copy2(wheel, lite / "wheels" / wheel.name)
    stage_notebooks(repo, lite / "files", tracks)
    apply_edition(lite / "files", edition)  # editions.py: the student site leaves the teacher's key out
    boot, pins = pyodide_requirements(pyodide / "pyodide-lock.json")
    (lite / "kernel-boot.txt").write_text("\n".join(boot) + "\n", encoding="utf-8")
    (lite / "pyodide-pins.txt").write_text("\n".join(pins) + "\n", encoding="utf-8")
    return lite


def check_frontends(pins: dict[str, str]) -> None:
    """The widget front ends come from the build environment: they must match the kernel's pins."""
    from importlib.metadata import PackageNotFoundError, version

    for name in ("anywidget", "ipywidgets"):
        try:
            installed = version(name)
        except PackageNotFoundError:
            raise BuildError(f"{name} is not in the build environment (lite/requirements.txt)") from None
        if installed != pins.get(name):
            raise BuildError(f"the build environment has {name} {installed}, the kernel gets {pins.get(name)}; "
                             "reinstall the build environment")


def build(repo: Path, output: Path, cache: Path, edition: str = "student") -> Path:
    started = time.monotonic()
    check_output_dir(output, repo)
    tracks = load_tracks()
    problems = check_paths([repo / "notebooks", CHECKS]) + check_tracks(tracks, repo / "notebooks")
    if problems:
        raise BuildError("notebooks are not ready for the site:\n  " + "\n  ".join(problems))
    kernel_pins = read_pins(HERE / "requirements-kernel.txt")
    check_frontends(kernel_pins)

    pyodide = fetch_pyodide(cache)
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="work-", dir=cache))  # builds of several checkouts may share the cache
    wheel = build_wheel(repo, work, edition)
    lite = stage(repo, work, pyodide, wheel, tracks, edition)

    new = work / "site"
    env = dict(os.environ, UV_PYTHON_DOWNLOADS="never", UV_NO_PROGRESS="1")
    build_log = work / "jupyter-lite-build.log"
    with build_log.open("w", encoding="utf-8") as stream:
        try:
            run([Path(sys.executable).parent / "jupyter", "lite", "build", "--lite-dir", lite, "--output-dir", new],
                cwd=lite, env=env, stdout=stream, stderr=subprocess.STDOUT)
        except subprocess.CalledProcessError:
            sys.stderr.write(build_log.read_text(encoding="utf-8")[-20000:])
            raise
    log(f"jupyter lite build finished (its log: {build_log})")
    write_pages(new, new / "files", tracks, board_pictures(tracks))  # cell numbers as the visitor sees them
    install_lesson_page(new, tracks)  # lessons run themselves; the site's links stay in the tab
    write_lesson_boards(new, tracks)  # and show their board's first look while Python starts
    bytecode = add_bytecode(new, pyodide)
    (new / MARKER).write_text(json.dumps({
        "what": "spynb static site build; ./build.sh may delete this folder",
        "pyodide": PYODIDE_VERSION,
        "wheel": wheel.name,
        "bytecode": bytecode,
        "edition": edition,
    }, indent=2) + "\n", encoding="utf-8")
    problems = (verify_site(new, wheel, kernel_pins) + lesson_page_problems(new, tracks)
                + lesson_board_problems(new, tracks))
    if problems:
        raise BuildError("the built site failed verification:\n  " + "\n  ".join(problems))
    replace_output(new, output, repo)
    shutil.rmtree(work, ignore_errors=True)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"site built in {output} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the spynb JupyterLite site.")
    parser.add_argument("--output", type=Path, default=Path("_site"), help="output folder (default: _site)")
    parser.add_argument("--cache", type=Path, default=Path(".build-env/cache"),
                        help="build cache (default: .build-env/cache)")
    parser.add_argument("--repo", type=Path, default=Path.cwd(), help="repository root (default: here)")
    parser.add_argument("--edition", choices=EDITIONS, default="student",
                        help="student (default) or teacher: the teacher's adds the worked solutions and the key")
    args = parser.parse_args(argv)
    try:
        build(args.repo.resolve(), args.output.resolve(), args.cache.resolve(), args.edition)
    except BuildError as err:
        print(f"build: {err}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as err:
        print(f"build: a step failed ({' '.join(map(str, err.cmd))}: exit {err.returncode})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
