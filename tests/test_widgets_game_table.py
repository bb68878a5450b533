"""GameTable: a whole game against bots driven only by clicks, undo, hints, review, in-place updates,
and every variant: Koz Maça announcements, Eşli sides and the open dummy, Gömmeli's bury, the redeal."""

from __future__ import annotations

import asyncio
import html
import re

import ipywidgets as ipw
import pytest
from ipywidgets.widgets import widget as widget_module

import batak_core as bc
import widgets
from batak_core import Phase
from batak_core.rules import VARIANTS
from batak_core.shuffle import derive_seed
from widgets.game_table import REVIEW_START_DELAY


def shown(widget: ipw.DOMWidget) -> bool:
    return widget.layout.display != "none"


def cards_on_offer(picker: widgets.CardPicker) -> list[ipw.Button]:
    return [b for b in picker.row.children if "batak-legal" in b._dom_classes and shown(b)]


def click_something(table: widgets.GameTable) -> None:
    """One learner action, chosen the way a learner would: from the buttons on offer."""
    deal = table.deal
    if deal.is_finished:
        table.next_button.click()
    elif deal.phase is Phase.AUCTION:
        bids = [b for b in table.bid_panel.bid_buttons.values() if not b.disabled]
        pass_button = table.bid_panel.pass_button
        can_pass = shown(pass_button) and not pass_button.disabled
        (pass_button if can_pass and len(deal.auction) % 5 != 1 else bids[0]).click()
    elif deal.phase is Phase.TRUMP:
        table.trump_picker.buttons[bc.Suit.SPADES].click()
    elif deal.phase is Phase.BURY:
        for button in [b for b in table.picker.row.children if shown(b)][:4]:
            button.click()
        table.bury_button.click()
    else:
        dummy = deal.to_move == deal.dummy == 2
        cards_on_offer(table.dummy_picker if dummy else table.picker)[-1].click()


def play_to_end(table: widgets.GameTable) -> int:
    clicks = 0
    while table.banner.layout.display == "none":
        click_something(table)
        clicks += 1
        assert clicks < 3000
    return clicks


@pytest.mark.slow
@pytest.mark.parametrize("name", ["miniokey", "gamelake"])
def test_complete_game_through_clicks_only(name: str) -> None:
    table = widgets.GameTable(bc.preset(name), seed=21, delay=0)
    play_to_end(table)
    game = table.game
    assert game.is_over and game.deals_played == 5
    assert "batak-game-over" in table.banner._dom_classes
    winners = " and ".join(table.names[s] for s in game.winners)
    assert winners in table.banner.value and str(game.totals[game.winners[0]]) in table.banner.value
    assert table.next_button.disabled
    assert table.scores.table.value.count('class="batak-score-row"') == len(game.records)


@pytest.mark.slow
def test_target_score_game_ends_too() -> None:
    table = widgets.GameTable(bc.preset("turkish", target=15), seed=4, delay=0)
    play_to_end(table)
    assert max(table.game.totals) >= 15


def learner_to_play(seed: int) -> widgets.GameTable:
    table = widgets.GameTable(seed=seed, delay=0)
    while not (table.deal.phase is Phase.PLAY and table.deal.to_move == 0):
        click_something(table)
    return table


def test_illegal_card_shows_the_rule_and_changes_nothing() -> None:
    for seed in range(40):
        table = learner_to_play(seed)
        illegal = [b for b in table.picker.row.children if "batak-illegal" in b._dom_classes]
        if illegal:
            break
    before = table.deal.snapshot()
    illegal[0].click()
    assert table.deal.snapshot() == before
    verdict = table.deal.explain(illegal[0].card)
    assert verdict.reason in table.picker.message.value and verdict.rule in table.picker.message.value


def test_undo_takes_back_the_learners_move_and_the_bots_after_it() -> None:
    table = learner_to_play(3)
    before = table.deal.snapshot()
    click_something(table)
    assert table.deal.snapshot() != before and not table.undo_button.disabled
    table.undo_button.click()
    assert table.deal.snapshot() == before
    assert table.deal.to_move == 0


