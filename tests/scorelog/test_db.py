import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.scorelog import DatabaseBusy, ScoreLog
from cubecam.scorelog.db import MIGRATIONS, connect

# A writer that logs turns in a loop and prints each committed sequence number.
WRITER = textwrap.dedent(
    """
    import sys
    from cubecam.grid_format import parse_grid
    from cubecam.scorelog import ScoreLog
    from cubecam.lexicon import load_lexicon

    log = ScoreLog(sys.argv[1], timeout=float(sys.argv[3]))
    en = load_lexicon("en")
    one = log.new_game("scrabble-cubes", ["Ann", "Bo"], target=10**9)
    hunt = log.new_game("hunt", ["Cy", "Di", "Ed"], target=10**9)
    grids = [parse_grid("CAT\\nA..\\nB..\\nunused: E"), parse_grid("DOG\\nunused: Z ?")]
    for i in range(int(sys.argv[2])):
        done = log.record_turn(one.id, ("Ann", "Bo")[i % 2], grids[i % 2], lexicon=en)
        print("turn", one.id, done.turns[0].seq, flush=True)
        done = log.record_round(hunt.id, {"Cy": i % 7, "Di": i % 5, "Ed": 3}, tallies={"Cy": {"i": i}})
        print("round", hunt.id, done.turns[0].seq, flush=True)
    print("done", flush=True)
    """
)


def writer(path, count, timeout=10.0):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(count), str(timeout)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_new_file_gets_the_current_schema_in_wal_mode(tmp_path):
    with connect(tmp_path / "s.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"games", "sides", "turns"} <= tables


def test_migrations_run_forward_and_keep_the_data(tmp_path):
    path = tmp_path / "s.sqlite3"
    with ScoreLog(path) as log:
        game = log.new_game("scrabble-cubes", ["Ann", "Bo"])
        log.record_turn(game.id, "Ann", parse_grid("CAT"))
    later = (
        *MIGRATIONS,
        "ALTER TABLE games ADD COLUMN venue TEXT; CREATE INDEX by_kind ON games(kind)",
    )
    with connect(path, migrations=later) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
        assert db.execute("SELECT venue FROM games").fetchall() == [(None,)]
        assert db.execute("SELECT score FROM turns").fetchall() == [(5,)]
    with pytest.raises(InputError, match="newer than this cubecam knows"):
        connect(path)


def test_a_failed_migration_leaves_the_old_version(tmp_path):
    path = tmp_path / "s.sqlite3"
    connect(path).close()
    broken = (*MIGRATIONS, "ALTER TABLE games ADD COLUMN venue TEXT; THIS IS NOT SQL")
    with pytest.raises(InputError):
        connect(path, migrations=broken)
    with connect(path) as db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
        assert "venue" not in columns
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list: eggs, milk, cubes\n" * 200)
    with pytest.raises(InputError, match="is not a cubecam score log"):
        ScoreLog(path)
    assert path.read_text().startswith("shopping list")


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(InputError, match="holds tables of another program"):
        ScoreLog(path)


def test_a_folder_is_a_clear_error(tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        ScoreLog(tmp_path)


def test_a_held_write_lock_gives_the_busy_error(tmp_path):
    path = tmp_path / "s.sqlite3"
    with ScoreLog(path) as log:
        game = log.new_game("scrabble-cubes", ["Ann", "Bo"])
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with ScoreLog(path, timeout=0.2) as log:
            assert log.sheet(game.id).totals() == {"Ann": 0, "Bo": 0}  # reading still works
            with pytest.raises(DatabaseBusy, match="database is busy, try again"):
                log.record_turn(game.id, "Ann", parse_grid("CAT"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with ScoreLog(path) as log:
        assert log.turns(game.id) == []


def check_consistent(path):
    """Integrity, and every committed turn complete: a whole tally, a grid, all sides of a round."""
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    with ScoreLog(path) as log:
        seqs = {}
        for game in log.games():
            turns = log.turns(game.id)
            seqs[game.id] = {t.seq for t in turns}
            for turn in turns:
                if game.kind == "scrabble-cubes":
                    assert turn.tally["final"] == turn.score
                    assert turn.grid and parse_grid(turn.grid).cells
                    assert turn.seat == (turn.seq - 1) % 2
            if game.kind == "hunt":
                for seq in seqs[game.id]:
                    assert sorted(t.seat for t in turns if t.seq == seq) == [0, 1, 2]
            log.sheet(game.id)  # replays without error
    return seqs


def test_killed_writer_leaves_every_committed_turn_complete(tmp_path):
    path = tmp_path / "s.sqlite3"
    for stop_after in (7, 40):
        proc = writer(path, 100_000)
        committed = []
        for line in proc.stdout:
            committed.append(line.split())
            if len(committed) >= stop_after:
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        seqs = check_consistent(path)
        for _, game_id, seq in committed:
            assert int(seq) in seqs[int(game_id)]
    with ScoreLog(path) as log:  # the log goes on after the kills
        game = next(g for g in log.games() if g.kind == "scrabble-cubes")
        sheet = log.sheet(game.id)
        player = game.sides[sheet.to_play[0]].name
        assert log.record_turn(game.id, player, parse_grid("CAT")).standing.round >= sheet.round


def test_two_writers_at_once_both_succeed_or_get_the_busy_error(tmp_path):
    path = tmp_path / "s.sqlite3"
    ScoreLog(path).close()
    procs = [writer(path, 30) for _ in range(2)]
    results = [p.communicate(timeout=120) for p in procs]
    for proc, (_, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0 or "database is busy, try again" in err, err
    seqs = check_consistent(path)
    finished = [out for proc, (out, _) in zip(procs, results, strict=True) if proc.returncode == 0]
    assert finished, "at least one writer finishes"
    assert sum(len(s) for s in seqs.values()) >= 60 * len(finished)
    for out in finished:
        for kind, game_id, seq in (line.split() for line in out.splitlines()[:-1]):
            assert int(seq) in seqs[int(game_id)], kind


def test_busy_error_in_a_real_process_is_one_line(tmp_path):
    path = tmp_path / "s.sqlite3"
    with ScoreLog(path) as log:
        game = log.new_game("scrabble-cubes", ["Ann", "Bo"])
    grid = tmp_path / "t.grid"
    grid.write_text("CAT\n")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        env = {**os.environ, "CUBECAM_DB_TIMEOUT": "0.2"}
        started = time.monotonic()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "cubecam",
                "game",
                "turn",
                str(game.id),
                "--player",
                "Ann",
                "--grid",
                str(grid),
                "--db",
                str(path),
            ],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"cubecam: error: database is busy, try again: another cubecam is writing to {path}"
    ]
    assert "Traceback" not in done.stderr and time.monotonic() - started < 30
    with ScoreLog(path) as log:
        assert json.dumps(
            log.sheet(game.id).record().model_dump(mode="json")
        )  # nothing half-written
        assert log.turns(game.id) == []
