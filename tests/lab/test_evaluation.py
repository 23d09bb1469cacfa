from pathlib import Path

import pytest

from cubecam_lab.evaluation import evaluate_each, evaluation_parser


def test_only_a_stage_with_settings_can_choose_them(tmp_path):
    (tmp_path / "photo.json").write_text("{}")
    plain = evaluation_parser("Evaluate a stage.").parse_args([str(tmp_path), "--limit", "3"])
    assert plain.folders == [tmp_path] and plain.limit == 3 and not hasattr(plain, "choose")
    with pytest.raises(SystemExit):
        evaluation_parser("Evaluate a stage.").parse_args([str(tmp_path), "--choose"])
    chosen = evaluation_parser("Evaluate.", tmp_path / "knobs.toml")
    assert chosen.parse_args([str(tmp_path), "--choose"]).choose
    assert "write knobs.toml" in chosen.format_help()


def test_each_folder_is_tallied_and_printed_as_it_comes(tmp_path, capsys):
    class Seen:
        def __init__(self, folder: Path, limit: int | None) -> None:
            self.folder, self.limit = folder, limit

        def line(self, name: str) -> str:
            return f"{name}: {len(list(self.folder.iterdir()))} files, at most {self.limit}"

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "photo.jpg").touch()
    tallies = evaluate_each([tmp_path / "a", tmp_path / "b"], 5, Seen)
    assert list(tallies) == ["a", "b"] and tallies["b"].folder == tmp_path / "b"
    assert capsys.readouterr().out == "a: 0 files, at most 5\nb: 1 files, at most 5\n"
