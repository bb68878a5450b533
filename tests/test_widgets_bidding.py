"""BidPanel and TrumpPicker drive a real deal's auction."""

from __future__ import annotations

import re

import pytest

import batak_core as bc
import widgets
from widgets.style import CSS


def test_bid_panel_offers_only_legal_bids_and_applies_them() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=1, dealer=3)
    panel = widgets.BidPanel(on_bid=deal.act)
    panel.show_view(deal.view(0))
    visible = [n for n, b in panel.bid_buttons.items() if b.layout.display != "none"]
    assert visible == list(range(4, 14)) and "batak-bid-4" in panel.bid_buttons[4]._dom_classes
    panel.bid_buttons[6].click()
    assert deal.auction == [bc.Bid(0, 6)]
    panel.show(deal.legal_bids(), deal.can_pass, deal.auction)
    assert [n for n, b in panel.bid_buttons.items() if not b.disabled] == list(range(7, 14))
    assert "You: 6" in panel.auction.value
    panel.bid_buttons[5].click()  # hidden and not legal any more: refused
    assert len(deal.auction) == 1 and "not open" in panel.message.value
    panel.pass_button.click()
    assert deal.auction[-1] == bc.Bid(1, None)


def test_dealer_forced_to_bid_cannot_pass() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=2, dealer=0)
    for _ in range(3):
        deal.pass_bid()
    panel = widgets.BidPanel()
    panel.show_view(deal.view(0))
    assert panel.pass_button.disabled and "must bid" in panel.pass_button.tooltip


def test_trump_picker() -> None:
    chosen: list[bc.Action] = []
    picker = widgets.TrumpPicker(on_choose=chosen.append)
    picker.show_counts([4, 3, 3, 3])
    assert "batak-trump-H" in picker.buttons[bc.Suit.HEARTS]._dom_classes
    assert picker.buttons[bc.Suit.SPADES].description == "♠ spades (4 cards)"
    picker.buttons[bc.Suit.HEARTS].click()
    assert chosen == [bc.Action.trump(bc.Suit.HEARTS)]


def test_koz_maca_turns_the_bid_panel_into_announcements() -> None:
    deal = bc.Deal.random(bc.preset("turkish", "koz_maca"), seed=1, dealer=3)
    panel = widgets.BidPanel(on_bid=deal.act)
    panel.show_view(deal.view(0))
    assert [n for n, b in panel.bid_buttons.items() if b.layout.display != "none"] == list(range(1, 14))
    assert panel.pass_button.layout.display == "none" and "Announce 3" in panel.bid_buttons[3].tooltip
    panel.bid_buttons[3].click()
    assert deal.announcements[0] == 3
    panel.show([5, 6], True)  # an auction again: bids and a pass
    assert panel.pass_button.layout.display != "none" and "Bid 5" in panel.bid_buttons[5].tooltip
    assert "Your bid" in panel.title.value and panel.redeal_button.layout.display == "none"


def test_callbacks_register_and_remove_like_on_click() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=1, dealer=3)
    heard: list[bc.Action] = []
    also: list[bc.Action] = []
    panel = widgets.BidPanel(on_bid=heard.append)
    panel.on_bid(also.append)
    panel.on_bid(also.append)  # registered once, as Button.on_click does
    panel.show_view(deal.view(0))
    panel.bid_buttons[6].click()
    assert heard == also == [bc.Action.bid(6)]
    panel.on_bid(heard.append, remove=True)
    panel.pass_button.click()
    assert heard == [bc.Action.bid(6)] and also == [bc.Action.bid(6), bc.Action.pass_()]
    redeals: list[str] = []

    def demanded() -> None:
        redeals.append("redeal")

    panel.on_redeal(demanded)
    panel.redeal_button.click()
    panel.on_redeal(demanded, remove=True)
    panel.redeal_button.click()
    assert redeals == ["redeal"]
    chosen: list[bc.Action] = []
    picker = widgets.TrumpPicker()
    picker.on_choose(chosen.append)
    picker.buttons[bc.Suit.CLUBS].click()
    picker.on_choose(chosen.append, remove=True)
    picker.buttons[bc.Suit.HEARTS].click()
    assert chosen == [bc.Action.trump(bc.Suit.CLUBS)]


def test_show_view_offers_nothing_off_turn_and_the_redeal_only_to_a_weak_hand() -> None:
    rules = bc.preset("classic", weak_hand_redeal=True)
    seed = next(s for s in range(5000) if all(c.rank <= 10 for c in bc.Deal.random(rules, seed=s, dealer=3).hand(0)))
    deal = bc.Deal.random(rules, seed=seed, dealer=3)
    panel = widgets.BidPanel()
    panel.show_view(deal.view(1))  # seat 0 is to call, not seat 1
    assert all(b.disabled for b in panel.bid_buttons.values()) and panel.pass_button.disabled
    assert panel.redeal_button.layout.display == "none"
    panel.show_view(deal.view(0))
    assert panel.redeal_button.layout.display != "none" and not panel.pass_button.disabled
    strong = bc.Deal.random(rules, seed=seed + 1, dealer=3)
    assert not strong.view(0).can_demand_redeal or not strong.can_demand_redeal


def test_trump_buttons_were_cut_off_before_their_card_count() -> None:
    """Regression: a fixed 128 px width cut "♦ diamonds (4)" off. Each button now says the whole
    count in words and is as wide as its text; the row wraps on a narrow screen."""
    deal = bc.Deal.random(bc.preset("miniokey"), seed=4, dealer=3)
    hand = deal.hand(0)
    counts = [sum(c.suit == s for c in hand) for s in bc.Suit]
    picker = widgets.TrumpPicker()
    picker.show_counts(counts)
    for suit, button in picker.buttons.items():
        n = counts[suit]
        assert button.description == f"{suit.symbol} {suit.plural} ({n} {'card' if n == 1 else 'cards'})"
    picker.show_counts([1, 0, 5, 7])
    assert picker.buttons[bc.Suit.SPADES].description.endswith("(1 card)")
    assert picker.buttons[bc.Suit.HEARTS].description.endswith("(0 cards)")
    rule = CSS.split(".batak-root button.batak-trump {", 1)[1].split("}", 1)[0]
    widths = re.findall(r"(?<![-\w])width:\s*([^;]+);", rule)
    assert widths == ["auto"]  # no fixed width (the browser test measures the text fits)
    row = picker.children[-1]
    assert row.layout.flex_flow == "row wrap" and "batak-trump-row" in row._dom_classes


@pytest.mark.parametrize("counts", [[4, 3, 3], [4, 3, 3, -1], [4.5, 3, 3, 3]])
def test_trump_counts_must_be_four_whole_numbers(counts: list[object]) -> None:
    with pytest.raises(ValueError, match="one whole number of cards a suit"):
        widgets.TrumpPicker().show_counts(counts)  # type: ignore[arg-type]


def test_trump_buttons_had_a_second_suit_symbol_after_their_label() -> None:
    """Regression: the card buttons' big pip (a ::after rule per suit colour class) also drew
    "♠" after "♠ spades (2 cards)" on the trump buttons, which carry that class for their colour."""
    pips = re.findall(r"([^{}]*)::after\{content:\"(.)\"", CSS)
    assert {symbol for _, symbol in pips} == {s.symbol for s in bc.Suit}
    for selector, _ in pips:
        assert "button.batak-card.batak-suit-" in selector, selector
