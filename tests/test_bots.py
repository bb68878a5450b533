"""Bots: legal play at every level, sound inference, fairness, hints and the review."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import astuple

import pytest

from batak_core import Action, ActionKind, Card, Deal, DealView, Phase, Suit, bots, preset
from batak_core.ai import compiled, solver
from batak_core.ai.bots.expert import (
    CARD_SEARCH,
    FULL_SEARCH,
    LIGHT_SEARCH,
    MIN_LAYOUTS,
    CardScore,
    CardSearch,
    ExpertBot,
    pick,
    score_cards,
    search_horizon,
)
from batak_core.ai.bots.knowledge import knowledge, sample_hands
from batak_core.ai.match import match
from batak_core.cards import ABOVE, cards_of
from batak_core.rules import PRESETS, RuleSet


def test_levels_and_unknown_level() -> None:
    assert bots.LEVELS == ("random", "club", "expert")
    for level in bots.LEVELS:
        assert bots.get(level, seed=1).level == level
    with pytest.raises(ValueError, match="random, club, expert"):
        bots.get("grandmaster")


def play(deal: Deal, players: list[bots.Bot]) -> None:
    while not deal.is_finished:
        seat = deal.to_move
        assert seat is not None
        deal.act(players[seat].choose(deal.view(seat)))


@pytest.mark.parametrize("name", list(PRESETS))
def test_club_and_random_play_whole_deals_legally(name: str) -> None:
    rules = preset(name)
    for seed in range(6):
        deal = Deal.random(rules, seed=seed, dealer=seed % 4)
        play(deal, [bots.get("club" if s % 2 else "random", seed=s) for s in range(4)])
        assert sum(deal.tricks_won) == 13 or deal.phase is Phase.REDEAL


def test_expert_plays_a_whole_deal_legally() -> None:
    deal = Deal.random(preset("classic"), seed=3)
    quick = CardSearch(node_budget=4000)
    play(deal, [ExpertBot(seed=s, search=quick) if s % 2 == 0 else bots.get("club") for s in range(4)])
    assert deal.phase is Phase.OVER


def test_bot_refuses_when_not_its_turn() -> None:
    deal = Deal.random(preset("miniokey"), seed=1)
    idle = (deal.to_move or 0) + 1
    for level in bots.LEVELS:
        with pytest.raises(ValueError, match="not to move"):
            bots.get(level).choose(deal.view(idle % 4))


def random_positions(rules: RuleSet, count: int, seed: int) -> list[Deal]:
    """Play-phase positions reached by club bidding and random cards."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deal = Deal.random(rules, seed=rng.randrange(10**6))
        club = bots.get("club")
        while deal.phase in (Phase.AUCTION, Phase.TRUMP):
            deal.act(club.choose(deal.view(deal.to_move or 0)))
        if deal.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(4, 44)):
            deal.play(rng.choice(deal.legal_plays()))
        out.append(deal)
    return out


@pytest.mark.parametrize("name", [*PRESETS, "turkish/esli", "classic/esli"])
def test_inference_never_excludes_a_card_actually_held(name: str) -> None:
    rules = preset(*name.split("/"))
    for deal in random_positions(rules, 12, seed=len(name)):
        viewer = deal.to_move
        assert viewer is not None
        know = knowledge(deal.view(viewer))
        for seat in range(4):
            if seat != viewer:
                assert not deal.hand_mask(seat) & know.excluded[seat]
                assert know.counts[seat] == len(deal.hand(seat))


