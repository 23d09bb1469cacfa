"""The score log's SQLite file: where it lives, its schema and migrations, safe transactions.

Every write is one ``BEGIN IMMEDIATE`` transaction in WAL mode with ``synchronous=FULL``,
so a process killed mid-write leaves the last committed state, and two processes
writing at once wait for each other (up to the busy timeout) instead of failing.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "scores.sqlite3"
>>> with connect(path) as db:
...     db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
True
"""

from __future__ import annotations

import math
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from cubecam import paths
from cubecam.errors import InputError

BUSY_TIMEOUT_S = 10.0
MAX_TIMEOUT_S = 3600.0

# Forward migrations: MIGRATIONS[n] takes a database from user_version n to n + 1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        target INTEGER,
        rounds INTEGER,
        lang TEXT,
        wordlist TEXT,
        cubeset TEXT,
        options TEXT NOT NULL DEFAULT '{}',
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE TABLE sides (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        members TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, name)
    );
    CREATE TABLE turns (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        round INTEGER NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('play', 'pass')),
        player TEXT,
        score INTEGER NOT NULL,
        grid TEXT,
        photo TEXT,
        tally TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        PRIMARY KEY (game_id, seq, seat),
        FOREIGN KEY (game_id, seat) REFERENCES sides(game_id, seat)
    );
    """,
    # Where the game stands after each turn (games.Standing as JSON), so that recording
    # the next turn reads one row; null on turns recorded before it was kept.
    "ALTER TABLE turns ADD COLUMN state TEXT",
    # Which write recorded the turn (rules.match.Turn.entry); null on turns recorded before.
    "ALTER TABLE turns ADD COLUMN entry TEXT",
)


class DatabaseBusy(InputError):
    """Another process holds the score log's write lock for longer than the busy timeout."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"database is busy, try again: another cubecam is writing to {path}")


def default_timeout() -> float:
    """Seconds to wait for another writer: ``CUBECAM_DB_TIMEOUT`` if set, else 10."""
    value = os.environ.get("CUBECAM_DB_TIMEOUT")
    if value is None:
        return BUSY_TIMEOUT_S
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= MAX_TIMEOUT_S:
        raise InputError(
            f"CUBECAM_DB_TIMEOUT must be a number of seconds from 0 to {MAX_TIMEOUT_S:g}, "
            f"not {value!r}"
        )
    return seconds


class Database:
    """An open score log: reads, and writes as transactions; SQLite errors become clear ones."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    def execute(self, sql: str, params: Sequence = ()) -> sqlite3.Cursor:
        with self._errors():
            return self.connection.execute(sql, params)

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        """A write transaction: taken before anything is read, committed whole or not at all."""
        with self._errors():
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self
            except BaseException:
                self.connection.rollback()
                raise
            self.connection.commit()

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as error:
            # SQLite's primary result code (the low byte of an extended one)
            code = getattr(error, "sqlite_errorcode", 0) & 0xFF
            if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise DatabaseBusy(self.path) from None
            if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
                raise _not_a_log(self.path, str(error)) from None
            raise InputError(f"score log {self.path}: {error}") from None


def connect(
    path: Path | str | None = None,
    *,
    timeout: float | None = None,
    migrations: Sequence[str] = MIGRATIONS,
    read_only: bool = False,
) -> Database:
    """Open the score log at ``path``, migrated to the current schema.

    A writer creates the file (and its folder) if needed; a reader (``read_only``) never
    creates or changes anything and works in a folder it cannot write to.
    """
    path = Path(path) if path is not None else paths.score_log()
    timeout = default_timeout() if timeout is None else timeout
    if path.is_dir():
        raise InputError(f"score log {path} is a folder, not a file")
    if read_only and not path.is_file():
        raise InputError(f"no score log at {path}: start a game with 'cubecam game new'")
    try:
        if read_only:
            connection = sqlite3.connect(
                _read_only_uri(path), timeout=timeout, isolation_level=None, uri=True
            )
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    except (OSError, sqlite3.Error) as error:
        raise InputError(f"cannot open score log {path}: {error}") from None
    db = Database(connection, path)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        if read_only:
            _check_version(db, migrations, read_only=True)
            return db
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        _migrate(db, migrations)
    except BaseException:
        db.close()
        raise
    return db


def _read_only_uri(path: Path) -> str:
    """SQLite's URI for reading ``path``; in a folder nobody may write to and with no
    write-ahead log beside it, the file cannot change, and SQLite is told so (``immutable``):
    it could not create the log's shared-memory file there."""
    uri = path.resolve().as_uri() + "?mode=ro"
    wal = path.with_name(path.name + "-wal")
    if not os.access(path.parent, os.W_OK) and not wal.exists():
        uri += "&immutable=1"
    return uri


def _migrate(db: Database, migrations: Sequence[str]) -> None:
    if _check_version(db, migrations) == len(migrations):
        return
    with db.transaction():
        version = _check_version(db, migrations)
        for number in range(version, len(migrations)):
            for statement in _statements(migrations[number]):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number + 1}")


def _check_version(db: Database, migrations: Sequence[str], *, read_only: bool = False) -> int:
    """The log's schema version, refused when it is another program's file or a newer log's,
    and for a reader, when it is not yet the current one (a reader cannot migrate)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > len(migrations):
        raise InputError(
            f"score log {db.path} has schema version {version}, newer than this cubecam "
            f"knows ({len(migrations)}): upgrade cubecam"
        )
    if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise _not_a_log(db.path, "it holds tables of another program")
    if read_only and version == 0:
        raise InputError(f"score log {db.path} is empty: start a game with 'cubecam game new'")
    if read_only and version < len(migrations):
        raise InputError(
            f"score log {db.path} is from an older cubecam: record a turn or start a game "
            "to upgrade it"
        )
    return version


def _statements(script: str) -> list[str]:
    """The statements of a migration script (executescript would commit our transaction)."""
    return [s.strip() for s in script.split(";") if s.strip()]


def _not_a_log(path: Path, why: str) -> InputError:
    return InputError(f"{path} is not a cubecam score log ({why}); give another file with --db")
