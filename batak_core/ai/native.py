"""The native exact solver: a deal's double-dummy tricks from C (``exact.c``), several times
faster than the compiled ``solver.Search``: the bidding-regret oracle's full-deal solves, each
card's value where the expert solves exactly (``card_values``), and the analysis board's values
of every decision of a deal (``Context``, a search kept across positions). It plays every rule
set, the partnership games (Eşli) included. The same library draws the hidden hands
(``sample_layouts``, from ``sampling.c``) and plays the outside bot stand-in's greedy playouts
(``greedy_playouts``, not in the partnership games).

``compiled.py`` builds the C file into a shared library next to it (with the mypyc build, and
stamped the same way); without a compiler, with a stale build or with ``BATAK_PURE_PYTHON=1``,
``supports`` is False and callers use ``solver.Search``, which gives the same values. Its node
counts come close to ``Search``'s but are not the same, so a node budget may buy another number
of solves with it: callers whose results must not depend on the machine (the auction review, the
bidding puzzles) keep to ``Search``.

The C code holds no rule of its own. What may be played comes from tables filled here by asking
``legality.narrowing`` about every pattern of a suit, once per rule set:

* leads: by the trump suit's pattern in the hand, whether trump is broken and whether the hand
  holds other cards: the trumps that may be led, and whether the other cards may;
* following: by whether the led suit is trump, whether the trick was trumped, the rank of the top
  card of the led suit and the hand's pattern in that suit: the cards that may follow;
* void in the led suit, holding trumps: by the rank of the top trump in the trick (or none) and the
  hand's trump pattern: the trumps that may be played, or the whole hand;
* the same two tables for a player whose partner is winning the trick (``narrowing`` with
  ``partner_winning``), where the rules exempt such a player from the overtake and ruff duties,
  and per seat the seats whose winning card exempts it (``trick.partner_winning``);
* whether a trump played breaks trump, as the lead, on a trump lead or on a side suit;
* whether following and ruffing compare ranks (the overtaking and overtrumping duties), and
  whether the trick's winning card does (the exemption), which tells the search which ranks
  decided a result.

Tests check that the tables give ``narrowing``'s legal set on random hands of every preset and
Eşli variant, and the solver the values of ``solver.Search`` position by position.
"""

from __future__ import annotations

import array
import ctypes
import random
import weakref
from collections.abc import Sequence
from functools import cache
from typing import Final

from ..legality import breaks_trump, narrowing
from ..rules import RuleSet
from ..trick import partner_winning
from . import compiled
from .solver import SearchLimit

_PATTERNS: Final = 1 << 13
_SUIT_BITS: Final = 0x1FFF


class _Tables(ctypes.Structure):
    _fields_ = [("lead", ctypes.POINTER(ctypes.c_uint16)), ("follow", ctypes.POINTER(ctypes.c_uint16)),
                ("ruff", ctypes.POINTER(ctypes.c_uint16)), ("breaks", ctypes.c_int * 3),
                ("broken_matters", ctypes.c_int), ("raw_trump", ctypes.c_int), ("overtake_ranks", ctypes.c_int),
                ("overtrump_ranks", ctypes.c_int), ("follow_exempt", ctypes.POINTER(ctypes.c_uint16)),
                ("ruff_exempt", ctypes.POINTER(ctypes.c_uint16)), ("exempt_by", ctypes.c_int * 4),
                ("exempt_ranks", ctypes.c_int)]


