"""The JSON the API speaks, as pydantic models (they make its OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import to_jsonable_python

from cubecam.layout import Square
from cubecam.rules.game import Game
from cubecam.rules.games import GAMES
from cubecam.rules.hunt import PlayerTally, ScoredWord
from cubecam.rules.match import SheetRecord
from cubecam.rules.tally import CrosswordTally
from cubecam.serve.captures import CaptureCube
from cubecam.serve.games import LANGS
from cubecam.serve.wordlists import NAME_PATTERN
from cubecam.user_files import nfc

Text = Annotated[str, AfterValidator(nfc)]
"""Text a person typed (a name, words), taken in NFC: å sent as a + a combining ring is å."""

SYMBOL = Field(
    min_length=1,
    max_length=8,
    pattern=r"^(\?|[^\W\d_]{1,5}|BLANK|JOKER|blank|joker)$",
    description="a letter, a multi-letter face (Qu), BLANK, JOKER or ?",
    examples=["E", "Qu", "BLANK"],
)


class Strict(BaseModel):
    """What a client sends, taken only as typed: ``false`` is not a number, nor ``"1"`` a count."""

    model_config = ConfigDict(strict=True)


class ErrorOut(BaseModel):
    detail: str = Field(description="what was wrong, in one line for a person")


class GameOut(BaseModel):
    name: str = Field(examples=["scrabble-cubes"])
    title: str
    kind: str = Field(description="crossword or tray", examples=["crossword"])
    lang: str = Field(description="the default dictionary", examples=["en"])

    @classmethod
    def of(cls, game: type[Game]) -> GameOut:
        return cls(
            name=game.name, title=game.title, kind=game.layout_kind.value, lang=game.default_lang
        )


class OtherGameOut(BaseModel):
    game: GameOut
    why: str = Field(
        description="what tells against the game chosen",
        examples=["the cubes make a crossword, not a word-hunt tray"],
    )


class WordOut(BaseModel):
    word: str
    direction: str
    squares: list[tuple[int, int]]
    score: int
    valid: bool
    reason: str | None = None


class DeductionOut(BaseModel):
    line: str = Field(examples=["2 cubes left over"])
    symbols: list[str]
    values: list[int]
    total: int = Field(description="what is taken off the score")


class TallyOut(BaseModel):
    final: int = Field(description="the turn's score: total less the deductions")
    total: int = Field(description="what the words score")
    words: list[WordOut]
    deductions: list[DeductionOut]
    text: str = Field(description="the tally in the rulebook's format")
    details: dict[str, Any] = Field(description="the scoring core's full tally")

    @classmethod
    def of(cls, tally: CrosswordTally) -> TallyOut:
        words = [
            WordOut(
                word=w.word,
                direction=w.direction.lower(),
                squares=list(w.squares),
                score=w.score,
                valid=w.valid,
                reason=w.reason,
            )
            for w in tally.words
        ]
        deductions = [
            DeductionOut(
                line=f"{len(d.faces)} {d.why.format(s='' if len(d.faces) == 1 else 's')}",
                symbols=[face.symbol for face in d.faces],
                values=d.values,
                total=d.total,
            )
            for d in tally.deductions
        ]
        return cls(
            final=tally.final,
            total=tally.total,
            words=words,
            deductions=deductions,
            text=tally.render(),
            details=to_jsonable_python(tally),
        )


class CaptureOut(BaseModel):
    id: str = Field(description="names this capture in corrections and turns")
    game: str
    lang: str
    kind: str = Field(description="crossword, tray or loose")
    grid: str = Field(description="the layout as a text grid")
    origin: tuple[int, int] = Field(description="(row, col) of the grid's top-left square")
    rows: list[list[str | None]]
    unused: list[str]
    cubes: list[CaptureCube]
    tally: TallyOut | None = Field(description="the score; null for a word-hunt board")
    image_url: str | None = Field(description="the annotated photo; null for a typed grid")
    photo_url: str | None = Field(description="the photo as taken; null for a typed grid")
    image_size: tuple[int, int] | None = Field(description="(width, height) of the photo in pixels")
    notes: list[str] = Field(
        description="what the camera noted on the photo: cubes to check, a cube the set has"
        " that the photo does not show (empty for a typed grid)"
    )
    warnings: list[str] = Field(description="what scoring it noted (words, the cube set)")
    other_game: OtherGameOut | None = Field(
        default=None,
        description="a game the photo's layout or faces fit better than the one chosen (a"
        " crossword read for the word hunt, a joker for Game One); null where it fits",
    )
    recorded: str | None = Field(
        description="what the capture is recorded as in the score log; null until it is",
        examples=["Ann's turn in round 1 of game 3"],
    )


GAME = Field(json_schema_extra={"enum": list(GAMES)}, examples=["scrabble-cubes"])
LOGGED = Field(
    default=None,
    ge=1,
    le=2**62,
    description="the logged game it is for: scored with the dictionary, word list and cube set"
    " agreed at that game's start (lang is then ignored)",
)
BLOCK_WILD = "a solid face (BLOCK, on 6×6 dice) stands for any one letter, as the players agree"
LANG = Field(
    default=None,
    json_schema_extra={"enum": [*LANGS, None]},
    description="the dictionary; the game's own by default",
)
WORDLIST = Field(
    default=None,
    pattern=NAME_PATTERN,
    description="a word list uploaded from the page (GET /api/wordlists), checked in place of"
    " the dictionary; lang says its language (the game's by default)",
    examples=["house-rules"],
)


class GridIn(Strict):
    game: str = GAME
    grid: str = Field(min_length=1, max_length=4000, examples=["TIGER\nOF...\nunused: T U"])
    lang: str | None = LANG
    logged: int | None = LOGGED
    wordlist: str | None = WORDLIST


class AddedCubeIn(Strict):
    row: int | None = Field(
        default=None, ge=-50, le=50, description="the empty square's row; null: left over"
    )
    col: int | None = Field(default=None, ge=-50, le=50)
    symbol: str = SYMBOL


class MoveIn(Strict):
    row: int | None = Field(
        default=None, ge=-50, le=50, description="the empty square's row; null: left over"
    )
    col: int | None = Field(default=None, ge=-50, le=50)


class CorrectionIn(Strict):
    cube: int = Field(ge=0, le=1000, description="the cube's index in the capture's cubes")
    symbol: str = SYMBOL


class HuntPlayerIn(Strict):
    name: Text = Field(min_length=1, max_length=40, examples=["Anna"])
    words: Text = Field(
        max_length=20000, description="the words the player wrote, one a line", examples=["rakt"]
    )


class HuntIn(Strict):
    players: list[HuntPlayerIn] = Field(min_length=1, max_length=12)
    fast: bool = Field(default=False, description="the fast variant: every valid word scores")
    compounds: bool = Field(
        default=False, description="also accept the compounds hunspell accepts beyond its list"
    )
    block_wild: bool = Field(default=False, description=BLOCK_WILD)


class MeaningOut(BaseModel):
    word: str
    meaning: str | None = Field(
        description="a short meaning; null where the dictionary has none (it never decides "
        "whether the word counts: the word list does)"
    )


class BoardWordOut(BaseModel):
    word: str
    points: int
    path: list[tuple[int, int]] = Field(
        description="the (row, col) squares that spell it, in order"
    )


class BoardWordsOut(BaseModel):
    words: list[BoardWordOut] = Field(description="every word on the board, best first")
    max_score: int = Field(description="what every word on the board would score")

    @classmethod
    def of(cls, words: list[tuple[ScoredWord, list[Square]]]) -> BoardWordsOut:
        """From :func:`cubecam.serve.games.board_words`."""
        return cls(
            words=[BoardWordOut(word=w.word, points=w.points, path=path) for w, path in words],
            max_score=sum(w.points for w, _ in words),
        )


class HuntOut(BaseModel):
    rules: str = Field(examples=["Swedish word hunt"])
    fast: bool
    lexicon: str = Field(description="the word list, and whether compounds count")
    players: list[PlayerTally]
    winner: str | None = Field(description="null on a tie")
    winners: list[str]
    missed: list[ScoredWord] = Field(description="the best words on the board nobody wrote")
    max_score: int = Field(description="what every word on the board would score")
    text: str = Field(description="the tally as read out at the table")


class KindOut(BaseModel):
    name: str = Field(examples=["scrabble-cubes-two"])
    title: str


class LoggedGameOut(BaseModel):
    id: int
    kind: str = Field(description="the logged game's kind", examples=["scrabble-cubes-two"])
    title: str = Field(examples=["Game 3: Scrabble Crossword Cubes, Game Two, to 250"])
    players: list[str] = Field(description="the names that score, partnerships as one")
    to_play: list[str]
    status: str = Field(examples=["Bo to play (round 2)"])
    over: bool
    lang: str = Field(description="the dictionary the game was agreed to use", examples=["sv"])
    wordlist: str | None = Field(
        description="the file name of the word list the game checks words against in place of"
        " the dictionary; null: the dictionary",
        examples=["house-rules.txt"],
    )
    fast: bool = Field(description="a word hunt played in the fast variant, as agreed at its start")
    compounds: bool = Field(description="a word hunt that accepts hunspell's compounds")
    block_wild: bool = Field(
        description="a word hunt whose solid face stands for any one letter, as agreed at its start"
    )
    etag: str = Field(
        description="the version of the game's sheet, as its ETag: send it as If-Match with a"
        " write, which is refused (412) where the sheet has changed since",
        examples=['"3-5f2a9c0d1e2b3a4c"'],
    )
    last: str | None = Field(
        description="the last turn, toss, pass or round: what an undo removes; null before the"
        " first",
        examples=["Bo's turn in round 1 (22)"],
    )
    may_pass: list[str] = Field(
        description="who may pass for the rest of the round now (Game Two, after the second toss)"
    )


class NewGameIn(Strict):
    kind: str = Field(json_schema_extra={"enum": list(GAMES)}, examples=["scrabble-cubes"])
    players: list[Text] = Field(min_length=1, max_length=8, examples=[["Ann", "Bo"]])
    target: int | None = Field(default=None, ge=1, le=10000)
    rounds: int | None = Field(default=None, ge=1, le=100)
    lang: str | None = LANG
    wordlist: str | None = WORDLIST
    fast: bool = Field(default=False, description="a word hunt: the fast variant, for every round")
    block_wild: bool = Field(default=False, description="a word hunt: " + BLOCK_WILD)


class SheetOut(BaseModel):
    game: LoggedGameOut
    text: str = Field(description="the score sheet as printed by 'cubecam game show'")
    sheet: SheetRecord = Field(description="the score log's full sheet")


class TurnIn(Strict):
    capture: str = Field(pattern=r"^[0-9a-f]{16}$", description="the capture to record")
    player: Text = Field(min_length=1, max_length=40)


class RoundIn(Strict):
    capture: str = Field(pattern=r"^[0-9a-f]{16}$", description="the word-hunt board's capture")
    players: list[HuntPlayerIn] = Field(min_length=1, max_length=12)
    fast: bool | None = Field(
        default=None,
        description="the variant the words were scored in on the page; refused where it is not"
        " the game's",
    )
    block_wild: bool | None = Field(
        default=None, description="as the words were scored on the page; as fast"
    )


class PassIn(Strict):
    player: Text = Field(min_length=1, max_length=40)


class RecordedOut(BaseModel):
    text: str = Field(description="the turn's tally as the score log printed it")
    sheet: SheetOut


class UndoneOut(BaseModel):
    text: str = Field(description="what was undone", examples=["Undone: Ann +22"])
    sheet: SheetOut


class LiveIn(BaseModel):
    game: str = GAME
    lang: str | None = LANG
    logged: int | None = LOGGED
    wordlist: str | None = WORDLIST


class LiveStartOut(BaseModel):
    id: str = Field(description="names this live view in its frames and its hold")


class LiveMarkOut(BaseModel):
    symbol: str
    corners: list[tuple[float, float]] = Field(description="in the frame's pixels")


class LiveOut(BaseModel):
    frames: int = Field(description="frames seen so far")
    reads: int = Field(description="frames read so far")
    steady: bool = Field(description="the last few readings agreed")
    grid: str = Field(description="the layout voted so far, as a text grid")
    frame_size: tuple[int, int] = Field(description="(width, height) of the frame")
    cubes: list[LiveMarkOut] = Field(description="the latest reading's cubes on this frame")
    tally: TallyOut | None = Field(description="the voted layout's score; null for a word hunt")
    hunt: BoardWordsOut | None = Field(
        default=None,
        description="a word hunt's running score: every word on the voted board and its "
        "points, as 'cubecam watch --game hunt' prints them; null for a crossword, or before "
        "the tray is read whole",
    )
    held: bool = Field(description="a frame read as the voted layout is ready for Hold")


class MovedOut(BaseModel):
    detail: str = Field(
        description="what another phone recorded or undid since the version sent",
        examples=[
            "round 2 (Ann 9, Bo 6) was recorded from another phone meanwhile, so nothing was"
            " written: check the sheet and try again"
        ],
    )
    sheet: SheetOut = Field(description="the sheet as it is now")


class WordCheckOut(BaseModel):
    word: str
    counts: bool = Field(description="whether the word counts in the dictionary or word list")
    reason: str | None = Field(
        description="why it does not count; null where it does", examples=["a proper noun"]
    )
    meaning: str | None = Field(
        description="a short meaning from an offline dictionary, where it has one (it never"
        " decides whether the word counts)"
    )
    lexicon: str = Field(description="what it was checked against", examples=["hunspell en_US"])


class WordListOut(BaseModel):
    name: str = Field(description="its name in the dictionary menu", examples=["house-rules"])
    words: int = Field(description="how many words it holds")
