"""Random deals under every preset, checked at every step (the OpenSpiel-style simulation test).

At each position: legal_plays and explain agree on every card of the hand; an illegal card
raises IllegalMove with a rule id and changes nothing; the 52 cards are conserved; at the end
the tricks add up, the scores equal the formula, undo walks back exactly and JSON round-trips.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import batak_core as bc
from batak_core.legality import breaks_trump
from batak_core.rules import VARIANTS
from batak_core.scoring import score_announcements, score_deal


def _card_count(deal: bc.Deal) -> int:
    """Cards in hands, played, buried, and still face down in the kitty."""
    in_hands = sum(len(deal.hand(s)) for s in range(4))
    played = sum(len(t.cards) for t in deal.tricks) + len(deal.current_trick)
    face_down = len(deal.kitty) if deal.phase == "auction" or deal.phase == "trump" else 0
    return in_hands + played + len(deal.buried) + face_down


def _check_play_position(deal: bc.Deal) -> None:
    legal = deal.legal_plays()
    assert legal, "a player always has a legal card"
    assert legal == sorted(set(legal))
    seat = deal.to_move
    assert seat is not None
    hand = deal.hand(seat)
    for card in hand:
        verdict = deal.explain(card)
        assert verdict.legal == (card in legal), (card, verdict)
        # The stateless functions agree with the deal.
        assert bc.explain_play(deal.rules, hand, deal.current_trick, deal.trump, deal.trump_broken,
                               card, partner_winning=_partner_winning(deal)) == verdict
    assert bc.legal_plays(deal.rules, hand, deal.current_trick, deal.trump, deal.trump_broken,
                          partner_winning=_partner_winning(deal)) == legal
    illegal = [c for c in hand if c not in legal]
    if illegal:
        before = deal.snapshot()
        try:
            deal.play(illegal[0])
        except bc.IllegalMove as error:
            assert error.rule == deal.explain(illegal[0]).rule
            assert error.rule in {"trump-not-broken", "follow-suit", "overtake", "ruff", "overtrump"}
        else:
            raise AssertionError("an illegal card was accepted")
        assert deal.snapshot() == before


def _partner_winning(deal: bc.Deal) -> bool:
    trick, seat = deal.current_trick, deal.to_move
    if not trick or seat is None or deal.trick_leader is None:
        return False
    return (deal.trick_leader + bc.trick_winner(trick, deal.trump)) % 4 == (seat + 2) % 4


def _play_random_deal(rules: bc.RuleSet, seed: int, rng: random.Random) -> bc.Deal:
    deal = bc.Deal.random(rules, seed=seed, dealer=seed % 4)
    history: list[tuple[object, ...]] = []
    broken_expected = False
    while not deal.is_finished:
        history.append(deal.snapshot())
        if deal.phase == "auction" and rules.announcements:
            assert not deal.can_pass and deal.trump == bc.Suit.SPADES
            deal.bid(rng.choice(deal.legal_bids()[:5]))
        elif deal.phase == "auction":
            top = rules.max_bid + 1
            assert deal.legal_bids() == list(range(max(rules.min_bid, (deal.high_bid or 0) + 1), top))
            if deal.can_pass and rng.random() < 0.6:
                deal.pass_bid()
            else:
                deal.bid(rng.choice(deal.legal_bids()))
        elif deal.phase == "trump":
            deal.declare_trump(rng.choice(list(bc.Suit)))
        elif deal.phase == "bury":
            hand = deal.hand(deal.to_move or 0)
            assert len(hand) == rules.hand_size + rules.kitty
            deal.bury(rng.sample(hand, rules.kitty))
        else:
            _check_play_position(deal)
            card = rng.choice(deal.legal_plays())
            trick = deal.current_trick
            if not broken_expected and deal.trump is not None:
                broken_expected = breaks_trump(rules, card.index, int(deal.trump),
                                               trick[0].suit if trick else -1)
            deal.play(card)
            assert deal.trump_broken == broken_expected
        assert _card_count(deal) == 52
    if deal.phase == "over":
        assert sum(deal.tricks_won) == rules.tricks_per_deal
        assert len(deal.buried) == rules.kitty
        assert [sum(1 for t in deal.tricks if t.winner == s) for s in range(4)] == deal.tricks_won
        for trick in deal.tricks:
            assert trick.seats[bc.trick_winner(trick.cards, deal.trump)] == trick.winner
        if rules.announcements:
            announced = [n for n in deal.announcements if n is not None]
            assert deal.scores() == score_announcements(rules, announced, deal.tricks_won)
        else:
            assert deal.declarer is not None and deal.contract is not None
            assert deal.scores() == score_deal(rules, deal.declarer, deal.contract, deal.tricks_won)
        if rules.partnership:
            scores = deal.scores()
            assert scores[0] == scores[2] and scores[1] == scores[3]
    loaded = bc.load_deal(bc.to_json(deal))
    assert loaded.snapshot() == deal.snapshot()
    # Undo walks back through every earlier state exactly (checked on a sample of steps).
    for back in range(len(history) - 1, -1, -max(1, len(history) // 6)):
        while len(deal.history) > back:
            deal.undo()
        assert deal.snapshot() == history[back]
    return deal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(list(bc.PRESETS)), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_deals_keep_every_invariant(name: str, seed: int, choices: random.Random) -> None:
    _play_random_deal(bc.preset(name), seed, choices)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False),
       options=st.fixed_dictionaries({
           "must_overtake": st.booleans(), "overtake_when_trumped": st.booleans(),
           "must_overtrump": st.booleans(), "any_card_when_cannot_overtrump": st.booleans(),
           "trump_lead_restricted": st.booleans(), "trump_broken_by": st.sampled_from(["any_trump", "ruff_only"]),
       }))
def test_random_deals_under_mixed_house_rules(seed: int, choices: random.Random, options: dict[str, object]) -> None:
    _play_random_deal(bc.preset("classic", **options), seed, choices)


VARIANT_PAIRS = sorted((name, variant.value) for name, variant in VARIANTS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(VARIANT_PAIRS), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_deals_under_every_variant(pair: tuple[str, str], seed: int, choices: random.Random) -> None:
    _play_random_deal(bc.preset(pair[0], pair[1]), seed, choices)
