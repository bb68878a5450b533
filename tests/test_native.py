"""The native exact solver (``batak_core/ai/exact.c`` through ``batak_core.ai.native``): its
legality is ``legality.narrowing``'s, and its values are ``solver.Search``'s, position by position."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from batak_core import preset
from batak_core.ai import compiled, native
from batak_core.ai.bots import bidding
from batak_core.ai.solver import Position, Search, SearchLimit
from batak_core.legality import legal_mask, narrowing
from batak_core.rules import PRESETS, VARIANTS, RuleSet, Variant
from batak_core.seats import side_mask
from batak_core.trick import advance, partner_winning

pytestmark = pytest.mark.skipif(compiled.native_library() is None,
                                reason="the native solver is not built here (no C compiler, or pure Python asked for)")

# Every preset, and the play options no preset combines this way.
RULE_SETS: dict[str, RuleSet] = {name: preset(name) for name in PRESETS} | {
    "miniokey, A-K-Q may be led": preset("miniokey", akq_trump_lead=True),
    "classic, any card when one cannot overtrump": preset("classic", any_card_when_cannot_overtrump=True),
    "turkish, trump broken only by a ruff": preset("turkish", trump_broken_by="ruff_only"),
    "gamelake, no overtaking": preset("gamelake", must_overtake=False),
} | {f"{name} {variant.value}": preset(name, variant) for (name, variant) in VARIANTS if variant is Variant.ESLI}
"""The partnership games (Eşli) too: turkish with the exemption for a partner's winning card."""


def random_hand(rng: random.Random, cards: int, taken: int = 0) -> int:
    free = [c for c in range(52) if not taken >> c & 1]
    return sum(1 << c for c in rng.sample(free, cards))


def random_trick_state(rng: random.Random, hand: int, trump: int) -> tuple[int, int, int]:
    """(led suit, its top card, the top trump) of some trick in progress the hand has not played to:
    the cards on the table are not in the hand."""
    if rng.random() < 0.25:
        return -1, -1, -1
    led = rng.randrange(4)
    top_led = rng.choice([c for c in range(13 * led, 13 * led + 13) if not hand >> c & 1] or [13 * led])
    if led == trump:
        return led, top_led, top_led
    top_trump = -1
    if trump >= 0 and rng.random() < 0.4:
        top_trump = rng.choice([c for c in range(13 * trump, 13 * trump + 13) if not hand >> c & 1] or [13 * trump])
    return led, top_led, top_trump


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_native_tables_give_narrowings_legal_set(name: str) -> None:
    """On 3,000 random hands and tricks a rule set, the cards the native search may play are
    exactly ``legality.narrowing``'s, the partner winning the trick or not."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    for _ in range(3000):
        hand = random_hand(rng, rng.randint(1, 13))
        trump = rng.randrange(-1, 4)
        led, top_led, top_trump = random_trick_state(rng, hand, trump)
        broken = rng.random() < 0.5
        partner = led >= 0 and rng.random() < 0.5
        expected = narrowing(rules, hand, trump, broken, led, top_led, top_trump, partner)[3]
        assert native.legal_cards(rules, hand, trump, broken, led, top_led, top_trump, partner) == expected, (
            name, hand, trump, broken, led, top_led, top_trump, partner)


def test_the_exemption_tables_are_narrowings_with_a_partner_winning() -> None:
    """Turkish Eşli: a player whose partner is winning a trick of diamonds may play any diamond
    (no overtake duty) and, void in diamonds, any card (no ruff duty); the others may not."""
    rules = preset("turkish", variant="esli")
    hand = 1 << 13 | 1 << 25  # the two and the ace of diamonds
    assert native.legal_cards(rules, hand, 0, True, 1, 13 + 9, -1, True) == hand
    assert native.legal_cards(rules, hand, 0, True, 1, 13 + 9, -1, False) == 1 << 25
    void = 1 << 0 | 1 << 40  # the two of clubs (trump) and a spade
    assert native.legal_cards(rules, void, 0, True, 1, 13 + 9, -1, True) == void
    assert native.legal_cards(rules, void, 0, True, 1, 13 + 9, -1, False) == 1 << 0


def random_position(rng: random.Random, cards: int) -> tuple[tuple[int, int, int, int], int, int, int, bool]:
    """(hands of ``cards`` each, trump, declarer seat, leader, trump broken) at a trick boundary;
    the declarer's side is ``side_mask(rules, declarer)`` (with a partner in the Eşli games)."""
    deck = rng.sample(range(52), 4 * cards)
    hands = tuple(sum(1 << c for c in deck[i * cards:(i + 1) * cards]) for i in range(4))
    return hands, rng.randrange(-1, 4), rng.randrange(4), rng.randrange(4), rng.random() < 0.5  # type: ignore[return-value]


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_native_solver_finds_the_searchs_value_in_every_position(name: str) -> None:
    """300 random trick-boundary positions of 2 to 8 cards a hand, any trump (or none), any
    leader and declarer, trump broken or not: the same tricks as ``solver.Search``."""
    rules = RULE_SETS[name]
    rng = random.Random(f"{name} values")
    for number in range(300):
        hands, trump, declarer, leader, broken = random_position(rng, 2 + number % 7)
        side = side_mask(rules, declarer)
        expected = Search(rules, trump, side).value(Position(rules, hands, trump, broken, leader, (), side, 0))
        value, nodes = native.exact_tricks(rules, hands, trump, side, leader, broken)
        assert value == expected and nodes >= 0, (name, hands, trump, declarer, leader, broken)


