"""Byte-compile the site's Python archives inside the site's own Pyodide.

The build runs this file with the Pyodide of the npm package under Node.js
(``bytecode.mjs``), so the bytecode is made by exactly the Python the
visitor's browser runs: its magic number, its optimiser, its ``cache_tag``.
Every ``.py`` file of an archive gets its bytecode beside it, and the source
stays (``docs/site.md`` says why):

* the standard library zip gets ``name.pyc`` next to ``name.py``: the only
  layout ``zipimport`` reads (it looks for ``.pyc`` before ``.py``);
* a wheel gets ``__pycache__/name.<cache_tag>.pyc``: Pyodide unpacks wheels
  into ``site-packages``, where the ordinary import system reads that layout;
  the wheel's ``RECORD`` lists the new files with their hashes.

The bytecode is *unchecked-hash* based (PEP 552): Python uses it without
looking at the source's modification time, which unpacking a wheel does not
keep, and without hashing the source on every import.  Each file is compiled
under the path it has in the running kernel, so tracebacks name real files.

Standard library only; ``main`` takes the job list as JSON on the command
line (the Node.js runner passes it in ``sys.argv``).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

#: what each archive kind is: where its files sit in the running kernel, and where its bytecode goes
KINDS = ("stdlib", "wheel")


def pyc_bytes(source: bytes, filename: str) -> bytes:
    """The unchecked-hash ``.pyc`` of ``source``, compiled as the file ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def pyc_name(name: str, kind: str, keep_source: bool) -> str:
    """Where the bytecode of the archive member ``name`` (a ``.py`` file) goes."""
    if kind == "stdlib" or not keep_source:
        return name + "c"
    folder, _, module = name.rpartition("/")
    cached = f"__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{cached}" if folder else cached


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_archive(source: str, target: str, kind: str, prefix: str, keep_source: bool) -> int:
    """Write ``target``: the archive ``source`` with every ``.py`` compiled; how many were compiled.

    ``prefix`` is the folder the archive's members live in at run time
    (``/lib/python314.zip`` for the standard library, site-packages for a
    wheel).  With ``keep_source`` the bytecode goes beside the source,
    otherwise in its place.  Bytecode already in ``source`` is made again.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown archive kind {kind!r}")
    written: dict[str, bytes] = {}
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        members = [info for info in src.infolist() if not info.filename.endswith(".pyc")]
        record = next((info for info in members if kind == "wheel" and info.filename.endswith(".dist-info/RECORD")),
                      None)
        for info in members:
            if info is record:
                continue
            data = src.read(info)
            is_source = info.filename.endswith(".py") and not info.is_dir()
            if is_source:
                name = pyc_name(info.filename, kind, keep_source)
                written[name] = pyc_bytes(data, f"{prefix}/{info.filename}")
                dst.writestr(_copy_info(info, name), written[name])
            if keep_source or not is_source:
                dst.writestr(_copy_info(info, info.filename), data)
        if record is not None:
            dropped = set() if keep_source else {name[:-1] for name in written}
            lines = [line for line in src.read(record).decode().splitlines()
                     if line and line.split(",", 1)[0] not in dropped and ".pyc," not in line]
            lines += [_record_line(name, data) for name, data in written.items()]
            dst.writestr(_copy_info(record, record.filename), "\n".join(lines) + "\n")
    return len(written)


def _copy_info(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    """A member header like ``info``'s (same date, so the archive is reproducible), for ``name``."""
    copy = zipfile.ZipInfo(name, date_time=info.date_time)
    copy.external_attr = info.external_attr
    copy.compress_type = zipfile.ZIP_DEFLATED
    return copy


def main(argv: list[str]) -> dict:
    """Run the jobs ``[{"source", "target", "kind", "keep_source"}, ...]`` given as JSON; a summary for the build."""
    jobs = json.loads(argv[0])
    prefixes = {"stdlib": next(p for p in sys.path if p.endswith(".zip")),
                "wheel": next(p for p in sys.path if p.endswith("site-packages"))}
    with warnings.catch_warnings():  # a package's own invalid escapes are its business, not the build's
        warnings.simplefilter("ignore")
        files = {job["source"]: compile_archive(job["source"], job["target"], job["kind"], prefixes[job["kind"]],
                                                job["keep_source"])
                 for job in jobs}
    return {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "cache_tag": sys.implementation.cache_tag, "compiled": files}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