def test_failing_to_follow_overtake_or_ruff_is_read_as_holding_nothing_that_would_force_it() -> None:
    """Read off played tricks: off-suit means void; following low under the overtake duty means
    nothing higher; a non-trump discard on an untrumped trick means no trump."""
    checked = 0
    for deal in random_positions(preset("miniokey"), 30, seed=9):
        viewer = deal.to_move
        assert viewer is not None
        know = knowledge(deal.view(viewer))
        trump = deal.trump
        assert trump is not None
        for trick in deal.tricks:
            led = trick.cards[0].suit
            top = trick.cards[0]
            trumped = False
            for seat, card in zip(trick.seats[1:], trick.cards[1:], strict=True):
                if seat != viewer and not trumped:
                    if card.suit != led:
                        assert know.is_void(seat, led)
                        if card.suit != trump:
                            assert know.is_void(seat, trump)
                        checked += 1
                    elif card.rank < top.rank:
                        assert not know.possible(seat) & ABOVE[top.index]
                        checked += 1
                if card.suit == led and card.rank > top.rank:
                    top = card
                trumped = trumped or (card.suit == trump and led != trump)
    assert checked > 20


def test_samples_fit_every_known_fact() -> None:
    for deal in random_positions(preset("turkish"), 10, seed=4):
        viewer = deal.to_move
        assert viewer is not None
        know = knowledge(deal.view(viewer))
        rng = random.Random(1)
        for _ in range(5):
            hands = sample_hands(know, rng)
            assert hands is not None
            assert hands[viewer] == deal.hand_mask(viewer)
            for seat in range(4):
                assert hands[seat].bit_count() == len(deal.hand(seat))
                if seat != viewer:
                    assert not hands[seat] & know.excluded[seat]


def reshuffled(deal: Deal, viewer: int, rng: random.Random) -> Deal:
    """The same public history with the other players' hidden cards dealt another way that
    fits everything public (the replay checks every card is still legal)."""
    know = knowledge(deal.view(viewer))
    hands = sample_hands(know, rng)
    assert hands is not None
    played = [0, 0, 0, 0]
    for trick in deal.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat] |= card.bit
    leader = deal.trick_leader or 0
    for pos, card in enumerate(deal.current_trick):
        played[(leader + pos) % 4] |= card.bit
    other = Deal(deal.rules, [cards_of(hands[s] | played[s]) for s in range(4)], deal.dealer)
    for action in deal.history:
        other.act(action)
    return other


@pytest.mark.parametrize("level", ["club", pytest.param("expert", marks=pytest.mark.slow)])
def test_fairness_hidden_cards_never_change_a_decision(level: str) -> None:
    rng = random.Random(7)
    checked = searched = 0
    for name in PRESETS:
        for deal in random_positions(preset(name), 2 if level == "expert" else 6, seed=checked + 3):
            viewer = deal.to_move
            assert viewer is not None
            view = deal.view(viewer)
            bot = ExpertBot(seed=5, search=CardSearch(node_budget=20_000)) if level == "expert" else bots.get(level)
            decision = bot.choose(view)
            if level == "expert" and deal.phase is Phase.PLAY and len(view.legal_plays) > 1:
                scores = score_cards(view, knowledge(view), seed=5, search=CardSearch(node_budget=20_000))
                searched += scores[0].layouts >= MIN_LAYOUTS  # the search decided, not the club fallback
            for _ in range(2):
                other = reshuffled(deal, viewer, rng)
                assert other.view(viewer) == view
                assert bot.choose(other.view(viewer)) == decision
            checked += 1
    assert checked >= 10
    assert level == "club" or searched >= 3


@pytest.mark.skipif(compiled.native_library() is None, reason="the native solver is not built here")
def test_the_experts_exact_solves_score_alike_in_the_native_solver_and_in_search() -> None:
    """Given the budget for every layout, the native solver changes only how fast the expert
    decides: every card's average is the same as with ``Search``, declarer and defenders alike."""
    compared = 0
    for name in ("miniokey", "danish"):
        for deal in random_positions(preset(name), 10, seed=21):
            view = deal.view(deal.to_move or 0)
            in_search = CardSearch(samples=6, node_budget=10**9, exact_cards=9)
            if search_horizon(view, in_search) or len(view.legal_plays) < 2:
                continue  # not an exact decision
            in_native = CardSearch(samples=6, node_budget=1, exact_cards=9, native_node_budget=10**9)
            know = knowledge(view)
            assert score_cards(view, know, 3, in_native) == score_cards(view, know, 3, in_search)
            compared += 1
    assert compared >= 4


