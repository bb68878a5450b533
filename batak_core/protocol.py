"""The engine protocol's messages (docs/engine-protocol.md): JSON lines between a referee and an
engine, a seat's view as JSON and back, and the checks of everything that arrives.

Pure data: the processes are ``ai.referee`` (the referee's side) and ``ai.engine`` (ours as an
engine). Both sides check what they read here, so a malformed line from the other program is a
``ProtocolError`` that says what was wrong and what is allowed, quoting only a short piece of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from .actions import Action, ActionKind
from .cards import Card, Suit
from .deal import Bid, DealView, Phase, Trick
from .errors import clip, shorten
from .rules import RuleSet

PROTOCOL: Final = "batak-engine"
VERSION: Final = 1
VERSIONS: Final = (1,)
"""The versions this side speaks; a handshake settles on one of them."""
MAX_LINE: Final = 65_536
"""The longest line either side may send, in bytes (a view is about 2 KB)."""
MAX_NAME: Final = 80
"""The most characters of an engine's name the referee keeps."""
MAX_DEPTH: Final = 8
"""The deepest nesting a message may have (a view is four levels deep)."""

T = TypeVar("T")


class ProtocolError(ValueError):
    """A line that breaks the protocol; the message says what was wrong and what is allowed."""


class UnreadableAction(ProtocolError):
    """A well-formed answer whose action text names no action (``"play 1X"``): an illegal
    answer, not a broken conversation."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as the line that carries it."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message a line carries: a JSON object with a text ``type``, at most ``MAX_LINE`` bytes
    and ``MAX_DEPTH`` levels deep."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line is at most {MAX_LINE:,} bytes, this one has {len(line):,}")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(f"a line must be UTF-8 text, not {shorten(line)}") from None
    if _depth(text) > MAX_DEPTH:
        raise ProtocolError(f"a message nests at most {MAX_DEPTH} levels deep")
    try:
        message = json.loads(text)
    except ValueError:
        raise ProtocolError(f"a line must be one JSON object, not {shorten(text.strip())}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a message is a JSON object, not {shorten(message)}")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(f"a message needs a text 'type', not {shorten(kind)}")
    return message


def _depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), counted before parsing so a
    hostile line of 60,000 brackets cannot exhaust the parser's stack."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


# --- the referee's messages --------------------------------------------------------------------

def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "versions": list(VERSIONS)}


def new_deal(rules: RuleSet, deal: int, table: int, seat: int, dealer: int, seed: int) -> dict[str, Any]:
    return {"type": "new_deal", "deal": deal, "table": table, "seat": seat, "dealer": dealer, "seed": seed,
            "rules": rules.options()}


def decide(request: int, view: DealView, time_ms: int) -> dict[str, Any]:
    return {"type": "decide", "id": request, "view": view_to_json(view), "legal": legal_actions(view),
            "time_ms": time_ms}


def deal_over(deal: int, table: int, scores: Sequence[int], tricks_won: Sequence[int]) -> dict[str, Any]:
    return {"type": "deal_over", "deal": deal, "table": table, "scores": list(scores),
            "tricks_won": list(tricks_won)}


def quit_message() -> dict[str, Any]:
    return {"type": "quit"}


# --- the engine's messages ---------------------------------------------------------------------

def hello_answer(name: str, author: str = "") -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": name, "author": author}


def action_answer(request: int, action: Action) -> dict[str, Any]:
    return {"type": "action", "id": request, "action": str(action)}


def error_answer(message: str, request: int | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {"type": "error", "message": message}
    if request is not None:
        answer["id"] = request
    return answer


def engine_name(message: dict[str, Any]) -> str:
    """The engine's name from its hello answer, after checking it chose a version we speak."""
    if message.get("type") == "error":
        raise ProtocolError(f"the engine refused the handshake: {_text(message.get('message'), 200)}")
    if message.get("type") != "hello" or message.get("protocol") != PROTOCOL:
        raise ProtocolError(f"the engine's first line must be its hello (protocol {PROTOCOL!r}), "
                            f"not {shorten(message)}")
    version = message.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise ProtocolError(f"the engine chose protocol version {shorten(version)}; the referee speaks "
                            f"{', '.join(map(str, VERSIONS))}")
    name = message.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError(f"the engine's hello needs a 'name' (text), not {shorten(name)}")
    return _text(name.strip(), MAX_NAME)


