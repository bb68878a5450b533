"""BidPanel and TrumpPicker: the auction and the trump choice as buttons.

Only the bids the engine allows are shown; the auction so far is listed beside them. Both
panels keep one button per bid and per suit and only switch them on and off. In Koz Maça the
bid panel is the announcement panel: a number for everyone, 0 ("none") where the rules allow
it, and no pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from batak_core import Action, Bid, DealView, Phase, Suit
from batak_core.errors import shorten
from batak_core.i18n import _, ngettext, pgettext
from batak_core.teaching.names import SEAT_NAMES, seat_name

from .style import root, set_classes, show, style_widget

BidCallback = Callable[[Action], None]
TrumpCallback = Callable[[Action], None]
RedealCallback = Callable[[], None]


def call_text(bid: int | None) -> str:
    """A call as said at the table, in the active language: a number, "pass", or "none" (a Koz
    Maça announcement of 0)."""
    if bid is None:
        return pgettext("call", "pass")
    if bid == 0:
        # Translators: a Koz Maça announcement of no tricks at all, as the table lists it.
        return pgettext("call", "none")
    return str(bid)


def auction_html(auction: Sequence[Bid], names: Sequence[str]) -> str:
    if not auction:
        return '<div class="batak-auction">' + _("No calls yet.") + "</div>"
    # Translators: one call in the auction list, "Ayşe: 7".
    calls = "".join("<span>" + _("{name}: {call}").format(name=names[b.seat], call=call_text(b.bid)) + "</span>"
                    for b in auction)
    return f'<div class="batak-auction">{calls}</div>'


class BidPanel(w.VBox):
    """Your call in the auction: a button per legal bid and a pass button; in Koz Maça your
    announcement. Under the weak-hand house rule it also offers to demand a redeal.

    ``on_bid(callback)`` hears every call made (as an ``Action``), ``on_redeal(callback)`` the
    redeal demand; both take ``remove=True`` to unregister, as ``Button.on_click`` does.
    """

    def __init__(self, *, names: Sequence[str] | None = None,
                 on_bid: BidCallback | None = None, on_redeal: RedealCallback | None = None) -> None:
        self.names = tuple(names) if names is not None else tuple(seat_name(s) for s in range(len(SEAT_NAMES)))
        self._bid_handlers = w.CallbackDispatcher()
        self._redeal_handlers = w.CallbackDispatcher()
        if on_bid is not None:
            self.on_bid(on_bid)
        if on_redeal is not None:
            self.on_redeal(on_redeal)
        self.title = w.HTML()
        self.bid_buttons: dict[int, w.Button] = {}
        for n in range(14):
            button = w.Button(description=call_text(n))
            set_classes(button, ("batak-bid", f"batak-bid-{n}"))
            button.on_click(lambda _b, n=n: self._call(n))
            self.bid_buttons[n] = button
        self.pass_button = w.Button(description=pgettext("bid button", "Pass"),
                                    tooltip=_("Pass: you are out of this auction"))
        set_classes(self.pass_button, ("batak-pass",))
        self.pass_button.on_click(lambda _b: self._call(None))
        self.redeal_button = w.Button(description=_("Demand a redeal (no card above 10)"),
                                      tooltip=_("House rule: your hand has no card above 10, so you may have "
                                                "the cards dealt again"), layout=w.Layout(width="auto"))
        set_classes(self.redeal_button, ("batak-control", "batak-redeal"))
        self.redeal_button.on_click(lambda _b: self._redeal())
        self.auction = w.HTML()
        self.message = w.HTML()
        set_classes(self.message, ("batak-message",))
        buttons = w.HBox([*self.bid_buttons.values(), self.pass_button], layout=w.Layout(flex_flow="row wrap"))
        heading = w.HBox([self.title, self.auction], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        set_classes(heading, ("batak-bid-heading",))  # the calls so far beside the title: one line less
        super().__init__([style_widget(), heading, buttons, self.redeal_button, self.message])
        root(self, "batak-panel", "batak-bid-panel")
        self._legal: tuple[int, ...] = ()
        self._can_pass = False
        self._announcing: bool | None = None
        self.show((), False)

    def on_bid(self, callback: BidCallback, remove: bool = False) -> None:
        """Register ``callback`` for every call made here (or unregister it with ``remove=True``)."""
        self._bid_handlers.register_callback(callback, remove=remove)

    def on_redeal(self, callback: RedealCallback, remove: bool = False) -> None:
        """Register ``callback`` for the redeal demand (or unregister it with ``remove=True``)."""
        self._redeal_handlers.register_callback(callback, remove=remove)

    @property
    def legal(self) -> tuple[int, ...]:
        return self._legal

    def show(self, legal_bids: Sequence[int], can_pass: bool, auction: Sequence[Bid] = (), *,
             announcing: bool = False, can_redeal: bool = False) -> None:
        """Offer exactly these calls (nothing at all when it is not your turn); ``announcing``
        words them as Koz Maça announcements, which cannot be passed."""
        self._legal, self._can_pass = tuple(legal_bids), can_pass
        self._word(announcing)
        for n, button in self.bid_buttons.items():
            show(button, n in self._legal)
            button.disabled = n not in self._legal
        show(self.pass_button, not announcing)
        self.pass_button.disabled = not can_pass
        self.pass_button.tooltip = (_("Pass: you are out of this auction") if can_pass or not legal_bids else
                                    _("You may not pass: as dealer after three passes you must bid"))
        show(self.redeal_button, can_redeal)
        self.auction.value = auction_html(auction, self.names)

    def _word(self, announcing: bool) -> None:
        """Title and tooltips for bids or announcements, rewritten only when that changes."""
        if announcing == self._announcing:
            return
        self._announcing = announcing
        self.title.value = ('<div class="batak-panel-title">'
                            + (_("Your announcement: how many tricks will you take?") if announcing
                               else _("Your bid")) + "</div>")
        for n, button in self.bid_buttons.items():
            if announcing:
                button.tooltip = (_("Announce none: you promise to take no trick at all") if n == 0 else
                                  ngettext("Announce {n}: you promise to take {n} trick",
                                           "Announce {n}: you promise to take {n} tricks", n).format(n=n))
            else:
                button.tooltip = ngettext("Bid {n}: promise to take at least {n} trick",
                                          "Bid {n}: promise to take at least {n} tricks", n).format(n=n)

    def show_view(self, view: DealView) -> None:
        """Offer the calls ``view``'s player may make now: its legal bids and pass (the engine
        leaves them empty when it is not that player's turn in the auction) and the redeal demand."""
        mine = view.phase is Phase.AUCTION and view.my_turn
        self.show(view.legal_bids if mine else (), view.can_pass and mine, view.auction,
                  announcing=view.rules.announcements, can_redeal=view.can_demand_redeal)

    def _redeal(self) -> None:
        self._redeal_handlers()

    def _call(self, bid: int | None) -> None:
        if (bid is None and not self._can_pass) or (bid is not None and bid not in self._legal):
            self.message.value = _("That call is not open to you now.")
            return
        self.message.value = ""
        self._bid_handlers(Action.call(bid))


