"""Check notebooks before they go into the site.

Every notebook must:

* name the in-browser Pyodide kernel (``"name": "python"``), so the site opens
  it with Pyodide and not with a kernel it does not have;
* hold no stored outputs and no execution counts, so a visitor sees what the
  notebook does only by running it, and the repository holds no stale results;
* hold no stored widget state, which would show dead widgets on a page that
  has not run yet.

Usage: ``python lite/check_notebooks.py [NOTEBOOK_OR_FOLDER ...]`` (default:
``notebooks/``).  Prints one line per problem and exits 1 if there is any.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["PYODIDE_KERNELSPEC", "check_notebook", "check_paths", "find_notebooks", "main"]

#: the kernelspec of jupyterlite-pyodide-kernel, as the site's notebooks must store it
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

#: the notebook-metadata key of stored widget state
WIDGET_STATE_KEY = "widgets"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def find_notebooks(paths: list[Path]) -> list[Path]:
    """Every ``.ipynb`` named or under the folders named, skipping checkpoints."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += [p for p in sorted(path.rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts]
        else:
            found.append(path)
    return found


def check_notebook(path: Path) -> list[str]:
    """The problems with one notebook, each a sentence starting with its path."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        return [f"{path}: cannot be read as a notebook ({err})"]
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return [f"{path}: is not a notebook (no list of cells)"]

    problems: list[str] = []
    metadata = notebook.get("metadata") or {}
    kernelspec = metadata.get("kernelspec") or {}
    if kernelspec.get("name") != PYODIDE_KERNELSPEC["name"]:
        problems.append(
            f"{path}: kernelspec name is {kernelspec.get('name')!r}, expected the Pyodide kernel "
            f"{PYODIDE_KERNELSPEC['name']!r} (metadata.kernelspec = {json.dumps(PYODIDE_KERNELSPEC)})"
        )
    elif kernelspec.get("language") not in (None, "python"):
        problems.append(f"{path}: kernelspec language is {kernelspec.get('language')!r}, expected 'python'")
    if WIDGET_STATE_KEY in metadata:
        problems.append(f"{path}: stores widget state (metadata.widgets); clear it before committing")

    for number, cell in enumerate(notebook["cells"], start=1):
        if cell.get("cell_type") != "code":
            continue
        outputs = cell.get("outputs") or []
        if outputs:
            kinds = sorted({str(output.get("output_type")) for output in outputs})
            problems.append(f"{path}: cell {number} stores {len(outputs)} output(s) ({', '.join(kinds)}); "
                            "clear outputs before committing")
            for output in outputs:
                data = output.get("data") or {}
                if WIDGET_VIEW_MIME in data or WIDGET_STATE_MIME in data:
                    problems.append(f"{path}: cell {number} stores a widget view in its outputs")
                    break
        if cell.get("execution_count") is not None:
            problems.append(f"{path}: cell {number} stores an execution count; clear outputs before committing")
    return problems


def check_paths(paths: list[Path]) -> list[str]:
    """The problems with every notebook found in ``paths`` (none found is a problem too)."""
    notebooks = find_notebooks(paths)
    if not notebooks:
        return [f"no notebooks found in {', '.join(map(str, paths))}"]
    problems: list[str] = []
    for notebook in notebooks:
        problems += check_notebook(notebook)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[Path("notebooks")],
                        help="notebooks or folders of notebooks (default: notebooks/)")
    args = parser.parse_args(argv)
    problems = check_paths(args.paths)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check_notebooks: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check_notebooks: {len(find_notebooks(args.paths))} notebook(s) ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
