import json

from cubecam_lab.knowledge.evaluate import main
from cubecam_lab.synth.dataset import write_set


def only_e(cubes: int) -> str:
    """A set of ``cubes`` cubes that show E on every face."""
    faces = ", ".join(['["E", "E", "E", "E", "E", "E"]'] * cubes)
    return (
        f'name = "e{cubes}"\ntitle = "Only E"\nkind = "tray"\ncubes = {cubes}\nfaces = [{faces}]\n'
    )


def _labels(folder):
    return [json.loads(path.read_text()) for path in folder.glob("*.json")]


def _relabel(folder, cubeset):
    for path in folder.glob("*.json"):
        path.write_text(json.dumps(json.loads(path.read_text()) | {"cubeset": cubeset}))


def test_the_right_set_breaks_no_right_read(tmp_path, capsys):
    write_set("tray", 2, 11, tmp_path / "tray", size=(800, 600))
    with_set = sum(bool(label.get("cubeset")) for label in _labels(tmp_path / "tray"))
    tray = main([str(tmp_path / "tray")])["tray"]
    assert tray.photos == with_set >= 1 and tray.cubes >= with_set * 16 and not tray.not_applied
    assert tray.before >= 0.9 * tray.cubes and tray.broke == 0 and tray.after >= tray.before
    assert tray.after - tray.before == tray.fixed  # no correction broke a read
    out = capsys.readouterr().out
    assert f"tray: {with_set} photos with a set (0 listing no cube's faces), {tray.cubes}" in out


def test_a_wrong_set_breaks_right_reads_and_an_unknown_one_is_not_applied(
    tmp_path, monkeypatch, capsys
):
    sets = tmp_path / "sets"
    sets.mkdir()
    for cubes in (16, 4):
        (sets / f"e{cubes}.toml").write_text(only_e(cubes))
    monkeypatch.setenv("CUBECAM_CALIBRATION", str(sets))
    write_set("tray", 1, 11, tmp_path / "tray", size=(800, 600))
    _relabel(tmp_path / "tray", "e16")  # every cube is made an E
    labels = _labels(tmp_path / "tray")
    e_cubes = sum(cube["symbol"] == "E" for label in labels for cube in label["cubes"])
    tray = main([str(tmp_path / "tray")])["tray"]
    assert tray.after <= e_cubes < tray.before
    assert tray.broke >= tray.before - e_cubes and tray.fixed == 0
    _relabel(tmp_path / "tray", "e4")  # too few cubes for the tray
    tray = main([str(tmp_path / "tray")])["tray"]
    assert (
        len(tray.not_applied) == 1
        and "which the set's cubes cannot all show" in tray.not_applied[0]
    )
    _relabel(tmp_path / "tray", "no-such-set")
    tray = main([str(tmp_path / "tray")])["tray"]
    assert len(tray.not_applied) == 1 and "unknown cube set 'no-such-set'" in tray.not_applied[0]
    assert tray.cubes > 0 and tray.found == tray.before == 0
    assert "  not applied: tray-11-0000.jpg: unknown cube set" in capsys.readouterr().out


def test_faces_left_out_beyond_the_sets_cubes_are_counted_with_those_that_were_cubes(
    tmp_path, monkeypatch, capsys
):
    from cubecam.vision.pipeline import read_photo

    write_set("crossword", 1, 880713, tmp_path / "crossword", size=(800, 600))
    read = [cube.symbol for cube in read_photo(next((tmp_path / "crossword").glob("*.jpg"))).cubes]
    odd = next(s for s in read if read.count(s) == 1)
    values = "\n".join(f"{letter} = 1" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter != odd)
    sets = tmp_path / "sets"
    sets.mkdir()
    (sets / "short.toml").write_text(  # a cube short, and no face `odd`
        f'name = "short"\ntitle = "Short"\ncubes = {len(read) - 1}\n[values]\n{values}\n'
    )
    monkeypatch.setenv("CUBECAM_CALIBRATION", str(sets))
    _relabel(tmp_path / "crossword", "short")
    crossword = main([str(tmp_path / "crossword")])["crossword"]
    assert crossword.left_out == crossword.left_out_cubes == 1  # a real cube, wrongly
    assert "1 faces left out beyond the set's cubes, 1 of them a cube" in capsys.readouterr().out
    _relabel(tmp_path / "crossword", "scrabble-crossword-cubes")
    crossword = main([str(tmp_path / "crossword")])["crossword"]
    assert crossword.left_out == crossword.left_out_cubes == 0
