"""Words at the table through the API: a disputed word settled, and word lists uploaded once
and kept in the data folder, past a restart."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from fastapi.testclient import TestClient

from cubecam.errors import DictionaryMissing
from cubecam.lexicon import load_lexicon
from cubecam.lexicon.meanings import meaning
from cubecam.scorelog import ScoreLog
from cubecam.serve import create_app
from cubecam.serve.wordlists import MAX_WORDLIST_BYTES

HOUSE = "# our house rules\ntac\nzyx\n"


def meaning_or_none(word: str, lang: str) -> str | None:
    try:
        return meaning(word, lang)
    except DictionaryMissing:
        return None


def started(folder: Path) -> TestClient:
    """The app started on the data folder and score log in ``folder``."""
    app = create_app(folder / "data", folder / "log.sqlite")
    return TestClient(app, base_url="http://127.0.0.1:8000")


def upload(client: TestClient, name: str, data: bytes, kind: str = "text/plain"):
    return client.post("/api/wordlists", files={"file": (name, data, kind)})


def test_a_disputed_word_is_settled_with_its_reason_and_meaning(client: TestClient) -> None:
    cat = client.get("/api/words/cat", params={"lang": "en"}).json()
    assert cat == {
        "word": "cat",
        "counts": True,
        "reason": None,
        "meaning": meaning_or_none("cat", "en"),
        "lexicon": load_lexicon("en").name,
    }
    paris = client.get("/api/words/paris", params={"lang": "en"}).json()
    assert not paris["counts"] and paris["reason"] == load_lexicon("en").check("paris").reason
    swedish = client.get("/api/words/hund", params={"lang": "sv"}).json()
    assert swedish["counts"] and swedish["meaning"] == meaning_or_none("hund", "sv")
    assert client.get("/api/words/cat", params={"lang": "xx"}).status_code == 400
    assert client.get("/api/words/" + "a" * 41).status_code == 422


def test_a_word_list_is_uploaded_once_used_and_kept_after_a_restart(tmp_path: Path) -> None:
    first = started(tmp_path)
    kept = upload(first, "House rules.txt", HOUSE.encode())
    assert kept.status_code == 200 and kept.json() == {"name": "House-rules", "words": 2}
    assert upload(first, "House rules.txt", HOUSE.encode()).status_code == 200  # once
    tac = {"game": "scrabble-cubes", "grid": "TAC", "wordlist": "House-rules"}
    scored = first.post("/api/captures/grid", json=tac).json()["tally"]
    assert scored["words"][0]["valid"] and scored["final"] > 0
    game = first.post(
        "/api/log/games",
        json={"kind": "scrabble-cubes", "players": ["Ann"], "wordlist": "House-rules"},
    ).json()
    assert game["wordlist"] == "House-rules.txt"

    restarted = started(tmp_path)
    assert restarted.get("/api/wordlists").json() == ["House-rules"]
    again = restarted.post("/api/captures/grid", json=tac).json()["tally"]
    assert again["final"] == scored["final"]
    word = restarted.get("/api/words/zyx", params={"wordlist": "House-rules"}).json()
    assert word["counts"] and word["lexicon"] == "word list House-rules.txt"
    by_game = restarted.get("/api/words/cat", params={"logged": game["id"]}).json()
    assert not by_game["counts"]  # the game checks words against its list alone
    for_game = restarted.post(
        "/api/captures/grid",
        json={"game": "scrabble-cubes", "grid": "TAC", "logged": game["id"]},
    ).json()
    done = restarted.post(
        f"/api/log/games/{game['id']}/turns", json={"capture": for_game["id"], "player": "Ann"}
    )
    assert done.status_code == 200, done.text
    with ScoreLog(tmp_path / "log.sqlite") as log:
        assert log.sheet(game["id"]).totals() == {"Ann": scored["final"]}


def test_a_bad_word_list_is_refused_clearly_and_nothing_is_kept(client: TestClient) -> None:
    refused = {
        "latin1.txt": ("ordlista\nöga\n".encode("latin-1"), 400, "is not UTF-8 text"),
        "nothing.txt": (b"# only a comment\n\n", 400, "has no words"),
        "empty.txt": (b"", 400, "is empty"),
        "huge.txt": (b"word\n" * (MAX_WORDLIST_BYTES // 5 + 1), 413, "over 5 MB"),
    }
    for name, (data, status, said) in refused.items():
        answer = upload(client, name, data)
        assert answer.status_code == status and said in answer.json()["detail"], name
    assert client.get("/api/wordlists").json() == []
    assert upload(client, "house.txt", HOUSE.encode()).status_code == 200
    other = upload(client, "house.txt", b"other\nwords\n")
    assert other.status_code == 400 and "rename the file" in other.json()["detail"]
    missing = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC", "wordlist": "nope"}
    )
    assert missing.status_code == 400 and "no word list 'nope'" in missing.json()["detail"]
    odd = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC", "wordlist": "../x"}
    )
    assert odd.status_code == 422


def test_a_word_or_list_name_in_decomposed_form_is_read_as_composed(client: TestClient) -> None:
    boat = client.get(f"/api/words/{unicodedata.normalize('NFD', 'båt')}", params={"lang": "sv"})
    assert boat.json()["word"] == "båt" and boat.json()["counts"], boat.text
    kept = upload(client, unicodedata.normalize("NFD", "Åsas ord.txt"), HOUSE.encode())
    assert kept.json() == {"name": "Åsas-ord", "words": 2}
    assert client.get("/api/wordlists").json() == ["Åsas-ord"]


def test_a_word_list_sent_on_a_full_disk_is_answered_507_and_leaves_no_file(
    client: TestClient, full_disk: None, tmp_path: Path
) -> None:
    refused = upload(client, "house.txt", HOUSE.encode())
    assert refused.status_code == 507
    assert refused.json()["detail"].endswith("house.txt: the disk is full")
    assert client.get("/api/wordlists").json() == []
    assert not [p for p in (tmp_path / "data").rglob("*") if p.is_file()]
