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
from batak_core.i18n import _, ngettext, pgettext
from batak_core.seats import partner
from batak_core.teaching.names import SEAT_NAMES, possessive, seat_name

from .bidding import call_text
from .cards import back_svg, card_svg, faces
from .rules_panel import VARIANT_TITLES
from .style import root, set_classes, style_widget, toggle_class

NAMES = SEAT_NAMES  # one name a seat, as the lessons and quizzes say them
"""Default seat names, the learner first (seat 0), in English (``seat_names`` gives them in the
active language)."""


def seat_names(names: Sequence[str] = NAMES) -> tuple[str, ...]:
    """``names`` as a table shows them: the course's own name of a seat (``SEAT_NAMES``, as the
    default and the lessons give them) in the active language ("Sen", "Du" for "You"), any other
    name as it is."""
    return tuple(seat_name(s) if s < len(SEAT_NAMES) and name == SEAT_NAMES[s] else name
                 for s, name in enumerate(names))

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
    if view.rules.fixed_trump:
        # Translators: the state of trump beside the trump suit, "hearts (broken, always)": trump is
        # fixed by the rules (Koz Maça) and has been played.
        state = (pgettext("trump state", "broken, always") if view.trump_broken
                 else pgettext("trump state", "not broken yet, always"))
    else:
        state = (pgettext("trump state", "broken") if view.trump_broken
                 else pgettext("trump state", "not broken yet"))
    return (f'<span class="batak-trump-big batak-suit-{trump.letter}">{trump.symbol}</span> '
            f"<b>{trump.word()}</b> ({state})")


