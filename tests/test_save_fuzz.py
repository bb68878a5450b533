"""Fuzzing the save loader: whatever the text, it loads exactly what it says or raises SaveFileError.

(a) A fixed list of nasty inputs, each refused with a short SaveFileError (also by the position
and progress readers, which share the one document reader).
(b) Seeded random mutations of real save files of deals and games under several presets and
variants. For every mutated text, ``from_json`` either raises SaveFileError (with a short
message) or returns an object that is exactly what the file says: the public engine, fed the
file's fields one by one, builds the same state, and every rule option, seat, seed, card and
total in the file is in the loaded object with its JSON type. A mutation that keeps the meaning
(layout, key order, escapes, a byte order mark) must load to the original's exact state.
Anything else escaping (TypeError, KeyError, RecursionError, a plain ValueError) fails the test.

Only the public API is used: ``bc.to_json``, ``bc.from_json``, ``bc.load_deal``, ``bc.load_game``,
``deal.snapshot()``, ``str()`` of ``deal.history`` entries, and the moves of a deal.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import batak_core as bc
from batak_core.teaching.position import Position
from batak_core.teaching.progress import Progress

MESSAGE_LIMIT = 300


def _message_of(load: Callable[[], object]) -> str:
    """Run ``load``, which must raise SaveFileError; its message must be short."""
    with pytest.raises(bc.SaveFileError) as caught:
        load()
    message = str(caught.value)
    assert message and len(message) < MESSAGE_LIMIT, message[:1000]
    return message


# --- the save files the tests start from --------------------------------------------------------

def _move(deal: bc.Deal, rng: random.Random) -> None:
    """One random legal action, through the public methods only."""
    if deal.phase is bc.Phase.AUCTION:
        if deal.can_demand_redeal and rng.random() < 0.5:
            deal.demand_redeal()
            return
        bids = deal.legal_bids()
        if deal.can_pass and (not bids or rng.random() < 0.6):
            deal.pass_bid()
        else:
            deal.bid(rng.choice(bids[:3]))
    elif deal.phase is bc.Phase.TRUMP:
        deal.declare_trump(rng.choice(list(bc.Suit)))
    elif deal.phase is bc.Phase.BURY:
        seat = deal.to_move
        assert seat is not None
        deal.bury(rng.sample(deal.hand(seat), deal.rules.kitty))
    else:
        deal.play(rng.choice(deal.legal_plays()))


def _played(deal: bc.Deal, rng: random.Random, moves: int, until: bc.Phase | None = None) -> bc.Deal:
    for _ in range(moves):
        if deal.is_finished or deal.phase is until:
            break
        _move(deal, rng)
    return deal


def _weak_hand_deal(rules: bc.RuleSet) -> bc.Deal:
    """A deal whose first player may demand a redeal (no card above 10)."""
    for seed in range(5000):
        deal = bc.Deal.random(rules, seed=seed)
        if deal.can_demand_redeal:
            return deal
    raise AssertionError("no weak hand in 5000 seeds")


RULES = [
    ("classic", None, {}), ("classic", "koz_maca", {}), ("classic", "esli", {}),
    ("turkish", "gommeli", {}), ("turkish", "koz_maca", {}), ("turkish", "esli", {}),
    ("danish", None, {}), ("gamelake", "esli", {"double_penalty": True}), ("miniokey", None, {}),
    ("classic", None, {"weak_hand_redeal": True, "move_seconds": 30}),
]


@dataclass(frozen=True)
class Saved:
    name: str
    item: bc.Deal | bc.Game
    text: str


@functools.cache
def corpus() -> tuple[Saved, ...]:
    """Real save files: deals at every stage and games of several deals, under each rule set."""
    files: list[Saved] = []
    for number, (name, variant, options) in enumerate(RULES):
        rules = bc.preset(name, variant, **options)
        label = f"{name}/{variant or 'ihaleli'}"
        rng = random.Random(number)
        for moves in (0, 3, 9, 30, 200):
            deal = _played(bc.Deal.random(rules, seed=100 * number + moves, dealer=moves % 4), rng, moves)
            files.append(Saved(f"{label} deal after {moves} moves", deal, bc.to_json(deal)))
        for phase in (bc.Phase.TRUMP, bc.Phase.BURY):
            for seed in range(20):  # the auction may end before a trump is named (Koz Maça, all pass)
                deal = _played(bc.Deal.random(rules, seed=seed), rng, 100, until=phase)
                if deal.phase is phase:
                    files.append(Saved(f"{label} deal in the {phase.value} phase", deal, bc.to_json(deal)))
                    break
        game = bc.Game(rules, seed=number, first_dealer=number % 4)
        for _ in range(2):
            _played(game.deal, rng, 500)
            game.next_deal()
        _played(game.deal, rng, 7)
        files.append(Saved(f"{label} game", game, bc.to_json(game)))
        if rules.weak_hand_redeal:
            deal = _played(_weak_hand_deal(rules), rng, 0)
            deal.demand_redeal()
            files.append(Saved(f"{label} redeal", deal, bc.to_json(deal)))
    shuffled = bc.Deal.random(bc.preset("classic"), seed=5)
    hand_made = _played(bc.Deal(bc.preset("classic"), [shuffled.initial_hand(s) for s in range(4)], dealer=1),
                        random.Random(5), 12)
    files.append(Saved("hand-made deal", hand_made, bc.to_json(hand_made)))
    return tuple(files)


def test_the_corpus_covers_every_phase_and_kind() -> None:
    deals = [s.item for s in corpus() if isinstance(s.item, bc.Deal)]
    assert {d.phase for d in deals} == set(bc.Phase)
    assert sum(isinstance(s.item, bc.Game) for s in corpus()) == len(RULES)
    assert any(str(a).startswith("bury ") for d in deals for a in d.history)


# --- what "loads exactly what the file says" means ----------------------------------------------

def _parsed(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return json.loads(text.removeprefix("\ufeff"))


def _same_json(a: object, b: object) -> bool:
    """Equal as JSON, types included (true is not 1, 1.0 is not 1)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _check_rules(rules: bc.RuleSet, options: dict[str, Any]) -> None:
    loaded = rules.options()
    for name, value in options.items():
        assert _same_json(loaded[name], value), (name, value, loaded[name])
    assert rules == bc.RuleSet.from_options(options)