def answered_action(message: dict[str, Any], request: int) -> Action:
    """The action an engine's answer to decision ``request`` names (legal or not: the deal
    decides that)."""
    kind = message["type"]
    if kind == "error":
        raise ProtocolError(f"the engine answered with an error: {_text(message.get('message'), 200)}")
    if kind != "action":
        raise ProtocolError(f"the answer to a decide must be an action, not a {shorten(kind)} message")
    if message.get("id") != request or type(message.get("id")) is not int:
        raise ProtocolError(f"the answer's id must be {request} (the decide's), not {shorten(message.get('id'))}")
    text = message.get("action")
    if not isinstance(text, str):
        raise ProtocolError(f"an action is text such as 'play QS' or 'bid 5', not {shorten(text)}")
    try:
        return Action.parse(text)
    except ValueError as error:
        raise UnreadableAction(f"{shorten(text)} is not an action: {_text(str(error), 200)}") from None


def _text(value: object, limit: int) -> str:
    """What the other program said, as text of at most ``limit`` characters."""
    return clip(value if isinstance(value, str) else shorten(value), limit)


def rules_from_json(data: object) -> RuleSet:
    """The table's rules from a ``new_deal``: every option by name, as ``RuleSet.options()`` gives."""
    if not isinstance(data, dict):
        raise ProtocolError(f"new_deal's rules must be an object of option names and values, not {shorten(data)}")
    try:
        return RuleSet.from_options(data)
    except (ValueError, TypeError) as error:
        raise ProtocolError(f"new_deal's rules are invalid: {_text(str(error), 200)}") from None


# --- a seat's view -----------------------------------------------------------------------------

def legal_actions(view: DealView) -> list[str]:
    """Every legal action of the seat deciding, as text; in the bury phase the one entry
    ``"bury"`` (any ``rules.kitty`` cards of the hand may be laid down)."""
    if not view.my_turn:
        return []
    if view.phase is Phase.BURY:
        return [ActionKind.BURY.value]
    actions: list[Action] = []
    if view.phase is Phase.AUCTION:
        if view.can_demand_redeal:
            actions.append(Action.redeal())
        if view.can_pass:
            actions.append(Action.pass_())
        actions += [Action.bid(n) for n in view.legal_bids]
    elif view.phase is Phase.TRUMP:
        actions += [Action.trump(suit) for suit in Suit]
    elif view.phase is Phase.PLAY:
        actions += [Action.play(card) for card in view.legal_plays]
    return [str(action) for action in actions]


def view_to_json(view: DealView) -> dict[str, Any]:
    """Everything a seat may know (its ``DealView``) as plain JSON values; the rules are not in
    it (``new_deal`` carries them)."""
    return {
        "seat": view.seat, "dealer": view.dealer, "phase": view.phase.value, "to_move": view.to_move,
        "decider": view.decider, "hand": _cards(view.hand),
        "auction": [[bid.seat, bid.bid] for bid in view.auction], "high_bid": view.high_bid,
        "announcements": list(view.announcements), "declarer": view.declarer, "contract": view.contract,
        "trump": None if view.trump is None else view.trump.letter, "trump_broken": view.trump_broken,
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in view.tricks],
        "trick_leader": view.trick_leader, "current_trick": _cards(view.current_trick),
        "tricks_won": list(view.tricks_won), "hand_sizes": list(view.hand_sizes),
        "dummy": view.dummy, "dummy_hand": _cards(view.dummy_hand), "kitty": _cards(view.kitty),
        "buried": _cards(view.buried), "can_pass": view.can_pass, "legal_bids": list(view.legal_bids),
        "legal_plays": _cards(view.legal_plays), "can_demand_redeal": view.can_demand_redeal,
        "redeal_demanded": view.redeal_demanded,
    }


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def view_from_json(data: object, rules: RuleSet) -> DealView:
    """The ``DealView`` a decide message's ``view`` describes, every field checked, under the
    deal's ``rules`` (from its ``new_deal``). ``view_from_json(view_to_json(v), v.rules) == v``."""
    if not isinstance(data, dict):
        raise ProtocolError(f"a view is a JSON object, not {shorten(data)}")
    read = _Reader(data)
    phase_text = read.field("phase", _is_text, "one of " + ", ".join(p.value for p in Phase))
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise ProtocolError(f"the view's phase must be one of {', '.join(p.value for p in Phase)}, "
                            f"not {shorten(phase_text)}") from None
    trump_text = read.field("trump", _optional(_is_text), "a suit letter (S, H, D, C) or null")
    return DealView(
        seat=read.seat("seat"), rules=rules, dealer=read.seat("dealer"), phase=phase,
        to_move=read.optional_seat("to_move"), hand=read.cards("hand"),
        auction=tuple(_bid(call) for call in read.field("auction", _is_list, "a list of [seat, bid or null]")),
        high_bid=read.optional_tricks("high_bid"), declarer=read.optional_seat("declarer"),
        contract=read.optional_tricks("contract"),
        trump=None if trump_text is None else _suit(trump_text), trump_broken=read.flag("trump_broken"),
        current_trick=read.cards("current_trick"), trick_leader=read.optional_seat("trick_leader"),
        tricks=tuple(_trick(t) for t in read.field("tricks", _is_list, "a list of tricks")),
        tricks_won=read.four("tricks_won", _is_tricks, "a number of tricks, 0 to 13"),
        legal_bids=tuple(read.numbers("legal_bids")), can_pass=read.flag("can_pass"),
        legal_plays=read.cards("legal_plays"),
        hand_sizes=read.four("hand_sizes", _is_hand_size, "a number of cards, 0 to 17"),
        decider=read.optional_seat("decider"),
        announcements=read.four("announcements", _optional(_is_tricks), "a number of tricks or null"),
        dummy=read.optional_seat("dummy"), dummy_hand=read.cards("dummy_hand"), kitty=read.cards("kitty"),
        buried=read.cards("buried"), redeal_demanded=read.flag("redeal_demanded"),
        can_demand_redeal=read.flag("can_demand_redeal"),
    )


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _is_list(value: object) -> bool:
    return isinstance(value, list)