def owner_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` among ``names`` (as ``seat_names`` gives them) as the owner of a hand,
    starting a sentence: "Ayşe's", "Your" (Turkish "Ayşe'nin", German "Ayşes")."""
    name = names[seat]
    if seat and seat < len(SEAT_NAMES) and name == seat_name(seat):
        return possessive(seat)
    if name == seat_name(0):
        return possessive(0).capitalize()
    # Translators: a player's name as owner where the course's names do not apply ("Ali's").
    return _("{name}'s").format(name=name)


class TableView(w.VBox):
    """The table seen from ``seat``: names, bids, tricks won, whose turn, the trick in the middle.

    ``show(deal.view(seat), status)`` draws it; the view's seat sits at the bottom.
    """

    def __init__(self, rules: RuleSet | None = None, *, names: Sequence[str] = NAMES, seat: int = 0,
                 bots: Sequence[str] = ()) -> None:
        self.names, self.seat, self.bots = seat_names(names), seat, tuple(bots)
        self.dummy_apart = False  # the host shows your partner's open hand as card buttons you play
        self.info = w.HTML()
        set_classes(self.info, ("batak-info-bar",))
        self.seats = [w.HTML() for _seat in range(4)]
        for s, box in enumerate(self.seats):
            set_classes(box, ("batak-seat", f"batak-seat-{s}"))
        self.center = w.HTML(layout=w.Layout(grid_area="center"))
        set_classes(self.center, ("batak-center",))
        self.grid = w.GridBox([*self.seats, self.center])
        set_classes(self.grid, ("batak-table-grid",))
        self.last_trick_button = w.ToggleButton(description=_("Last trick"), tooltip=_("Show the last finished trick"))
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
            self.info.value = '<div class="batak-info">' + _("No deal yet.") + "</div>"
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
        variant = f" · {_(VARIANT_TITLES[rules.variant])}" if rules.variant is not Variant.IHALELI else ""
        named = f"<b>{rules.name}</b>{variant}"
        # Translators: {rules} is the rule book's name (classic, miniokey...) and its variant.
        played = (_("Rules: {rules}, play goes counterclockwise") if rules.direction is Direction.COUNTERCLOCKWISE
                  else _("Rules: {rules}, play goes clockwise")).format(rules=named)
        status = f"<span>{self.status}</span>" if self.status else ""
        trump = _("Trump: {trump}").format(trump=trump_html(view))
        dealer = _("Dealer: {name}").format(name=f"<b>{self.names[view.dealer]}</b>")
        return (f'<div class="batak-info">{self._contract_html(view)}<span>{trump}</span>'
                f"<span>{dealer}</span><span>{played}</span>{status}</div>")

    def _contract_html(self, view: DealView) -> str:
        """Who plays for what: the contract, the sides' tricks against it, or the announcements."""
        rules = view.rules
        if rules.announcements:
            said = [n for n in view.announcements if n is not None]
            # Translators: {said} is the sum of the announcements so far, {n} the tricks of a deal (13).
            announced = _("Announced: {said} of {n} tricks").format(said=f"<b>{sum(said)}</b>", n=rules.tricks_per_deal)
            taken = _("Tricks taken: {n}").format(n=f"<b>{len(view.tricks)}</b>")
            return f"<span>{announced}</span><span>{taken}</span>"
        declarer = "—" if view.declarer is None else self.names[view.declarer]
        contract = "—" if view.contract is None else str(view.contract)
        parts = ("<span>" + _("Declarer: {name}").format(name=f"<b>{declarer}</b>") + "</span><span>"
                 + _("Contract: {contract}").format(contract=f"<b>{contract}</b>") + "</span>")
        if rules.partnership:
            me, them = self.seat, (self.seat + 1) % 4
            # Translators: the two sides' tricks, "Sides: You + Mehmet 4 tricks · Ayşe + Zeynep 3"; {us}
            # and {them} are the two pairs of names, {n} and {m} their tricks.
            parts += "<span>" + _("Sides: {us} {n} tricks · {them} {m}").format(
                us=f"<b>{self._pair(me)}</b>", n=view.side_tricks(me), them=f"<b>{self._pair(them)}</b>",
                m=view.side_tricks(them)) + "</span>"
            if view.declarer is not None:
                # Translators: the declaring side's tricks against its bid, "Declaring side: 5 of 8 bid".
                parts += "<span>" + _("Declaring side: {tricks} of {contract} bid").format(
                    tricks=f"<b>{view.side_tricks(view.declarer)}</b>", contract=view.contract) + "</span>"
        if rules.kitty and view.declarer == self.seat and view.buried:
            parts += "<span>" + _("You buried: {cards}").format(cards=faces(view.buried, scale=0.36)) + "</span>"
        return parts

    def _pair(self, seat: int) -> str:
        return f"{self.names[seat]} + {self.names[partner(seat)]}"

    def _is_you(self, seat: int) -> bool:
        """Whether the seat bears the learner's own name ("You"), which sentences address directly."""
        return self.names[seat] == seat_name(0)

    def _seat_html(self, view: DealView, s: int) -> str:
        badges = ""
        if view.dealer == s:
            badges += '<span class="batak-badge">' + pgettext("badge", "dealer") + "</span>"
        if view.rules.partnership and s == partner(self.seat):
            badges += '<span class="batak-badge batak-badge-partner">' + pgettext("badge", "Partner") + "</span>"
        if view.declarer == s:
            # Translators: the declarer's badge with the contract, "declarer · 8".
            badges += ('<span class="batak-badge batak-badge-declarer">'
                       + pgettext("badge", "declarer · {contract}").format(contract=view.contract) + "</span>")
        if view.dummy == s:
            badges += '<span class="batak-badge batak-badge-dummy">' + pgettext("badge", "dummy") + "</span>"
        # Translators: a computer player's badge with its level (random, greedy... stay as they are).
        who = self.names[s] + (' <span class="batak-badge">' + pgettext("badge", "bot · {level}").format(
            level=self.bots[s]) + "</span>" if s < len(self.bots) and self.bots[s] else "")
        return (f'<div class="batak-seat-name">{who}{badges}</div>'
                f'<div class="batak-seat-line">{self._seat_line(view, s)}</div>{self._seat_cards(view, s)}')

    def _seat_line(self, view: DealView, s: int) -> str:
        announcing = view.rules.announcements
        calls = [b for b in view.auction if b.seat == s]
        if view.phase is Phase.AUCTION:
            if view.to_move == s:
                return pgettext("seat line", "to announce…") if announcing else pgettext("seat line", "to call…")
            if not calls:
                return (pgettext("seat line", "no announcement yet") if announcing
                        else pgettext("seat line", "no call yet"))
            last = calls[-1].bid
            if announcing:
                # Translators: {call} is a number of tricks or "none".
                return pgettext("seat line", "announced {call}").format(call=call_text(last))
            if last is None:
                return pgettext("seat line", "passed")
            return pgettext("seat line", "bid {n}").format(n=last)
        if view.phase is Phase.TRUMP and view.to_move == s:
            return pgettext("seat line", "choosing trump…")
        if view.phase is Phase.BURY and view.to_move == s:
            return pgettext("seat line", "burying {n} cards…").format(n=view.rules.kitty)
        line = _("Tricks won: {n}").format(n=f"<b>{view.tricks_won[s]}</b>")
        announced = view.announcements[s]
        if announcing and announced is not None:
            # Translators: a Koz Maça player's tricks against the announcement, "Tricks: 2 of 3 announced".
            line = _("Tricks: {n} of {call} announced").format(n=f"<b>{view.tricks_won[s]}</b>",
                                                               call=call_text(announced))
        if view.dummy == s:
            line += " · " + (_("open hand: you play it") if view.declarer == self.seat else
                             _("open hand: {name} plays it").format(name=self.names[view.declarer or 0]))
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
        title = ngettext("{n} card", "{n} cards", size).format(n=size)
        return f'<div class="batak-backs" title="{title}">{back_svg(scale=0.36) * size}</div>'

    def _trick_html(self, trick: Sequence[tuple[int, str]], middle: str) -> str:
        where = places(self.direction, self.seat)
        cells = "".join(f'<div class="batak-trick-{where[s]}">{svg}</div>' for s, svg in trick)
        return f'<div class="batak-trick-area">{cells}<div class="batak-trick-mid">{middle}</div></div>'

    def _center_html(self, view: DealView) -> str:
        seat = view.to_move or 0
        name = self.names[seat]
        size = view.rules.kitty
        kitty_title = _("the kitty")
        kitty = (f'<div class="batak-kitty" title="{kitty_title}">{back_svg(scale=0.45) * size}</div>'
                 + _("Kitty: {n} cards face down.").format(n=size) + " " if size else "")
        if view.phase is Phase.AUCTION:
            doing = _("Auction: {name} to announce.") if view.rules.announcements else _("Auction: {name} to call.")
            return self._trick_html([], kitty + doing.format(name=name))
        if view.phase is Phase.TRUMP:
            # Translators: {name} is the learner's own name, You (Sen, Du).
            won = (_("{name} won the auction and choose trump.") if self._is_you(seat)
                   else _("{name} won the auction and chooses trump."))
            return self._trick_html([], kitty + won.format(name=name))
        if view.phase is Phase.BURY:
            took = (_("You took the kitty: {n} cards to bury face down.") if self._is_you(seat)
                    else _("{name} took the kitty: {n} cards to bury face down."))
            return self._trick_html([], took.format(name=name, n=size))
        if view.phase is Phase.REDEAL:
            return self._trick_html([], _("A redeal was demanded: no card above 10. The cards are thrown in and "
                                          "dealt again.") if view.redeal_demanded else
                                    _("Everyone passed. The cards are thrown in and dealt again."))
        current = view.current_trick
        if view.to_move is not None and view.to_move == view.dummy:
            owner = self._owner(seat)
            if current:
                text = (_("{owner} open hand (you play it) to play.") if view.declarer == self.seat else
                        _("{owner} open hand ({name} plays it) to play."))
            else:
                text = (_("{owner} open hand (you play it) leads the first trick.") if view.declarer == self.seat
                        else _("{owner} open hand ({name} plays it) leads the first trick."))
            text = text.format(owner=owner, name=self.names[view.declarer or 0])
        elif current:
            # Translators: whose turn it is in the trick; {name} may be the learner's own name, You.
            text = _("{name} to play.").format(name=name)
        else:
            text = (_("You lead the first trick.") if self._is_you(seat)
                    else _("{name} leads the first trick.").format(name=name))
        if current:
            leader = view.trick_leader or 0
            return self._trick_html([((leader + i) % 4, card_svg(c)) for i, c in enumerate(current)], text)
        if view.tricks:
            return self._finished_trick_html(view.tricks[-1], len(view.tricks))
        return self._trick_html([], text)

    def _owner(self, seat: int) -> str:
        return owner_name(self.names, seat)

    def _finished_trick_html(self, trick: Trick, number: int) -> str:
        cells = [(s, card_svg(c, extra="batak-win" if s == trick.winner else "batak-dim"))
                 for s, c in zip(trick.seats, trick.cards, strict=True)]
        name = self.names[trick.winner]
        # Translators: {name} is the learner's own name, You (Sen, Du).
        won = (_("Trick {number}: <b>{name}</b> win.") if self._is_you(trick.winner)
               else _("Trick {number}: <b>{name}</b> wins."))
        return self._trick_html(cells, won.format(number=number, name=name))

    def _show_last_trick(self) -> None:
        view = self.view
        if not self.last_trick_button.value or view is None:
            self.last_trick.value = ""
            return
        if not view.tricks:
            self.last_trick.value = '<div class="batak-message">' + _("No trick has been finished yet.") + "</div>"
            return
        trick = view.tricks[-1]
        cards = "".join(f'<span title="{self.names[s]}">{card_svg(c, scale=0.6)}</span>'
                        for s, c in zip(trick.seats, trick.cards, strict=True))
        self.last_trick.value = ('<div class="batak-message">' + _("Last trick (led by {leader}, won by {winner}): "
                                                                  "{cards}").format(
            leader=self.names[trick.leader], winner=f"<b>{self.names[trick.winner]}</b>", cards=cards) + "</div>")
