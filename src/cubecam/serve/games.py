"""The page's scoring of a layout for one of the games (:mod:`cubecam.rules.games`)."""

from __future__ import annotations

from collections.abc import Sequence

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Layout, Square
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import CrosswordGame, CrosswordTally
from cubecam.rules.game import Game
from cubecam.rules.games import find_game
from cubecam.rules.hunt import Board, Hunt, RoundTally, ScoredWord, parse_word_list

LANGS = ("en", "en_GB", "sv")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise InputError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def cubeset_of(game: type[Game], own: Sequence[CubeSet] = ()) -> CubeSet | None:
    """The cube set a game is played with: the first of the user's ``own`` sets (``serve
    --set``) that is like the game's set (for the word hunt: a set of dice), else the game's
    own where cubecam knows it."""
    shipped = load_cubeset(game.default_set) if game.default_set else None
    for cubes in own:
        if shipped is None and cubes.kind == game.layout_kind:
            return cubes
        if shipped is not None and shipped.name in (cubes.name, cubes.like):
            return cubes
    return shipped


def score_crossword(
    game: str, layout: Layout, lang: str, cubeset: CubeSet | None = None
) -> CrosswordTally:
    """The crossword game's tally of ``layout`` with ``cubeset`` (else the game's own) against
    the ``lang`` dictionary."""
    return find_game(game, CrosswordGame)(cubeset).score(layout, load_lexicon(lang))


def board_words(
    layout: Layout, lang: str, *, block_wild: bool = False
) -> list[tuple[ScoredWord, list[Square]]]:
    """Every word on a word-hunt board, best first, with the squares that spell it in order
    (a solid face standing for any letter where ``block_wild``)."""
    board = Board.from_layout(layout, block_wild=block_wild)
    top, left, _, _ = layout.bounds()
    words = Hunt.in_language(lang).solve(board, load_lexicon(lang))
    return [
        (
            word,
            [
                (top + row, left + col)
                for row, col in map(board.square, board.path(word.word) or ())
            ],
        )
        for word in words
    ]


def score_hunt(
    layout: Layout,
    lang: str,
    players: dict[str, str],
    *,
    fast: bool,
    compounds: bool,
    block_wild: bool = False,
) -> tuple[RoundTally, list[ScoredWord]]:
    """The round's tally of each player's written words, and every word on the board."""
    board = Board.from_layout(layout, block_wild=block_wild)
    rules = Hunt.in_language(lang, fast=fast)
    lexicon = load_lexicon(lang, compounds=compounds)
    lists = {name: parse_word_list(words) for name, words in players.items()}
    return rules.score(board, lexicon, lists), rules.solve(board, lexicon)
