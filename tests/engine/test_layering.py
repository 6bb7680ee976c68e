"""The engine stays at the bottom: it imports the standard library and itself, nothing of spynb above it.

Rendering, the games registry and loading a record by its game's name sit on top of the engine and are handed to it
(a spec carries its drawer; a record read from JSON finds its game through ``spynb.load_record``).
"""

from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

import spynb
from spynb.engine import (DuplicateRuleError, Record, RecordError, Rule, RuleBook, SpynbError, UnknownRuleError,
                          lookup)

ENGINE = Path(spynb.__file__).parent / "engine"


def imported_modules(path: Path) -> list[str]:
    """Every module ``path`` imports, anywhere in it (inside functions too), relative ones written ``.name``."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return names


def outside_the_engine(path: Path) -> list[str]:
    """The modules ``path`` imports that are neither the standard library nor the engine."""
    return [name for name in imported_modules(path)
            if not (name.startswith(".") and not name.startswith("..")
                    or name == "spynb.engine" or name.startswith("spynb.engine.")
                    or name.partition(".")[0] in sys.stdlib_module_names)]


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda path: path.name)
def test_every_engine_module_imports_only_the_standard_library_and_the_engine(path: Path) -> None:
    outside = outside_the_engine(path)
    assert not outside, f"{path.name} imports {outside}: the engine imports only the standard library and itself"


def test_the_check_sees_an_import_from_above_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "drawn.py"
    module.write_text("import json\nfrom .core import State\nfrom spynb.engine.errors import SpynbError\n\n"
                      "def draw():\n    from spynb.render import svg_for\n    from .. import games\n")
    assert outside_the_engine(module) == ["spynb.render", ".."]


IMPORT_THE_ENGINE_ALONE = """
import json, sys, types
package = types.ModuleType("spynb")            # the package without its __init__, which imports the registry
package.__path__ = [sys.argv[1]]
sys.modules["spynb"] = package
import spynb.engine
from spynb.engine import Record, SpynbError
try:
    Record("kloak", "standard", 2, 0).replay()
except SpynbError as err:
    problem = str(err)
print(json.dumps({"modules": sorted(m for m in sys.modules if m.startswith("spynb")), "replay": problem}))
"""


def test_importing_the_engine_loads_no_other_spynb_module() -> None:
    run = subprocess.run([sys.executable, "-c", IMPORT_THE_ENGINE_ALONE, str(ENGINE.parent)],
                         capture_output=True, text=True, check=True)
    found = json.loads(run.stdout)
    above = [m for m in found["modules"] if m != "spynb" and m != "spynb.engine" and not m.startswith("spynb.engine.")]
    assert "spynb.engine.core" in found["modules"] and above == []
    assert "carries no spec" in found["replay"]  # a record that only names its game needs the registry


def test_a_record_replays_with_the_spec_it_is_given_and_refuses_another_games() -> None:
    game = spynb.new_game("kloak", seed=3)
    game.play(game.legal_actions()[0])
    record = game.record()
    assert record.replay(spec=spynb.get_spec("kloak")).view(None) == game.view(None)
    with pytest.raises(RecordError, match="a record of 'kloak', not of 'target'"):
        record.replay(spec=spynb.get_spec("target"))


def test_a_spec_without_a_drawer_shows_no_svg_and_one_with_it_draws_the_omniscient_view() -> None:
    spec = spynb.get_spec("kloak")
    state = spec.new_state()
    assert state._repr_svg_() == spec.draw(state.view(None)) and state._repr_svg_().startswith("<svg")
    plain = dataclasses.replace(spec, draw=None).new_state()
    assert plain._repr_svg_() is None


def test_a_missing_rule_is_a_typed_error_still_caught_as_a_key_error() -> None:
    with pytest.raises(UnknownRuleError, match="no rule 'KL-99' in kloak") as caught:
        spynb.get_spec("kloak").rules["KL-99"]
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, SpynbError)
    with pytest.raises(KeyError):
        lookup("ZZ-1")


def test_a_rule_book_with_two_rules_of_one_id_is_a_typed_error_still_caught_as_a_value_error() -> None:
    rule = Rule("DM-1", "Steps", "A step is to an adjacent square.", "ruling")
    with pytest.raises(DuplicateRuleError, match="duplicate rule id 'DM-1'") as caught:
        RuleBook("demo", [rule, rule])
    assert isinstance(caught.value, ValueError)


def test_load_record_finds_the_game_by_name() -> None:
    game = spynb.new_game("target", seats=4, seed=1)
    assert spynb.load_record(game.record().to_json()).view(None) == game.view(None)
    with pytest.raises(RecordError, match="no game called 'chess'"):
        spynb.load_record(json.dumps({**json.loads(Record("chess", "standard", 2, 0).to_json())}))


def test_a_record_read_from_json_names_its_game_and_needs_the_registry_or_a_spec_to_replay() -> None:
    record = spynb.new_game("kloak", seed=2).record()
    assert record.spec is spynb.get_spec("kloak") and record.replay().view(None) == record.replay().view(None)
    read = Record.from_json(record.to_json())
    assert read == record and read.spec is None
    with pytest.raises(RecordError, match="carries no spec"):
        read.replay()
    assert read.replay(spec=spynb.get_spec("kloak")).view(None) == spynb.load_record(record.to_json()).view(None)
