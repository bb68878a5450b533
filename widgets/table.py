"""TableView: the felt, four seats in the preset's direction, the trick, and the contract line.

Counterclockwise presets seat the next player to your right, clockwise ones to your left; you
always sit at the bottom. Each area is one HTML widget whose text changes in place, so a card
played costs a message or two. The variants change what the lines say: announcements in Koz
Maça, sides and the open dummy in Eşli, the face-down kitty in Gömmeli.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from batak_core import Deal, Direction, Phase, RuleSet, Trick, Variant

from .bidding import call_text
from .cards import back_svg, card_svg, faces
from .rules_panel import VARIANT_TITLES
from .style import root, set_classes, style_widget, toggle_class

NAMES = ("You", "Ayşe", "Mehmet", "Zeynep")
"""Default seat names, the learner first (seat 0)."""

_PLACES = {Direction.COUNTERCLOCKWISE: ("bottom", "right", "top", "left"),
           Direction.CLOCKWISE: ("bottom", "left", "top", "right")}


def places(direction: Direction, seat: int = 0) -> dict[int, str]:
    """Where each seat sits on screen: ``seat`` at the bottom, the others in playing order."""
    order = _PLACES[direction]
    return {s: order[(s - seat) % 4] for s in range(4)}


def trump_html(deal: Deal) -> str:
    if deal.trump is None:
        return "<b>—</b>"
    state = "broken" if deal.trump_broken else "not broken"
    fixed = ", always" if deal.rules.fixed_trump else ""
    return (f'<span class="batak-trump-big batak-suit-{deal.trump.letter}">{deal.trump.symbol}</span> '
            f"<b>{deal.trump.plural}</b> ({state}{fixed})")


def side_tricks(deal: Deal, seat: int) -> int:
    """Tricks won by ``seat``'s side: with partners the two partners' tricks count together."""
    won = deal.tricks_won
    return won[seat] + won[(seat + 2) % 4] if deal.rules.partnership else won[seat]


class TableView(w.VBox):
    """The table seen from ``seat``: names, bids, tricks won, whose turn, the trick in the middle."""

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
        self.last_trick_button = w.ToggleButton(description="Show last trick", tooltip="Show the last finished trick")
        set_classes(self.last_trick_button, ("batak-control", "batak-last-trick-button"))
        self.last_trick = w.HTML()
        set_classes(self.last_trick, ("batak-last-trick",))
        self.last_trick_button.observe(lambda _c: self._show_last_trick(), "value")
        self.felt = w.VBox([self.info, self.grid, w.HBox([self.last_trick_button, self.last_trick])])
        set_classes(self.felt, ("batak-felt",))
        super().__init__([style_widget(), self.felt])
        root(self, "batak-table")
        self.deal: Deal | None = None
        self.status = ""
        self.set_rules(rules)

    def set_rules(self, rules: RuleSet | None) -> None:
        direction = rules.direction if rules is not None else Direction.COUNTERCLOCKWISE
        self.direction = direction
        for s, place in places(direction, self.seat).items():
            self.seats[s].layout.grid_area = place
            set_classes(self.seats[s], (f"batak-place-{place}",),
                        tuple(f"batak-place-{p}" for p in ("bottom", "right", "top", "left") if p != place))

    def show(self, deal: Deal | None, status: str = "") -> None:
        """Redraw from the deal (only what changed reaches the browser)."""
        self.deal, self.status = deal, status
        if deal is None:
            self.info.value = '<div class="batak-info">No deal yet.</div>'
            return
        if deal.rules.direction is not self.direction:
            self.set_rules(deal.rules)
        self.info.value = self._info_html(deal)
        for s in range(4):
            self.seats[s].value = self._seat_html(deal, s)
            toggle_class(self.seats[s], "batak-turn", deal.to_move == s)
        self.center.value = self._center_html(deal)
        self._show_last_trick()

    # --- the pieces ------------------------------------------------------------------------------

    def _info_html(self, deal: Deal) -> str:
        rules = deal.rules
        direction = "counterclockwise" if rules.direction is Direction.COUNTERCLOCKWISE else "clockwise"
        variant = f" · {VARIANT_TITLES[rules.variant]}" if rules.variant is not Variant.IHALELI else ""
        status = f"<span>{self.status}</span>" if self.status else ""
        return (f'<div class="batak-info">{self._contract_html(deal)}<span>Trump: {trump_html(deal)}</span>'
                f"<span>Dealer: <b>{self.names[deal.dealer]}</b></span>"
                f"<span>Rules: <b>{rules.name}</b>{variant}, play goes {direction}</span>{status}</div>")

    def _contract_html(self, deal: Deal) -> str:
        """Who plays for what: the contract, the sides' tricks against it, or the announcements."""
        rules = deal.rules
        if rules.announcements:
            said = [n for n in deal.announcements if n is not None]
            return (f"<span>Announced: <b>{sum(said)}</b> of {rules.tricks_per_deal} tricks</span>"
                    f"<span>Tricks taken: <b>{len(deal.tricks)}</b></span>")
        declarer = "—" if deal.declarer is None else self.names[deal.declarer]
        contract = "—" if deal.contract is None else str(deal.contract)
        parts = f"<span>Declarer: <b>{declarer}</b></span><span>Contract: <b>{contract}</b></span>"
        if rules.partnership:
            me, them = self.seat, (self.seat + 1) % 4
            parts += (f"<span>Sides: <b>{self._pair(me)}</b> {side_tricks(deal, me)} tricks · "
                      f"<b>{self._pair(them)}</b> {side_tricks(deal, them)}</span>")
            if deal.declarer is not None:
                parts += (f"<span>Declaring side: <b>{side_tricks(deal, deal.declarer)}</b> of "
                          f"{deal.contract} bid</span>")
        if rules.kitty and deal.declarer == self.seat and deal.buried:
            parts += f'<span>You buried: {faces(deal.buried, scale=0.36)}</span>'
        return parts

    def _pair(self, seat: int) -> str:
        return f"{self.names[seat]} + {self.names[(seat + 2) % 4]}"

    def _seat_html(self, deal: Deal, s: int) -> str:
        badges = ""
        if deal.dealer == s:
            badges += '<span class="batak-badge">dealer</span>'
        if deal.rules.partnership and s == (self.seat + 2) % 4:
            badges += '<span class="batak-badge batak-badge-partner">Partner</span>'
        if deal.declarer == s:
            badges += f'<span class="batak-badge batak-badge-declarer">declarer · {deal.contract}</span>'
        if deal.dummy == s:
            badges += '<span class="batak-badge batak-badge-dummy">dummy</span>'
        who = self.names[s] + (f' <span class="batak-badge">bot · {self.bots[s]}</span>'
                               if s < len(self.bots) and self.bots[s] else "")
        return (f'<div class="batak-seat-name">{who}{badges}</div>'
                f'<div class="batak-seat-line">{self._seat_line(deal, s)}</div>{self._seat_cards(deal, s)}')

    def _seat_line(self, deal: Deal, s: int) -> str:
        announcing = deal.rules.announcements
        calls = [b for b in deal.auction if b.seat == s]
        if deal.phase is Phase.AUCTION:
            if deal.to_move == s:
                return "to announce…" if announcing else "to call…"
            if not calls:
                return "no announcement yet" if announcing else "no call yet"
            said = call_text(calls[-1].bid)
            return f"announced {said}" if announcing else "passed" if said == "pass" else f"bid {said}"
        if deal.phase is Phase.TRUMP and deal.to_move == s:
            return "choosing trump…"
        if deal.phase is Phase.BURY and deal.to_move == s:
            return "burying 4 cards…"
        line = f"Tricks won: <b>{deal.tricks_won[s]}</b>"
        announced = deal.announcements[s]
        if announcing and announced is not None:
            line = f"Tricks: <b>{deal.tricks_won[s]}</b> of {call_text(announced)} announced"
        if deal.dummy == s:
            player = "you play" if deal.declarer == self.seat else f"{self.names[deal.declarer or 0]} plays"
            line += f" · open hand: {player} it"
        return line

    def _seat_cards(self, deal: Deal, s: int) -> str:
        """Face-down backs for a hidden hand; the open dummy lies face up for everyone."""
        if s == self.seat:
            return ""
        cards = deal.hand(s)
        if deal.dummy == s:
            if self.dummy_apart and s == (self.seat + 2) % 4:
                return ""
            return f'<div class="batak-open-hand">{faces(cards, scale=0.45)}</div>'
        return f'<div class="batak-backs" title="{len(cards)} cards">{back_svg(scale=0.36) * len(cards)}</div>'

    def _trick_html(self, trick: Sequence[tuple[int, str]], middle: str) -> str:
        where = places(self.direction, self.seat)
        cells = "".join(f'<div class="batak-trick-{where[s]}">{svg}</div>' for s, svg in trick)
        return f'<div class="batak-trick-area">{cells}<div class="batak-trick-mid">{middle}</div></div>'

    def _center_html(self, deal: Deal) -> str:
        name = self.names[deal.to_move or 0]
        kitty = (f'<div class="batak-kitty" title="the kitty">{back_svg(scale=0.45) * deal.rules.kitty}</div>'
                 f"Kitty: {deal.rules.kitty} cards face down. " if deal.rules.kitty else "")
        if deal.phase is Phase.AUCTION:
            doing = "to announce" if deal.rules.announcements else "to call"
            return self._trick_html([], f"{kitty}Auction: {name} {doing}.")
        if deal.phase is Phase.TRUMP:
            return self._trick_html([], f"{kitty}{name} won the auction and chooses trump.")
        if deal.phase is Phase.BURY:
            return self._trick_html([], f"{name} took the kitty: {deal.rules.kitty} cards to bury face down.")
        if deal.phase is Phase.REDEAL:
            why = ("A redeal was demanded: no card above 10." if deal.redeal_demanded
                   else "Everyone passed.")
            return self._trick_html([], f"{why} The cards are thrown in and dealt again.")
        current = deal.current_trick
        if deal.to_move is not None and deal.to_move == deal.dummy:
            name += f"'s open hand ({self.names[deal.declarer or 0]} plays it)"
        if current:
            leader = deal.trick_leader or 0
            return self._trick_html([((leader + i) % 4, card_svg(c)) for i, c in enumerate(current)],
                                    f"{name} to play.")
        if deal.tricks:
            return self._finished_trick_html(deal.tricks[-1], len(deal.tricks))
        return self._trick_html([], f"{name} {'lead' if name == 'You' else 'leads'} the first trick.")

    def _finished_trick_html(self, trick: Trick, number: int) -> str:
        cells = [(s, card_svg(c, extra="batak-win" if s == trick.winner else "batak-dim"))
                 for s, c in zip(trick.seats, trick.cards, strict=True)]
        return self._trick_html(cells, f"Trick {number}: {self._wins(trick.winner)}.")

    def _wins(self, seat: int) -> str:
        name = self.names[seat]
        return f"<b>{name}</b> {'win' if name == 'You' else 'wins'}"

    def _show_last_trick(self) -> None:
        deal = self.deal
        if not self.last_trick_button.value or deal is None:
            self.last_trick.value = ""
            return
        if not deal.tricks:
            self.last_trick.value = '<div class="batak-message">No trick has been finished yet.</div>'
            return
        trick = deal.tricks[-1]
        cards = "".join(f'<span title="{self.names[s]}">{card_svg(c, scale=0.6)}</span>'
                        for s, c in zip(trick.seats, trick.cards, strict=True))
        self.last_trick.value = (f'<div class="batak-message">Last trick (led by {self.names[trick.leader]}, '
                                 f"won by <b>{self.names[trick.winner]}</b>): {cards}</div>")
