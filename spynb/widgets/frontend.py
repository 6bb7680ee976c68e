"""The widgets' front end: the one ES module text (and CSS) each widget hands anywidget.

Every file in ``static/``, and each game's board module in its own folder
(its manifest's ``front_end``), is a real ES module: it imports what it uses
by a relative path (``import { h, button } from "./dom.js";``, or from a game's
folder ``"../widgets/static/dom.js"``) and exports what they use, so ``tsc
--checkJs`` checks it as it stands (``./build.sh test``).
anywidget, though, takes one module text per widget (``_esm``) and loads it
from a blob, where a relative import resolves to nothing.  This module links
the files into that one text.

Why a small linker here and not a bundler (esbuild) at build time: the module
texts are made when a widget is made, in the browser's Python as in CPython,
straight from the package's ``static/`` files, so an editable install, the
wheel and the site all run the very files ``tsc`` checked, with no build step
to forget and no generated bundle to go stale beside its sources; the modules
are our own and import nothing from npm, and use a small, fixed part of the
module syntax, which :func:`link` checks and refuses outside of.  A linked
text depends only on the files, so it is byte-identical on every run.

What a module may say (anything else is a :class:`LinkError`):

* ``import { a, b as c } from "./name.js";`` at the start of a line, naming a
  file by its path from the importing module's folder (``./`` or ``../``
  first; types come in through JSDoc ``import("./name.js")``, which is a
  comment here);
* ``export function f``, ``export async function f``, ``export const x``,
  ``export class C`` at the start of a line; ``export default`` only in the
  widget's own module (the entry).  ``traits.js`` holds only JSDoc types
  (``export {};`` makes it a module for ``tsc``); nothing imports it at run time.

How it links: the modules the entry imports, depth first in the order they
are imported, each become a namespace object in a function scope of their own
(so their top-level names never meet), their imports bound from the namespaces
before them::

    // ---- dom.js ----
    const $dom = (() => {
    ...the module, its `export` keywords taken off...
    return { h, button };
    })();

and the entry comes last, at the top level, keeping its ``export default``.

>>> text = board_module("kloak")
>>> [line for line in text.splitlines() if line.startswith("// ---- ")]
['// ---- dom.js ----', '// ---- board_common.js ----', '// ---- spynb/kloak/widget.js ----', '// ---- the board ----']
>>> text.rstrip().splitlines()[-1]
'export default mountBoard(board);'
"""

from __future__ import annotations

import os
import pathlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["STATIC", "LinkError", "board_module", "board_styles", "widget_module", "link"]

STATIC = pathlib.Path(__file__).parent / "static"
"""The widgets' ES modules and style sheets."""
_ROOT = STATIC.parents[2]
"""The folder holding the ``spynb`` package: a module outside ``static/`` is labelled by its path from here."""

_NAME = r"[A-Za-z_$][\w$]*"
_IMPORT = re.compile(r"^import\s*\{(?P<names>[^{}]*)\}\s*from\s*"
                     r"\"(?P<file>\.\.?/(?:(?:\.\.|[\w-]+)/)*[a-z][a-z0-9_]*\.js)\";[ \t]*$", re.MULTILINE)
_IMPORTED = re.compile(rf"^(?P<name>{_NAME})(?:\s+as\s+(?P<alias>{_NAME}))?$")
_EXPORT = re.compile(rf"^export (?P<decl>(?:async )?function\*? |const |class )(?P<name>{_NAME})", re.MULTILINE)
_DEFAULT = re.compile(r"^export default ", re.MULTILINE)
_LEFT_OVER = re.compile(r"^[ \t]*(?:import|export)\b.*$", re.MULTILINE)


class LinkError(ValueError):
    """A module says something :func:`link` cannot link (the message names the file)."""


@dataclass(frozen=True)
class _Import:
    """One ``import { ... } from "./file.js";``: the path as written, and the names taken, each with the local
    name it is bound to."""

    file: str
    names: tuple[tuple[str, str], ...]
    statement: str


