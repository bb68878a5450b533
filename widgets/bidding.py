"""BidPanel and TrumpPicker: the auction and the trump choice as buttons.

Only the bids the engine allows are shown; the auction so far is listed beside them. Both
panels keep one button per bid and per suit and only switch them on and off.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from batak_core import Bid, Deal, Phase, Suit

from .style import root, set_classes, show, style_widget

BidCallback = Callable[[int | None], None]
TrumpCallback = Callable[[Suit], None]


def auction_html(auction: Sequence[Bid], names: Sequence[str]) -> str:
    if not auction:
        return '<div class="batak-auction">No calls yet.</div>'
    calls = "".join(f"<span>{names[b.seat]}: {'pass' if b.bid is None else b.bid}</span>" for b in auction)
    return f'<div class="batak-auction">{calls}</div>'


class BidPanel(w.VBox):
    """Your call in the auction: a button per legal bid and a pass button."""

    def __init__(self, *, names: Sequence[str] = ("You", "Ayşe", "Mehmet", "Zeynep"),
                 on_bid: BidCallback | None = None) -> None:
        self.names = tuple(names)
        self._callbacks: list[BidCallback] = [on_bid] if on_bid else []
        self.title = w.HTML('<div class="batak-panel-title">Your bid</div>')
        self.bid_buttons: dict[int, w.Button] = {}
        for n in range(1, 14):
            button = w.Button(description=str(n), tooltip=f"Bid {n}: promise to take at least {n} tricks")
            set_classes(button, ("batak-bid", f"batak-bid-{n}"))
            button.on_click(lambda _b, n=n: self._call(n))
            self.bid_buttons[n] = button
        self.pass_button = w.Button(description="Pass", tooltip="Pass: you are out of this auction")
        set_classes(self.pass_button, ("batak-pass",))
        self.pass_button.on_click(lambda _b: self._call(None))
        self.auction = w.HTML()
        self.message = w.HTML()
        set_classes(self.message, ("batak-message",))
        buttons = w.HBox([*self.bid_buttons.values(), self.pass_button], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([style_widget(), self.title, buttons, self.auction, self.message])
        root(self, "batak-panel", "batak-bid-panel")
        self._legal: tuple[int, ...] = ()
        self._can_pass = False
        self.show((), False)

    def on_bid(self, callback: BidCallback) -> None:
        self._callbacks.append(callback)

    @property
    def legal(self) -> tuple[int, ...]:
        return self._legal

    def show(self, legal_bids: Sequence[int], can_pass: bool, auction: Sequence[Bid] = ()) -> None:
        """Offer exactly these calls (nothing at all when it is not your turn)."""
        self._legal, self._can_pass = tuple(legal_bids), can_pass
        for n, button in self.bid_buttons.items():
            show(button, n in self._legal)
            button.disabled = n not in self._legal
        self.pass_button.disabled = not can_pass
        self.pass_button.tooltip = ("Pass: you are out of this auction" if can_pass or not legal_bids else
                                    "You may not pass: as dealer after three passes you must bid")
        self.auction.value = auction_html(auction, self.names)

    def show_deal(self, deal: Deal, seat: int = 0) -> None:
        mine = deal.phase is Phase.AUCTION and deal.to_move == seat
        self.show(deal.legal_bids() if mine else (), deal.can_pass and mine, deal.auction)

    def _call(self, bid: int | None) -> None:
        if (bid is None and not self._can_pass) or (bid is not None and bid not in self._legal):
            self.message.value = "That call is not open to you now."
            return
        self.message.value = ""
        for callback in self._callbacks:
            callback(bid)


class TrumpPicker(w.VBox):
    """The declarer's choice of trump: four suit buttons, each with how many you hold."""

    def __init__(self, *, on_choose: TrumpCallback | None = None) -> None:
        self._callbacks: list[TrumpCallback] = [on_choose] if on_choose else []
        self.buttons: dict[Suit, w.Button] = {}
        for suit in Suit:
            button = w.Button(description=f"{suit.symbol} {suit.plural}", tooltip=f"Make {suit.plural} trump")
            set_classes(button, ("batak-trump", f"batak-trump-{suit.letter}", f"batak-suit-{suit.letter}"))
            button.on_click(lambda _b, s=suit: self._choose(s))
            self.buttons[suit] = button
        self.title = w.HTML('<div class="batak-panel-title">You won the auction: choose trump</div>')
        super().__init__([style_widget(), self.title, w.HBox(list(self.buttons.values()))])
        root(self, "batak-panel", "batak-trump-picker")
        self.active = True

    def on_choose(self, callback: TrumpCallback) -> None:
        self._callbacks.append(callback)

    def show_counts(self, counts: Sequence[int]) -> None:
        """Write how many cards of each suit the hand holds on the buttons."""
        for suit, button in self.buttons.items():
            button.description = f"{suit.symbol} {suit.plural} ({counts[suit]})"
            set_classes(button, remove=("batak-hinted",))

    def _choose(self, suit: Suit) -> None:
        if self.active:
            for callback in self._callbacks:
                callback(suit)