class TrumpPicker(w.VBox):
    """The declarer's choice of trump: four suit buttons, each with how many you hold.

    ``on_choose(callback)`` hears the choice as an ``Action``; ``remove=True`` unregisters it.
    """

    def __init__(self, *, on_choose: TrumpCallback | None = None) -> None:
        self._choose_handlers = w.CallbackDispatcher()
        if on_choose is not None:
            self.on_choose(on_choose)
        self.buttons: dict[Suit, w.Button] = {}
        for suit in Suit:
            # Translators: a trump button, "♥ hearts"; {suit} is the suit's plural name.
            button = w.Button(description=_("{symbol} {suit}").format(symbol=suit.symbol, suit=suit.word()),
                              tooltip=_("Make {suit} trump").format(suit=suit.word()))
            set_classes(button, ("batak-trump", f"batak-trump-{suit.letter}", f"batak-suit-{suit.letter}"))
            button.on_click(lambda _b, s=suit: self._choose(s))
            self.buttons[suit] = button
        self.title = w.HTML('<div class="batak-panel-title">' + _("You won the auction: choose trump") + "</div>")
        row = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        set_classes(row, ("batak-trump-row",))
        super().__init__([style_widget(), self.title, row])
        root(self, "batak-panel", "batak-trump-picker")

    def on_choose(self, callback: TrumpCallback, remove: bool = False) -> None:
        """Register ``callback`` for the trump chosen (or unregister it with ``remove=True``)."""
        self._choose_handlers.register_callback(callback, remove=remove)

    def show_counts(self, counts: Sequence[int]) -> None:
        """Write how many cards of each suit the hand holds on the buttons ("♥ hearts (5 cards)");
        the buttons are as wide as their text, so the count is never cut off."""
        if len(counts) != len(self.buttons) or any(not isinstance(n, int) or n < 0 for n in counts):
            raise ValueError(f"counts is one whole number of cards a suit (spades, hearts, diamonds, clubs), "
                             f"not {shorten(counts)}")
        for suit, button in self.buttons.items():
            n = counts[suit]
            # Translators: a trump button with how many cards of the suit the hand holds, "♥ hearts (5 cards)".
            button.description = ngettext("{symbol} {suit} ({n} card)", "{symbol} {suit} ({n} cards)", n).format(
                symbol=suit.symbol, suit=suit.word(), n=n)
            set_classes(button, remove=("batak-hinted",))

    def _choose(self, suit: Suit) -> None:
        self._choose_handlers(Action.trump(suit))