def test_bot_turns_update_widgets_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    table = learner_to_play(5)
    sent: list[object] = []
    monkeypatch.setattr(ipw.Widget, "_send", lambda self, msg, buffers=None: sent.append(msg))
    models = len(widget_module._instances)
    click_something(table)  # the learner's card, then bot cards until the learner's turn again
    assert len(widget_module._instances) == models
    assert 0 < len(sent) < 80


def test_hint_and_review_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint marks the card it recommends; at the end of the deal the review panel lists the
    items of ``bots.review`` and says how much of the deal it checked."""
    import widgets.game_table as game_table

    reviews: list[bc.bots.Review] = []
    original = game_table.bot_review
    monkeypatch.setattr(game_table, "bot_review",
                        lambda deal, seat: reviews.append(original(deal, seat, auction_nodes=0)) or reviews[-1])
    table = learner_to_play(6)
    assert not table.hint_button.disabled
    table.hint_button.click()
    advice = bc.bots.hint(table.deal.view(0))
    card = advice.action.card
    assert advice.reason in table.message.value and card.label in table.message.value
    assert "batak-hinted" in table.picker.button(card)._dom_classes
    while not table.deal.is_finished:
        click_something(table)
    assert table.hint_button.disabled
    table.review_button.click()
    [expected] = reviews
    assert expected == bc.bots.review(table.deal, 0, auction_nodes=0)
    assert table.review.layout.display != "none" and table.review_button.layout.display == "none"
    assert f"Double-dummy check of {expected.scope}." in table.review.value
    for item in expected.items:
        assert html.escape(item.text, quote=False) in table.review.value
    if not expected.items:
        assert "No costly mistakes found." in table.review.value


def test_the_end_of_a_deal_does_not_hold_up_the_table_with_a_review_nobody_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the double-dummy review ran as soon as a deal ended (0.9 to 4.3 s of the kernel,
    during which the page's next clicks waited; with a class playing, every table at once)."""
    import widgets.game_table as game_table

    reviews: list[int] = []
    original = game_table.bot_review
    monkeypatch.setattr(game_table, "bot_review",
                        lambda deal, seat: reviews.append(seat) or original(deal, seat, auction_nodes=0))
    table = learner_to_play(6)
    while not table.deal.is_finished:
        click_something(table)
    assert reviews == [] and table.review.layout.display == "none"
    assert table.review_button.layout.display != "none" and "Review" in table.review_button.description
    table.review_button.click()
    assert reviews == [0] and "Review of your play" in table.review.value
    table.next_button.click()
    assert table.review_button.layout.display == "none" and table.review.layout.display == "none"


def test_speed_and_level_settings() -> None:
    table = widgets.GameTable(seed=1, delay=0)
    table.speed.value = 0.5
    assert table.delay == 0.5
    assert list(table.level.options) == list(bc.bots.LEVELS)
    with pytest.raises(ValueError):
        widgets.GameTable(bots="grandmaster", delay=0)


# --- variants ---------------------------------------------------------------------------------


def short(name: str, variant: str, **options: object) -> bc.RuleSet:
    """A two-deal game. Ties are shared: Game ends danish and gamelake games only on a single leader,
    which partners sharing a score never are (reported to the engine's owner)."""
    return bc.preset(name, variant, game_end="fixed_deals", deals=2, deal_choices_only=False, tie_rule="share",
                     **options)


@pytest.mark.parametrize(("name", "variant"), [(n, str(v)) for n, v in VARIANTS])
def test_every_variant_plays_to_the_end_through_clicks(name: str, variant: str) -> None:
    table = widgets.GameTable(short(name, variant), seed=3, delay=0)
    play_to_end(table)
    game = table.game
    assert game.is_over and game.deals_played == 2
    assert table.scores.table.value.count('class="batak-score-row"') == len(game.records)
    winners = " and ".join(table.names[s] for s in game.winners)
    assert winners in table.banner.value
    if game.rules.partnership:
        assert "share" not in table.banner.value and f"{winners} win " in table.banner.value