@dataclass(frozen=True)
class _Module:
    """A module's text with what it imports and what it exports; ``file`` labels it in messages and in the
    linked text, ``folder`` is where its imports are found."""

    file: str
    folder: pathlib.Path
    text: str
    imports: tuple[_Import, ...]
    exports: tuple[str, ...]


def _parse(file: str, folder: pathlib.Path, text: str) -> _Module:
    """Read ``text``'s imports and exports.

    :raises LinkError: an import names nothing, or a name twice.
    """
    imports = []
    for found in _IMPORT.finditer(text):
        names = []
        for part in (p.strip() for p in found["names"].split(",")):
            if not part:
                continue
            name = _IMPORTED.match(part)
            if name is None:
                raise LinkError(f"{file}: cannot read {part!r} in {found[0]!r}")
            names.append((name["name"], name["alias"] or name["name"]))
        if not names:
            raise LinkError(f"{file}: {found[0]!r} imports nothing")
        imports.append(_Import(found["file"], tuple(names), found[0]))
    exports = tuple(found["name"] for found in _EXPORT.finditer(text))
    if len(set(exports)) != len(exports):
        raise LinkError(f"{file}: a name is exported twice in {exports}")
    return _Module(file, folder, text, tuple(imports), exports)


def _label(path: pathlib.Path, static: pathlib.Path) -> str:
    """What a module is called: its name in ``static``, else its path from the folder holding ``spynb``."""
    for home in (static, _ROOT):
        if path.is_relative_to(home):
            return path.relative_to(home).as_posix()
    return path.as_posix()


def _read(path: pathlib.Path, static: pathlib.Path) -> _Module:
    """The module at ``path``.

    :raises LinkError: there is no such file.
    """
    label = _label(path, static)
    if not path.is_file():
        raise LinkError(f"no module {label!r} in {path.parent}")
    return _parse(label, path.parent, path.read_text(encoding="utf-8"))


def _resolved(module: _Module, imported: _Import) -> pathlib.Path:
    """The file an import of ``module`` names."""
    return pathlib.Path(os.path.normpath(module.folder / imported.file))


def _namespace(file: str) -> str:
    """The name a linked module's exports go by: ``dom.js`` (or ``spynb/kloak/widget.js``) -> ``$dom``
    (``$widget``)."""
    return "$" + file.rsplit("/", 1)[-1].removesuffix(".js")


def _bind(imported: _Import, source: _Module) -> str:
    """An import as a binding from its module's namespace: ``const { h, button: b } = $dom;``."""
    names = ", ".join(name if alias == name else f"{name}: {alias}" for name, alias in imported.names)
    return f"const {{ {names} }} = {_namespace(source.file)};"


def _ordered(entry: _Module, static: pathlib.Path) -> tuple[list[_Module], dict[str, _Module]]:
    """The modules ``entry`` imports, each after the modules it imports, depth first in import order; and
    each import statement's source module.

    :raises LinkError: a module is missing, imports itself through others, or imports a name its source
        does not export; or two modules would share a namespace (two files of one name).
    """
    done: dict[pathlib.Path, _Module] = {}
    order: list[_Module] = []
    sources: dict[str, _Module] = {}

    def visit(module: _Module, path: tuple[str, ...]) -> None:
        for imported in module.imports:
            where = _resolved(module, imported)
            label = _label(where, static)
            if label in path:
                raise LinkError(f"{module.file}: imports go round in a circle: {' -> '.join(path)} -> {label}")
            source = done.get(where)
            if source is None:
                source = _read(where, static)
                visit(source, (*path, label))
                done[where] = source
                order.append(source)
            missing = [name for name, _ in imported.names if name not in source.exports]
            if missing:
                raise LinkError(f"{module.file}: {source.file} does not export {', '.join(missing)}")
            sources[f"{module.file} {imported.statement}"] = source

    visit(entry, (entry.file,))
    names = [_namespace(m.file) for m in order]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise LinkError(f"two modules would both be {twice[0]}: " + ", ".join(
            m.file for m in order if _namespace(m.file) == twice[0]))
    return order, sources


