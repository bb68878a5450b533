"""TableView: the felt, four seats in the preset's direction, the trick, and the contract line.

The table draws a ``DealView``, what one player may know, and nothing else: the others' hands
are face-down backs counted from ``hand_sizes``, and only the open dummy lies face up. So the
page can never show a hidden card.

Counterclockwise presets seat the next player to your right, clockwise ones to your left; you
always sit at the bottom. Each area is one HTML widget whose text changes in place, so a card
played costs a message or two. The variants change what the lines say: announcements in Koz
Maça, sides and the open dummy in Eşli, the face-down kitty in Gömmeli.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from batak_core import DealView, Direction, Phase, RuleSet, Trick, Variant
from batak_core.seats import partner
from batak_core.teaching.names import SEAT_NAMES

from .bidding import call_text
from .cards import back_svg, card_svg, faces
from .rules_panel import VARIANT_TITLES
from .style import root, set_classes, style_widget, toggle_class

NAMES = SEAT_NAMES  # one name a seat, as the lessons and quizzes say them
"""Default seat names, the learner first (seat 0)."""

_PLACES = {Direction.COUNTERCLOCKWISE: ("bottom", "right", "top", "left"),
           Direction.CLOCKWISE: ("bottom", "left", "top", "right")}


def places(direction: Direction, seat: int = 0) -> dict[int, str]:
    """Where each seat sits on screen: ``seat`` at the bottom, the others in playing order."""
    order = _PLACES[direction]
    return {s: order[(s - seat) % 4] for s in range(4)}


def trump_html(view: DealView) -> str:
    """The trump suit, and whether it is broken: the deal breaks it as the card that breaks it is
    played, so the trick in progress is already counted (under gamelake only a ruff breaks it)."""
    trump = view.trump
    if trump is None:
        return "<b>—</b>"
    state = "broken" if view.trump_broken else "not broken yet"
    fixed = ", always" if view.rules.fixed_trump else ""
    return (f'<span class="batak-trump-big batak-suit-{trump.letter}">{trump.symbol}</span> '
            f"<b>{trump.plural}</b> ({state}{fixed})")


class TableView(w.VBox):
    """The table seen from ``seat``: names, bids, tricks won, whose turn, the trick in the middle.

    ``show(deal.view(seat), status)`` draws it; the view's seat sits at the bottom.
    """

    def __init__(self, rules: RuleSet | None = None, *, names: Sequence[str] = NAMES, seat: int = 0,
                 bots: Sequence[str] = ()) -> None:
        self.names, self.seat, self.bots = tuple(names), seat, tuple(bots)
        self.dummy_apart = False  # the host shows your partner's open hand as card buttons you play
        self.info = w.HTML()
        set_classes(self.info, ("batak-info-bar",))
        self.seats = [w.HTML() for _ in range(4)]
        for s, box in enumerate(self.seats):
            set_classes(box, ("batak-seat", f"batak-seat-{s}"))
        self.center = w.HTML(layout=w.Layout(grid_area="center"))
        set_classes(self.center, ("batak-center",))
        self.grid = w.GridBox([*self.seats, self.center])
        set_classes(self.grid, ("batak-table-grid",))
        self.last_trick_button = w.ToggleButton(description="Last trick", tooltip="Show the last finished trick")
        set_classes(self.last_trick_button, ("batak-control", "batak-last-trick-button"))
        self.last_trick = w.HTML()
        set_classes(self.last_trick, ("batak-last-trick",))
        self.last_trick_button.observe(lambda _c: self._show_last_trick(), "value")
        self.felt = w.VBox([self.info, self.grid, w.HBox([self.last_trick_button, self.last_trick])])
        set_classes(self.felt, ("batak-felt",))
        super().__init__([style_widget(), self.felt])
        root(self, "batak-table")
        self.view: DealView | None = None
        self.status = ""
        self.set_rules(rules)

    def set_rules(self, rules: RuleSet | None) -> None:
        direction = rules.direction if rules is not None else Direction.COUNTERCLOCKWISE
        self.direction = direction
        for s, place in places(direction, self.seat).items():
            self.seats[s].layout.grid_area = place
            set_classes(self.seats[s], (f"batak-place-{place}",),
                        tuple(f"batak-place-{p}" for p in ("bottom", "right", "top", "left") if p != place))

    def show(self, view: DealView | None, status: str = "") -> None:
        """Redraw from what ``view``'s player may know (only what changed reaches the browser)."""
        self.view, self.status = view, status
        if view is None:
            self.info.value = '<div class="batak-info">No deal yet.</div>'
            return
        if view.rules.direction is not self.direction or view.seat != self.seat:
            self.seat = view.seat
            self.set_rules(view.rules)
        self.info.value = self._info_html(view)
        for s in range(4):
            self.seats[s].value = self._seat_html(view, s)
            toggle_class(self.seats[s], "batak-turn", view.to_move == s)
        self.center.value = self._center_html(view)
        self._show_last_trick()

    # --- the pieces ------------------------------------------------------------------------------

    def _info_html(self, view: DealView) -> str:
        rules = view.rules
        direction = "counterclockwise" if rules.direction is Direction.COUNTERCLOCKWISE else "clockwise"
        variant = f" · {VARIANT_TITLES[rules.variant]}" if rules.variant is not Variant.IHALELI else ""
        status = f"<span>{self.status}</span>" if self.status else ""
        return (f'<div class="batak-info">{self._contract_html(view)}<span>Trump: {trump_html(view)}</span>'
                f"<span>Dealer: <b>{self.names[view.dealer]}</b></span>"
                f"<span>Rules: <b>{rules.name}</b>{variant}, play goes {direction}</span>{status}</div>")

    def _contract_html(self, view: DealView) -> str:
        """Who plays for what: the contract, the sides' tricks against it, or the announcements."""
        rules = view.rules
        if rules.announcements:
            said = [n for n in view.announcements if n is not None]
            return (f"<span>Announced: <b>{sum(said)}</b> of {rules.tricks_per_deal} tricks</span>"
                    f"<span>Tricks taken: <b>{len(view.tricks)}</b></span>")
        declarer = "—" if view.declarer is None else self.names[view.declarer]
        contract = "—" if view.contract is None else str(view.contract)
        parts = f"<span>Declarer: <b>{declarer}</b></span><span>Contract: <b>{contract}</b></span>"
        if rules.partnership:
            me, them = self.seat, (self.seat + 1) % 4
            parts += (f"<span>Sides: <b>{self._pair(me)}</b> {view.side_tricks(me)} tricks · "
                      f"<b>{self._pair(them)}</b> {view.side_tricks(them)}</span>")
            if view.declarer is not None:
                parts += (f"<span>Declaring side: <b>{view.side_tricks(view.declarer)}</b> of "
                          f"{view.contract} bid</span>")
        if rules.kitty and view.declarer == self.seat and view.buried:
            parts += f'<span>You buried: {faces(view.buried, scale=0.36)}</span>'
        return parts

    def _pair(self, seat: int) -> str:
        return f"{self.names[seat]} + {self.names[partner(seat)]}"

    def _seat_html(self, view: DealView, s: int) -> str:
        badges = ""
        if view.dealer == s:
            badges += '<span class="batak-badge">dealer</span>'
        if view.rules.partnership and s == partner(self.seat):
            badges += '<span class="batak-badge batak-badge-partner">Partner</span>'
        if view.declarer == s:
            badges += f'<span class="batak-badge batak-badge-declarer">declarer · {view.contract}</span>'
        if view.dummy == s:
            badges += '<span class="batak-badge batak-badge-dummy">dummy</span>'
        who = self.names[s] + (f' <span class="batak-badge">bot · {self.bots[s]}</span>'
                               if s < len(self.bots) and self.bots[s] else "")
        return (f'<div class="batak-seat-name">{who}{badges}</div>'
                f'<div class="batak-seat-line">{self._seat_line(view, s)}</div>{self._seat_cards(view, s)}')

    def _seat_line(self, view: DealView, s: int) -> str:
        announcing = view.rules.announcements
        calls = [b for b in view.auction if b.seat == s]
        if view.phase is Phase.AUCTION:
            if view.to_move == s:
                return "to announce…" if announcing else "to call…"
            if not calls:
                return "no announcement yet" if announcing else "no call yet"
            said = call_text(calls[-1].bid)
            return f"announced {said}" if announcing else "passed" if said == "pass" else f"bid {said}"
        if view.phase is Phase.TRUMP and view.to_move == s:
            return "choosing trump…"
        if view.phase is Phase.BURY and view.to_move == s:
            return f"burying {view.rules.kitty} cards…"
        line = f"Tricks won: <b>{view.tricks_won[s]}</b>"
        announced = view.announcements[s]
        if announcing and announced is not None:
            line = f"Tricks: <b>{view.tricks_won[s]}</b> of {call_text(announced)} announced"
        if view.dummy == s:
            player = "you play" if view.declarer == self.seat else f"{self.names[view.declarer or 0]} plays"
            line += f" · open hand: {player} it"
        return line

    def _seat_cards(self, view: DealView, s: int) -> str:
        """Face-down backs for a hidden hand (only its size is known); the open dummy lies face up
        for everyone."""
        if s == self.seat:
            return ""
        if view.dummy == s:
            if self.dummy_apart and s == partner(self.seat):
                return ""
            return f'<div class="batak-open-hand">{faces(view.dummy_hand, scale=0.45)}</div>'
        size = view.hand_sizes[s]
        return f'<div class="batak-backs" title="{size} cards">{back_svg(scale=0.36) * size}</div>'

    def _trick_html(self, trick: Sequence[tuple[int, str]], middle: str) -> str:
        where = places(self.direction, self.seat)
        cells = "".join(f'<div class="batak-trick-{where[s]}">{svg}</div>' for s, svg in trick)
        return f'<div class="batak-trick-area">{cells}<div class="batak-trick-mid">{middle}</div></div>'

    def _center_html(self, view: DealView) -> str:
        name = self.names[view.to_move or 0]
        kitty = (f'<div class="batak-kitty" title="the kitty">{back_svg(scale=0.45) * view.rules.kitty}</div>'
                 f"Kitty: {view.rules.kitty} cards face down. " if view.rules.kitty else "")
        if view.phase is Phase.AUCTION:
            doing = "to announce" if view.rules.announcements else "to call"
            return self._trick_html([], f"{kitty}Auction: {name} {doing}.")
        if view.phase is Phase.TRUMP:
            chooses = "choose" if view.to_move == self.seat else "chooses"
            return self._trick_html([], f"{kitty}{name} won the auction and {chooses} trump.")
        if view.phase is Phase.BURY:
            return self._trick_html([], f"{name} took the kitty: {view.rules.kitty} cards to bury face down.")
        if view.phase is Phase.REDEAL:
            why = ("A redeal was demanded: no card above 10." if view.redeal_demanded
                   else "Everyone passed.")
            return self._trick_html([], f"{why} The cards are thrown in and dealt again.")
        current = view.current_trick
        if view.to_move is not None and view.to_move == view.dummy:
            name += f"'s open hand ({self.names[view.declarer or 0]} plays it)"
        if current:
            leader = view.trick_leader or 0
            return self._trick_html([((leader + i) % 4, card_svg(c)) for i, c in enumerate(current)],
                                    f"{name} to play.")
        if view.tricks:
            return self._finished_trick_html(view.tricks[-1], len(view.tricks))
        return self._trick_html([], f"{name} {'lead' if name == 'You' else 'leads'} the first trick.")

    def _finished_trick_html(self, trick: Trick, number: int) -> str:
        cells = [(s, card_svg(c, extra="batak-win" if s == trick.winner else "batak-dim"))
                 for s, c in zip(trick.seats, trick.cards, strict=True)]
        return self._trick_html(cells, f"Trick {number}: {self._wins(trick.winner)}.")

    def _wins(self, seat: int) -> str:
        name = self.names[seat]
        return f"<b>{name}</b> {'win' if name == 'You' else 'wins'}"

    def _show_last_trick(self) -> None:
        view = self.view
        if not self.last_trick_button.value or view is None:
            self.last_trick.value = ""
            return
        if not view.tricks:
            self.last_trick.value = '<div class="batak-message">No trick has been finished yet.</div>'
            return
        trick = view.tricks[-1]
        cards = "".join(f'<span title="{self.names[s]}">{card_svg(c, scale=0.6)}</span>'
                        for s, c in zip(trick.seats, trick.cards, strict=True))
        self.last_trick.value = (f'<div class="batak-message">Last trick (led by {self.names[trick.leader]}, '
                                 f"won by <b>{self.names[trick.winner]}</b>): {cards}</div>")