def _check_deal(deal: bc.Deal, entry: dict[str, Any], rules: bc.RuleSet) -> None:
    assert deal.rules == rules
    assert type(entry["dealer"]) is int and deal.dealer == entry["dealer"]
    seed = entry.get("seed")
    assert (seed is None or type(seed) is int) and deal.seed == seed
    for seat in range(4):
        assert sorted(deal.initial_hand(seat)) == sorted(bc.Card.parse(c) for c in entry["hands"][seat])
    assert sorted(deal.kitty) == sorted(bc.Card.parse(c) for c in entry.get("kitty", []))
    assert len(deal.history) == len(entry["actions"])
    reference = bc.Deal(rules, entry["hands"], entry["dealer"], kitty=entry.get("kitty", []), seed=seed)
    for action in entry["actions"]:
        reference.apply(action)
    assert reference.snapshot() == deal.snapshot()


def check_says_what_the_file_says(item: bc.Deal | bc.Game, text: str | bytes) -> None:
    """The loaded ``item`` is exactly what ``text`` describes, nothing dropped, nothing coerced."""
    data = _parsed(text)
    rules = item.rules
    _check_rules(rules, data["rules"])
    if isinstance(item, bc.Deal):
        assert data["format"] == "batak-tutor/deal"
        _check_deal(item, data, rules)
    else:
        assert data["format"] == "batak-tutor/game"
        assert type(data["seed"]) is int and item.seed == data["seed"]
        assert type(data["first_dealer"]) is int and item.first_dealer == data["first_dealer"]
        assert len(item.deals) == len(data["deals"])
        for deal, entry in zip(item.deals, data["deals"], strict=True):
            _check_deal(deal, entry, rules)
        assert _same_json(item.totals, data["totals"])
    saved = bc.to_json(item)
    saved.encode("utf-8")  # whatever loads can be written to a file again
    assert bc.to_json(bc.from_json(saved)) == saved  # and it saves as it loaded


