"""Every game cubecam scores, in one registry: the score log, the page, the CLI and ``watch``
offer these, in this order.

>>> [game.name for game in GAMES.values()]
['scrabble-cubes', 'scrabble-cubes-two', 'adlib', 'hunt']
>>> find_game("adlib").title
'Duplicate Ad-Lib Crossword Cubes'
>>> from cubecam.rules.crossword import CrosswordGame
>>> find_game("hunt", CrosswordGame)
Traceback (most recent call last):
...
cubecam.errors.InputError: unknown game 'hunt' (known: scrabble-cubes, scrabble-cubes-two, adlib)
"""

from __future__ import annotations

from typing import TypeVar, overload

from cubecam.errors import InputError
from cubecam.rules.adlib import AdLib
from cubecam.rules.crossword import GameOne
from cubecam.rules.game import Game
from cubecam.rules.game_two import GameTwo
from cubecam.rules.hunt import Hunt

G = TypeVar("G", bound=Game)

GAMES: dict[str, type[Game]] = {game.name: game for game in (GameOne, GameTwo, AdLib, Hunt)}


@overload
def find_game(name: str) -> type[Game]: ...
@overload
def find_game(name: str, kind: type[G]) -> type[G]: ...
def find_game(name: str, kind: type[Game] = Game) -> type[Game]:
    """The game called ``name``, of ``kind`` (``CrosswordGame``: the crossword games only);
    an :class:`InputError` names the known ones."""
    game = GAMES.get(name)
    if game is None or not issubclass(game, kind):
        raise InputError(f"unknown game {name!r} (known: {', '.join(game_names(kind))})")
    return game


def game_names(kind: type[Game] = Game) -> list[str]:
    """The names of the games of ``kind``, in the registry's order.

    >>> from cubecam.rules.crossword import CrosswordGame
    >>> game_names(CrosswordGame)
    ['scrabble-cubes', 'scrabble-cubes-two', 'adlib']
    """
    return [name for name, game in GAMES.items() if issubclass(game, kind)]
