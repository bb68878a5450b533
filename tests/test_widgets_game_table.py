"""GameTable: a whole game against bots driven only by clicks, undo, hints, review, in-place updates."""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as ipw
import pytest
from ipywidgets.widgets import widget as widget_module

import batak_core as bc
import widgets
from batak_core import Phase


def click_something(table: widgets.GameTable) -> None:
    """One learner action, chosen the way a learner would: from the buttons on offer."""
    deal = table.deal
    if deal.is_finished:
        table.next_button.click()
    elif deal.phase is Phase.AUCTION:
        bids = [b for b in table.bid_panel.bid_buttons.values() if not b.disabled]
        pass_button = table.bid_panel.pass_button
        (bids[0] if pass_button.disabled or len(deal.auction) % 5 == 1 else pass_button).click()
    elif deal.phase is Phase.TRUMP:
        table.trump_picker.buttons[bc.Suit.SPADES].click()
    else:
        legal = [b for b in table.picker.row.children if "batak-legal" in b._dom_classes and b.layout.display != "none"]
        legal[-1].click()


def play_to_end(table: widgets.GameTable) -> int:
    clicks = 0
    while table.banner.layout.display == "none":
        click_something(table)
        clicks += 1
        assert clicks < 3000
    return clicks


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


@dataclass
class FakeHint:
    action: bc.Action
    reason: str
    alternatives: tuple[tuple[bc.Action, float], ...]


@dataclass
class FakeReview:
    trick_number: int
    played: bc.Card
    better: bc.Card
    loss: float
    text: str


def test_hint_and_review_light_up_when_the_bots_provide_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(bc.bots, "hint", raising=False)
    monkeypatch.delattr(bc.bots, "review", raising=False)
    table = learner_to_play(6)
    assert table.hint_button.disabled
    monkeypatch.setattr(bc.bots, "hint", lambda view: FakeHint(view.legal_plays[0], "it wins the trick",
                                                               ((view.legal_plays[0], 1.0),)), raising=False)
    monkeypatch.setattr(bc.bots, "review", lambda deal, seat: [FakeReview(3, deal.tricks[2].cards[0],
                                                                          deal.tricks[2].cards[0], 1.5,
                                                                          "a bigger card was better")],
                        raising=False)
    table.refresh()
    assert not table.hint_button.disabled
    table.hint_button.click()
    card = table.deal.legal_plays()[0]
    assert "it wins the trick" in table.message.value and card.label in table.message.value
    assert "batak-hinted" in table.picker.button(card)._dom_classes
    while not table.deal.is_finished:
        click_something(table)
    assert table.review.layout.display != "none" and "a bigger card was better" in table.review.value


def test_speed_and_level_settings() -> None:
    table = widgets.GameTable(seed=1, delay=0)
    table.speed.value = 0.5
    assert table.delay == 0.5
    assert list(table.level.options) == list(bc.bots.LEVELS)
    with pytest.raises(ValueError):
        widgets.GameTable(bots="grandmaster", delay=0)
