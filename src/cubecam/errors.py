"""Errors a user can cause and fix: the command line prints them as one line, never a traceback."""


class CubecamError(Exception):
    """Base of every error cubecam reports to a user."""


class InputError(CubecamError):
    """Something the user gave us (a grid, a file, an option) is not usable."""


class GridSyntaxError(InputError):
    """A text grid that does not parse; the message names the line and column."""

    def __init__(self, message: str, line: int, column: int | None = None) -> None:
        where = f"line {line}" if column is None else f"line {line}, column {column}"
        super().__init__(f"{where}: {message}")
        self.line = line
        self.column = column


class DictionaryMissing(CubecamError):
    """A dictionary that is not installed; the message names what to install."""