def learner_declares(rules: bc.RuleSet, seed: int = 1) -> widgets.GameTable:
    """A table where the learner has bid the highest bid (so won the auction) and named spades."""
    table = widgets.GameTable(rules, seed=seed, delay=0)
    table.bid_panel.bid_buttons[rules.max_bid].click()
    assert table.deal.declarer == 0
    table.trump_picker.buttons[bc.Suit.SPADES].click()
    return table


def test_the_learner_buries_four_cards_after_a_wrong_count() -> None:
    table = learner_declares(short("turkish", "gommeli"))
    deal = table.deal
    assert deal.phase is Phase.BURY and shown(table.bury_button)
    assert table.bury_button.description == "Bury these 4" and "batak-bury" in table.bury_button._dom_classes
    hand = table.picker.hand
    assert len(hand) == 16
    assert {c for c in hand if "batak-marked" in table.picker.button(c)._dom_classes} == set(deal.kitty)
    chosen = sorted(hand, key=lambda c: c.rank)[:4]
    for card in chosen[:3]:
        table.picker.button(card).click()
    before = deal.snapshot()
    table.bury_button.click()  # three cards: the engine refuses and says why
    assert deal.snapshot() == before and "Bury exactly 4 different cards" in table.message.value
    table.picker.button(chosen[3]).click()
    assert "batak-selected" in table.picker.button(chosen[3])._dom_classes
    table.bury_button.click()
    assert set(deal.buried) == set(chosen) and deal.phase is Phase.PLAY
    assert not shown(table.bury_button) and len(table.picker.hand) == 12
    assert "You buried" in table.table.info.value
    table.undo_button.click()
    assert deal.phase is Phase.BURY and len(table.picker.hand) == 16


def test_the_kitty_lies_face_down_during_the_auction() -> None:
    table = widgets.GameTable(short("turkish", "gommeli"), seed=2, delay=0)
    assert table.deal.phase is Phase.AUCTION and len(table.picker.hand) == 12
    assert "Kitty: 4 cards face down" in table.table.center.value
    assert table.table.center.value.count("batak-back") == 4


def test_the_learner_plays_the_dummys_cards_in_classic_esli() -> None:
    table = learner_declares(short("classic", "esli"))
    deal = table.deal
    assert deal.dummy == 2 and shown(table.dummy_box)
    assert "batak-card" not in table.table.seats[2].value  # drawn once: as the buttons you play
    while not (deal.to_move == 2 and deal.decider == 0):
        cards_on_offer(table.picker)[0].click()
    assert not cards_on_offer(table.picker) and "Its turn now" in table.dummy_title.value
    card = cards_on_offer(table.dummy_picker)[0].card
    table.dummy_picker.pick(card)
    assert card in deal.current_trick or card in deal.tricks[-1].cards
    assert card not in deal.hand(2)
    play_to_end(table)


def passed_out(rules: bc.RuleSet, declarer: set[int]) -> widgets.GameTable:
    """The first seeded table where the learner passes and one of ``declarer`` wins the auction."""
    for seed in range(60):
        table = widgets.GameTable(rules, seed=seed, delay=0)
        while table.deal.phase is Phase.AUCTION:
            table.bid_panel.pass_button.click()
        if table.deal.declarer in declarer:
            return table
    raise AssertionError("no seed gave that declarer")


def test_the_learner_as_dummy_is_played_by_the_partner() -> None:
    table = passed_out(short("classic", "esli"), {2})
    deal = table.deal
    assert deal.dummy == 0 and deal.phase is Phase.OVER  # your partner played your cards too
    assert "You are the dummy" in table.hand_title.value
    assert "open hand: Mehmet plays it" in table.table.seats[0].value
    assert "Mehmet and You took" in table.message.value


def test_a_bot_declarer_plays_its_open_dummy_face_up() -> None:
    table = passed_out(short("classic", "esli"), {1, 3})
    deal = table.deal
    dummy = deal.dummy
    assert dummy in (1, 3) and deal.phase is Phase.PLAY and deal.decider == 0
    seat = table.table.seats[dummy].value
    assert "batak-open-hand" in seat and seat.count("batak-card-") == len(deal.hand(dummy))
    assert not shown(table.dummy_box)


