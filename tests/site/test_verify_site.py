"""Verification of a built site, on a small fake build laid out like a real one."""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lite"))

from verify_site import (  # noqa: E402
    BOOT_PACKAGES, CHECKS_FOLDER, KERNEL_PLUGIN, MARKER, PYODIDE_FILES, SITE_PAGES, STDLIB_ZIP,
    archive_bytecode_problems, read_pins, verify_site,
)

WHEEL = "spynb-0.1.0-py3-none-any.whl"
MAGIC = bytes.fromhex("2b0e0d0a")
PYC = MAGIC + bytes(12) + b"code"
WELCOME = ('<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>'
           '<a href="notebooks/index.html?path={path}">Start here</a>')


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def fake_site(root: Path) -> tuple[Path, Path]:
    """A minimal site that passes; returns it and the spynb wheel 'just built'."""
    site = root / "site"
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "static" / "pyodide-lock").mkdir(parents=True)
    (site / "files").mkdir()
    (site / MARKER).write_text(json.dumps({"bytecode": {"python": "3.14.2", "magic": MAGIC.hex()}}), encoding="utf-8")
    (site / "files" / CHECKS_FOLDER).mkdir()
    (site / "files" / CHECKS_FOLDER / "site-check.ipynb").write_text("{}", encoding="utf-8")
    (site / "files" / "kloak").mkdir()
    (site / "files" / "kloak" / "01-start-here.ipynb").write_text("{}", encoding="utf-8")
    (site / "rules").mkdir()
    (site / "notebooks").mkdir()
    for page in (*SITE_PAGES, "notebooks/index.html"):
        (site / page).write_text("page", encoding="utf-8")
    (site / "index.html").write_text(WELCOME.format(path="kloak/01-start-here.ipynb"), encoding="utf-8")
    for name in PYODIDE_FILES:
        (site / "static" / "pyodide" / name).write_text(name, encoding="utf-8")
    write_zip(site / STDLIB_ZIP, {"os.pyc": PYC, "json/__init__.pyc": PYC, "sitecustomize.pyc": PYC})
    settings = {"pyodideUrl": "./static/pyodide/pyodide.mjs",
                "loadPyodideOptions": {"lockFileURL": "./static/pyodide-lock/pyodide-lock.json"}}
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (site / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")

    sources = {"spynb/__init__.py": b"x = 1\n", "spynb-0.1.0.dist-info/RECORD": b"spynb/__init__.py,,\n"}
    wheel = write_zip(root / WHEEL, sources)
    packages = {}
    for name in (*BOOT_PACKAGES, "anywidget", "spynb"):
        file_name = WHEEL if name == "spynb" else f"{name}-1.0-py3-none-any.whl"
        local = site / "static" / "pyodide-lock" / file_name
        if name == "spynb":  # sources kept, bytecode beside them
            write_zip(local, {**sources, "spynb/__pycache__/__init__.cpython-314.pyc": PYC})
        else:  # bytecode in place of the sources
            write_zip(local, {f"{name.replace('-', '_')}/__init__.pyc": PYC, f"{name}-1.0.dist-info/RECORD": b""})
        packages[name] = {"name": name, "version": "0.11.0" if name == "anywidget" else "1.0",
                          "file_name": f"../../static/pyodide-lock/{file_name}", "sha256": sha(local),
                          "depends": ["anywidget", "traitlets"] if name == "spynb" else []}
    packages["numpy"] = {"name": "numpy", "version": "2.4.6", "depends": [], "sha256": "0" * 64,
                         "file_name": "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/numpy.whl"}
    lock = site / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock.write_text(json.dumps({"info": {"python": "3.14.2"}, "packages": packages}), encoding="utf-8")
    return site, wheel


def edit_lock(site: Path, change) -> None:
    path = site / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    change(lock["packages"])
    path.write_text(json.dumps(lock), encoding="utf-8")


def test_a_good_site_passes(tmp_path):
    site, wheel = fake_site(tmp_path)
    assert verify_site(site, wheel, {"anywidget": "0.11.0"}) == []


def test_a_folder_without_the_marker_is_not_a_build(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / MARKER).unlink()
    assert "not a spynb site build" in verify_site(site, wheel)[0]


def test_the_self_hosted_pyodide_must_be_there(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / "static" / "pyodide" / "pyodide.asm.wasm").unlink()
    assert verify_site(site, wheel) == ["self-hosted Pyodide is missing static/pyodide/pyodide.asm.wasm"]


def test_pyodide_from_a_cdn_is_refused(tmp_path):
    site, wheel = fake_site(tmp_path)
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]["pyodideUrl"] = "https://cdn/pyodide.mjs"
    (site / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    assert any("not the self-hosted" in p for p in verify_site(site, wheel))


def test_the_lock_must_have_spynb(tmp_path):
    site, wheel = fake_site(tmp_path)
    edit_lock(site, lambda packages: packages.pop("spynb"))
    assert "the site's lock has no spynb" in verify_site(site, wheel)


def test_spynb_must_be_the_wheel_just_built(tmp_path):
    # the site's wheel gains bytecode, so it is compared with the wheel just built file by file
    site, wheel = fake_site(tmp_path)
    write_zip(wheel, {"spynb/__init__.py": b"x = 2\n"})
    assert "the site's spynb wheel is not the wheel just built (spynb/__init__.py differs)" in verify_site(site, wheel)


def test_spynb_must_bring_its_widgets(tmp_path):
    site, wheel = fake_site(tmp_path)
    edit_lock(site, lambda packages: packages["spynb"].update(depends=[]))
    assert any("anywidget and traitlets" in p for p in verify_site(site, wheel))


def test_a_boot_package_on_a_cdn_is_refused(tmp_path):
    site, wheel = fake_site(tmp_path)
    edit_lock(site, lambda packages: packages["ipython"].update(file_name="https://cdn/ipython.whl"))
    assert any("would fetch ipython from https://cdn/ipython.whl" in p for p in verify_site(site, wheel))


def test_a_missing_or_altered_local_file_is_found(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / "static" / "pyodide-lock" / "jedi-1.0-py3-none-any.whl").unlink()
    (site / "static" / "pyodide-lock" / "comm-1.0-py3-none-any.whl").write_bytes(b"tampered")
    problems = verify_site(site, wheel)
    assert any("no such file" in p and "jedi" in p for p in problems)
    assert any("comm-1.0-py3-none-any.whl: checksum" in p for p in problems)


def test_pins_are_checked(tmp_path):
    site, wheel = fake_site(tmp_path)
    assert verify_site(site, wheel, {"anywidget": "0.10.0"}) == [
        "the lock has anywidget 0.11.0, the pin is 0.10.0"]


def test_read_pins(tmp_path):
    path = tmp_path / "req.txt"
    path.write_text("# c\nAny_Widget==0.11.0  # x\nfoo[bar]==1\nloose>=2\n-r other.txt\n", encoding="utf-8")
    assert read_pins(path) == {"any-widget": "0.11.0", "foo": "1"}


def test_the_repository_pins_are_readable():
    pins = read_pins(REPO / "lite" / "requirements-kernel.txt")
    assert {"anywidget", "ipywidgets"} <= set(pins)


def test_the_welcome_page_must_keep_the_configuration_the_apps_read(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / "index.html").write_text('<a href="notebooks/index.html?path=kloak/01-start-here.ipynb">x</a>',
                                     encoding="utf-8")
    assert verify_site(site, wheel) == [
        "the welcome page lacks the jupyter-config-data element the apps read from the root"]


def test_the_welcome_page_must_open_notebooks_the_site_has(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / "index.html").write_text(WELCOME.format(path="kloak/09-gone.ipynb"), encoding="utf-8")
    assert verify_site(site, wheel) == [
        "a link leads nowhere: index.html (line 1): notebooks/index.html?path=kloak/09-gone.ipynb: the app opens "
        "files/kloak/09-gone.ipynb, which the site does not have"]


def test_every_link_of_the_site_must_lead_to_a_file_it_has(tmp_path):
    site, wheel = fake_site(tmp_path)
    notebook = {"cells": [{"cell_type": "markdown", "source": "[the rules](../rules/index.html?%#KL-99)"}]}
    (site / "files" / "kloak" / "01-start-here.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    assert verify_site(site, wheel) == [
        "a link leads nowhere: files/kloak/01-start-here.ipynb (cell 1): ../rules/index.html?%#KL-99: no id 'KL-99' "
        "on rules/index.html"]


def test_the_rules_page_and_the_smoke_tests_must_be_there(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / "rules" / "index.html").unlink()
    (site / "files" / CHECKS_FOLDER / "site-check.ipynb").unlink()
    assert verify_site(site, wheel) == [
        "the site has no rules/index.html",
        f"the site has no files/{CHECKS_FOLDER}/site-check.ipynb for the browser tests"]


def test_a_local_file_without_a_checksum_in_the_lock_is_refused(tmp_path):
    site, wheel = fake_site(tmp_path)
    edit_lock(site, lambda packages: packages["jedi"].pop("sha256"))
    assert "the lock gives no checksum for ../../static/pyodide-lock/jedi-1.0-py3-none-any.whl" in verify_site(site, wheel)


def test_a_site_built_without_bytecode_is_refused(tmp_path):
    site, wheel = fake_site(tmp_path)
    (site / MARKER).write_text("{}", encoding="utf-8")
    assert verify_site(site, wheel) == ["the marker file records no bytecode: the build did not byte-compile the site"]


def test_bytecode_for_another_python_than_the_lock_names_is_refused(tmp_path):
    site, wheel = fake_site(tmp_path)
    path = site / "static" / "pyodide-lock" / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    lock["info"]["python"] = "3.13.2"
    path.write_text(json.dumps(lock), encoding="utf-8")
    assert verify_site(site, wheel) == ["the bytecode is for Python 3.14.2, the lock's Pyodide runs 3.13.2"]


def test_a_wheel_with_bytecode_of_another_magic_number_is_found(tmp_path):
    site, wheel = fake_site(tmp_path)
    jedi = site / "static" / "pyodide-lock" / "jedi-1.0-py3-none-any.whl"
    write_zip(jedi, {"jedi/__init__.pyc": bytes.fromhex("f30d0d0a") + bytes(12)})
    edit_lock(site, lambda packages: packages["jedi"].update(sha256=sha(jedi)))
    assert verify_site(site, wheel) == [
        "jedi-1.0-py3-none-any.whl: 1 .pyc file(s) not of magic number 2b0e0d0a, e.g. jedi/__init__.pyc (f30d0d0a)"]


def test_a_standard_library_module_without_bytecode_is_found(tmp_path):
    site, wheel = fake_site(tmp_path)
    write_zip(site / STDLIB_ZIP, {"os.pyc": PYC, "random.py": b"", "sitecustomize.pyc": PYC})
    assert verify_site(site, wheel) == ["python_stdlib.zip: 1 module(s) without bytecode, e.g. random.py"]


def test_the_standard_library_must_carry_the_kernels_sitecustomize(tmp_path):
    site, wheel = fake_site(tmp_path)
    write_zip(site / STDLIB_ZIP, {"os.pyc": PYC})
    assert verify_site(site, wheel) == ["the standard library zip lacks the kernel's sitecustomize"]


def test_bytecode_beside_its_source_counts_in_either_layout(tmp_path):
    archive = write_zip(tmp_path / "a.zip", {"a.py": b"", "a.pyc": PYC, "p/b.py": b"",
                                             "p/__pycache__/b.cpython-314.pyc": PYC})
    assert archive_bytecode_problems(archive, MAGIC) == []
    bare = write_zip(tmp_path / "b.zip", {"a.py": b""})
    assert archive_bytecode_problems(bare, MAGIC) == ["b.zip holds no bytecode"]


def test_the_kernels_package_index_must_carry_its_wheels_checksums(tmp_path):
    site, wheel = fake_site(tmp_path)
    pypi = site / "extensions" / "kernel" / "static" / "pypi"
    pypi.mkdir(parents=True)
    piplite = write_zip(pypi / "piplite-1.0-py3-none-any.whl", {"piplite/__init__.pyc": PYC})
    index = pypi / "all.json"
    release = {"filename": piplite.name, "digests": {"sha256": "0" * 64}}
    index.write_text(json.dumps({"piplite": {"releases": {"1.0": [release]}}}), encoding="utf-8")
    assert verify_site(site, wheel) == [
        "extensions/kernel/static/pypi/all.json: the checksum of piplite-1.0-py3-none-any.whl is not the file's"]
    release["digests"]["sha256"] = sha(piplite)
    index.write_text(json.dumps({"piplite": {"releases": {"1.0": [release]}}}), encoding="utf-8")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]["pipliteUrls"] = [
        f"./extensions/kernel/static/pypi/all.json?sha256={'1' * 64}"]
    (site / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    assert verify_site(site, wheel) == [
        "jupyter-lite.json names extensions/kernel/static/pypi/all.json with a checksum that is not the file's"]
