"""Our bots as engines: ``batak engine --bot LEVEL`` answers a referee over the engine protocol
(docs/engine-protocol.md) on standard input and output, so any program that referees Batak
can seat them.

Each deal's bot is made afresh from the ``new_deal``'s seed (``bots.get(level, seed)``), as the
in-process match makes its bots, so a match through the protocol plays exactly the same cards as
the same match in one process. A message the engine cannot use gets an ``error`` line (with the
decide's ``id``, so a referee waiting for the answer hears of it at once) and the engine reads on;
message types it does not know are ignored, as the protocol asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

from ..deal import Phase
from ..errors import clip, shorten
from ..protocol import (
    MAX_LINE,
    PROTOCOL,
    VERSION,
    ProtocolError,
    action_answer,
    decode,
    encode,
    error_answer,
    hello_answer,
    rules_from_json,
    view_from_json,
)
from ..rules import RuleSet
from .bots import Bot, get

AUTHOR = "batak-tutor"


class _Session:
    """One engine process: the rules and the bot of the deal in hand."""

    def __init__(self, level: str, make: Callable[[str, int], Bot]) -> None:
        self.level = level
        self.make = make
        self.rules: RuleSet | None = None
        self.seat: int | None = None
        self.bot: Bot | None = None

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The line to send back for a message, if any."""
        kind = message["type"]
        if kind == "hello":
            versions = message.get("versions")
            if message.get("protocol") != PROTOCOL or not isinstance(versions, list) or VERSION not in versions:
                return error_answer(f"this engine speaks {PROTOCOL} version {VERSION}, not {shorten(versions)}")
            return hello_answer(f"batak-tutor {self.level}", AUTHOR)
        if kind == "new_deal":
            self.rules = rules_from_json(message.get("rules"))
            seat, seed = message.get("seat"), message.get("seed")
            if type(seat) is not int or not 0 <= seat <= 3:
                raise ProtocolError(f"new_deal's seat must be 0 to 3, not {shorten(seat)}")
            if type(seed) is not int or not 0 <= seed < 2 ** 64:
                raise ProtocolError(f"new_deal's seed must be a whole number from 0 to 2**64 - 1, not {shorten(seed)}")
            self.seat, self.bot = seat, self.make(self.level, seed)
            return None
        if kind == "decide":
            request = message.get("id")
            if type(request) is not int:
                raise ProtocolError(f"a decide needs a whole-number id, not {shorten(request)}")
            try:
                return action_answer(request, self._choose(message))
            except ValueError as error:  # a malformed view, or a bot refusing one (ProtocolError too)
                return error_answer(clip(str(error), 200), request)
        return None  # deal_over, and types of later versions

    def _choose(self, message: dict[str, Any]) -> Any:
        if self.rules is None or self.bot is None:
            raise ProtocolError("a decide came before any new_deal: the engine knows no rules or seat yet")
        view = view_from_json(message.get("view"), self.rules)
        if view.seat != self.seat or not view.my_turn:
            raise ProtocolError(f"the view is seat {view.seat}'s, deciding {view.decider}; this engine plays "
                                f"seat {self.seat} and decides only on its own turn")
        if view.phase not in (Phase.AUCTION, Phase.TRUMP, Phase.BURY, Phase.PLAY):
            raise ProtocolError(f"nothing to decide in the phase {view.phase.value}")
        return self.bot.choose(view)


def serve(level: str, source: IO[bytes], sink: IO[bytes], make: Callable[[str, int], Bot] = get) -> int:
    """Answer the referee on ``source``/``sink`` until it says quit or closes the input; the
    exit status (0)."""
    get(level)  # an unknown level is refused before the handshake
    session = _Session(level, make)
    while True:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE:
            _drain(source)  # the rest of the over-long line
        try:
            message = decode(line.rstrip(b"\r\n"))
            if message["type"] == "quit":
                return 0
            reply = session.answer(message)
        except ValueError as error:  # a malformed line or new_deal (ProtocolError is one)
            reply = error_answer(clip(str(error), 200))
        if reply is not None:
            sink.write(encode(reply))
            sink.flush()


def _drain(source: IO[bytes]) -> None:
    while True:
        rest = source.readline(MAX_LINE)
        if not rest or rest.endswith(b"\n"):
            return
