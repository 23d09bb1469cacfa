import json

import pytest
from PIL import Image

from cubecam_lab.load.evaluate import main
from cubecam_lab.synth.dataset import write_set


def test_the_evaluation_counts_photos_refused_and_labels_that_no_longer_fit(tmp_path, capsys):
    folder = tmp_path / "tray"
    first, second = write_set("tray", 2, 7, folder, size=(900, 300))
    label = json.loads(first.read_text())
    photo = Image.open(folder / label["image"])
    exif = Image.Exif()
    exif[0x0112] = 6  # stored a quarter turn back, shown upright: the label still fits
    photo.transpose(Image.Transpose.ROTATE_90).save(folder / "turned.jpg", exif=exif)
    photo.transpose(Image.Transpose.ROTATE_90).save(folder / "unturned.jpg")  # no orientation
    for name in ("turned", "unturned"):
        (folder / f"{name}.json").write_text(json.dumps(label | {"image": f"{name}.jpg"}))
    broken = folder / json.loads(second.read_text())["image"]
    broken.write_bytes(broken.read_bytes()[:200])  # a photo cut short
    tally = main([str(folder)])["tray"]
    assert tally.loaded == 3 and len(tally.refused) == 1
    assert broken.name in tally.refused[0] and "\n" not in tally.refused[0]
    assert tally.with_geometry == 3 and tally.misfits == ["unturned.jpg"]
    assert tally.long_sides == {900: 3} and len(tally.seconds) == 3
    out = capsys.readouterr().out
    assert "tray: 4 photos, 3 loaded, 1 refused; worked at 900 px long (3)" in out
    assert "label geometry inside the loaded image: 2 of 3" in out


def test_a_folder_that_is_not_there_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path / "missing")])
    assert exit_.value.code == 2
    assert "missing is not a folder" in capsys.readouterr().err
