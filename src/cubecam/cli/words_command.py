"""``cubecam words``: check words (the dispute settler, with their meanings), build word lists."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from cubecam.cli.options import TEXT, json_option, lexicon_options
from cubecam.errors import DictionaryMissing
from cubecam.lexicon import HunspellLexicon, load_lexicon
from cubecam.lexicon.meanings import dictionary

SET_UP_LANGUAGES = ("en", "en_GB", "sv")


@click.group()
def words() -> None:
    """Look words up in the dictionaries cubecam scores with."""


@words.command()
@click.argument("candidates", nargs=-1, required=True, metavar="WORD...", type=TEXT)
@lexicon_options()
@json_option("each word, whether it counts, why not and its meaning; the dictionaries")
def check(candidates: tuple[str, ...], lang: str, wordlist: Path | None, as_json: bool) -> None:
    """Say for each WORD whether it counts, and why not, and what it means.

    Exits 0 when every word counts, 1 when any does not. Meanings come from an
    offline dictionary (WordNet, FreeDict Swedish-English) and never change what
    counts: the word list decides.

    \b
    Example:
      cubecam words check weave paris etc --lang en
    """
    lexicon = load_lexicon(lang, wordlist)
    verdicts = [lexicon.check(word) for word in candidates]
    found, source = _meanings(candidates, lang)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "lexicon": lexicon.name,
                    "meanings": source,
                    "words": [
                        {"word": v.word, "ok": v.ok, "reason": v.reason, "meaning": found[v.word]}
                        for v in verdicts
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for v in verdicts:
            click.echo(
                f"{v.word.upper()}: " + ("counts" if v.ok else f"does not count: {v.reason}")
            )
            if found[v.word]:
                click.echo(f"  meaning: {found[v.word]}")
        click.echo(f"(dictionary: {lexicon.name}" + (f"; meanings: {source})" if source else ")"))
    sys.exit(0 if all(v.ok for v in verdicts) else 1)


def _meanings(candidates: tuple[str, ...], lang: str) -> tuple[dict[str, str | None], str | None]:
    """Each word's meaning and the dictionary they come from; a note if it is not installed."""
    try:
        source = dictionary(lang)
    except DictionaryMissing as missing:
        click.echo(f"cubecam: note: {missing}", err=True)
        return dict.fromkeys(candidates), None
    return {word: source.meaning(word) for word in candidates}, source.name


@words.command()
@click.option(
    "--lang",
    "langs",
    multiple=True,
    default=SET_UP_LANGUAGES,
    show_default=True,
    help="A built-in dictionary to build (repeat for each).",
)
def build(langs: tuple[str, ...]) -> None:
    """Build the word lists (and the word hunt's prefixes) now, not on first use.

    The set-up runs this for the dictionaries it installs; a list already built
    is only loaded.

    \b
    Example:
      cubecam words build --lang sv
    """
    for lang in langs:
        lexicon = HunspellLexicon(lang)
        click.echo(f"{lexicon.code}: {len(lexicon):,} words ready ({lexicon.source.parent})")


COMMANDS = [words]