def _is_seat(value: object) -> bool:
    return type(value) is int and 0 <= value <= 3


def _is_tricks(value: object) -> bool:
    return type(value) is int and 0 <= value <= 13


def _is_hand_size(value: object) -> bool:
    return type(value) is int and 0 <= value <= 17  # Gömmeli: 13 and the kitty's four


def _optional(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: value is None or check(value)


class _Reader:
    """Reads a view's fields, each checked, naming the field in what it raises."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def field(self, name: str, check: Callable[[object], bool], wanted: str) -> Any:
        if name not in self._data:
            raise ProtocolError(f"the view has no {name!r} field")
        value = self._data[name]
        if not check(value):
            raise ProtocolError(f"the view's {name} must be {wanted}, not {shorten(value)}")
        return value

    def seat(self, name: str) -> int:
        value: int = self.field(name, _is_seat, "a seat, 0 to 3")
        return value

    def optional_seat(self, name: str) -> int | None:
        value: int | None = self.field(name, _optional(_is_seat), "a seat, 0 to 3, or null")
        return value

    def optional_tricks(self, name: str) -> int | None:
        value: int | None = self.field(name, _optional(_is_tricks), "a number of tricks, 0 to 13, or null")
        return value

    def flag(self, name: str) -> bool:
        value: bool = self.field(name, lambda v: isinstance(v, bool), "true or false")
        return value

    def cards(self, name: str) -> tuple[Card, ...]:
        texts = self.field(name, lambda v: isinstance(v, list) and len(v) <= 52, "a list of at most 52 cards")
        return tuple(_card(text, name) for text in texts)

    def numbers(self, name: str) -> list[int]:
        values: list[int] = self.field(name, lambda v: isinstance(v, list) and all(map(_is_tricks, v)),
                                       "a list of numbers of tricks, 0 to 13")
        return values

    def four(self, name: str, check: Callable[[object], bool], wanted: str) -> tuple[Any, ...]:
        values = self.field(name, lambda v: isinstance(v, list) and len(v) == 4 and all(map(check, v)),
                            f"a list of four, each {wanted}")
        return tuple(values)


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise ProtocolError(f"a card in the view's {where} is text such as 'QS', not {shorten(text)}")
    try:
        return Card.parse(text)
    except ValueError:
        raise ProtocolError(f"the view's {where} holds {shorten(text)}, which is not a card "
                            "(rank 2-10, J, Q, K or A, then S, H, D or C)") from None


def _suit(text: str) -> Suit:
    try:
        return Suit.parse(text)
    except ValueError:
        raise ProtocolError(f"the view's trump must be a suit letter (S, H, D, C) or null, "
                            f"not {shorten(text)}") from None


def _bid(call: object) -> Bid:
    if (not isinstance(call, list) or len(call) != 2 or not _is_seat(call[0])
            or not (call[1] is None or _is_tricks(call[1]))):
        raise ProtocolError(f"a call in the view's auction is [seat, bid or null], not {shorten(call)}")
    return Bid(call[0], call[1])


def _trick(trick: object) -> Trick:
    if not isinstance(trick, dict):
        raise ProtocolError(f"a trick in the view is an object with leader, cards and winner, not {shorten(trick)}")
    read = _Reader(trick)
    cards = read.cards("cards")
    if len(cards) != 4:
        raise ProtocolError(f"a finished trick holds four cards, not {len(cards)}")
    return Trick(read.seat("leader"), cards, read.seat("winner"))