def test_announcing_none_in_classic_koz_maca() -> None:
    table = widgets.GameTable(short("classic", "koz_maca"), seed=5, delay=0)
    panel = table.bid_panel
    assert not shown(panel.pass_button) and "announcement" in panel.title.value
    assert [n for n, b in panel.bid_buttons.items() if shown(b)] == list(range(14))
    assert panel.bid_buttons[0].description == "none" and "batak-bid-0" in panel.bid_buttons[0]._dom_classes
    assert "spades" in table.table.info.value  # trump from the start
    panel.bid_buttons[0].click()
    deal = table.deal
    assert deal.announcements[0] == 0 and deal.phase is Phase.PLAY
    assert "announced none" in table.table.seats[0].value or "of none announced" in table.table.seats[0].value
    while not deal.is_finished:
        click_something(table)
    assert f"you announced none and took {deal.tricks_won[0]}" in table.message.value
    assert "/ none" in table.scores.table.value


def test_weak_hand_redeal_button() -> None:
    rules = short("classic", "ihaleli", weak_hand_redeal=True)
    weak = next(s for s in range(5000)
                if all(c.rank <= 10 for c in bc.Deal.random(rules, seed=derive_seed(s, 0)).hand(0)))
    normal = widgets.GameTable(rules, seed=weak + 1, delay=0)
    assert not shown(normal.bid_panel.redeal_button)
    table = widgets.GameTable(rules, seed=weak, delay=0)
    button = table.bid_panel.redeal_button
    assert shown(button) and "batak-redeal" in button._dom_classes
    assert button.description == "Demand a redeal (no card above 10)"
    dealer = table.deal.dealer
    button.click()
    assert table.deal.phase is Phase.REDEAL and "redeal was demanded" in table.message.value
    assert "thrown in" in table.scores.table.value
    table.next_button.click()
    assert table.deal.dealer == dealer and table.game.deals_played == 0