def _body(module: _Module, sources: dict[str, _Module], *, entry: bool) -> str:
    """The module's text with its imports bound from the namespaces and, unless it is the entry, its
    ``export`` keywords taken off.

    :raises LinkError: an import or export in a form :func:`link` does not know, or a default export
        outside the entry.
    """
    text = module.text
    for imported in module.imports:
        text = text.replace(imported.statement, _bind(imported, sources[f"{module.file} {imported.statement}"]), 1)
    if not entry:
        if _DEFAULT.search(text):
            raise LinkError(f"{module.file}: only the widget's own module has a default export")
        text = _EXPORT.sub(lambda found: found["decl"] + found["name"], text)
    left = [line for line in _LEFT_OVER.findall(text) if not (entry and line.startswith("export "))]
    if left:
        raise LinkError(f"{module.file}: cannot link {left[0].strip()!r} (see spynb/widgets/frontend.py)")
    return text.rstrip("\n")


def link(entry: str, source: str | None = None, static: pathlib.Path = STATIC) -> str:
    """One module text: ``entry`` (a file in ``static``; or, given ``source``, that text, which ``entry``
    names, its imports found from ``static``) and everything it imports.

    :raises LinkError: see :func:`_ordered` and :func:`_body`; or a module's text uses a namespace's
        name (``$dom``), which the linked text would shadow.
    """
    main = _read(static / entry, static) if source is None else _parse(entry, static, source)
    modules, sources = _ordered(main, static)
    parts = [f"// spynb: {entry} and the modules it imports ({', '.join(m.file for m in modules) or 'none'}), "
             "linked by spynb/widgets/frontend.py."]
    for module in (*modules, main):
        clash = [_namespace(m.file) for m in modules if re.search(rf"{re.escape(_namespace(m.file))}\b", module.text)]
        if clash:
            raise LinkError(f"{module.file}: uses the name {clash[0]}, which the linker keeps for {clash[0][1:]}.js")
    for module in modules:
        parts.append(f"// ---- {module.file} ----\nconst {_namespace(module.file)} = (() => {{\n"
                      f"{_body(module, sources, entry=False)}\nreturn {{ {', '.join(module.exports)} }};\n}})();")
    parts.append(f"// ---- {entry} ----\n{_body(main, sources, entry=True)}")
    return "\n".join(parts) + "\n"


def _game_file(game: str, which: str) -> pathlib.Path:
    """The board's ``front_end`` or ``styles`` file that ``game``'s manifest names."""
    from ..games import manifest

    return manifest(game).file(which)


def _board_entry(game: str, panels: Sequence[str]) -> str:
    """The widget's own module for a board: the game's ``board`` in the frame, with the panels above it."""
    board = pathlib.Path(os.path.relpath(_game_file(game, "front_end"), STATIC)).as_posix()
    lines = ['import { mountBoard } from "./board_common.js";', f'import {{ board }} from "./{board}";'
             if not board.startswith("../") else f'import {{ board }} from "{board}";']
    lines += [f'import {{ panel as panel{i} }} from "./{name}.js";' for i, name in enumerate(panels, 1)]
    mounted = ", ".join(f"panel{i}" for i in range(1, len(panels) + 1))
    lines.append(f"export default mountBoard(board{f', [{mounted}]' if panels else ''});")
    return "\n".join(lines) + "\n"


def board_module(game: str, panels: Sequence[str] = ()) -> str:
    """The ES module of a game's board: the ``board`` of the module its manifest names (``front_end``) in
    the common frame, with each panel's ``panel`` (``static/<panel>.js``, e.g. ``walkthrough``) above the
    game's area.

    :raises LinkError: a module is missing or cannot be linked.
    """
    return link("the board", _board_entry(game, panels))


def board_styles(game: str, panels: Sequence[str] = ()) -> str:
    """The CSS of a game's board: the frame's, the panels', then the game's own (its manifest's ``styles``)."""
    files = [STATIC / f"{part}.css" for part in ("board_common", *panels)] + [_game_file(game, "styles")]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def widget_module(name: str) -> str:
    """The ES module of a widget whose whole front end is ``static/<name>.js`` and what it imports.

    :raises LinkError: a module is missing or cannot be linked.
    """
    return link(f"{name}.js")