def check_same_as(item: bc.Deal | bc.Game, original: bc.Deal | bc.Game) -> None:
    assert type(item) is type(original) and item.rules == original.rules
    if isinstance(item, bc.Deal):
        assert isinstance(original, bc.Deal)
        assert item.snapshot() == original.snapshot() and item.seed == original.seed
    assert bc.to_json(item) == bc.to_json(original)


def test_every_corpus_file_loads_as_saved() -> None:
    for saved in corpus():
        loaded = bc.from_json(saved.text)
        check_same_as(loaded, saved.item)
        check_says_what_the_file_says(loaded, saved.text)


# --- (a) nasty inputs: each one a SaveFileError with a short message ----------------------------

def _deal_data() -> dict[str, Any]:
    return json.loads(next(s.text for s in corpus() if s.name == "classic/ihaleli deal after 30 moves"))


def _game_data() -> dict[str, Any]:
    return json.loads(next(s.text for s in corpus() if s.name == "classic/ihaleli game"))


def _edited(base: Callable[[], dict[str, Any]], edit: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
    def text() -> str:
        data = base()
        edit(data)
        return json.dumps(data)
    return text


def _deal_with(**fields: object) -> Callable[[], str]:
    return _edited(_deal_data, lambda d: d.update(fields))


def _rules_with(**options: object) -> Callable[[], str]:
    return _edited(_deal_data, lambda d: d["rules"].update(options))


def _action(text: object) -> Callable[[], str]:
    return _edited(_deal_data, lambda d: d["actions"].append(text))


def _card(seat: int, card: object) -> Callable[[], str]:
    return _edited(_deal_data, lambda d: d.update(seed=None) or d["hands"][seat].__setitem__(0, card))


def _raw(text: object) -> Callable[[], object]:
    return lambda: text


def _replace(old: str, new: str) -> Callable[[], str]:
    def text() -> str:
        base = json.dumps(_deal_data())
        assert old in base
        return base.replace(old, new, 1)
    return text


def _game_with(edit: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
    return _edited(_game_data, edit)


NOT_JSON: dict[str, Callable[[], object]] = {
    "none": _raw(None), "int": _raw(12), "float": _raw(1.5), "list": _raw(["{}"]), "dict": _raw({}),
    "empty": _raw(""), "spaces": _raw("  \n "), "null": _raw("null"), "zero": _raw("0"), "text": _raw('"deal"'),
    "array": _raw("[]"), "object": _raw("{}"), "format-null": _raw('{"format": null}'),
    "trailing-comma": _raw('{"format": "batak-tutor/deal",}'), "single-quotes": _raw("{'format': 1}"),
    "deep-array": _raw("[" * 100_000 + "]" * 100_000), "deep-open": _raw("[" * 100_000),
    "deep-object": _raw('{"a":' * 50_000 + "1" + "}" * 50_000), "depth-21": _raw("[" * 21 + "]" * 21),
    "big-int": _raw("9" * 5000), "negative-big-int": _raw("-" + "9" * 5000), "41-digits": _raw("1" * 41),
    "nan": _raw("NaN"), "infinity": _raw("[Infinity]"), "float-overflow": _raw("[1e999]"),
    "huge-float-digits": _raw("[" + "1" * 5000 + ".5]"),
    "too-long": _raw(" " * 5_000_001 + "{}"), "too-long-bytes": _raw(b" " * 5_000_001 + b"{}"),
    "bad-utf8": _raw(b'{"format": "\xff"}'), "utf16": _raw('{"format": "x"}'.encode("utf-16")),
    "utf32": _raw('{"format": "x"}'.encode("utf-32")), "nul-bytes": _raw(b"\x00" * 10),
    "lone-surrogate-bytes": _raw(b'{"format": "\xed\xa0\x80"}'), "control-char": _raw('{"format": "a\x01b"}'),
    "duplicate-key": _raw('{"format": "batak-tutor/deal", "format": "batak-tutor/deal"}'),
    "bom-only": _raw(b"\xef\xbb\xbf"), "two-boms": _raw("\ufeff\ufeff{}"),
}

NASTY: dict[str, Callable[[], object]] = {
    **NOT_JSON,
    # format and version
    "no-format": _edited(_deal_data, lambda d: d.pop("format")),
    "format-position": _deal_with(format="batak-tutor/position"),
    "format-progress": _deal_with(format="batak-tutor/progress"), "format-list": _deal_with(format=["x"]),
    "format-10mb": _deal_with(format="x" * 10_000_000), "format-1mb": _deal_with(format="x" * 1_000_000),
    "no-version": _edited(_deal_data, lambda d: d.pop("version")), "version-0": _deal_with(version=0),
    "version-2": _deal_with(version=2), "version-text": _deal_with(version="1"),
    "version-true": _deal_with(version=True), "version-float": _deal_with(version=1.0),
    "version-null": _deal_with(version=None), "version-40-digits": _deal_with(version=10**39),
    # fields
    "unknown-field": _deal_with(comment="hi"), "long-unknown-field": _deal_with(**{"x" * 1_000_000: 1}),
    "dealer-true": _deal_with(dealer=True), "dealer-false": _deal_with(dealer=False),
    "dealer-negative": _deal_with(dealer=-1), "dealer-4": _deal_with(dealer=4),
    "dealer-float": _deal_with(dealer=0.0), "dealer-text": _deal_with(dealer="0"),
    "dealer-null": _deal_with(dealer=None),
    "dealer-5000-digits": _replace('"dealer": ', '"dealer": ' + "1" * 5000 + ", \"x\": "),
    "dealer-nan": _replace('"dealer": ', '"dealer": NaN, "x": '),
    "seed-negative": _deal_with(seed=-1), "seed-too-big": _deal_with(seed=2**64), "seed-true": _deal_with(seed=True),
    "seed-text": _deal_with(seed="30"), "seed-other": _deal_with(seed=31), "seed-float": _deal_with(seed=30.0),
    "no-hands": _edited(_deal_data, lambda d: d.pop("hands")), "hands-dict": _deal_with(hands={"0": []}),
    "hands-text": _deal_with(hands="AS KS"), "hands-3": _edited(_deal_data, lambda d: d["hands"].pop()),
    "hands-5": _edited(_deal_data, lambda d: d["hands"].append([])), "hands-of-text": _deal_with(hands=["AS"] * 4),
    "hand-short": _edited(_deal_data, lambda d: d["hands"][2].pop()),
    "hand-huge": _edited(_deal_data, lambda d: d["hands"][2].extend(["AS"] * 100_000)),
    "card-twice": _edited(_deal_data, lambda d: d.update(seed=None) or d["hands"][0].__setitem__(
        0, d["hands"][1][0])),
    "card-twice-same-hand": _edited(_deal_data, lambda d: d.update(seed=None) or d["hands"][0].__setitem__(
        0, d["hands"][0][1])),
    "cards-swapped": _edited(_deal_data, lambda d: d["hands"].reverse()),
    "card-int": _card(0, 12), "card-null": _card(1, None), "card-empty": _card(2, ""), "card-1S": _card(3, "1S"),
    "card-ZZ": _card(0, "ZZ"), "card-1mb": _card(0, "Q" * 1_000_000), "card-list": _card(0, ["Q", "S"]),
    "card-surrogate": _card(0, "\ud800S"),
    "kitty-in-classic": _deal_with(kitty=["AS"]), "kitty-null": _deal_with(kitty=None), "kitty-text": _deal_with(
        kitty="AS"),
    "no-actions": _edited(_deal_data, lambda d: d.pop("actions")), "actions-text": _deal_with(actions="pass"),
    "actions-dict": _deal_with(actions={}), "actions-null": _deal_with(actions=None),
    # actions
    "verb-castle": _action("castle"), "action-empty": _action(""), "action-space": _action(" "),
    "action-bid": _action("bid"), "action-bid-negative": _action("bid -1"), "action-bid-99": _action("bid 99"),
    "action-bid-exp": _action("bid 1e3"), "action-bid-superscript": _action("bid ²"),
    "action-bid-5000-digits": _action("bid " + "7" * 5000), "action-play": _action("play"),
    "action-play-ZZ": _action("play ZZ"), "action-trump-X": _action("trump X"), "action-bury": _action("bury"),
    "action-redeal-now": _action("redeal now"), "action-pass-pass": _action("pass pass"), "action-nul": _action("\x00"),
    "action-surrogate": _action("play \ud800"), "action-1mb": _action("play " + "Q" * 1_000_000),
    "action-int": _action(7), "action-null": _action(None), "action-list": _action(["play", "QS"]),
    "action-dict": _action({"play": "QS"}), "action-true": _action(True),
    "actions-huge": _edited(_deal_data, lambda d: d["actions"].extend(["pass"] * 100_000)),
    "action-bid-after-play": _action("bid 7"), "action-redeal-classic": _action("redeal"),
    # rules
    "rules-list": _edited(_deal_data, lambda d: d.update(rules=list(d["rules"].items()))),
    "rules-null": _deal_with(rules=None), "rules-text": _deal_with(rules="classic"),
    "rules-empty": _deal_with(rules={}),
    "no-rules": _edited(_deal_data, lambda d: d.pop("rules")), "rules-no-name": _edited(_deal_data, lambda d: d[
        "rules"].pop("name")),
    "rule-unknown": _rules_with(foo=1), "rule-not-specified": _rules_with(two_or_fewer_sinks=True),
    "rule-unknown-long": _rules_with(**{"y" * 1_000_000: 1}),
    "rule-name-int": _rules_with(name=5), "rule-name-empty": _rules_with(name=""), "rule-name-null": _rules_with(
        name=None),
    "rule-name-1mb": _rules_with(name="x" * 1_000_000), "rule-min-bid-text": _rules_with(min_bid="five"),
    "rule-min-bid-true": _rules_with(min_bid=True), "rule-min-bid-99": _rules_with(min_bid=99),
    "rule-min-bid-float": _rules_with(min_bid=5.0), "rule-must-ruff-1": _rules_with(must_ruff=1),
    "rule-direction-up": _rules_with(direction="up"), "rule-direction-1mb": _rules_with(direction="x" * 1_000_000),
    "rule-direction-list": _rules_with(direction=["clockwise"]), "rule-variant-gonullu": _rules_with(variant="gonullu"),
    "rule-deal-choices-true": _rules_with(deal_choices=[True]), "rule-deal-choices-huge": _rules_with(
        deal_choices=list(range(100_000))),
    "rule-deal-choices-dict": _rules_with(deal_choices={"a": 1}), "rule-kitty-3": _rules_with(kitty=3),
    "rule-kitty-4": _rules_with(kitty=4), "rule-many-problems": _rules_with(
        min_bid=13, max_bid=1, deals=0, move_seconds=-1, kitty=3, announce_min=5, nil_points=-1, target=-5),
    # games
    "game-no-deals": _game_with(lambda d: d.pop("deals")), "game-deals-empty": _game_with(lambda d: d.update(
        deals=[])),
    "game-deals-null": _game_with(lambda d: d.update(deals=[None])), "game-deals-int": _game_with(lambda d: d.update(
        deals=[1])),
    "game-deal-is-a-save": _game_with(lambda d: d["deals"].__setitem__(0, _deal_data())),
    "game-deal-unknown-field": _game_with(lambda d: d["deals"][0].update(note=1)),
    "game-deal-seed-text": _game_with(lambda d: d["deals"][1].update(seed=str(d["deals"][1]["seed"]))),
    "game-deal-seed-null": _game_with(lambda d: d["deals"][1].update(seed=None)),
    "game-deal-dealer": _game_with(lambda d: d["deals"][1].update(dealer=(d["deals"][1]["dealer"] + 1) % 4)),
    "game-deals-swapped": _game_with(lambda d: d["deals"].reverse()),
    "game-deal-twice": _game_with(lambda d: d["deals"].insert(1, d["deals"][0])),
    "game-deal-unfinished": _game_with(lambda d: d["deals"][0]["actions"].pop()),
    "game-deal-missing": _game_with(lambda d: d["deals"].pop(1)),
    "game-deal-after-the-last": _game_with(lambda d: d["deals"].extend(copy.deepcopy(d["deals"][-1:]) * 2)),
    "game-totals": _game_with(lambda d: d.update(totals=[999, 0, 0, 0])),
    "game-totals-bool": _game_with(lambda d: d.update(totals=[False] * 4)),
    "game-totals-3": _game_with(lambda d: d.update(totals=d["totals"][:3])),
    "game-totals-text": _game_with(lambda d: d.update(totals="0 0 0 0")),
    "game-totals-huge": _game_with(lambda d: d.update(totals=list(range(100_000)))),
    "game-no-totals": _game_with(lambda d: d.pop("totals")),
    "game-seed-null": _game_with(lambda d: d.update(seed=None)), "game-seed-other": _game_with(
        lambda d: d.update(seed=d["seed"] + 1)),
    "game-first-dealer-true": _game_with(lambda d: d.update(first_dealer=True)),
    "game-first-dealer-negative": _game_with(lambda d: d.update(first_dealer=-1)),
    "game-kitty-field": _game_with(lambda d: d.update(kitty=[])),
    "game-as-deal": _game_with(lambda d: d.update(format="batak-tutor/deal")),
    "deal-as-game": _deal_with(format="batak-tutor/game"),
    "position-file": _raw(Position.around("AS KS", "QH").to_json()),
}


@pytest.mark.parametrize("name", NASTY)
def test_a_nasty_input_raises_a_short_save_file_error(name: str) -> None:
    text = NASTY[name]()
    _message_of(lambda: bc.from_json(text))  # type: ignore[arg-type]
    _message_of(lambda: bc.load_deal(text))  # type: ignore[arg-type]
    _message_of(lambda: bc.load_game(text))  # type: ignore[arg-type]


def test_the_nasty_inputs_are_not_refused_for_a_typo() -> None:
    """Each edit of a real file is applied, and the file loads without it."""
    assert bc.from_json(json.dumps(_deal_data())) and bc.from_json(json.dumps(_game_data()))
    for name, text in NASTY.items():
        if name not in NOT_JSON and name != "position-file":
            made = text()
            assert made not in (json.dumps(_deal_data()), json.dumps(_game_data())), name


@pytest.mark.parametrize("name", NOT_JSON)
def test_the_position_and_progress_readers_refuse_the_same_nasty_inputs(name: str, tmp_path: Path) -> None:
    text = NOT_JSON[name]()
    _message_of(lambda: Position.from_json(text))  # type: ignore[arg-type]
    if isinstance(text, (str, bytes)):
        path = tmp_path / "progress.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        progress = Progress.load(path)
        assert progress.lessons == {} and progress.problem and len(progress.problem) < MESSAGE_LIMIT + len(str(path))


# --- (b) seeded random mutations of real files ----------------------------------------------------

JSON_VALUES: list[object] = [
    None, True, False, 0, 1, -1, 2, 3, 4, 5, 7, 12, 13, 14, 52, 2**64, -(2**63), 10**39, 0.0, 1.0, 1.5, -0.0,
    "", " ", "x", "QS", "10S", "qs", "play QS", "bid 7", "pass", "trump H", "redeal", "bury 2C 3C 4C 5C", "S",
    "classic", "clockwise", "batak-tutor/deal", "batak-tutor/game", "\u0000", "\ud800", "é", [], {}, [0, 0, 0, 0],
    [[]], ["AS"], {"a": 1}, {"name": "classic"},
]
TEXT_SNIPPETS = ['"', "{", "}", "[", "]", ",", ":", "0", "1", "-", ".", "e", "E", "+", " ", "\n", "\\", "\\u",
                 "true", "false", "null", "NaN", "Infinity", "é", "\u2028", "\ufeff", "\x00", '"x"', "9" * 50,
                 "[" * 30, "]" * 30, '{"a": 1}']


def _paths(data: object, here: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value, as a path of keys and indices (without recursion limits:
    the documents are shallow)."""
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*here, index))
    return found


def _get(data: Any, path: tuple[object, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _structural(data: Any, rng: random.Random) -> tuple[str, Any]:
    """One change to the parsed file: a value replaced, removed, added, moved or nudged."""
    data = copy.deepcopy(data)
    path = rng.choice(_paths(data)[1:])
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    choice = rng.randrange(8)
    if choice == 0:
        new = rng.choice(JSON_VALUES)
        parent[key] = copy.deepcopy(new)
        return f"{path} = {new!r}", data
    if choice == 1:
        del parent[key]
        return f"del {path}", data
    if choice == 2 and isinstance(value, (int, float)) and not isinstance(value, bool):
        step = rng.choice([-1, 1, -2, 2, 4, 13, 2**32])
        parent[key] = value + step
        return f"{path} += {step}", data
    if choice == 3 and isinstance(value, str) and value:
        index = rng.randrange(len(value))
        new = value[:index] + rng.choice(["", "x", " ", value[index].swapcase(), value[index] * 2,
                                          str(rng.randrange(10))]) + value[index + 1:]
        parent[key] = new
        return f"{path}: {value!r} -> {new!r}", data
    if choice == 4 and isinstance(value, list) and value:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        value[i], value[j] = value[j], value[i]
        return f"{path}: swap {i} and {j}", data
    if choice == 5 and isinstance(value, list) and value:
        i = rng.randrange(len(value))
        value.insert(rng.randrange(len(value) + 1), copy.deepcopy(value[i]))
        return f"{path}: repeat item {i}", data
    if choice == 6 and isinstance(value, dict):
        extra = rng.choice(["comment", "dealer", "x", "seed", "rules", "kitty", "totals"])
        value[extra] = copy.deepcopy(rng.choice(JSON_VALUES))
        return f"{path}[{extra!r}] added or replaced", data
    if choice == 7 and isinstance(parent, list):
        moved = parent.pop(key)
        parent.insert(rng.randrange(len(parent) + 1), moved)
        return f"{path} moved", data
    parent[key] = copy.deepcopy(rng.choice(JSON_VALUES))
    return f"{path} replaced", data


def _textual(text: str, rng: random.Random) -> tuple[str, str | bytes]:
    """One change to the characters (or bytes) of the file."""
    choice = rng.randrange(7)
    at = rng.randrange(len(text) + 1)
    if choice == 0:
        end = min(len(text), at + rng.choice([1, 1, 2, 5, 30]))
        return f"delete {at}:{end}", text[:at] + text[end:]
    if choice == 1:
        snippet = rng.choice(TEXT_SNIPPETS)
        return f"insert {snippet!r} at {at}", text[:at] + snippet + text[at:]
    if choice == 2 and at < len(text):
        snippet = rng.choice(TEXT_SNIPPETS)
        return f"replace {at} with {snippet!r}", text[:at] + snippet + text[at + 1:]
    if choice == 3:
        return f"truncate at {at}", text[:at]
    if choice == 4:
        end = min(len(text), at + rng.randrange(1, 40))
        return f"repeat {at}:{end}", text[:end] + text[at:end] + text[end:]
    if choice == 5:
        raw = bytearray(text.encode())
        index = rng.randrange(len(raw))
        raw[index] = rng.randrange(256)
        return f"byte {index} = {raw[index]:#x}", bytes(raw)
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    index = rng.choice(digits)
    new = str(rng.randrange(10))
    return f"digit {index} = {new}", text[:index] + new + text[index + 1:]


def _same_meaning(data: Any, rng: random.Random) -> tuple[str, str | bytes]:
    """The same document written differently: layout, key order, escapes, a byte order mark."""

    def shuffled(value: Any) -> Any:
        if isinstance(value, dict):
            items = list(value.items())
            rng.shuffle(items)
            return {k: shuffled(v) for k, v in items}
        if isinstance(value, list):
            return [shuffled(v) for v in value]
        return value

    indent = rng.choice([None, 0, 1, 4, "\t", " \n "])
    separators = rng.choice([None, (",", ":"), (" , ", " : "), (",\n", ":\t")])
    ascii_only = rng.random() < 0.5
    text = json.dumps(shuffled(data), indent=indent, separators=separators, ensure_ascii=ascii_only)
    text = rng.choice(["", " ", "\n", "\t\r\n"]) + text + rng.choice(["", " ", "\n"])
    how = f"indent={indent!r} separators={separators!r} ascii={ascii_only}"
    if rng.random() < 0.3:
        return how + " as UTF-8 bytes with a BOM", b"\xef\xbb\xbf" + text.encode()
    if rng.random() < 0.3:
        return how + " as UTF-8 bytes", text.encode()
    return how, text


def _mutant(saved: Saved, rng: random.Random) -> tuple[str, str | bytes, bool]:
    """A mutated text of a saved file, what was done, and whether the meaning is kept."""
    roll = rng.random()
    if roll < 0.15:
        how, text = _same_meaning(json.loads(saved.text), rng)
        return how, text, True
    if roll < 0.6:
        how, data = _structural(json.loads(saved.text), rng)
        if rng.random() < 0.25:  # sometimes two changes
            more, data = _structural(data, rng)
            how += "; " + more
        return how, json.dumps(data, ensure_ascii=rng.random() < 0.5), False
    how, changed = _textual(saved.text, rng)
    return how, changed, False


def check_mutant(saved: Saved, how: str, text: str | bytes, same_meaning: bool) -> str:
    """Load one mutated text; return the outcome ("refused", "same" or "changed")."""
    context = f"{saved.name}: {how}"
    try:
        loaded = bc.from_json(text)
    except bc.SaveFileError as error:
        message = str(error)
        assert not same_meaning, f"{context}: a file with the same meaning was refused: {message}"
        assert message and len(message) < MESSAGE_LIMIT, f"{context}: message of {len(message)} characters"
        return "refused"
    except Exception as error:  # anything but SaveFileError is a bug, whatever the text
        raise AssertionError(f"{context}: {type(error).__name__} escaped: {str(error)[:300]}") from error
    try:
        if same_meaning:
            check_same_as(loaded, saved.item)
        check_says_what_the_file_says(loaded, text)
    except Exception as error:
        raise AssertionError(f"{context}: loaded, but not what the file says ({type(error).__name__}: "
                             f"{str(error)[:300]})") from error
    try:
        check_same_as(loaded, saved.item)
        return "same"
    except AssertionError:
        return "changed"


def _fuzz(seed: int, count: int) -> dict[str, int]:
    rng = random.Random(seed)
    files = corpus()
    outcomes = {"refused": 0, "same": 0, "changed": 0}
    for _ in range(count):
        saved = rng.choice(files)
        how, text, same_meaning = _mutant(saved, rng)
        outcomes[check_mutant(saved, how, text, same_meaning)] += 1
    return outcomes


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutated_save_files_load_exactly_or_raise_save_file_error(seed: int) -> None:
    outcomes = _fuzz(seed, 150)
    assert outcomes["refused"] > 50 and outcomes["same"] > 10, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 104))
def test_many_mutated_save_files_load_exactly_or_raise_save_file_error(seed: int) -> None:
    outcomes = _fuzz(seed, 2500)
    assert outcomes["refused"] > 800 and outcomes["same"] > 250 and outcomes["changed"] > 0, outcomes
