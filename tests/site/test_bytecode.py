"""Byte-compiling the site's archives (lite/bytecode.py) and the kernel's sitecustomize.

The compile step runs inside the site's Pyodide at build time; here the same
code runs in CPython, whose own magic number the bytecode then carries.  The
last test checks a built site (``SPYNB_SITE``) against the Python inside its
own Pyodide, run with Node.js.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

import kernel_sitecustomize  # noqa: E402
from bytecode import compile_archive  # noqa: E402
from verify_site import MARKER, STDLIB_ZIP, archive_bytecode_problems, verify_site  # noqa: E402

TAG = sys.implementation.cache_tag


def make_zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


def test_the_standard_library_gets_bytecode_in_place_of_its_sources(tmp_path):
    source = make_zip(tmp_path / "stdlib.zip", {"greet.py": "WORD = 'hello'\n", "pkg/__init__.py": "",
                                                "data.txt": "kept"})
    target = tmp_path / "compiled.zip"
    assert compile_archive(str(source), str(target), "stdlib", "/lib/python.zip", keep_source=False) == 2
    with zipfile.ZipFile(target) as archive:
        assert sorted(archive.namelist()) == ["data.txt", "greet.pyc", "pkg/__init__.pyc"]
        assert archive.read("greet.pyc")[:4] == importlib.util.MAGIC_NUMBER
    assert archive_bytecode_problems(target, importlib.util.MAGIC_NUMBER) == []


def test_zipimport_runs_the_sourceless_bytecode(tmp_path):
    source = make_zip(tmp_path / "stdlib.zip", {"spynb_zip_probe.py": "WORD = 'hello'\n"})
    target = tmp_path / "compiled.zip"
    compile_archive(str(source), str(target), "stdlib", str(target), keep_source=False)
    sys.path.insert(0, str(target))
    try:
        module = importlib.import_module("spynb_zip_probe")
        assert module.WORD == "hello"
        assert module.__file__.endswith("spynb_zip_probe.pyc")
        assert module.__spec__.loader.get_code("spynb_zip_probe").co_filename == f"{target}/spynb_zip_probe.py"
    finally:
        sys.path.remove(str(target))
        sys.modules.pop("spynb_zip_probe", None)


def test_a_wheel_keeping_its_sources_gets_pycache_bytecode_and_a_complete_record(tmp_path):
    source = make_zip(tmp_path / "w.whl", {"w/__init__.py": "X = 1\n", "w/core.py": "Y = 2\n",
                                           "w-1.0.dist-info/RECORD": "w/__init__.py,sha256=a,6\nw/core.py,,\n"})
    target = tmp_path / "out.whl"
    assert compile_archive(str(source), str(target), "wheel", "/site-packages", keep_source=True) == 2
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        record = archive.read("w-1.0.dist-info/RECORD").decode()
    assert {"w/__init__.py", "w/core.py", f"w/__pycache__/__init__.{TAG}.pyc", f"w/__pycache__/core.{TAG}.pyc"} <= names
    assert "w/core.py,," in record
    assert f"w/__pycache__/core.{TAG}.pyc,sha256=" in record
    assert archive_bytecode_problems(target, importlib.util.MAGIC_NUMBER) == []


def test_a_sourceless_wheel_loses_its_sources_from_the_record_too(tmp_path):
    source = make_zip(tmp_path / "w.whl", {"w/__init__.py": "X = 1\n", "w-1.0.dist-info/RECORD": "w/__init__.py,,\n"})
    target = tmp_path / "out.whl"
    compile_archive(str(source), str(target), "wheel", "/site-packages", keep_source=False)
    with zipfile.ZipFile(target) as archive:
        assert sorted(archive.namelist()) == ["w-1.0.dist-info/RECORD", "w/__init__.pyc"]
        lines = archive.read("w-1.0.dist-info/RECORD").decode().splitlines()
    assert [line.split(",")[0] for line in lines] == ["w/__init__.pyc"]


def test_unpacked_bytecode_is_used_without_its_source_being_read(tmp_path):
    # unchecked-hash bytecode: the unpacked wheel's sources may change (or lose their times); the bytecode still runs
    source = make_zip(tmp_path / "w.whl", {"spynb_wheel_probe/__init__.py": "WORD = 'compiled'\n"})
    target = tmp_path / "out.whl"
    compile_archive(str(source), str(target), "wheel", str(tmp_path / "site"), keep_source=True)
    zipfile.ZipFile(target).extractall(tmp_path / "site")
    (tmp_path / "site" / "spynb_wheel_probe" / "__init__.py").write_text("WORD = 'source'\n")
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        assert importlib.import_module("spynb_wheel_probe").WORD == "compiled"
    finally:
        sys.path.remove(str(tmp_path / "site"))
        sys.modules.pop("spynb_wheel_probe", None)


# -- the kernel's sitecustomize --------------------------------------------------------------------

@pytest.fixture
def drive(tmp_path, monkeypatch):
    """A drive folder holding a visitor's module, and a switch for 'the kernel's shell exists'."""
    folder = tmp_path / "drive"
    folder.mkdir()
    (folder / "visitor_module.py").write_text("ANSWER = 42\n")
    monkeypatch.setattr(kernel_sitecustomize, "DRIVE", str(folder))
    shell = types.SimpleNamespace(InteractiveShell=types.SimpleNamespace(initialized=lambda: False))
    monkeypatch.setitem(sys.modules, "IPython.core.interactiveshell", shell)
    return folder, shell


def test_the_drive_is_not_searched_before_the_kernel_has_started(drive):
    folder, _ = drive
    finder = kernel_sitecustomize.drive_hook(str(folder))
    assert finder.find_spec("visitor_module") is None


def test_the_drive_is_not_searched_while_ipython_is_still_being_imported(drive, monkeypatch):
    folder, _ = drive
    monkeypatch.setitem(sys.modules, "IPython.core.interactiveshell", types.ModuleType("partly imported"))
    assert kernel_sitecustomize.drive_hook(str(folder)).find_spec("visitor_module") is None


def test_the_drive_is_searched_once_the_kernel_has_started(drive):
    folder, shell = drive
    finder = kernel_sitecustomize.drive_hook(str(folder / "."))
    shell.InteractiveShell.initialized = lambda: True
    assert finder.find_spec("visitor_module").origin == str(folder / "." / "visitor_module.py")


def test_a_drive_subfolder_is_deferred_and_other_folders_are_left_to_the_usual_hooks(drive, tmp_path):
    folder, _ = drive
    (folder / "games").mkdir()
    assert isinstance(kernel_sitecustomize.drive_hook(str(folder / "games")), kernel_sitecustomize.DeferredDriveFinder)
    with pytest.raises(ImportError):
        kernel_sitecustomize.drive_hook(str(tmp_path))
    with pytest.raises(ImportError):
        kernel_sitecustomize.drive_hook(str(folder) + "-other")


def test_install_puts_the_hook_first_once(monkeypatch):
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    kernel_sitecustomize.install()
    kernel_sitecustomize.install()
    assert sys.path_hooks[0] is kernel_sitecustomize.drive_hook
    assert sys.path_hooks.count(kernel_sitecustomize.drive_hook) == 1


# -- the built site, against its own Pyodide -------------------------------------------------------

PYODIDE_MAGIC = """
import { loadPyodide } from "%s";
const pyodide = await loadPyodide();
console.log(pyodide.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()"));
"""


@pytest.fixture(scope="module")
def built_site() -> Path:
    site = os.environ.get("SPYNB_SITE")
    if not site:
        pytest.skip("SPYNB_SITE is not set: ./build.sh test builds the site and runs these tests")
    if shutil.which("node") is None:
        pytest.skip("Node.js is needed to run the site's Pyodide")
    return Path(site)


def test_the_built_site_carries_bytecode_of_the_python_inside_its_own_pyodide(built_site, tmp_path):
    script = tmp_path / "magic.mjs"
    script.write_text(PYODIDE_MAGIC % (built_site / "static" / "pyodide" / "pyodide.mjs").as_uri())
    magic = bytes.fromhex(subprocess.run(["node", script], check=True, capture_output=True, text=True,
                                         timeout=300).stdout.split()[-1])
    assert json.loads((built_site / MARKER).read_text())["bytecode"]["magic"] == magic.hex()
    lock_folder = built_site / "static" / "pyodide-lock"
    lock = json.loads((lock_folder / "pyodide-lock.json").read_text())
    wheels = [lock_folder / e["file_name"] for e in lock["packages"].values() if e["file_name"].startswith("../")]
    assert len(wheels) > 10
    for archive in [built_site / STDLIB_ZIP, *wheels]:
        assert archive_bytecode_problems(archive, magic) == []
    assert verify_site(built_site) == []  # every checksum of the lock and of the kernel's index is the file's
