from cubecam import paths

VARIABLES = ("CUBECAM_DATA", "CUBECAM_DB", "CUBECAM_CACHE_DIR", "CUBECAM_CALIBRATION")


def test_every_folder_follows_its_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("CUBECAM_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CUBECAM_DB", raising=False)
    assert paths.score_log() == tmp_path / "data" / "scores.sqlite3"
    assert paths.looks_dir() == tmp_path / "data" / "looks"
    assert paths.cubesets_dir() == tmp_path / "data" / "sets"
    assert paths.photos_dir() == tmp_path / "data" / "photos"
    assert paths.photos_dir(tmp_path / "server") == tmp_path / "server" / "photos"
    assert paths.lexicon_cache_dir() == tmp_path / "cache" / "lexicon"
    monkeypatch.setenv("CUBECAM_DB", str(tmp_path / "x.sqlite3"))
    assert paths.score_log() == tmp_path / "x.sqlite3"
    monkeypatch.setenv("CUBECAM_CALIBRATION", str(tmp_path / "sets"))
    assert paths.extra_cubesets_dir() == tmp_path / "sets"


def test_without_variables_the_platform_folders_are_used(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert paths.data_dir().name == "cubecam" and paths.cache_dir().name == "cubecam"
    assert paths.data_dir() != paths.cache_dir()
    assert paths.score_log() == paths.data_dir() / "scores.sqlite3"
    assert paths.extra_cubesets_dir() is None
