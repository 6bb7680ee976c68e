"""The widgets' module texts (spynb/widgets/frontend.py): linked whole, from real ES modules, the same every run."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spynb
from spynb.games import manifest
from spynb.widgets.frontend import STATIC, LinkError, board_module, board_styles, link, widget_module

GAMES = spynb.game_names()
PANELS = ((), ("walkthrough",))
BOARDS = [(game, panels) for game in GAMES for panels in PANELS]
ROOT = STATIC.parents[2]
MODULES = sorted([path.name for path in STATIC.glob("*.js")] +
                 [os.path.relpath(manifest(game).file("front_end"), STATIC) for game in GAMES])


def _label(path: Path) -> str:
    """A module's name in a linked text: its name in static/, else its path from the folder holding spynb."""
    return path.name if path.parent == STATIC else path.relative_to(ROOT).as_posix()


def _path(label: str) -> Path:
    return STATIC / label if "/" not in label else ROOT / label


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """Each ``import { ... } from "./file.js";`` of a module: the file (as labelled) and the names it takes."""
    text = path.read_text(encoding="utf-8")
    return [(_label(Path(os.path.normpath(path.parent / file))),
             [part.split(" as ")[0].strip() for part in names.split(",") if part.strip()])
            for names, file in re.findall(r'^import\s*\{([^}]*)\}\s*from\s*"(\.\.?/[\w./]+)";', text, re.MULTILINE)]


def _exports(text: str) -> set[str]:
    return set(re.findall(r"^export (?:async )?(?:function\*?|const|class) ([\w$]+)", text, re.MULTILINE))


def _sections(text: str) -> list[str]:
    return re.findall(r"^// ---- (.+) ----$", text, re.MULTILINE)


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports_only_names_its_sources_export(name):
    for file, names in _imports(Path(os.path.normpath(STATIC / name))):
        assert _path(file).is_file(), f"{name} imports the missing {file}"
        missing = set(names) - _exports(_path(file).read_text(encoding="utf-8"))
        assert not missing, f"{name} imports {missing} which {file} does not export"


@pytest.mark.parametrize("name", MODULES)
def test_every_module_links_as_an_entry(name):
    text = link(name)
    assert not re.search(r"^\s*import\b", text, re.MULTILINE), "an import was left unresolved"


@pytest.mark.parametrize(("game", "panels"), BOARDS)
def test_a_board_module_has_no_unresolved_import_and_one_default_export(game, panels):
    text = board_module(game, panels)
    assert not re.search(r"^\s*import\b", text, re.MULTILINE)
    assert not re.search(r'^(?!/\*\* @import ).*\bfrom "\./', text, re.MULTILINE), "a module is named outside a type"
    assert re.findall(r"^\s*export\b.*$", text, re.MULTILINE) == \
        [f"export default mountBoard(board{', [panel1]' if panels else ''});"]


@pytest.mark.parametrize(("game", "panels"), BOARDS)
def test_a_board_module_holds_each_module_once_after_what_it_imports(game, panels):
    text = board_module(game, panels)
    sections = _sections(text)
    assert sections[-1] == "the board" and len(set(sections)) == len(sections)
    walkthrough_needs = {"progress.js"} if "walkthrough" in panels else set()  # it remembers how far it got
    game_module = _label(manifest(game).file("front_end"))
    assert {"dom.js", "board_common.js", game_module, *(f"{p}.js" for p in panels), *walkthrough_needs} == \
        set(sections[:-1])
    for file in sections[:-1]:
        for source, _ in _imports(_path(file)):
            assert sections.index(source) < sections.index(file), f"{file} comes before its import {source}"


@pytest.mark.parametrize(("game", "panels"), BOARDS)
def test_every_binding_names_a_namespace_linked_before_it(game, panels):
    text = board_module(game, panels)
    defined = re.findall(r"^const (\$\w+) = \(\(\) => \{$", text, re.MULTILINE)
    for found in re.finditer(r"^const \{ [^}]* \} = (\$\w+);$", text, re.MULTILINE):
        assert found[1] in defined and text.index(f"const {found[1]} = ") < found.start()


def test_only_a_board_with_the_walkthrough_panel_carries_it():
    assert "walkthrough.js" in _sections(board_module("kloak", ("walkthrough",)))
    assert "walkthrough.js" not in _sections(board_module("kloak"))
    assert ".spynb-walk" in board_styles("kloak", ("walkthrough",)) and ".spynb-walk" not in board_styles("kloak")


