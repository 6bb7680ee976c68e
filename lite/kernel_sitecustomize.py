"""The site's ``sitecustomize``: the kernel looks into the visitor's folder only once it has started.

The build puts this file into the site's standard library zip as
``sitecustomize.py``; Python imports it while Pyodide starts, before the
kernel mounts the visitor's files at ``/drive`` and makes that its working
directory.  On the visitor's path (service worker on) every look into
``/drive`` is a blocking request through the service worker, and ``''`` (the
working directory) comes first on ``sys.path``: without this file each
top-level import of the kernel's start-up asks the service worker about the
folder (about a hundred requests).

So a folder of the drive gets a finder that finds nothing until the kernel's
IPython shell exists, and from then on is the ordinary file finder: a
visitor's own ``mymodule.py`` beside a notebook imports as before, and the
drive itself (saved notebooks and files) is untouched.
"""

from __future__ import annotations

import sys
from importlib.machinery import (
    BYTECODE_SUFFIXES, EXTENSION_SUFFIXES, SOURCE_SUFFIXES, ExtensionFileLoader, FileFinder, SourceFileLoader,
    SourcelessFileLoader,
)

#: where the kernel mounts the visitor's files (jupyterlite-pyodide-kernel's worker)
DRIVE = "/drive"

LOADERS = ((ExtensionFileLoader, EXTENSION_SUFFIXES), (SourceFileLoader, SOURCE_SUFFIXES),
           (SourcelessFileLoader, BYTECODE_SUFFIXES))


def kernel_started() -> bool:
    """True once the kernel's IPython shell exists (the kernel has imported what it starts with)."""
    module = sys.modules.get("IPython.core.interactiveshell")
    shell = getattr(module, "InteractiveShell", None)  # None while that module is still being imported
    return shell is not None and shell.initialized()


class DeferredDriveFinder(FileFinder):
    """The file finder of a drive folder that finds nothing, and asks nothing, before the kernel has started."""

    def find_spec(self, fullname, target=None):
        if not kernel_started():
            return None
        return super().find_spec(fullname, target)


def drive_hook(path: str) -> DeferredDriveFinder:
    """``sys.path_hooks`` entry: a deferred finder for a folder under :data:`DRIVE`, nothing for any other path."""
    if path != DRIVE and not path.startswith(DRIVE + "/"):
        raise ImportError("not a folder of the drive")
    return DeferredDriveFinder(path, *LOADERS)


def install() -> None:
    """Put :func:`drive_hook` first among the path hooks (once)."""
    if drive_hook not in sys.path_hooks:
        sys.path_hooks.insert(0, drive_hook)


if __name__ == "sitecustomize":
    install()