def random_trick_in_progress(rng: random.Random, rules: RuleSet, hands: list[int], trump: int, leader: int,
                             broken: bool) -> tuple[int, ...]:
    """Up to three legal cards played to a trick that ``leader`` leads, taken out of ``hands``."""
    trick: list[int] = []
    for depth in range(rng.randrange(4)):
        led = top_led = top_trump = win = -1
        for i, card in enumerate(trick):
            led, top_led, top_trump, win = advance(i, led, top_led, top_trump, win, (leader + i) % 4, card, trump)
        seat = (leader + depth) % 4
        allowed = legal_mask(rules, hands[seat], trump, broken, led, top_led, top_trump, partner_winning(win, seat))
        card = rng.choice([c for c in range(52) if allowed >> c & 1])
        trick.append(card)
        hands[seat] &= ~(1 << card)
    return tuple(trick)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_native_card_values_are_the_searchs_in_and_between_tricks(name: str) -> None:
    """300 random positions of 2 to 9 cards a hand, with 0 to 3 cards of a trick played: every
    legal card's value is ``solver.Search.card_values``'s (what the expert's exact solves use)."""
    rules = RULE_SETS[name]
    rng = random.Random(f"{name} card values")
    for number in range(300):
        hands, trump, declarer, leader, broken = random_position(rng, 2 + number % 8)
        open_hands = list(hands)
        trick = random_trick_in_progress(rng, rules, open_hands, trump, leader, broken)
        side = side_mask(rules, declarer)
        position = Position(rules, tuple(open_hands), trump, broken, leader, trick, side, 0)  # type: ignore[arg-type]
        expected = Search(rules, trump, side).card_values(position)
        values, nodes = native.card_values(rules, position.hands, trump, side, leader, trick, broken)
        assert values == expected and nodes >= 0, (name, hands, trump, declarer, leader, broken, trick)


def random_line(rng: random.Random, rules: RuleSet, cards: int) -> tuple[int, int, list[Position]]:
    """(trump, side, the positions of a random legal play of a deal of ``cards`` a hand, card by card)."""
    hands, trump, declarer, leader, broken = random_position(rng, cards)
    side = side_mask(rules, declarer)
    held = list(hands)
    trick: list[int] = []
    positions = []
    led = top_led = top_trump = win = -1
    while held[leader] or trick:
        seat = (leader + len(trick)) % 4
        positions.append(Position(rules, (held[0], held[1], held[2], held[3]), trump, broken, leader, tuple(trick),
                                  side, 0))
        allowed = legal_mask(rules, held[seat], trump, broken, led, top_led, top_trump, partner_winning(win, seat))
        card = rng.choice([c for c in range(52) if allowed >> c & 1])
        held[seat] &= ~(1 << card)
        led, top_led, top_trump, win = advance(len(trick), led, top_led, top_trump, win, seat, card, trump)
        trick.append(card)
        if len(trick) == 4:
            leader, trick, led, top_led, top_trump, win = win, [], -1, -1, -1, -1
    return trump, side, positions


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_a_kept_context_values_a_whole_line_as_the_search_does_from_its_end(name: str) -> None:
    """``native.Context``, one per side kept from the last position of a deal back to its first
    (as the analysis board uses it), gives every position ``Search.card_values``'s values; a
    call stopped by its node limit leaves the table sound for the next calls."""
    rules = RULE_SETS[name]
    rng = random.Random(f"{name} kept context")
    for number in range(6):
        trump, side, positions = random_line(rng, rules, 4 + number)
        with native.Context(rules, trump, side) as context:
            for at, pos in enumerate(reversed(positions)):
                if at % 7 == 3 and len(pos.trick) < 3:  # (the last card of a trick may search no node)
                    with pytest.raises(SearchLimit):
                        context.card_values(pos.hands, pos.leader, pos.trick, pos.trump_broken, 1)
                values, nodes = context.card_values(pos.hands, pos.leader, pos.trick, pos.trump_broken)
                assert values == Search(rules, trump, side).card_values(pos) and nodes >= 0, (name, number, pos)