@cache
def _library() -> ctypes.CDLL | None:
    path = compiled.native_library()
    if path is None:
        return None
    library = ctypes.CDLL(str(path))
    library.exact_tricks.argtypes = [ctypes.POINTER(_Tables), ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_int, ctypes.POINTER(ctypes.c_uint64), ctypes.c_longlong,
                                     ctypes.POINTER(ctypes.c_longlong)]
    library.exact_tricks.restype = ctypes.c_int
    library.exact_card_values.argtypes = [ctypes.POINTER(_Tables), ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                          ctypes.c_int, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int),
                                          ctypes.c_int, ctypes.c_longlong, ctypes.POINTER(ctypes.c_longlong),
                                          ctypes.POINTER(ctypes.c_int)]
    library.exact_card_values.restype = ctypes.c_int
    library.exact_context_open.argtypes = [ctypes.POINTER(_Tables), ctypes.c_int, ctypes.c_int]
    library.exact_context_open.restype = ctypes.c_void_p
    library.exact_context_close.argtypes = [ctypes.c_void_p]
    library.exact_context_close.restype = None
    library.exact_context_card_values.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                                  ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int),
                                                  ctypes.c_int, ctypes.c_longlong, ctypes.POINTER(ctypes.c_longlong),
                                                  ctypes.POINTER(ctypes.c_int)]
    library.exact_context_card_values.restype = ctypes.c_int
    library.exact_legal.argtypes = [ctypes.POINTER(_Tables), ctypes.c_int, ctypes.c_uint64, ctypes.c_int,
                                    ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    library.exact_legal.restype = ctypes.c_uint64
    library.greedy_playouts.argtypes = [ctypes.POINTER(_Tables), ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                                        ctypes.c_uint64, ctypes.POINTER(ctypes.c_int)]
    library.greedy_playouts.restype = None
    library.sample_layouts.argtypes = [
        ctypes.POINTER(ctypes.c_uint32), ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64, ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int), ctypes.c_int,
        ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double), ctypes.c_double, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(ctypes.c_uint64)]
    library.sample_layouts.restype = ctypes.c_int
    return library


def built() -> bool:
    """Whether the native library is built here (current, and pure Python not asked for)."""
    return _library() is not None


def supports(rules: RuleSet) -> bool:
    """Whether the native solver is built here and plays these rules: every rule set, the
    partnership games with their exemption for a partner's winning card included (its tables
    come from ``narrowing``)."""
    return built()


# The probes: trump is clubs (suit 0); a side card, the two of diamonds, stands for any other card.
_PROBE_TRUMP: Final = 0
_SIDE_CARD: Final = 1 << 13


def lead_code(rules: RuleSet, pattern: int, broken: bool, has_side: bool) -> int:
    """The lead table's entry: the trumps (of ``pattern``) that may be led, bit 13 set when the
    hand's other cards may be."""
    hand = pattern | (_SIDE_CARD if has_side else 0)
    allowed = narrowing(rules, hand, _PROBE_TRUMP, broken, -1, -1, -1)[3]
    return allowed & _SUIT_BITS | (1 << 13 if allowed & _SIDE_CARD else 0)


def follow_code(rules: RuleSet, pattern: int, led_is_trump: bool, trumped: bool, top_rank: int,
                partner_winning: bool = False) -> int:
    """The follow table's entry: the cards of ``pattern`` (in the led suit) that may be played
    (``partner_winning``: by a player whose partner is winning the trick, the exemption's table)."""
    led = _PROBE_TRUMP if led_is_trump else 1
    top_led = 13 * led + top_rank
    top_trump = top_led if led_is_trump else (12 if trumped else -1)  # a trick is trumped by the ace of clubs
    allowed = narrowing(rules, pattern << 13 * led, _PROBE_TRUMP, True, led, top_led, top_trump, partner_winning)[3]
    return allowed >> 13 * led & _SUIT_BITS


def ruff_code(rules: RuleSet, pattern: int, top_trump_rank: int, partner_winning: bool = False) -> int:
    """The ruff table's entry for a hand void in the led suit (diamonds) with trumps ``pattern``:
    the trumps it may play, or bit 13 alone when it may play any card (a spade stands for them);
    ``partner_winning`` as for ``follow_code``."""
    spade = 1 << 39
    allowed = narrowing(rules, pattern | spade, _PROBE_TRUMP, True, 1, 13, top_trump_rank,  # clubs: rank = card
                        partner_winning)[3]
    return 1 << 13 if allowed & spade else allowed & _SUIT_BITS


