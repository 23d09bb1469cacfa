"""Words at the table: a disputed word settled, and the players' own word lists kept."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Path, Query, Request, UploadFile

from cubecam.errors import DictionaryMissing
from cubecam.lexicon import load_lexicon
from cubecam.lexicon.meanings import meaning
from cubecam.scorelog import ScoreLog
from cubecam.serve.api import ERRORS, wordlists_of
from cubecam.serve.games import LANGS, check_lang
from cubecam.serve.schemas import Text, WordCheckOut, WordListOut
from cubecam.serve.uploads import read_upload
from cubecam.serve.wordlists import MAX_WORDLIST_BYTES, NAME_PATTERN

router = APIRouter(prefix="/api", responses=ERRORS)


@router.get(
    "/words/{word}",
    summary="Whether a word counts, why not, and what it means: a dispute settled",
)
def check_word(
    request: Request,
    word: Annotated[Text, Path(min_length=1, max_length=40)],
    lang: Annotated[str, Query(json_schema_extra={"enum": list(LANGS)})] = "en",
    wordlist: Annotated[
        str | None, Query(pattern=NAME_PATTERN, description="an uploaded word list instead")
    ] = None,
    logged: Annotated[
        int | None,
        Query(ge=1, le=2**62, description="checked as this logged game checks words instead"),
    ] = None,
) -> WordCheckOut:
    if logged is not None:
        with ScoreLog(request.app.state.db) as log:
            match = log.game(logged)
            lexicon = log.lexicon(match)
        lang = match.lang or match.game.default_lang
    else:
        own = wordlists_of(request).path(wordlist) if wordlist else None
        lexicon = load_lexicon(check_lang(lang), own)
    verdict = lexicon.check(word)
    try:
        said = meaning(word, lang)
    except DictionaryMissing:
        said = None
    return WordCheckOut(
        word=word, counts=verdict.ok, reason=verdict.reason, meaning=said, lexicon=lexicon.name
    )


@router.get("/wordlists", summary="The word lists uploaded from the page, by name")
def wordlists(request: Request) -> list[str]:
    return wordlists_of(request).names()


@router.post(
    "/wordlists",
    summary="Keep a word list of your own (UTF-8 text, one word a line) for the dictionary menu",
)
def add_wordlist(
    request: Request,
    file: Annotated[UploadFile, File(description="a text file of words, one a line")],
) -> WordListOut:
    data = read_upload(file, "word list", MAX_WORDLIST_BYTES)
    kept = wordlists_of(request).add(file.filename or "word-list.txt", data)
    return WordListOut(name=kept.name, words=kept.words)
