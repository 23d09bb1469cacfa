"""scripts/render_recipe.py: the detector recipe's training scenes, named as the recipe names them."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from tests.conftest import REPO

spec = importlib.util.spec_from_file_location(
    "render_recipe", REPO / "scripts" / "render_recipe.py"
)
render_recipe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(render_recipe)


def test_the_recipe_has_its_folders_each_with_a_seed_of_its_own() -> None:
    sets = render_recipe.recipe(Path("work"))
    more = render_recipe.recipe(Path("work"), more=True)
    assert len(sets) == 110 and len(more) == 128 and more[:110] == sets
    assert len({s.out for s in more}) == len(more)
    assert len({(s.kind, s.seed) for s in more}) == len(more)
    assert sum(s.count for s in sets) == 4320
    first = {s.out.parts[1]: s for s in reversed(more)}
    assert first["v1"].out.name == "crossword-480x640" and first["v1"].seed == 724875
    assert first["v3"].out.name == "loose-tilt-20-55-640x480-2001" and first["v3"].all_fonts


def test_a_share_of_each_folder_is_rendered_and_a_folder_there_is_kept(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    kept = tmp_path / "v1" / "crossword-480x640"
    kept.mkdir(parents=True)
    small = [s for s in render_recipe.recipe(tmp_path) if s.out.parts[-2] == "v1"][:2]
    monkeypatch.setattr(render_recipe, "recipe", lambda work, more: small)
    monkeypatch.setattr(sys, "argv", ["render_recipe.py", str(tmp_path), "--share", "0.01"])
    render_recipe.main()
    assert list(kept.iterdir()) == []
    written = sorted((tmp_path / "v1" / "crossword-640x480").glob("*.json"))
    assert [p.name for p in written] == ["crossword-724499-0000.json"]
    assert json.loads(written[0].read_text("utf-8"))["config"] == "classic"
    assert "rendered 1 scenes in 1 folders" in capsys.readouterr().out
