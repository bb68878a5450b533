"""BidPanel and TrumpPicker drive a real deal's auction."""

from __future__ import annotations

import batak_core as bc
import widgets


def test_bid_panel_offers_only_legal_bids_and_applies_them() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=1, dealer=3)
    panel = widgets.BidPanel(on_bid=deal.act)
    panel.show_deal(deal, seat=0)
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
    panel.show_deal(deal, seat=0)
    assert panel.pass_button.disabled and "must bid" in panel.pass_button.tooltip


def test_trump_picker() -> None:
    chosen: list[bc.Action] = []
    picker = widgets.TrumpPicker(on_choose=chosen.append)
    picker.show_counts([4, 3, 3, 3])
    assert "batak-trump-H" in picker.buttons[bc.Suit.HEARTS]._dom_classes
    assert picker.buttons[bc.Suit.SPADES].description == "♠ spades (4)"
    picker.buttons[bc.Suit.HEARTS].click()
    assert chosen == [bc.Action.trump(bc.Suit.HEARTS)]


def test_koz_maca_turns_the_bid_panel_into_announcements() -> None:
    deal = bc.Deal.random(bc.preset("turkish", "koz_maca"), seed=1, dealer=3)
    panel = widgets.BidPanel(on_bid=deal.act)
    panel.show_deal(deal, seat=0)
    assert [n for n, b in panel.bid_buttons.items() if b.layout.display != "none"] == list(range(1, 14))
    assert panel.pass_button.layout.display == "none" and "Announce 3" in panel.bid_buttons[3].tooltip
    panel.bid_buttons[3].click()
    assert deal.announcements[0] == 3
    panel.show([5, 6], True)  # an auction again: bids and a pass
    assert panel.pass_button.layout.display != "none" and "Bid 5" in panel.bid_buttons[5].tooltip
    assert "Your bid" in panel.title.value and panel.redeal_button.layout.display == "none"