def _follow_table(rules: RuleSet, partner_winning: bool) -> ctypes.Array[ctypes.c_uint16]:
    follow = (ctypes.c_uint16 * (4 * 13 * _PATTERNS))()
    for led_is_trump in (0, 1):
        for trumped in (0, 1):
            for rank in range(13):
                base = ((led_is_trump * 2 + trumped) * 13 + rank) * _PATTERNS
                for pattern in range(1, _PATTERNS):
                    follow[base + pattern] = follow_code(rules, pattern, bool(led_is_trump),
                                                         bool(trumped) and not led_is_trump, rank, partner_winning)
    return follow


def _ruff_table(rules: RuleSet, partner_winning: bool) -> ctypes.Array[ctypes.c_uint16]:
    ruff = (ctypes.c_uint16 * (14 * _PATTERNS))()
    for top in range(-1, 13):
        base = (top + 1) * _PATTERNS
        for pattern in range(1, _PATTERNS):
            ruff[base + pattern] = ruff_code(rules, pattern, top, partner_winning)
    return ruff


@cache
def _tables(rules: RuleSet) -> _Tables:
    lead = (ctypes.c_uint16 * (4 * _PATTERNS))()
    for broken in (0, 1):
        for has_side in (0, 1):
            base = (broken * 2 + has_side) * _PATTERNS
            for pattern in range(_PATTERNS):
                if pattern or has_side:
                    lead[base + pattern] = lead_code(rules, pattern, bool(broken), bool(has_side))
    follow, ruff = _follow_table(rules, False), _ruff_table(rules, False)
    # The partner-winning exemption (Eşli): a player whose partner is winning the trick reads the
    # tables ``narrowing`` gives with ``partner_winning``; without the exemption in the rules they
    # would be the same tables, and no seat is exempt (``exempt_by``), as solver.Search reads it.
    exempt = rules.partner_winning_exempt
    follow_exempt = _follow_table(rules, True) if exempt else follow
    ruff_exempt = _ruff_table(rules, True) if exempt else ruff
    exempt_by = [sum(1 << win for win in range(4) if exempt and partner_winning(win, seat)) for seat in range(4)]
    pointer = ctypes.POINTER(ctypes.c_uint16)
    tables = _Tables(ctypes.cast(lead, pointer), ctypes.cast(follow, pointer), ctypes.cast(ruff, pointer),
                     (ctypes.c_int * 3)(*(int(breaks_trump(rules, 0, _PROBE_TRUMP, led)) for led in (-1, 0, 1))),
                     int(rules.trump_lead_restricted), int(rules.akq_trump_lead),
                     # Which ranks a legal set hangs on, as solver.Search reads them from the rules.
                     int(rules.must_overtake),
                     int(rules.must_ruff and (rules.must_overtrump or rules.any_card_when_cannot_overtrump)),
                     ctypes.cast(follow_exempt, pointer), ctypes.cast(ruff_exempt, pointer),
                     (ctypes.c_int * 4)(*exempt_by), int(exempt))
    vars(tables)["_arrays"] = (lead, follow, ruff, follow_exempt, ruff_exempt)  # the pointers must not outlive them
    return tables


def exact_tricks(rules: RuleSet, hands: tuple[int, int, int, int], trump: int, side: int, leader: int,
                 broken: bool = False, node_limit: int = -1) -> tuple[int, int]:
    """(the tricks the ``side`` seats take from this trick boundary on, search nodes spent):
    ``leader`` leads, every hand holds as many cards; SearchLimit past ``node_limit`` nodes
    (negative: no limit). Only where ``supports(rules)``."""
    library = _library()
    if library is None or not supports(rules):
        raise RuntimeError("the native solver is not built here or does not play these rules (see supports)")
    if len({h.bit_count() for h in hands}) != 1 or not hands[leader]:
        raise ValueError("the native solver starts at a trick boundary: every hand the same number of cards")
    masks = (ctypes.c_uint64 * 4)(*hands)
    nodes = ctypes.c_longlong(0)
    value = library.exact_tricks(ctypes.byref(_tables(rules)), trump, side, leader, int(broken), masks,
                                 node_limit, ctypes.byref(nodes))
    if value == -1:
        raise SearchLimit
    if value < 0:
        raise MemoryError("the native solver could not allocate its table")
    return value, nodes.value


