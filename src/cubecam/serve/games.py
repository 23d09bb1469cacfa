"""The page's scoring of a layout for one of the games (:mod:`cubecam.rules.games`)."""

from __future__ import annotations

from collections.abc import Sequence

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Layout, LayoutKind, Square
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import CrosswordGame
from cubecam.rules.game import Game
from cubecam.rules.games import GAMES, find_game
from cubecam.rules.hunt import Board, Hunt, RoundTally, ScoredWord, parse_word_list
from cubecam.rules.match import Match
from cubecam.rules.tally import CrosswordTally

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


LAYOUTS = {LayoutKind.CROSSWORD: "a crossword", LayoutKind.TRAY: "a word-hunt tray"}


def better_game(
    choice: type[Game], shown: Layout, own: Sequence[CubeSet] = ()
) -> tuple[type[Game], str] | None:
    """A game whose layout and cube set fit a photo's cubes better than ``choice``'s, and
    why; ``shown`` is the layout the cubes make, read with no game in mind. None where
    ``choice`` fits them, or no other game fits them better.

    >>> from cubecam.grid_format import parse_grid
    >>> game, why = better_game(find_game("scrabble-cubes"), parse_grid("CA[JOKER]"))
    >>> game.name, why[:50]
    ('adlib', 'the Scrabble Crossword Cubes set has no face JOKER')
    >>> game, why = better_game(find_game("hunt"), parse_grid("CAT"))
    >>> game.name, why
    ('scrabble-cubes', 'the cubes make a crossword, not a word-hunt tray')
    >>> better_game(find_game("scrabble-cubes-two"), parse_grid("CAT")) is None
    True
    """
    if shown.kind not in LAYOUTS:
        return None

    def misfits(game: type[Game]) -> list[str]:
        cubes = cubeset_of(game, own)
        return cubes.check(shown) if cubes is not None else []

    same_kind = choice.layout_kind is shown.kind
    if same_kind and not misfits(choice):
        return None
    others = [game for game in GAMES.values() if game.layout_kind is shown.kind]
    better = next((game for game in others if game is not choice and not misfits(game)), None)
    if better is None and not same_kind and others:
        better = others[0]  # the cubes' layout alone tells against the game chosen
    if better is None:
        return None
    why = (
        misfits(choice)[0]
        if same_kind
        else f"the cubes make {LAYOUTS[shown.kind]}, not {LAYOUTS[choice.layout_kind]}"
    )
    return better, why


def capture_terms(
    choice: type[Game],
    lang: str | None,
    own: Sequence[CubeSet] = (),
    logged: Match | None = None,
    wordlist: str | None = None,
) -> tuple[str, CubeSet | None, str | None]:
    """The dictionary, cube set and word list a layout of ``choice`` is scored with: those the
    ``logged`` game agreed at its start, else ``lang`` (the game's own dictionary by default),
    the set :func:`cubeset_of` gives and the ``wordlist`` file given, if any."""
    if logged is None:
        return check_lang(lang or choice.default_lang), cubeset_of(choice, own), wordlist
    if logged.kind != choice.name:
        raise InputError(
            f"game {logged.id} is {logged.game.title}: choose {logged.game.title}, not {choice.title}"
        )
    name = logged.cubeset or choice.default_set
    cubeset = next((c for c in own if c.name == name), None) or (
        load_cubeset(name) if name else None
    )
    return logged.lang or choice.default_lang, cubeset, logged.wordlist


def score_crossword(
    game: str,
    layout: Layout,
    lang: str,
    cubeset: CubeSet | None = None,
    wordlist: str | None = None,
) -> CrosswordTally:
    """The crossword game's tally of ``layout`` with ``cubeset`` (else the game's own) against
    the ``lang`` dictionary, or the ``wordlist`` that replaces it."""
    return find_game(game, CrosswordGame)(cubeset).score(layout, load_lexicon(lang, wordlist))


def board_words(
    layout: Layout, lang: str, *, block_wild: bool = False, wordlist: str | None = None
) -> list[tuple[ScoredWord, list[Square]]]:
    """Every word on a word-hunt board, best first, with the squares that spell it in order
    (a solid face standing for any letter where ``block_wild``; the words of ``wordlist``
    where given)."""
    board = Board.from_layout(layout, block_wild=block_wild)
    top, left, _, _ = layout.bounds()
    words = Hunt.in_language(lang).solve(board, load_lexicon(lang, wordlist))
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
    wordlist: str | None = None,
) -> tuple[RoundTally, list[ScoredWord]]:
    """The round's tally of each player's written words, and every word on the board."""
    board = Board.from_layout(layout, block_wild=block_wild)
    rules = Hunt.in_language(lang, fast=fast)
    lexicon = load_lexicon(lang, wordlist, compounds=compounds)
    lists = {name: parse_word_list(words) for name, words in players.items()}
    return rules.score(board, lexicon, lists), rules.solve(board, lexicon)
