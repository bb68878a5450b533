"""Games: dealer rotation, redeals, running totals, and each preset's end and tie rules."""

import random

import pytest

import batak_core as bc
from batak_core.game import game_over, leaders


def play_out(deal: bc.Deal, rng: random.Random, bid_chance: float = 0.5) -> None:
    while not deal.is_finished:
        if deal.phase == "auction":
            if deal.can_pass and rng.random() > bid_chance:
                deal.pass_bid()
            else:
                deal.bid(deal.legal_bids()[0])
        elif deal.phase == "trump":
            deal.declare_trump(rng.choice(list(bc.Suit)))
        else:
            deal.play(rng.choice(deal.legal_plays()))


def test_fixed_length_game_rotates_the_dealer_and_sums_scores() -> None:
    rng = random.Random(1)
    game = bc.Game(bc.preset("miniokey"), seed=5, first_dealer=2)
    while True:
        play_out(game.deal, rng)
        if game.is_over:
            break
        game.next_deal()
    assert game.deals_played == 5
    rows = game.records
    assert [r.dealer for r in rows] == [2, 3, 0, 1, 2]
    assert [r.number for r in rows] == [1, 2, 3, 4, 5]
    for seat in range(4):
        assert game.totals[seat] == sum(r.scores[seat] for r in rows)
    assert rows[-1].totals == tuple(game.totals)
    assert game.winners == leaders(game.totals)
    assert "Game over" in game.status
    with pytest.raises(bc.IllegalMove) as error:
        game.next_deal()
    assert error.value.rule == "game-over"


def test_next_deal_waits_for_the_deal_to_finish() -> None:
    game = bc.Game(bc.preset("classic"), seed=1)
    with pytest.raises(bc.IllegalMove) as error:
        game.next_deal()
    assert error.value.rule == "deal-not-finished"


def test_danish_redeal_keeps_the_dealer_and_does_not_count() -> None:
    game = bc.Game(bc.preset("danish"), seed=3, first_dealer=1)
    for _ in range(4):
        game.deal.pass_bid()
    assert game.deal.phase == "redeal"
    first_cards = game.deal.hand(0)
    second = game.next_deal()
    assert second.dealer == 1 and second.hand(0) != first_cards
    assert game.deals_played == 0
    assert game.records[0].thrown_in and game.records[0].made is None


def test_game_length_override_is_validated() -> None:
    assert bc.Game(bc.preset("gamelake"), deals=10).rules.deals == 10
    with pytest.raises(ValueError, match="gamelake plays 3, 5, 10 deals, not 7"):
        bc.Game(bc.preset("gamelake"), deals=7)
    assert bc.Game(bc.preset("turkish"), target=101).rules.target == 101


@pytest.mark.parametrize("name,totals,played,over", [
    ("miniokey", [50, 50, 10, 0], 5, True),  # tie shared
    ("miniokey", [50, 60, 10, 0], 4, False),
    ("gamelake", [5, 5, 1, 0], 5, False),  # tie for first: one more deal
    ("gamelake", [5, 6, 1, 0], 6, True),
    ("danish", [151, 151, 3, 0], 9, False),  # tied at the target: deal again
    ("danish", [152, 151, 3, 0], 9, True),
    ("danish", [150, 149, 3, 0], 30, False),  # target not reached
    ("turkish", [51, 51, 0, 0], 12, True),  # unstated tie rule: shared
    ("turkish", [50, 20, 0, 0], 12, False),
])
def test_end_conditions(name: str, totals: list[int], played: int, over: bool) -> None:
    assert game_over(bc.preset(name), totals, played) is over


@pytest.mark.parametrize("name", ["danish", "gamelake"])
def test_partnership_leading_alone_ends_a_tie_ruled_game(name: str) -> None:
    rules = bc.preset(name, "esli")
    played = 5 if rules.game_end is bc.GameEnd.FIXED_DEALS else 1
    assert game_over(rules, [160, 20, 160, 20], played)
    assert not game_over(rules, [160, 160, 160, 160], played)


def test_records_follow_undo_in_the_last_deal() -> None:
    rng = random.Random(2)
    game = bc.Game(bc.preset("classic"), seed=8)
    play_out(game.deal, rng)
    assert len(game.records) == 1
    game.deal.undo()
    assert game.records == [] and game.totals == [0, 0, 0, 0]


def test_same_seed_same_game() -> None:
    a, b = bc.Game(bc.preset("turkish"), seed=77), bc.Game(bc.preset("turkish"), seed=77)
    assert [a.deal.hand(s) for s in range(4)] == [b.deal.hand(s) for s in range(4)]


def finish_plainly(deal: bc.Deal) -> None:
    """Finish a deal with the first legal action everywhere (the lowest bid, then passes)."""
    while not deal.is_finished:
        if deal.phase is bc.Phase.AUCTION:
            deal.bid(deal.legal_bids()[0]) if not deal.auction else deal.pass_bid()
        elif deal.phase is bc.Phase.TRUMP:
            deal.declare_trump("S")
        else:
            deal.play(deal.legal_plays()[0])


def test_deal_counter_names_the_finished_deal_beside_its_result() -> None:
    """Regression: when deal 1 ended the status said "Deal 2 of 5" beside deal 1's result."""
    game = bc.Game(bc.preset("miniokey"), seed=3)
    assert game.status == "Deal 1 of 5."
    finish_plainly(game.deal)
    assert game.status.startswith("Deal 1 of 5")
    game.next_deal()
    assert game.status == "Deal 2 of 5."


def test_fixed_length_danish_game_ends_after_its_deals_even_when_tied() -> None:
    """Regression: a fixed-length danish game kept dealing after a tie for first ("Deal 3 of 2");
    "deal again until decided" belongs to the target-score game only."""
    rules = bc.preset("danish").replace(game_end="fixed_deals", deals=2)
    assert game_over(rules, [10, 10, 3, 0], 2)
    assert not game_over(rules.replace(game_end="target_score", target=10), [10, 10, 3, 0], 2)


def test_classic_accepts_any_agreed_number_of_deals() -> None:
    """Regression: classic refused game lengths other than 5, 7, 11, 15, 21; its source says
    "oft" (often) those: any agreed number is allowed, the five stay the choices offered."""
    rules = bc.preset("classic").replace(deals=9)
    assert rules.deals == 9 and 9 not in rules.deal_choices
    assert bc.Game(bc.preset("classic"), deals=3).rules.deals == 3
    with pytest.raises(ValueError):
        bc.preset("miniokey").replace(deals=4)  # miniokey's own text lists its lengths: 3, 5, 7, 9 or 11


def test_partners_who_win_a_game_together_do_not_share_first_place() -> None:
    """Regression: Game.status said "seats 1, 3 share first place" when one partnership won (the
    game table mended the wording itself)."""
    rules = bc.preset("danish", "esli").replace(game_end="fixed_deals", deals=1)
    rng = random.Random(3)
    for seed in range(20):
        game = bc.Game(rules, seed=seed)
        play_out(game.deal, rng)
        if game.is_over and len(set(game.totals)) == 2:
            break
    assert game.is_over and len(game.winners) == 2 and not game.shared_first
    assert "share" not in game.status and "win" in game.status