def _mid_trick(rules: RuleSet, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...]
               ) -> tuple[ctypes.CDLL, ctypes.Array[ctypes.c_uint64], ctypes.Array[ctypes.c_int]]:
    """The library and the C arrays of a position in the middle of a trick, checked first."""
    library = _library()
    if library is None or not supports(rules):
        raise RuntimeError("the native solver is not built here or does not play these rules (see supports)")
    if len(trick) > 3 or not hands[(leader + len(trick)) % 4]:
        raise ValueError("a trick in progress holds at most 3 cards, and the player to move must hold a card")
    masks = (ctypes.c_uint64 * 4)(*hands)
    played = (ctypes.c_int * 4)(*trick, *([0] * (4 - len(trick))))
    return library, masks, played


def card_values(rules: RuleSet, hands: tuple[int, int, int, int], trump: int, side: int, leader: int,
                trick: tuple[int, ...], broken: bool = False, node_limit: int = -1) -> tuple[dict[int, int], int]:
    """(each legal card's tricks for the ``side`` seats from the current trick on, search nodes
    spent): ``solver.Search.card_values`` of the same position, where ``trick`` holds the cards
    already in the trick that ``leader`` led (not in ``hands``). SearchLimit past ``node_limit``
    nodes (negative: no limit). Only where ``supports(rules)``."""
    library, masks, played = _mid_trick(rules, hands, leader, trick)
    values = (ctypes.c_int * 52)()
    nodes = ctypes.c_longlong(0)
    status = library.exact_card_values(ctypes.byref(_tables(rules)), trump, side, leader, int(broken), masks, played,
                                       len(trick), node_limit, ctypes.byref(nodes), values)
    if status == -1:
        raise SearchLimit
    if status < 0:
        raise MemoryError("the native solver could not allocate its table")
    return {card: value for card, value in enumerate(values) if value >= 0}, nodes.value


class Context:
    """A native search kept across positions of one deal: the rules, trump and counting side are
    fixed and the transposition table stays, so positions searched before make the next ones
    cheaper (the analysis board values a deal's decisions from the last trick backwards).
    ``close()`` (or leaving a ``with`` block) frees the table, a few hundred MB at most; it is
    freed with the object otherwise. Only where ``supports(rules)``."""

    def __init__(self, rules: RuleSet, trump: int, side: int) -> None:
        library = _library()
        if library is None or not supports(rules):
            raise RuntimeError("the native solver is not built here or does not play these rules (see supports)")
        self.rules = rules
        self._tables = _tables(rules)
        handle = library.exact_context_open(ctypes.byref(self._tables), trump, side)
        if not handle:
            raise MemoryError("the native solver could not allocate its table")
        self._handle: int | None = handle
        self._closer = weakref.finalize(self, library.exact_context_close, handle)

    def card_values(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], broken: bool,
                    node_limit: int = -1) -> tuple[dict[int, int], int]:
        """``card_values`` of a position (the context's trump and side): each legal card's tricks
        for the side from the current trick on, and the nodes spent; SearchLimit past
        ``node_limit`` nodes (negative: no limit), the table kept sound."""
        if self._handle is None:
            raise ValueError("the context is closed")
        library, masks, played = _mid_trick(self.rules, hands, leader, trick)
        values = (ctypes.c_int * 52)()
        nodes = ctypes.c_longlong(0)
        status = library.exact_context_card_values(self._handle, leader, int(broken), masks, played, len(trick),
                                                   max(1, node_limit) if node_limit >= 0 else -1,
                                                   ctypes.byref(nodes), values)
        if status == -1:
            raise SearchLimit
        return {card: value for card, value in enumerate(values) if value >= 0}, nodes.value

    def close(self) -> None:
        self._handle = None
        self._closer()

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def legal_cards(rules: RuleSet, hand: int, trump: int, trump_broken: bool, led: int, top_led: int,
                top_trump: int, partner_winning: bool = False) -> int:
    """The legal set (a mask) as the native search reads it from its tables, with
    ``legality.narrowing``'s arguments: what the tests compare."""
    library = _library()
    if library is None or not supports(rules):
        raise RuntimeError("the native solver is not built here or does not play these rules (see supports)")
    return int(library.exact_legal(ctypes.byref(_tables(rules)), trump, hand, int(trump_broken), led, top_led,
                                   top_trump, int(partner_winning)))


