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

The text goes through ``documents.read_document`` (size, UTF-8, JSON, depth, format, version),
then every field is type-checked here before the engine sees it, so any input at all either
loads or raises ``SaveFileError`` with a short message (values are quoted through ``shorten``).
"""

from __future__ import annotations

import json
from typing import Any, Final

from .cards import Card
from .deal import Deal
from .documents import SaveFileError as SaveFileError  # defined there, exported here and in batak_core
from .documents import json_kind, read_document
from .errors import clip, shorten
from .game import Game
from .i18n import N_, _, format_number, pgettext
from .rules import DEFAULT_PRESET, PRESETS, RuleSet
from .shuffle import MAX_SEED, derive_seed

VERSION: Final = 1
DEAL_FORMAT: Final = "batak-tutor/deal"
GAME_FORMAT: Final = "batak-tutor/game"

DEAL_FIELDS: Final = ("format", "version", "rules", "dealer", "seed", "hands", "kitty", "actions")
GAME_FIELDS: Final = ("format", "version", "rules", "seed", "first_dealer", "deals", "totals")
ENTRY_FIELDS: Final = ("dealer", "seed", "hands", "kitty", "actions")
"""The fields of a deal, a game and a deal inside a game; any other field is refused."""

ENGINE_MESSAGE_LIMIT: Final = 200
"""The most characters of a message from the engine (or the rules) a SaveFileError repeats;
with what it adds, every message stays under 300 characters."""
ACTION_MESSAGE_LIMIT: Final = 150  # after "deal N of the game, action N ('...') cannot be replayed: "
TEXT_OPTION_LIMIT: Final = 80
LIST_OPTION_LIMIT: Final = 100
_OPTION_KINDS: Final[dict[str, type]] = {name: type(value) for name, value in PRESETS[DEFAULT_PRESET].options().items()}
_KIND_TEXT: Final[dict[type, str]] = {
    str: N_("text of at most {n} characters"), bool: N_("true or false"), int: N_("a whole number"),
    list: N_("a list of at most {n} whole numbers"),
}
"""What a rule option must be, by its kind (``{n}``: ``TEXT_OPTION_LIMIT`` or ``LIST_OPTION_LIMIT``)."""


def _kind_text(kind: type) -> str:
    if kind not in _KIND_TEXT:
        return _("of type {kind}").format(kind=kind.__name__)  # a kind of option added later
    return _(_KIND_TEXT[kind]).format(n=TEXT_OPTION_LIMIT if kind is str else LIST_OPTION_LIMIT)


def _the_deal() -> str:
    # Translators: where a problem of a save file is, "the deal: seat 2's hand has 12 cards; ...".
    return pgettext("save file", "the deal")


def _the_game() -> str:
    return pgettext("save file", "the game")


def deal_to_dict(deal: Deal, *, with_rules: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"format": DEAL_FORMAT, "version": VERSION} if with_rules else {}
    if with_rules:
        data["rules"] = deal.rules.options()
    data.update(
        dealer=deal.dealer, seed=deal.seed,
        hands=[[str(c) for c in deal.initial_hand(s)] for s in range(4)],
        kitty=[str(c) for c in deal.kitty],
        actions=[str(action) for action in deal.history],
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
    data = read_document(text, formats=(DEAL_FORMAT, GAME_FORMAT), version=VERSION, what="save file")
    is_game = data["format"] == GAME_FORMAT
    _known_fields(data, GAME_FIELDS if is_game else DEAL_FIELDS, _the_game() if is_game else _the_deal())
    rules = _rules(data)
    try:
        return _game(data, rules) if is_game else _deal(data, rules, where=_the_deal())
    except SaveFileError:
        raise
    except ValueError as error:
        raise SaveFileError(_("the save file is inconsistent: {error}").format(error=_clip(error))) from None


def load_deal(text: str | bytes) -> Deal:
    item = from_json(text)
    if not isinstance(item, Deal):
        raise SaveFileError(_("this file holds a whole game, not a single deal"))
    return item


def load_game(text: str | bytes) -> Game:
    item = from_json(text)
    if not isinstance(item, Game):
        raise SaveFileError(_("this file holds a single deal, not a game"))
    return item


def _rules(data: dict[str, Any]) -> RuleSet:
    if "rules" not in data:
        raise SaveFileError(_("the save file has no 'rules' field"))
    options = data["rules"]
    if not isinstance(options, dict):
        raise SaveFileError(_("the save file's 'rules' must be an object of option names and values, "
                              "not {found}").format(found=json_kind(options)))
    if "name" not in options:
        raise SaveFileError(_("the save file's rules have no 'name' (a preset such as 'classic', or your own)"))
    for name, value in options.items():
        kind = _OPTION_KINDS.get(name)
        if kind is None:
            raise SaveFileError(_("the save file's rules have an unknown rule option {name}; "
                                  "the {n} options are those of RuleSet.options()").format(
                                      name=shorten(name), n=len(_OPTION_KINDS)))
        if not _is_kind(value, kind):
            # Translators: {option} is a rule option's name (stays English); {wanted} says what it must be.
            raise SaveFileError(_("the save file's rules are invalid: {option} must be {wanted}, "
                                  "not {value}").format(option=name, wanted=_kind_text(kind), value=shorten(value)))
    try:
        return RuleSet.from_options(options)
    except ValueError as error:
        raise SaveFileError(_("the save file's rules are invalid: {error}").format(error=_clip(error))) from None


def _is_kind(value: object, kind: type) -> bool:
    if kind is str:
        return isinstance(value, str) and len(value) <= TEXT_OPTION_LIMIT
    if kind is list:
        return (isinstance(value, list) and len(value) <= LIST_OPTION_LIMIT
                and all(type(v) is int for v in value))
    return type(value) is kind  # bool and int apart: true is no number of deals


def _clip(error: BaseException | str, limit: int = ENGINE_MESSAGE_LIMIT) -> str:
    """A message from the engine or the rules, cut to ``limit`` characters."""
    return clip(str(error), limit)


def _known_fields(data: dict[str, Any], fields: tuple[str, ...], where: str) -> None:
    for name in data:
        if name not in fields:
            # Translators: {where} is "the deal", "the game" or "deal 2 of the game".
            raise SaveFileError(_("{where} has an unknown field {name}; its fields are: {fields}").format(
                where=where, name=shorten(name), fields=", ".join(fields)))


def _required(data: dict[str, Any], name: str, where: str) -> Any:
    if name not in data:
        raise SaveFileError(_("{where} has no {name} field").format(where=where, name=repr(name)))
    return data[name]


def _seat(data: dict[str, Any], name: str, where: str) -> int:
    value = _required(data, name, where)
    if type(value) is not int or not 0 <= value <= 3:
        raise SaveFileError(_("{where}: {name} must be a seat 0..3, not {value}").format(
            where=where, name=repr(name), value=shorten(value)))
    return value


def _seed(data: dict[str, Any], where: str, *, required: bool) -> int | None:
    value = _required(data, "seed", where) if required else data.get("seed")
    if value is None and not required:
        return None
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        text = (_("{where}: 'seed' must be a whole number from 0 to 2**64 - 1, not {value}") if required else
                _("{where}: 'seed' must be a whole number from 0 to 2**64 - 1 (or null for a deal dealt by hand), "
                  "not {value}"))
        raise SaveFileError(text.format(where=where, value=shorten(value)))
    return value


def _size(value: object) -> str:
    if isinstance(value, list):
        # Translators: what a save file holds instead of what it should, "a list of 3".
        return _("a list of {n}").format(n=format_number(len(value)))
    return json_kind(value)


def _cards(value: object, what: str, size: int) -> list[Card]:
    """The cards of a list of exactly ``size`` card names."""
    if not isinstance(value, list):
        # Translators: {what} is "the deal: seat 2's hand" or "deal 3 of the game: the kitty".
        raise SaveFileError(_("{what} must be a list of card names like \"QS\", not {found}").format(
            what=what, found=json_kind(value)))
    if len(value) != size:
        raise SaveFileError(_("{what} has {n} cards; these rules deal {size}").format(
            what=what, n=format_number(len(value)), size=size))
    cards = []
    for number, card in enumerate(value, 1):
        if not isinstance(card, str):
            raise SaveFileError(_("{what}: card {number} must be a card name like \"QS\", not {value}").format(
                what=what, number=number, value=shorten(card)))
        try:
            cards.append(Card.parse(card))
        except ValueError as error:
            raise SaveFileError(_("{what}: card {number}: {error}").format(
                what=what, number=number, error=_clip(error))) from None
    return cards


def _deal(data: dict[str, Any], rules: RuleSet, where: str) -> Deal:
    dealer = _seat(data, "dealer", where)
    seed = _seed(data, where, required=False)
    hands = _required(data, "hands", where)
    if not isinstance(hands, list) or len(hands) != 4:
        raise SaveFileError(_("{where}: 'hands' must be four lists of card names like \"QS\", one per seat, "
                              "not {found}").format(where=where, found=_size(hands)))
    # Translators: {where} is "the deal" or "deal 2 of the game"; seats are numbered 0-3.
    dealt = [_cards(hand, _("{where}: seat {seat}'s hand").format(where=where, seat=seat), rules.hand_size)
             for seat, hand in enumerate(hands)]
    kitty = _cards(data.get("kitty", []), _("{where}: the kitty").format(where=where), rules.kitty)
    actions = _required(data, "actions", where)
    if not isinstance(actions, list):
        raise SaveFileError(_("{where}: 'actions' must be a list of texts like \"bid 7\", not {found}").format(
            where=where, found=json_kind(actions)))
    for number, action in enumerate(actions, 1):
        if not isinstance(action, str):
            raise SaveFileError(_("{where}: action {number} must be text like \"bid 7\" or \"play QS\", "
                                  "not {value}").format(where=where, number=number, value=shorten(action)))
    try:
        deal = Deal(rules, dealt, dealer, kitty=kitty, seed=seed)
    except ValueError as error:
        raise SaveFileError(_("{where}: the cards as dealt are wrong: {error}").format(
            where=where, error=_clip(error))) from None
    if seed is not None:
        fresh = Deal.random(rules, seed=seed, dealer=dealer)
        if fresh.kitty != deal.kitty or any(fresh.hand_mask(s) != deal.hand_mask(s) for s in range(4)):
            raise SaveFileError(_("{where}: the hands do not match seed {seed}; the file was edited").format(
                where=where, seed=seed))
    for number, action in enumerate(actions, 1):
        try:
            deal.apply(action)
        except ValueError as error:
            # Translators: {action} is the saved action as written in the file ("play QS"), which stays as it is.
            raise SaveFileError(_("{where}, action {number} ({action}) cannot be replayed: {error}").format(
                where=where, number=number, action=shorten(action, 40),
                error=_clip(error, ACTION_MESSAGE_LIMIT))) from None
    return deal


def _game(data: dict[str, Any], rules: RuleSet) -> Game:
    the_game = _the_game()
    seed = _seed(data, the_game, required=True)
    assert seed is not None
    first_dealer = _seat(data, "first_dealer", the_game)
    deals = _required(data, "deals", the_game)
    if not isinstance(deals, list) or not deals:
        raise SaveFileError(_("the game: 'deals' must be a non-empty list of deals, not {found}").format(
            found=_size(deals)))
    for number, entry in enumerate(deals, 1):
        if not isinstance(entry, dict):
            raise SaveFileError(_("the game: deal {number} must be an object with the fields {fields}, "
                                  "not {found}").format(number=number, fields=", ".join(ENTRY_FIELDS),
                                                        found=json_kind(entry)))
    totals = _required(data, "totals", the_game)
    if not isinstance(totals, list) or len(totals) != 4 or any(type(t) is not int for t in totals):
        raise SaveFileError(_("the game: 'totals' must be four whole numbers, one per seat, not {value}").format(
            value=shorten(totals)))
    game = Game(rules, seed=seed, first_dealer=first_dealer)
    for index, entry in enumerate(deals):
        where = _("deal {number} of the game").format(number=index + 1)
        _known_fields(entry, ENTRY_FIELDS, where)
        if index > 0:
            try:
                game.next_deal()
            except ValueError as error:
                raise SaveFileError(_("{where} cannot follow the one before: {error}").format(
                    where=where, error=_clip(error))) from None
        dealer = _seat(entry, "dealer", where)
        if _seed(entry, where, required=True) != derive_seed(seed, index) or dealer != game.deal.dealer:
            raise SaveFileError(_("{where} is not the deal this game's seed and dealer rotation "
                                  "produce; the file was edited").format(where=where))
        game.deal = _deal(entry, rules, where)
    if totals != game.totals:
        raise SaveFileError(_("the stored totals {stored} do not match the replayed deals {replayed}; the file was "
                              "edited").format(stored=shorten(totals), replayed=game.totals))
    return game
