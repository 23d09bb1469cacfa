"""Lexicons built from the system's hunspell dictionaries.

The full-form list is expanded once with hunspell's ``unmunch``, filtered by
the rulebooks' rules and cached on disk; pyenchant (over the same hunspell
dictionary) explains rejections and, on request, accepts what hunspell
accepts beyond the list (Swedish free compounds).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from cubecam import paths
from cubecam.errors import DictionaryMissing, InputError
from cubecam.lexicon.base import NOT_IN_LIST, Lexicon, Verdict
from cubecam.lexicon.index import WordIndex
from cubecam.lexicon.rules import rejection, spelling_rejection

if TYPE_CHECKING:
    import enchant

DICTIONARY_DIRS = (Path("/usr/share/hunspell"), Path("/usr/share/myspell/dicts"))
DICTIONARIES = {"en": "en_US", "en_us": "en_US", "en_gb": "en_GB", "sv": "sv_SE", "sv_se": "sv_SE"}
PACKAGES = {"en_US": "hunspell-en-us", "en_GB": "hunspell-en-gb", "sv_SE": "hunspell-sv"}
COMPILE_VERSION = "4"  # 3: a word index (marisa-trie) in place of text lists; 4: checksummed


def dictionary_code(lang: str) -> str:
    """The hunspell dictionary for a ``--lang`` value.

    >>> dictionary_code("sv"), dictionary_code("en_GB")
    ('sv_SE', 'en_GB')
    """
    try:
        return DICTIONARIES[lang.lower().replace("-", "_")]
    except KeyError:
        known = ", ".join(sorted({"en", "en_GB", "sv"}))
        raise InputError(f"unknown language {lang!r} (known: {known})") from None


def dictionary_files(code: str) -> tuple[Path, Path]:
    """The .dic and .aff files of a hunspell dictionary, or a clear error naming what to install."""
    for folder in DICTIONARY_DIRS:
        dic, aff = folder / f"{code}.dic", folder / f"{code}.aff"
        if dic.is_file() and aff.is_file():
            return dic, aff
    package = PACKAGES.get(code, f"the hunspell dictionary for {code}")
    raise DictionaryMissing(
        f"the {code} hunspell dictionary is not installed: install it with "
        f"'apt-get install {package}' (or run scripts/setup.sh)"
    )


def compiled_index(code: str) -> tuple[Path, WordIndex]:
    """The filtered full-form word list of a dictionary, with its prefixes, compiled on first
    use and cached; a cached file that cannot be read or is damaged (its checksum differs) is
    compiled again, with a note, and the files of earlier compilations (other versions, the
    old text lists) are removed."""
    dic, aff = dictionary_files(code)
    digest = hashlib.sha256()
    for part in (dic.read_bytes(), aff.read_bytes(), COMPILE_VERSION.encode(), _rules_source()):
        digest.update(part)
    target = paths.lexicon_cache_dir() / f"{code}-{digest.hexdigest()[:16]}.words"
    if target.is_file():
        try:
            return target, WordIndex.load(target)
        except (OSError, ValueError) as error:
            print(f"cubecam: note: {error}: building it again", file=sys.stderr, flush=True)
    with announce_build(f"the {code} word list") as step:
        index = WordIndex.build(_expand(dic, aff, code, step))
        index.save(target)
    for old in target.parent.glob(f"{code}-*"):
        if old != target:
            old.unlink(missing_ok=True)
    return target, index


@contextmanager
def announce_build(what: str) -> Iterator[Callable[[str], None]]:
    """Say on stderr that ``what`` is being built for first use, each step, and when it is done.

    Yields a function that reports how far the build has got.
    """
    start = time.perf_counter()

    def say(message: str) -> None:
        print(f"cubecam: {message}", file=sys.stderr, flush=True)

    say(f"building {what} (first use only, cached for later)...")
    yield lambda progress: say(f"building {what}: {progress}...")
    say(f"built {what} in {time.perf_counter() - start:.1f} s")


def _rules_source() -> bytes:
    package = resources.files("cubecam.lexicon")
    return b"".join(
        package.joinpath(name).read_bytes()
        for name in ("rules.py", "abbreviations_en.txt", "abbreviations_sv.txt")
    )


def _expand(dic: Path, aff: Path, code: str, step: Callable[[str], None]) -> set[str]:
    unmunch = shutil.which("unmunch")
    if unmunch is None:
        raise DictionaryMissing(
            "hunspell's unmunch is not installed: install it with 'apt-get install hunspell-tools'"
        )
    entries, bare_roots = _standalone_entries(dic, aff)
    step(f"step 1 of 2, expanding {entries.count(chr(10)) - 1:,} entries with unmunch")
    with tempfile.TemporaryDirectory() as folder:
        filtered = Path(folder) / dic.name
        filtered.write_text(entries, "utf-8")
        result = subprocess.run(
            [unmunch, str(filtered), str(aff)], capture_output=True, check=False, timeout=600
        )
    if result.returncode != 0 or not result.stdout:
        raise DictionaryMissing(f"unmunch could not expand {dic}")
    words = set(result.stdout.decode("utf-8", errors="replace").split()) - bare_roots
    step(f"step 2 of 2, keeping the rulebooks' words of {len(words):,} forms")
    return {w for w in words if rejection(w, code) is None}


def _standalone_entries(dic: Path, aff: Path) -> tuple[str, set[str]]:
    """The .dic without entries that hunspell accepts only inside compounds or forbids.

    Also returns the roots flagged NEEDAFFIX: only their affixed forms are words.
    """
    flags = {}
    for line in aff.read_text("utf-8", errors="replace").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("ONLYINCOMPOUND", "FORBIDDENWORD", "NEEDAFFIX"):
            flags[parts[0]] = parts[1]
    dropped = {flags[k] for k in ("ONLYINCOMPOUND", "FORBIDDENWORD") if k in flags}
    lines = dic.read_text("utf-8", errors="replace").splitlines()
    kept, bare_roots = [lines[0]], set()
    for line in lines[1:]:
        word, _, rest = line.partition("/")
        entry_flags = rest.split()[0] if rest.split() else ""
        if dropped & set(entry_flags):
            continue
        if flags.get("NEEDAFFIX", "\0") in entry_flags:
            bare_roots.add(word.strip())
        kept.append(line)
    return "\n".join(kept) + "\n", bare_roots


@cache
def _enchant_dict(code: str) -> enchant.Dict:
    import enchant

    broker = enchant.Broker()
    broker.set_ordering(code, "hunspell")
    try:
        return broker.request_dict(code)
    except enchant.errors.DictNotFoundError:
        raise DictionaryMissing(
            f"enchant finds no {code} dictionary: install 'libenchant-2-2' and "
            f"'{PACKAGES.get(code, 'hunspell-' + code)}'"
        ) from None


class HunspellLexicon(Lexicon):
    """The full-form list of a system hunspell dictionary, as the rulebooks allow it.

    >>> lex = HunspellLexicon("en")
    >>> "WEAVE" in lex, lex.check("PARIS").reason
    (True, 'a proper noun (only written with a capital)')
    """

    def __init__(self, lang: str) -> None:
        self.code = dictionary_code(lang)
        self.source, index = compiled_index(self.code)
        super().__init__(index, name=f"hunspell {self.code}", lang=self.code)

    def explain(self, word: str) -> str:
        lower = word.lower()
        reason = spelling_rejection(lower)
        if reason:
            return reason
        speller = _enchant_dict(self.code)
        if speller.check(lower):
            return rejection(lower, self.lang) or (
                "accepted by hunspell only as a compound or rare form, not in the full-form list"
            )
        if speller.check(lower.capitalize()):
            return "a proper noun (only written with a capital)"
        if speller.check(lower.upper()):
            return "an abbreviation (only written in capitals)"
        return NOT_IN_LIST


class HunspellCompoundLexicon(HunspellLexicon):
    """Also accepts what hunspell accepts beyond the list (free compounds like ``bilhusbåt``).

    Listing still gives the full-form list: compounds cannot be enumerated.
    """

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.name += " + hunspell compounds"

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.check(word).ok

    def check(self, word: str) -> Verdict:
        verdict = super().check(word)
        lower = word.lower()
        if verdict.ok or rejection(lower, self.lang) or not lower.isalpha():
            return verdict
        if _enchant_dict(self.code).check(lower):
            return type(verdict)(word, True, "accepted by hunspell (compound)")
        return verdict
