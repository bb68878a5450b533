"""Deals and games as JSON: the rules, the dealt hands and the actions, replayed on load.

Format (documented in docs/save-format.md):

    {"format": "batak-tutor/deal", "version": 1, "rules": {...every option...},
     "dealer": 0, "seed": 4711 or null, "hands": [["AS", ...] x 4], "kitty": [] or 4 cards,
     "actions": ["bid 5", "pass", "trump H", "bury ...", "play QS", "redeal", ...]}

    {"format": "batak-tutor/game", "version": 1, "rules": {...}, "seed": 12, "first_dealer": 0,
     "deals": [{"dealer": 0, "seed": ..., "hands": [...], "actions": [...]}, ...],
     "totals": [..4 ints..]}

Loading replays every action through the rules engine, so an edited hand, an illegal action
or totals that do not match the deals are all rejected with a message; nothing half-loaded is
ever returned. No pickle: a save file is data, never code.
"""

from __future__ import annotations

import json
from typing import Any, Final

from .cards import Card
from .deal import Deal
from .game import Game
from .rules import RuleSet
from .shuffle import derive_seed

VERSION: Final = 1
DEAL_FORMAT: Final = "batak-tutor/deal"
GAME_FORMAT: Final = "batak-tutor/game"


class SaveFileError(ValueError):
    """A save file that is not valid JSON, not ours, from a newer version, or inconsistent."""


def deal_to_dict(deal: Deal, *, with_rules: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"format": DEAL_FORMAT, "version": VERSION} if with_rules else {}
    if with_rules:
        data["rules"] = deal.rules.options()
    data.update(
        dealer=deal.dealer, seed=deal.seed,
        hands=[[str(c) for c in deal.initial_hand(s)] for s in range(4)],
        kitty=[str(c) for c in deal.kitty],
        actions=deal.history,
    )
    return data


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "format": GAME_FORMAT, "version": VERSION, "rules": game.rules.options(),
        "seed": game.seed, "first_dealer": game.first_dealer,
        "deals": [deal_to_dict(d, with_rules=False) for d in game.deals],
        "totals": game.totals,
    }


def to_json(item: Deal | Game) -> str:
    """The JSON text of a deal or a game."""
    data = game_to_dict(item) if isinstance(item, Game) else deal_to_dict(item)
    return json.dumps(data, ensure_ascii=False, indent=1)


def from_json(text: str | bytes) -> Deal | Game:
    """A deal or a game from JSON text; raises SaveFileError saying what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveFileError(f"not a save file: the text is not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise SaveFileError("not a save file: expected a JSON object with a 'format' field")
    fmt = data.get("format")
    if fmt not in (DEAL_FORMAT, GAME_FORMAT):
        raise SaveFileError(f"not a batak-tutor save file: format is {fmt!r}, expected "
                            f"{DEAL_FORMAT!r} or {GAME_FORMAT!r}")
    version = data.get("version")
    if version != VERSION:
        raise SaveFileError(f"unsupported save file version {version!r}: this program reads version {VERSION}")
    rules = _rules(data)
    try:
        if fmt == DEAL_FORMAT:
            return _deal(data, rules, where="the deal")
        return _game(data, rules)
    except SaveFileError:
        raise
    except ValueError as error:
        raise SaveFileError(f"the save file is inconsistent: {error}") from None


def load_deal(text: str | bytes) -> Deal:
    item = from_json(text)
    if not isinstance(item, Deal):
        raise SaveFileError("this file holds a whole game, not a single deal")
    return item


def load_game(text: str | bytes) -> Game:
    item = from_json(text)
    if not isinstance(item, Game):
        raise SaveFileError("this file holds a single deal, not a game")
    return item


def _rules(data: dict[str, Any]) -> RuleSet:
    options = data.get("rules")
    if not isinstance(options, dict):
        raise SaveFileError("the save file has no 'rules' object")
    try:
        return RuleSet.from_options(options)
    except ValueError as error:
        raise SaveFileError(f"the save file's rules are invalid: {error}") from None


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    if name not in data:
        raise SaveFileError(f"{where} has no {name!r} field")
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SaveFileError(f"{where}: {name!r} has the wrong type ({type(value).__name__})")
    return value


def _deal(data: dict[str, Any], rules: RuleSet, where: str) -> Deal:
    dealer = _field(data, "dealer", int, where)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SaveFileError(f"{where}: 'seed' must be a whole number or null")
    hands = _field(data, "hands", list, where)
    if len(hands) != 4 or not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands):
        raise SaveFileError(f"{where}: 'hands' must be four lists of card names like \"QS\"")
    kitty = data.get("kitty", [])
    if not isinstance(kitty, list) or not all(isinstance(c, str) for c in kitty):
        raise SaveFileError(f"{where}: 'kitty' must be a list of card names")
    actions = _field(data, "actions", list, where)
    if not all(isinstance(a, str) for a in actions):
        raise SaveFileError(f"{where}: 'actions' must be a list of texts like \"bid 7\"")
    deal = Deal(rules, [[Card.parse(c) for c in h] for h in hands], dealer,
                kitty=[Card.parse(c) for c in kitty], seed=seed)
    if seed is not None:
        fresh = Deal.random(rules, seed=seed, dealer=dealer)
        if fresh.kitty != deal.kitty or any(fresh.hand_mask(s) != deal.hand_mask(s) for s in range(4)):
            raise SaveFileError(f"{where}: the hands do not match seed {seed}; the file was edited")
    for number, action in enumerate(actions, 1):
        try:
            deal.apply(action)
        except ValueError as error:
            raise SaveFileError(f"{where}, action {number} ({action!r}) cannot be replayed: {error}") from None
    return deal


def _game(data: dict[str, Any], rules: RuleSet) -> Game:
    seed = _field(data, "seed", int, "the game")
    first_dealer = _field(data, "first_dealer", int, "the game")
    deals = _field(data, "deals", list, "the game")
    if not deals or not all(isinstance(d, dict) for d in deals):
        raise SaveFileError("the game: 'deals' must be a non-empty list of deals")
    game = Game(rules, seed=seed, first_dealer=first_dealer)
    for index, entry in enumerate(deals):
        where = f"deal {index + 1} of the game"
        if index > 0:
            try:
                game.next_deal()
            except ValueError as error:
                raise SaveFileError(f"{where} cannot follow the one before: {error}") from None
        if entry.get("seed") != derive_seed(seed, index) or entry.get("dealer") != game.deal.dealer:
            raise SaveFileError(f"{where} is not the deal this game's seed and dealer rotation "
                                "produce; the file was edited")
        replayed = _deal(entry, rules, where)
        game.deal = replayed
    totals = data.get("totals")
    if totals != game.totals:
        raise SaveFileError(f"the stored totals {totals!r} do not match the replayed deals "
                            f"{game.totals}; the file was edited")
    return game