def test_the_styles_are_the_frame_the_panels_and_the_game_in_order():
    css = board_styles("target", ("walkthrough",))
    files = [STATIC / "board_common.css", STATIC / "walkthrough.css", manifest("target").file("styles")]
    parts = [path.read_text(encoding="utf-8") for path in files]
    assert css == "\n".join(parts)


def test_the_module_texts_are_the_same_in_a_fresh_interpreter():
    here = {f"{game}+{'+'.join(panels)}": hashlib.sha256(board_module(game, panels).encode()).hexdigest()
            for game, panels in BOARDS}
    here["base"] = hashlib.sha256(widget_module("base").encode()).hexdigest()
    script = ("import hashlib, json\nfrom tests.games import register_all\nregister_all()\n"
              "from spynb.widgets.frontend import board_module, widget_module\n"
              f"boards = {BOARDS!r}\n"
              "out = {f\"{g}+{'+'.join(p)}\": hashlib.sha256(board_module(g, p).encode()).hexdigest() for g, p in boards}\n"
              "out['base'] = hashlib.sha256(widget_module('base').encode()).hexdigest()\nprint(json.dumps(out))\n")
    fresh = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "12345", "PATH": ""}, cwd=STATIC.parents[2])
    assert json.loads(fresh.stdout) == here
    assert board_module("kloak", ("walkthrough",)) == board_module("kloak", ("walkthrough",))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the linked modules")
def test_node_loads_every_linked_module_and_finds_a_render(tmp_path):
    texts = {f"{game}-{len(panels)}.mjs": board_module(game, panels) for game, panels in BOARDS}
    texts["base.mjs"] = widget_module("base")
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    script = ("const names = process.argv.slice(1);\n"
              "Promise.all(names.map((n) => import(`./${n}`).then((m) => typeof m.default.render)))"
              ".then((kinds) => console.log(JSON.stringify(kinds)));")
    ran = subprocess.run(["node", "--input-type=module", "-e", script, *texts], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == ["function"] * len(texts)


# -- what the linker refuses -------------------------------------------------------------------

def _static(tmp_path, **files: str):
    for name, text in files.items():
        (tmp_path / f"{name}.js").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_linked_module_binds_aliases_and_keeps_modules_apart(tmp_path):
    static = _static(tmp_path, a='const secret = 1;\nexport function f() { return secret; }\n',
                     b='const secret = 2;\nimport { f as g } from "./a.js";\nexport default { g, secret };\n')
    text = link("b.js", static=static)
    assert "const { f: g } = $a;" in text and "return { f };" in text
    assert text.endswith("export default { g, secret };\n")


@pytest.mark.parametrize(("files", "message"), [
    ({"a": 'import { nope } from "./b.js";\nexport default nope;\n', "b": "export const yes = 1;\n"},
     "b.js does not export nope"),
    ({"a": 'import { x } from "./b.js";\nexport default x;\n', "b": 'import { y } from "./a.js";\nexport const x = y;\n'},
     "imports go round in a circle: a.js -> b.js -> a.js"),
    ({"a": 'import { x } from "./gone.js";\nexport default x;\n'}, "no module 'gone.js'"),
    ({"a": 'import x from "./b.js";\nexport default x;\n', "b": "export const x = 1;\n"},
     "cannot link 'import x from \"./b.js\";'"),
    ({"a": 'import { x } from "./b.js";\nexport default x;\n', "b": "export default 1;\nexport const x = 1;\n"},
     "b.js: only the widget's own module has a default export"),
    ({"a": 'import { x } from "./b.js";\nexport default x;\n', "b": "export let y = 2;\nexport const x = 1;\n"},
     "b.js: cannot link 'export let y = 2;'"),
    ({"a": 'import { x } from "./b.js";\nconst $b = 2;\nexport default x + $b;\n', "b": "export const x = 1;\n"},
     "uses the name $b"),
    ({"a": 'import { } from "./b.js";\nexport default 1;\n', "b": "export const x = 1;\n"}, "imports nothing"),
])
def test_the_linker_refuses_what_it_cannot_link(tmp_path, files, message):
    with pytest.raises(LinkError, match=re.escape(message)):
        link("a.js", static=_static(tmp_path, **files))
