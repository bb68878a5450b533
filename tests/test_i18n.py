"""The course's languages: the catalogs are complete and well formed, the language is chosen the way
a learner expects, and the engine explains in the language it is asked for."""

from __future__ import annotations

import ast
import string
import threading
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import batak_core as bc
from batak_core import i18n
from batak_core.cards import CARDS, Card, Suit, describe_cards, parse_cards, parse_typed_card
from batak_core.i18n import (
    UnknownLanguage,
    active_locale,
    format_number,
    language_from_environment,
    negotiate_language,
    normalize_language,
    use_locale,
)
from batak_core.legality import duty_chain, explain_play
from batak_core.teaching.names import possessive, seat_name
from batak_core.teaching.progress import Progress
from lessons.app.languages import chosen_language, page_path, split_page

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("tr", "de")


def code_messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every message the code marks, as pybabel extracts it: (context, msgid) -> its forms."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, comment_tags=("Translators:",)):
        forms = message if isinstance(message, tuple) else (message,)
        found[(context, forms[0])] = tuple(forms)
    return found


def catalog(language: str) -> dict[tuple[str | None, str], object]:
    with i18n.catalog_path(language).open("rb") as handle:
        po = read_po(handle, locale=language)
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in po if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(scope="module")
def messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    return code_messages()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str, messages: dict) -> None:
    translations = catalog(language)
    problems = []
    for key, forms in messages.items():
        entry = translations.get(key)
        if entry is None:
            problems.append(f"not in the catalog: {key[1][:60]!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if "fuzzy" in entry.flags or not all(s.strip() for s in strings):
            problems.append(f"untranslated or fuzzy: {key[1][:60]!r}")
            continue
        wanted = set().union(*(fields(f) for f in forms))
        for text in strings:
            if fields(text) != wanted and not (len(forms) == 2 and fields(text) <= wanted):
                problems.append(f"placeholders {sorted(fields(text))} for {sorted(wanted)}: {key[1][:60]!r}")
    assert not problems, f"{len(problems)} of {len(messages)} messages: " + "; ".join(problems[:12])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_declares_its_language_and_plural_rule(language: str) -> None:
    with i18n.catalog_path(language).open("rb") as handle:
        po = read_po(handle, locale=language)
    assert str(po.locale) == language
    assert po.plural_expr == "(n != 1)" and po.num_plurals == 2


def test_english_is_the_default_and_the_engine_api_stays_english() -> None:
    assert active_locale() == "en"
    verdict = explain_play(bc.preset("miniokey"), parse_cards("AS 3S KH"), parse_cards("9S"), Suit.HEARTS, False, "3S")
    assert verdict.reason == "You can beat the 9♠, so you must play a higher spade: A♠."


@pytest.mark.parametrize(("language", "reason"), [
    ("tr", "9♠ kartını geçebiliyorsun, bu yüzden daha büyük bir maça oynamalısın: A♠."),
    ("de", "Du kannst 9♠ schlagen, also musst du ein höheres Pik spielen: A♠."),
])
def test_an_illegal_card_is_explained_in_the_language_asked_for(language: str, reason: str) -> None:
    verdict = explain_play(bc.preset("miniokey"), parse_cards("AS 3S KH"), parse_cards("9S"), Suit.HEARTS, False, "3S",
                           locale=language)
    assert not verdict.legal and verdict.rule == "overtake" and verdict.reason == reason
    assert active_locale() == "en"  # asking for a language changes nothing after the call


def test_the_duty_chain_speaks_turkish_with_turkish_card_faces() -> None:
    chain = duty_chain(bc.preset("miniokey"), parse_cards("KH QH 2C"), parse_cards("9S 10S"), Suit.HEARTS, False,
                       locale="tr")
    assert chain[0].reason == "Elinde maça yok, bu yüzden koz (kupa) oynamalısın: K♥ ve P♥."


@pytest.mark.parametrize(("language", "label", "name"), [
    ("en", "Q♠", "queen of spades"), ("tr", "K♠", "maça kızı"), ("de", "D♠", "Pik-Dame"),
])
def test_cards_show_the_letters_and_names_of_the_language(language: str, label: str, name: str) -> None:
    with use_locale(language):
        queen = Card.parse("QS")
        assert (queen.label, queen.name) == (label, name)
        assert Card.parse("10H").label == "10♥"
    assert str(queen) == "QS"  # what is saved and parsed never changes with the language


def test_lists_counts_and_names_follow_the_language() -> None:
    cards = parse_cards("QC 4C 2D")
    with use_locale("tr"):
        assert describe_cards(cards) == "K♣, 4♣ ve 2♦"
        assert Suit.HEARTS.count(3) == "3 kupa"
        assert (seat_name(0), seat_name(1), possessive(2)) == ("Sen", "Ayşe", "Mehmet'in")
    with use_locale("de"):
        assert describe_cards(cards) == "D♣, 4♣ und 2♦"
        assert Suit.CLUBS.count(1) == "1 Kreuz"
        assert seat_name(0) == "Du"
    assert describe_cards(cards) == "Q♣, 4♣ and 2♦"
    assert Suit.HEARTS.count(1) == "1 heart" and Suit.HEARTS.count(2) == "2 hearts"


@pytest.mark.parametrize(("language", "text"), [("en", "1,234.5"), ("tr", "1.234,5"), ("de", "1.234,5")])
def test_numbers_are_written_as_the_language_writes_them(language: str, text: str) -> None:
    with use_locale(language):
        assert format_number(1234.5, 1) == text
        assert format_number(-3, signed=True) == "-3" and format_number(3, signed=True) == "+3"
        assert format_number(-0.04, 1) == "0" + text[-2] + "0"  # rounds to zero: no minus sign


@pytest.mark.parametrize(("given", "code"), [("tr", "tr"), ("TR", "tr"), ("tr_TR.UTF-8", "tr"), ("de-AT", "de"),
                                             (" en ", "en")])
def test_language_codes_as_people_and_systems_write_them(given: str, code: str) -> None:
    assert normalize_language(given) == code


@pytest.mark.parametrize("given", ["fr", "", "x" * 10_000, 3, None, ["tr"]])
def test_an_unknown_language_is_refused_saying_what_is_allowed(given: object) -> None:
    with pytest.raises(UnknownLanguage) as error:
        normalize_language(given)
    assert "en, tr, de" in str(error.value) or "as text" in str(error.value)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize(("header", "code"), [
    ("tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7", "tr"), ("de-DE,de;q=0.9", "de"), ("fr-FR,fr;q=0.9", "en"),
    ("fr;q=1.0,de;q=0.5,tr;q=0.8", "tr"), ("en;q=0.1,de", "de"), ("tr;q=0", "en"), (None, "en"), ("", "en"),
    ("tr;q=banana,de;q=0.3", "de"), ("*", "en"), ("," * 5000 + "tr", "en"),
])
def test_the_browsers_language_picks_the_default(header: str | None, code: str) -> None:
    assert negotiate_language(header) == code


def test_the_environment_picks_the_command_lines_language() -> None:
    assert language_from_environment({"LC_ALL": "", "LANG": "tr_TR.UTF-8"}) == "tr"
    assert language_from_environment({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}) == "de"
    assert language_from_environment({"LC_ALL": "C.UTF-8", "LANG": "POSIX"}) == "en"
    assert language_from_environment({}) == "en"


def test_use_locale_is_seen_only_by_its_own_thread() -> None:
    seen: list[str] = []
    with use_locale("tr"):
        thread = threading.Thread(target=lambda: seen.append(active_locale()))
        thread.start()
        thread.join()
        assert active_locale() == "tr"
    assert seen == ["en"] and active_locale() == "en"


def test_a_learners_language_is_remembered_with_their_progress(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    assert progress.language is None
    progress.choose_language("tr_TR")
    progress.reset()
    assert Progress.load(path).language == "tr"
    with pytest.raises(ValueError, match="en, tr, de"):
        progress.choose_language("klingon")
    assert Progress.load(path).language == "tr"


def test_a_progress_file_with_a_bad_language_is_set_aside_not_trusted(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress.load(path).choose_language("de")
    path.write_text(path.read_text().replace('"language": "de"', '"language": "xx"'))
    progress = Progress.load(path)
    assert progress.language is None and "language" in (progress.problem or "")
    assert list(tmp_path.glob("progress.damaged-*.json"))


@pytest.mark.parametrize(("path", "split"), [
    ("05_trump.ipynb", ("en", "05_trump.ipynb")), ("tr/05_trump.ipynb", ("tr", "05_trump.ipynb")),
    ("/de/00_start_here.ipynb", ("de", "00_start_here.ipynb")), ("en/05_trump.ipynb", ("en", "en/05_trump.ipynb")),
])
def test_page_paths_name_their_edition(path: str, split: tuple[str, str]) -> None:
    assert split_page(path) == split
    if split[0] != "en" or "/" not in split[1]:
        assert page_path(*split) == path.strip("/")


def test_the_page_language_is_asked_then_remembered_then_the_browsers() -> None:
    assert chosen_language("de", "tr", "tr") == "de"
    assert chosen_language(None, "tr", "de") == "tr"
    assert chosen_language(None, None, "de-CH,de;q=0.9") == "de"
    assert chosen_language(None, None, None) == "en"
    assert chosen_language(None, None, "en-US", edition="tr") == "tr"  # a Turkish page's link stays Turkish
    assert chosen_language(None, "de", "en-US", edition="tr") == "de"


CATALOG_CALLS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_"}


def catalog_calls_the_extractor_misses(path: Path) -> list[str]:
    """Catalog calls pybabel cannot read: a literal message inside an f-string, or an f-string as
    the message (a call translating a variable, ``_(title)``, is read where its constant is marked)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missed = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and getattr(inner.func, "id", None) in CATALOG_CALLS
                        and any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in inner.args)):
                    missed.append(f"{path.relative_to(ROOT)}:{inner.lineno}: a catalog call inside an f-string")
        elif (isinstance(node, ast.Call) and getattr(node.func, "id", None) in CATALOG_CALLS
              and any(isinstance(arg, ast.JoinedStr) for arg in node.args)):
            missed.append(f"{path.relative_to(ROOT)}:{node.lineno}: an f-string as the message")
    return missed


def test_every_catalog_call_is_one_the_extractor_reads() -> None:
    sources = [p for folder in ("batak_core", "widgets", "lessons") for p in (ROOT / folder).rglob("*.py")]
    missed = [problem for path in sources for problem in catalog_calls_the_extractor_misses(path)]
    assert not missed, "\n".join(missed[:20])


@pytest.mark.parametrize(("language", "queen", "faces"), [("en", "QS", "A K Q J"), ("tr", "KS", "A P K V"),
                                                          ("de", "DS", "A K D B")])
def test_a_typed_card_is_read_as_the_languages_cards_show_it(language: str, queen: str, faces: str) -> None:
    with use_locale(language):
        assert all(parse_typed_card(card.typed) == card for card in CARDS)
        assert parse_typed_card(queen) == Card.parse("QS") and parse_typed_card("10h") == parse_typed_card("T♥")
        with pytest.raises(ValueError, match=f"\\({faces} 10/T 9..2\\)") as error:
            parse_typed_card("X" * 10_000)
        assert len(str(error.value)) < 300
    assert Card.parse("KS").rank == 13  # files and the API read English codes whatever the language