def greedy_supports(rules: RuleSet) -> bool:
    """Whether ``greedy_playouts`` plays these rules: built here, and not a partnership game (the
    stand-in's play with a partner is not copied in C)."""
    return supports(rules) and not rules.partnership


def greedy_playouts(rules: RuleSet, hands: tuple[int, int, int, int], trump: int, broken: bool, leader: int,
                    trick: tuple[int, ...], candidates: int) -> dict[int, tuple[int, int, int, int]]:
    """Each seat's tricks from here on when the deal is played out by the outside bot stand-in's
    greedy policy (``greedy_card`` in benchmarks/outside_style.py, which a test holds this to),
    once after each legal card of the ``candidates`` mask, or, with ``candidates`` 0, once as it
    stands (keyed -1). ``trick`` and ``leader`` as in ``card_values``. Only where ``supports(rules)``
    and ``greedy_supports(rules)``."""
    if not greedy_supports(rules):
        raise ValueError("the native greedy playouts do not play the partnership games")
    library, masks, played = _mid_trick(rules, hands, leader, trick)
    won = (ctypes.c_int * 208)()
    library.greedy_playouts(ctypes.byref(_tables(rules)), trump, int(broken), leader, masks, played, len(trick),
                            candidates, won)
    if not candidates:
        return {-1: (won[0], won[1], won[2], won[3])}
    out = {}
    for card in range(52):
        if candidates >> card & 1:
            base = 4 * card
            out[card] = (won[base], won[base + 1], won[base + 2], won[base + 3])
    return out


# --- drawing the hidden hands (sampling.c) ------------------------------------------------------

def sampler_built() -> bool:
    """Whether ``sample_layouts`` may be called: the library is built (under any rules)."""
    return built()


@cache
def _suit_parts() -> tuple[ctypes.Array[ctypes.c_double], ctypes.Array[ctypes.c_double]]:
    from .bots.evaluate import declarer_suit_parts

    as_trump, as_side = declarer_suit_parts()
    return (ctypes.c_double * len(as_trump))(*as_trump), (ctypes.c_double * len(as_side))(*as_side)


def sample_layouts(rng: random.Random, viewer: int, mine: int, unseen: int, counts: Sequence[int],
                   excluded: Sequence[int], played_by: Sequence[int], clues: Sequence[tuple[int, int, int, int]],
                   spread: float, draws_per_sample: int, samples: int) -> list[tuple[int, int, int, int]]:
    """``knowledge.sample_hands`` ``samples`` times in C, stopping at the first draw that finds no
    layout: the same layouts from the same ``rng``, which is left where the Python draws leave it.
    The arguments are ``Knowledge``'s fields; each clue is an ``AuctionClue``'s (seat, bid,
    declined, trump)."""
    library = _library()
    if library is None:
        raise RuntimeError("the native library is not built here (see sampler_built)")
    version, words, gauss = rng.getstate()
    state = array.array("I", words)  # converted in C, unlike a ctypes array built from a tuple
    flat = [number for clue in clues for number in clue]
    out = (ctypes.c_uint64 * (4 * samples))()
    as_trump, as_side = _suit_parts()
    drawn = library.sample_layouts((ctypes.c_uint32 * 625).from_buffer(state), viewer, mine, unseen,
                                   (ctypes.c_int * 4)(*counts), (ctypes.c_uint64 * 4)(*excluded),
                                   (ctypes.c_uint64 * 4)(*played_by), (ctypes.c_int * max(1, len(flat)))(*flat),
                                   len(clues), as_trump, as_side, spread, draws_per_sample, samples, out)
    rng.setstate((version, tuple(state), gauss))
    return [(out[4 * n], out[4 * n + 1], out[4 * n + 2], out[4 * n + 3]) for n in range(drawn)]