def test_a_closed_context_refuses_to_search() -> None:
    rules = preset("miniokey")
    context = native.Context(rules, 0, 1)
    context.close()
    with pytest.raises(ValueError, match="closed"):
        context.card_values((1, 2, 4, 8), 0, (), False)


def test_the_native_card_values_stop_at_their_node_limit_and_refuse_a_full_trick() -> None:
    rules = preset("miniokey")
    hands = tuple(sum(1 << c for c in random.Random(4).sample(range(52), 52)[i * 13:(i + 1) * 13]) for i in range(4))
    with pytest.raises(SearchLimit):
        native.card_values(rules, hands, 0, 1, 0, (), node_limit=50)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 3 cards"):
        native.card_values(rules, hands, 0, 1, 0, (1, 2, 3, 4))  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_native_solver_agrees_on_full_deals() -> None:
    """Full 13-card deals, the declarer leading, in every preset: the same tricks as
    ``bidding.declarer_tricks`` (``solver.Search``), the solves the regret oracle makes."""
    for number in range(20):
        rules = RULE_SETS[list(PRESETS)[number % 5]]
        deck = random.Random(number).sample(range(52), 52)
        hands = (*(sum(1 << c for c in deck[i * 13:(i + 1) * 13]) for i in range(3)), sum(1 << c for c in deck[39:]))
        trump, seat = number % 4, number * 7 % 4
        assert native.exact_tricks(rules, hands, trump, 1 << seat, seat)[0] == bidding.declarer_tricks(
            rules, seat, hands, trump)[0]


def test_the_native_solver_stops_at_its_node_limit_and_refuses_a_mid_trick_position() -> None:
    rules = preset("classic")
    hands = tuple(sum(1 << c for c in random.Random(3).sample(range(52), 52)[i * 13:(i + 1) * 13]) for i in range(4))
    with pytest.raises(SearchLimit):
        native.exact_tricks(rules, hands, 0, 1, 0, node_limit=50)  # type: ignore[arg-type]
    assert native.exact_tricks(rules, hands, 0, 1, 0, node_limit=-1)[0] == native.exact_tricks(rules, hands, 0, 1, 0)[0]  # type: ignore[arg-type]
    uneven = (hands[0] & ~(1 << (hands[0].bit_length() - 1)), *hands[1:])
    with pytest.raises(ValueError, match="trick boundary"):
        native.exact_tricks(rules, uneven, 0, 1, 0)  # type: ignore[arg-type]


def test_the_native_solver_plays_the_partnership_games_but_not_their_greedy_playouts() -> None:
    """Eşli's exemption for a partner's winning card is in the native tables, so the solver plays
    every rule set; the stand-in's greedy playouts do not copy its play with a partner."""
    esli = preset("turkish", variant="esli")
    assert esli.partner_winning_exempt and native.supports(esli) and native.supports(preset("turkish"))
    hands = (1 << 0, 1 << 1, 1 << 2, 1 << 3)
    with pytest.raises(ValueError, match="partnership"):
        native.greedy_playouts(esli, hands, 0, False, 0, (), 0)  # type: ignore[arg-type]


def test_pure_python_turns_the_native_solver_off() -> None:
    """``BATAK_PURE_PYTHON=1`` runs no compiled code, the native solver included."""
    code = "from batak_core import preset; from batak_core.ai import native; print(native.supports(preset('miniokey')))"
    pure = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, compiled.PURE_ENV: "1"}).stdout
    built = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}).stdout
    assert (pure, built) == ("False\n", "True\n")