@pytest.mark.parametrize("level", ["club", pytest.param("expert", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("name", "variant"), [("classic", "koz_maca"), ("turkish", "gommeli"), ("classic", "esli")])
def test_stronger_bots_play_every_variant(name: str, variant: str, level: str) -> None:
    table = widgets.GameTable(short(name, variant), bots=level, seed=3, delay=0)
    play_to_end(table)
    assert table.game.is_over


def test_deal_counter_names_the_finished_deal() -> None:
    """Regression: when deal 1 ended the table said "Deal 2 of 5" beside deal 1's result."""
    table = widgets.GameTable(bc.preset("miniokey"), seed=21, delay=0)
    assert "Deal 1 of 5." in table.table.info.value
    while not table.deal.is_finished:
        click_something(table)
    assert table.deal.phase is Phase.OVER and "Deal over:" in table.message.value
    assert "Deal 1 of 5." in table.table.info.value and "Deal 2 of 5" not in table.table.info.value
    assert table.game.status in table.table.info.value
    table.next_button.click()
    assert "Deal 2 of 5." in table.table.info.value


# --- hints and the review in words --------------------------------------------------------------

BARE_LIST_VALUE = re.compile(r":\s*[-+]?\d+(?:\.\d+)?\s*</li>")
"""A hint list line ending in a number with nothing to say what it is ("play 5♠: -56.90")."""


def test_early_card_hint_showed_the_same_bare_number_for_every_card() -> None:
    """Regression: early in the deal every card averaged to the same guessed points and the hint
    listed them bare ("play 5♠: -56.90" three times). Now: no numbers, and the reason in words."""
    table = learner_to_play(3)
    table.hint_button.click()
    advice = bc.bots.hint(table.deal.view(0))
    message = table.message.value
    assert not BARE_LIST_VALUE.search(message), message
    assert advice.numbers_note and html.escape(advice.numbers_note, quote=False) in message
    assert advice.shown() == ()


def test_review_of_an_overbid_deal_said_no_costly_mistakes() -> None:
    """Regression: the review checked the cards only, so a deal bid against the hint's advice and
    gone down showed "No costly mistakes found". The auction is reviewed too now."""
    from test_review import overbid_deal

    table = widgets.GameTable(seed=1, delay=0)
    table.game.deal = overbid_deal()
    table.refresh()
    table.review_button.click()
    assert "No costly mistakes found" not in table.review.value
    assert "auction" in table.review.value.lower()


def finished_table(monkeypatch: pytest.MonkeyPatch, seen: list[str]) -> widgets.GameTable:
    """A table whose deal is over, with the review recording what the panel said while it ran."""
    import widgets.game_table as game_table

    original = game_table.bot_review
    table = learner_to_play(6)

    def recording_review(deal: bc.Deal, seat: int) -> bc.bots.Review:
        seen.append(table.review.value)
        return original(deal, seat, auction_nodes=0)
    monkeypatch.setattr(game_table, "bot_review", recording_review)
    while not table.deal.is_finished:
        click_something(table)
    return table


def test_the_review_panel_says_reviewing_while_the_check_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    table = finished_table(monkeypatch, seen)
    table.review_button.click()
    assert len(seen) == 1 and "Reviewing…" in seen[0]
    assert "Reviewing…" not in table.review.value and "Double-dummy check of" in table.review.value


def test_on_the_kernels_loop_the_check_starts_after_the_reviewing_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the notebook the click returns at once, so 'Reviewing…' reaches the page before the
    solver holds the kernel; the result replaces it a moment later."""
    seen: list[str] = []
    table = finished_table(monkeypatch, seen)

    async def click_and_wait() -> tuple[str, int]:
        table.review_button.click()
        waiting = table.review.value, len(seen)
        await asyncio.sleep(4 * REVIEW_START_DELAY)
        return waiting
    waiting, reviews_at_click = asyncio.run(click_and_wait())
    assert "Reviewing…" in waiting and reviews_at_click == 0
    assert len(seen) == 1 and "Double-dummy check of" in table.review.value


def test_review_items_draw_the_cards_and_show_the_auction_first_when_it_cost_most() -> None:
    from test_review import overbid_deal

    table = widgets.GameTable(seed=1, delay=0)
    table.game.deal = overbid_deal()
    table.refresh()
    table.review_button.click()
    review = bc.bots.review(table.deal, 0)
    assert "Double-dummy check of your auction calls and every trick." in table.review.value
    first = review.items[0]
    assert first.in_auction and first.text.startswith("Auction: ")
    assert html.escape(first.text, quote=False) in table.review.value


def test_a_hint_with_numbers_says_what_each_is_and_draws_the_cards() -> None:
    table = learner_to_play(9)
    while True:
        advice = bc.bots.hint(table.deal.view(0))
        if advice.shown() and advice.action.kind is bc.ActionKind.PLAY:
            break
        click_something(table)
        assert not table.deal.is_finished, "no hint with numbers in the deal"
    table.hint_button.click()
    message = table.message.value
    assert html.escape(advice.numbers_note, quote=False) in message
    for alt in advice.shown():
        assert html.escape(alt.says, quote=False) in message and f"batak-card-{alt.action.card.code}" in message
    assert not BARE_LIST_VALUE.search(message)


def test_a_review_that_fails_left_the_panel_saying_reviewing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: an error inside the review left the panel on "Reviewing…" for good; it says the
    review could not be finished, and the table goes on working."""
    import widgets.game_table as game_table

    table = learner_to_play(6)

    def failing_review(deal: bc.Deal, seat: int) -> bc.bots.Review:
        raise RuntimeError("the solver broke")
    monkeypatch.setattr(game_table, "bot_review", failing_review)
    while not table.deal.is_finished:
        click_something(table)
    table.review_button.click()
    assert "Reviewing…" not in table.review.value
    assert "could not be finished" in table.review.value and "the solver broke" in table.review.value
    table.next_button.click()
    assert not table.deal.is_finished


# --- the move clock ---------------------------------------------------------------------------


def clocked(seed: int = 1, **options: object) -> widgets.GameTable:
    """A miniokey table (its rules time every move), the learner on the move."""
    table = widgets.GameTable(bc.preset("miniokey", **options), seed=seed, delay=0)
    assert table.deal.decider == 0 and not table.deal.is_finished
    return table


def test_the_move_clock_shows_the_learners_seconds_and_gives_more_time_once() -> None:
    rules = bc.preset("miniokey")
    assert rules.move_seconds and rules.extra_seconds
    table = clocked()
    history = list(table.deal.history)  # the bots' calls before the learner's turn
    assert table.clock_setting.value and table.seconds_left == rules.move_seconds
    assert shown(table.clock) and f"{rules.move_seconds} s</b> left" in table.clock.value
    table.tick(rules.move_seconds - 5)
    assert "5 s</b> left" in table.clock.value and "batak-clock-low" in table.clock._dom_classes
    assert shown(table.more_time_button) and not table.more_time_button.disabled
    table.more_time_button.click()
    assert table.seconds_left == 5 + rules.extra_seconds and table.more_time_button.disabled
    table.more_time_button.click()  # once a move
    assert table.seconds_left == 5 + rules.extra_seconds
    table.tick(4.5)
    assert table.deal.history == history and f"{rules.extra_seconds + 1} s</b> left" in table.clock.value


def test_a_new_move_gets_a_full_clock_and_its_own_extension() -> None:
    table = clocked()
    rules = table.rules
    table.more_time_button.click()
    table.tick(rules.move_seconds)
    click_something(table)  # the learner's call: the bots call, and the learner moves again or the deal ends
    if table.deal.decider == 0 and not table.deal.is_finished:
        assert table.seconds_left == rules.move_seconds and not table.more_time_button.disabled


@pytest.mark.parametrize("phase", [Phase.AUCTION, Phase.PLAY])
def test_when_time_runs_out_the_engine_moves_for_the_learner_and_says_why(phase: Phase) -> None:
    table = clocked(seed=6)
    while table.deal.phase is not phase or table.deal.decider != 0:
        click_something(table)
    deal = table.deal
    expected, before = deal.timeout_action(), len(deal.history)
    table.tick(table.rules.move_seconds - 1)
    assert len(deal.history) == before
    table.tick(1)
    assert deal.history[before] == expected
    note = table.clock_note.value
    assert "Time ran out, so the table moved for you" in note
    assert html.escape(expected.text(), quote=False) in note
    assert html.escape(bc.options.option("move_seconds").text(table.rules), quote=False) in note
    table.undo_button.click()  # a timed-out move is taken back like any other
    assert len(deal.history) == before


def test_the_timeout_card_is_the_lowest_legal_one() -> None:
    table = clocked(seed=6)
    while not (table.deal.phase is Phase.PLAY and table.deal.decider == 0):
        click_something(table)
    deal = table.deal
    legal = deal.legal_plays()
    before = len(deal.history)
    table.tick(table.rules.move_seconds)
    played = deal.history[before]
    assert played.card == min(legal, key=lambda c: (c.rank, c.suit))


def test_bots_are_not_timed() -> None:
    """With a bot to move (it waits ``delay`` on the kernel's loop) the clock does nothing."""
    async def bot_first() -> tuple[widgets.GameTable, int]:
        for seed in range(40):
            table = widgets.GameTable(bc.preset("miniokey"), seed=seed, delay=30)
            if table.deal.decider != 0:
                before = len(table.deal.history)
                table.tick(1000)
                table.close()
                return table, before
            table.close()
        raise AssertionError("no seed gave a bot the first call")
    table, before = asyncio.run(bot_first())
    assert table.seconds_left is None and not shown(table.clock) and not shown(table.more_time_button)
    assert len(table.deal.history) == before and table.clock_note.value == ""


def test_the_learner_switches_the_move_clock_on_and_off() -> None:
    rules = bc.preset("classic")
    assert rules.move_seconds == 0
    table = widgets.GameTable(rules, seed=2, delay=0)
    assert not table.clock_setting.value and table.seconds_left is None and not shown(table.clock)
    history = list(table.deal.history)
    table.tick(10_000)
    assert table.deal.history == history
    table.clock_setting.value = True  # rules without a clock: the miniokey times
    miniokey = bc.preset("miniokey")
    assert table.seconds_left == miniokey.move_seconds and shown(table.clock)
    table.more_time()
    assert table.seconds_left == miniokey.move_seconds + miniokey.extra_seconds
    table.clock_setting.value = False
    assert table.seconds_left is None and not shown(table.clock)
    table.tick(10_000)
    assert table.deal.history == history
    clocked_table = clocked()
    history = list(clocked_table.deal.history)
    clocked_table.clock_setting.value = False
    clocked_table.tick(10_000)
    assert clocked_table.deal.history == history and clocked_table.clock_note.value == ""


def test_tick_takes_seconds() -> None:
    table = clocked()
    for bad in (-1, float("nan"), "5", True):
        with pytest.raises(ValueError, match="number of seconds"):
            table.tick(bad)  # type: ignore[arg-type]


def test_on_the_kernels_loop_the_clock_ticks_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.game_table as game_table

    monkeypatch.setattr(game_table, "CLOCK_STEP", 0.01)

    async def wait_a_little() -> tuple[float | None, float | None, bool]:
        table = widgets.GameTable(bc.preset("miniokey"), seed=1, delay=0)
        table._view_count = 1  # a page shows it (the front end counts the views it draws)
        start = table.seconds_left
        await asyncio.sleep(0.2)
        task = table._clock_task
        table.close()
        await asyncio.sleep(0)
        return start, table.seconds_left, task is not None and task.cancelled()
    start, later, cancelled = asyncio.run(wait_a_little())
    assert start is not None and later is not None and 0 < later < start and cancelled


def test_the_move_clock_ran_before_the_page_showed_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the clock counted from when the kernel dealt, so on a cold, busy server the
    learner's first call ran out before the page had shown the table. It runs only while a page
    shows the table: the front end counts the views it draws in ``_view_count``."""
    import widgets.game_table as game_table

    monkeypatch.setattr(game_table, "CLOCK_STEP", 0.01)

    async def show_late() -> tuple[list[float | None], int]:
        """The seconds left at each moment below, and the moves made meanwhile."""
        table = widgets.GameTable(bc.preset("miniokey"), seed=1, delay=0)
        history = len(table.deal.history)
        left = [table.seconds_left]  # dealt
        await asyncio.sleep(0.2)
        left.append(table.seconds_left)  # no page shows the table yet
        table._view_count = 1  # the page draws it
        await asyncio.sleep(0.2)
        left.append(table.seconds_left)
        table._view_count = 0  # the page went away
        await asyncio.sleep(0.05)
        left.append(table.seconds_left)
        await asyncio.sleep(0.2)
        left.append(table.seconds_left)
        table.close()
        return left, len(table.deal.history) - history
    (full, unseen, seen, gone, later), moves = asyncio.run(show_late())
    assert full == bc.preset("miniokey").move_seconds and unseen == full and moves == 0
    assert seen is not None and 0 < seen < full
    assert gone is not None and gone <= seen and later == gone  # stopped while no page shows it


# --- games played, names --------------------------------------------------------------------


def test_on_game_over_is_called_once_a_game() -> None:
    ended: list[int] = []
    rules = short("classic", "ihaleli")
    table = widgets.GameTable(rules, seed=3, delay=0, on_game_over=lambda: ended.append(1))
    play_to_end(table)
    assert ended == [1]
    table.refresh()
    table.undo_button.click()  # the last card taken back and played again: still the same game
    play_to_end(table)
    assert ended == [1]
    table.new_game_button.click()
    assert ended == [1]
    play_to_end(table)
    assert ended == [1, 1]
    with pytest.raises(ValueError, match="on_game_over"):
        widgets.GameTable(rules, delay=0, on_game_over=5)  # type: ignore[arg-type]


def test_the_table_names_players_and_never_says_seat() -> None:
    table = widgets.GameTable(short("classic", "esli"), seed=3, delay=0)
    texts: list[str] = []
    for _ in range(30):
        texts += [table.table.info.value, table.table.center.value, table.message.value, table.hand_title.value,
                  *(seat.value for seat in table.table.seats)]
        click_something(table)
    said = " ".join(re.sub(r"<[^>]+>", " ", t) for t in texts)
    assert not re.search(r"\bseat\b", said, re.IGNORECASE)
    for name in table.names[1:]:
        assert name in said