def test_expert_trusts_its_averages_only_over_enough_layouts() -> None:
    best, club_choice = Card.parse("AS"), Card.parse("2S")

    def scores(layouts: int) -> list[CardScore]:
        return [CardScore(best, 5.0, 6.0, layouts), CardScore(club_choice, 1.0, 5.0, layouts)]
    assert pick(scores(MIN_LAYOUTS), club_choice) == best
    assert pick(scores(MIN_LAYOUTS - 1), club_choice) == club_choice
    near_tie = [CardScore(best, 5.0, 6.0, MIN_LAYOUTS), CardScore(club_choice, 5.0, 6.0, MIN_LAYOUTS)]
    assert pick(near_tie, club_choice) == club_choice  # the club choice breaks ties


def test_hints_are_legal_and_explained_in_every_phase() -> None:
    rules = preset("miniokey")
    seen = set()
    for seed in range(3):
        deal = Deal.random(rules, seed=seed)
        club = bots.get("club")
        while not deal.is_finished:
            seat = deal.to_move
            assert seat is not None
            view = deal.view(seat)
            if deal.phase not in seen or (deal.phase is Phase.PLAY and len(deal.tricks) in (3, 10)):
                advice = bots.hint(view)
                assert advice.reason and advice.reason[-1] in ".!)"
                assert advice.alternatives and advice.alternatives[0][0] == advice.action
                probe = deal.copy()
                probe.act(advice.action)  # legal
                if deal.phase is Phase.PLAY:
                    assert advice.action.kind is ActionKind.PLAY
                    assert any(ch in advice.reason for ch in "♠♥♦♣")
                    values = [alt.value for alt in advice.alternatives]
                    if advice.measure is None:
                        assert set(values) == {None} and advice.numbers_note.startswith("No numbers: ")
                    else:  # the recommended card is never shown below another
                        assert values[0] == max(v for v in values if v is not None)
                seen.add(deal.phase)
            deal.act(club.choose(view))
    assert {Phase.AUCTION, Phase.TRUMP, Phase.PLAY} <= seen


def test_hint_names_a_cashed_winner() -> None:
    rules = preset("classic")
    hands = ["AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
             "KS QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
             "JS TS 9S 8S AH KD AD 2C 3C 4C 5C 6C 7C",
             "7S 6S 5S 4S 3S 2S 8C 9C TC JC QC KC AC"]
    deal = Deal(rules, [[Card.parse(c) for c in h.split()] for h in hands], dealer=3)
    deal.bid(9)
    for _ in range(3):
        deal.pass_bid()
    deal.declare_trump(Suit.HEARTS)
    advice = bots.hint(deal.view(0))
    assert advice.action.card in deal.legal_plays()
    assert advice.reason


REVIEWED_VARIANTS = [("miniokey", None), ("turkish", "esli"), ("turkish", "koz_maca"), ("turkish", "gommeli")]


class ClubCallsRandomCards:
    """Bids, announces, picks trump and buries like the club bot, then plays random legal cards."""

    level = "club-then-random"

    def __init__(self, seed: int) -> None:
        self.club, self.random = bots.get("club"), bots.get("random", seed=seed)

    def choose(self, view: DealView) -> Action:
        return (self.random if view.phase is Phase.PLAY else self.club).choose(view)


