"""The engine's legal plays against an independent oracle (tests/legality_oracle.py) on random positions.

Every preset, every variant of each and the house-rule variations of the legality options are
compared on seeded random positions biased towards the interesting cases: holding the led suit,
void, trumps already in the trick, A-K-Q of trump, a hand of only trumps.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from legality_oracle import oracle_legal

import batak_core as bc

H, S, D, C = bc.Suit.HEARTS, bc.Suit.SPADES, bc.Suit.DIAMONDS, bc.Suit.CLUBS


def cards(text: str) -> list[bc.Card]:
    return [bc.Card.parse(word) for word in text.split()]


# ----------------------------------------------------------------------------------------------
# The oracle itself, on the worked examples and edge cases of RULES.md.


def test_oracle_miniokey_worked_examples() -> None:
    rules = bc.preset("miniokey")
    assert oracle_legal(rules, cards("3S KS"), cards("TS"), H, False) == set(cards("KS"))
    assert oracle_legal(rules, cards("3H 5C 9S"), cards("AD"), H, False) == set(cards("3H"))
    assert oracle_legal(rules, cards("3H JH"), cards("8H"), H, True) == set(cards("JH"))


def test_oracle_classic_worked_example() -> None:
    rules = bc.preset("classic")
    # Hearts trump, Ben leads ♣9: Carla must play ♣Q, Dan must ruff, Anna must overtrump.
    assert oracle_legal(rules, cards("QC 4C 2D"), cards("9C"), H, False) == set(cards("QC"))
    assert oracle_legal(rules, cards("3H 5D KS"), cards("9C QC"), H, False) == set(cards("3H"))
    assert oracle_legal(rules, cards("7H 2H AS"), cards("9C QC 3H"), H, False) == set(cards("7H"))


def test_oracle_edge_case_1_overtake_in_a_trumped_trick() -> None:
    hand, trick = cards("QC 4C 2D"), cards("9C 3H")
    for name in ("classic", "gamelake"):
        assert oracle_legal(bc.preset(name), hand, trick, H, True) == set(cards("QC")), name
    for name in ("miniokey", "turkish", "danish"):
        assert oracle_legal(bc.preset(name), hand, trick, H, True) == set(cards("QC 4C")), name


def test_oracle_edge_case_2_cannot_overtrump() -> None:
    hand, trick = cards("3H 5H 2D 7S"), cards("9C KH")
    assert oracle_legal(bc.preset("turkish"), hand, trick, H, True) == set(hand)
    for name in ("miniokey", "classic", "gamelake", "danish"):
        assert oracle_legal(bc.preset(name), hand, trick, H, True) == set(cards("3H 5H")), name


def test_oracle_edge_case_3_could_overtrump() -> None:
    hand, trick = cards("2H QH 5D"), cards("9C 8H")
    for name in ("miniokey", "classic", "gamelake", "turkish"):
        assert oracle_legal(bc.preset(name), hand, trick, H, True) == set(cards("QH")), name
    assert oracle_legal(bc.preset("danish"), hand, trick, H, True) == set(cards("2H QH"))


def test_oracle_edge_case_4_leading_trump_before_it_is_broken() -> None:
    hand = cards("AH 2H 3S")
    for name in ("miniokey", "classic", "gamelake", "turkish"):
        assert oracle_legal(bc.preset(name), hand, [], H, False) == set(cards("3S")), name
    assert oracle_legal(bc.preset("danish"), hand, [], H, False) == set(hand)
    assert oracle_legal(bc.preset("miniokey", trump_lead_restricted=False), hand, [], H, False) == set(hand)
    assert oracle_legal(bc.preset("classic"), hand, [], H, True) == set(hand)
    only_trumps = cards("AH 2H")
    assert oracle_legal(bc.preset("gamelake"), only_trumps, [], H, False) == set(only_trumps)


def test_oracle_akq_house_rule_leads_the_ace_only() -> None:
    hand = cards("AH KH QH 2H 3S")
    assert oracle_legal(bc.preset("classic"), hand, [], H, False) == set(cards("3S"))
    assert oracle_legal(bc.preset("classic", akq_trump_lead=True), hand, [], H, False) == set(cards("AH 3S"))
    without_queen = cards("AH KH 2H 3S")
    assert oracle_legal(bc.preset("classic", akq_trump_lead=True), without_queen, [], H, False) == set(cards("3S"))


def test_oracle_esli_partner_winning_exemption() -> None:
    rules = bc.preset("turkish", "esli")
    # Following suit is enough: no overtake duty.
    assert oracle_legal(rules, cards("QC 4C 2D"), cards("KC 9C"), H, False, partner_winning=True) == set(cards("QC 4C"))
    assert oracle_legal(rules, cards("AC 4C 2D"), cards("KC 9C"), H, False, partner_winning=False) == set(cards("AC"))
    # Void: any card, no ruff duty.
    assert oracle_legal(rules, cards("3H 5D KS"), cards("9C 2C"), H, False, partner_winning=True) == set(
        cards("3H 5D KS"))
    assert oracle_legal(rules, cards("3H 5D KS"), cards("9C 2C"), H, False, partner_winning=False) == set(cards("3H"))
    # Only under the exemption rule.
    assert oracle_legal(bc.preset("gamelake", "esli"), cards("3H 5D KS"), cards("9C 2C"), H, False,
                        partner_winning=True) == set(cards("3H"))


def test_oracle_trump_led_overtake_means_a_higher_trump() -> None:
    # Trump led: "the led suit" is trump, even where the duty lapses in a trumped trick.
    for name in ("miniokey", "classic"):
        assert oracle_legal(bc.preset(name), cards("2H QH 5D"), cards("9H"), H, True) == set(cards("QH")), name


def test_oracle_no_trump() -> None:
    rules = bc.preset("classic")
    hand = cards("AH 2H 3S")
    assert oracle_legal(rules, hand, [], None, False) == set(hand)
    assert oracle_legal(rules, hand, cards("KH"), None, False) == set(cards("AH"))
    assert oracle_legal(rules, cards("2H 3S 4D"), cards("KC AC"), None, False) == set(cards("2H 3S 4D"))


# ----------------------------------------------------------------------------------------------
# Rule sets: every preset and variant, plus house-rule variations of the legality options.


@dataclass(frozen=True)
class Table:
    label: str  # "classic/esli + must_ruff=False"
    rules: bc.RuleSet


def _label(name: str, variant: bc.Variant, rules: bc.RuleSet) -> str:
    base = bc.preset(name, variant)
    changes = ", ".join(f"{k}={mine!r}" for k, (mine, _) in sorted(rules.differences(base).items()))
    return f"{name}/{variant.value}" + (f" + {changes}" if changes else "")


def rule_tables() -> list[Table]:
    tables: list[Table] = []
    seen: set[tuple[tuple[str, object], ...]] = set()
    for name in bc.PRESETS:
        for variant in bc.variants_of(name):
            base = bc.preset(name, variant)
            candidates: list[dict[str, bool]] = [
                {},
                {"must_ruff": False},
                {"akq_trump_lead": True},
                {"trump_lead_restricted": False},
                {"overtake_when_trumped": not base.overtake_when_trumped},
                {"any_card_when_cannot_overtrump": not base.any_card_when_cannot_overtrump},
                {"must_overtrump": not base.must_overtrump},
                {"must_overtake": not base.must_overtake},
            ]
            for change in candidates:
                try:
                    rules = base.replace(**change)
                except ValueError:
                    continue  # a combination the engine refuses (e.g. akq_trump_lead with ruff-only breaking)
                key = tuple(sorted(rules.options().items(), key=lambda kv: kv[0]))
                key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in key)
                if key in seen:
                    continue  # a no-op change (e.g. trump_lead_restricted=False on danish)
                seen.add(key)
                tables.append(Table(_label(name, variant, rules), rules))
    return tables


TABLES = rule_tables()


def test_rule_tables_cover_every_preset_and_variant() -> None:
    labels = {t.label.split(" + ")[0] for t in TABLES}
    assert labels == {f"{n}/{v.value}" for n in bc.PRESETS for v in bc.variants_of(n)}
    assert any("akq_trump_lead=True" in t.label for t in TABLES)
    assert not any(t.label.startswith("gamelake") and "akq_trump_lead" in t.label for t in TABLES)


# ----------------------------------------------------------------------------------------------
# Random positions.

DECK = [bc.Card(suit, rank) for suit in bc.Suit for rank in range(2, 15)]


@dataclass(frozen=True)
class Position:
    hand: list[bc.Card]
    trick: list[bc.Card]
    trump: bc.Suit | None
    trump_broken: bool
    partner_winning: bool


def _take(pool: list[bc.Card], wanted: list[bc.Card]) -> list[bc.Card]:
    """Remove and return the wanted cards that are still in the pool."""
    taken = [card for card in wanted if card in pool]
    for card in taken:
        pool.remove(card)
    return taken


def random_position(rng: random.Random, rules: bc.RuleSet) -> Position:
    pool = DECK[:]
    rng.shuffle(pool)
    if rules.fixed_trump:
        trump: bc.Suit | None = bc.Suit.parse(rules.fixed_trump)
    else:
        trump = None if rng.random() < 0.15 else rng.choice(list(bc.Suit))

    shape = rng.random()  # the hand's shape, chosen below
    akq = trump is not None and 0.12 <= shape < 0.27

    # The trick: a lead (trump led a fifth of the time), then led-suit cards, ruffs and discards.
    trick_len = 0 if akq and rng.random() < 0.6 else rng.choice((0, 0, 1, 1, 2, 2, 3, 3, 3))
    trick: list[bc.Card] = []
    if trick_len:
        if trump is not None and rng.random() < 0.2:
            led = trump
        else:
            led = rng.choice([s for s in bc.Suit if s != trump])
        trick += _take(pool, [next(c for c in pool if c.suit == led)])
        for _ in range(trick_len - 1):
            roll = rng.random()
            if roll < 0.45:
                suit = led
            elif roll < 0.8 and trump is not None:
                suit = trump
            else:
                suit = rng.choice(list(bc.Suit))
            candidates = [c for c in pool if c.suit == suit] or pool
            trick += _take(pool, [rng.choice(candidates)])

    # The hand: shaped so that every branch of the rules is common.
    size = rng.randint(1, rules.hand_size)
    hand: list[bc.Card] = []
    fill = True
    if trump is not None and shape < 0.12:
        hand = [c for c in pool if c.suit == trump][:size]  # only trumps
        fill = False
    elif akq and trump is not None:
        hand = _take(pool, [bc.Card(trump, r) for r in (14, 13, 12)])  # A-K-Q of trump, as far as free
        hand = hand[:size]
    elif trick and shape < 0.55:
        led = trick[0].suit
        pool = [c for c in pool if c.suit != led]  # void in the led suit
        if trump is not None and rng.random() < 0.7:
            hand = [c for c in pool if c.suit == trump][: rng.randint(1, 4)]
    elif trick and shape < 0.8:
        led = trick[0].suit
        hand = [c for c in pool if c.suit == led][: rng.randint(1, 4)]  # holding the led suit
    if fill:
        hand += [c for c in pool if c not in hand][: max(0, size - len(hand))]
    if not hand:  # every card of the shape is in the trick: any one card will do
        hand = [next(c for c in DECK if c not in trick)]
    rng.shuffle(hand)
    return Position(hand, trick, trump, rng.random() < 0.5, rng.random() < 0.5)


def _show(cards_: list[bc.Card]) -> str:
    return " ".join(str(c) for c in cards_) or "-"


def _show_set(cards_: set[bc.Card]) -> str:
    return _show(sorted(cards_))


def check_positions(count: int, seed: int) -> int:
    """Compare engine and oracle on ``count`` positions spread over every rule table."""
    rng = random.Random(seed)
    failures: list[str] = []
    per_table = -(-count // len(TABLES))  # at least count in all
    checked = 0
    for table in TABLES:
        for _ in range(per_table):
            pos = random_position(rng, table.rules)
            engine = set(bc.legal_plays(table.rules, pos.hand, pos.trick, pos.trump, pos.trump_broken,
                                        partner_winning=pos.partner_winning))
            oracle = oracle_legal(table.rules, pos.hand, pos.trick, pos.trump, pos.trump_broken,
                                  partner_winning=pos.partner_winning)
            checked += 1
            if engine != oracle and len(failures) < 10:
                failures.append(
                    f"{table.label}: hand {_show(pos.hand)}, trick {_show(pos.trick)}, "
                    f"trump {pos.trump.letter if pos.trump is not None else 'none'}, "
                    f"broken={pos.trump_broken}, partner_winning={pos.partner_winning}: "
                    f"engine {_show_set(engine)}, oracle {_show_set(oracle)}"
                )
    assert not failures, f"engine and oracle disagree (seed {seed}):\n" + "\n".join(failures)
    return checked


def test_engine_agrees_with_oracle() -> None:
    assert check_positions(10_000, seed=20261201) >= 10_000


@pytest.mark.slow
def test_engine_agrees_with_oracle_many_positions() -> None:
    checked = sum(check_positions(25_000, seed=seed) for seed in (1, 2, 3, 4))
    assert checked >= 100_000
