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


class BadFile(InputError):
    """A user's file that cannot be read: missing, a folder or device, too large, not UTF-8."""


class BadImage(InputError):
    """A file or upload that is not a photo cubecam can read: empty, damaged, too large."""


class NoCubesFound(InputError):
    """A readable photo in which no cubes are found."""


class UnknownSymbol(InputError):
    """A face symbol that is no face, or one that the cube set has not."""


class GameOver(InputError):
    """A turn or round for a logged game that has already ended."""


class DictionaryMissing(CubecamError):
    """A dictionary that is not installed; the message names what to install."""