@pytest.mark.parametrize(("name", "variant"), REVIEWED_VARIANTS)
def test_review_of_a_played_deal(name: str, variant: str | None) -> None:
    """A player of random cards: the review finds cards that cost points, costliest first, each
    naming a better card, within the tricks it says it checked."""
    rules = preset(name) if variant is None else preset(name, variant)
    found = 0
    for seed in range(12):
        if found >= 2:
            break
        deal = Deal.random(rules, seed=seed)
        play(deal, [ClubCallsRandomCards(seed)] + [bots.get("club") for _ in range(3)])
        if deal.phase is not Phase.OVER:
            continue
        result = bots.review(deal, 0, node_budget=20_000, auction_nodes=0)
        assert result.last_trick == rules.tricks_per_deal
        losses = [item.loss for item in result.items]
        assert losses == sorted(losses, reverse=True)
        for item in result.items:
            assert item.loss > 0 and item.played != item.better
            assert result.first_trick <= item.trick_number <= result.last_trick
            assert item.text.startswith(f"Trick {item.trick_number}: you played {item.played.card.label}")
        found += len(result.items)
    assert found > 0  # random play makes mistakes the solver sees
    with pytest.raises(ValueError, match="finished"):
        bots.review(Deal.random(rules, seed=1), 0)


def test_review_covers_more_of_the_deal_with_a_bigger_budget() -> None:
    deal = Deal.random(preset("classic"), seed=4)
    play(deal, [bots.get("club") for _ in range(4)])
    small, large = bots.review(deal, 1, node_budget=2_000, auction_nodes=0), bots.review(deal, 1, auction_nodes=0)
    assert large.first_trick < small.first_trick <= 14
    assert {i.trick_number for i in small.items} <= {i.trick_number for i in large.items}
    assert f"before trick {small.first_trick}" in small.shortfall
    empty = bots.review(deal, 1, node_budget=1, auction_nodes=0)
    assert empty.scope == "no trick" and "before any trick" in empty.shortfall
    assert large.scope == "every trick" and not large.shortfall


def test_club_beats_random_in_a_small_duplicate_match() -> None:
    result = match("miniokey", "club", "random", deals=10, seed=3)
    assert result.ci_low > 0
    assert result.ci_low <= result.mean_diff <= result.ci_high
    assert len(result.diffs) == 10


def test_akq_trump_lead_does_not_mark_the_leader_void_in_every_side_suit() -> None:
    """Regression: with akq_trump_lead, leading the trump ace before trump was broken marked the
    leader void in every side suit, so sample_hands found no layout and the expert played as club."""
    hands = ["AS KS QS 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D", "JS 10S 8H 9H 10H JH QH KH AH 6D 7D 8D 9D",
             "9S 8S 7S 6S 10D JD QD KD AD 2C 3C 4C 5C", "5S 4S 3S 2S 6C 7C 8C 9C 10C JC QC KC AC"]
    deal = Deal(preset("classic", akq_trump_lead=True), [h.split() for h in hands], dealer=3)
    deal.bid(5)
    for _ in range(3):
        deal.pass_bid()
    deal.declare_trump("S")
    assert not deal.trump_broken
    deal.play("AS")  # allowed only by the A-K-Q house rule
    view = deal.view(1)
    know = knowledge(view)
    assert know.possible(0) & cards_of_mask("2H 2D"), "the leader may still hold side-suit cards"
    assert sample_hands(know, random.Random(1)) is not None


def cards_of_mask(text: str) -> int:
    return sum(Card.parse(c).bit for c in text.split())


def test_the_expert_searches_harder_only_with_the_compiled_solver() -> None:
    """The full search would keep a learner without a C compiler waiting seconds for a card: the
    pure-Python build searches as before 2026-12-02."""
    assert FULL_SEARCH.samples > LIGHT_SEARCH.samples and FULL_SEARCH.node_budget > LIGHT_SEARCH.node_budget
    assert (CARD_SEARCH is FULL_SEARCH) == compiled.is_compiled(solver)
    code = ("import batak_core; from batak_core.ai.bots.expert import CARD_SEARCH as s; "
            "print(s.samples, s.node_budget, s.exact_cards, s.lookahead_tricks, s.native_node_budget)")
    pure = subprocess.run([sys.executable, "-c", code], env={**os.environ, compiled.PURE_ENV: "1"},
                          capture_output=True, text=True, check=True)
    assert pure.stdout.split() == [str(v) for v in astuple(LIGHT_SEARCH)]
