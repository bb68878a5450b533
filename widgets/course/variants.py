"""The demos of the pages on a whole game, the other forms of Batak and the house rules: a game
fast-forwarded with bots, what the move clock would do, Koz Maça's announcements scored, the Eşli
partner exemption, a Gömmeli deal, every house rule with and without, and the cases where the
rule books decide differently.

Every number and every allowed card comes from the engine; these functions only lay it out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

import batak_core as bc
from batak_core import Action, ActionKind, Card, Deal, Game, GameEnd, Phase, RuleSet, Suit, Variant
from batak_core.cards import mask_of, parse_cards, sorted_hand, suit_length
from batak_core.i18n import N_, _, ngettext, pgettext, upper_first
from batak_core.legality import trump_broken_after
from batak_core.options import OPTIONS, OPTIONS_BY_NAME, SOURCES, Option
from batak_core.rules import variants_of
from batak_core.scoring import score_announcements
from batak_core.shuffle import derive_seed
from batak_core.teaching.drills import signed
from batak_core.teaching.names import SEAT_NAMES, about, possessive, seat_name
from batak_core.teaching.rule_drills import and_list

from ..cards import back_svg, card_svg, faces
from ..scores import ScoreSheet
from ..style import control
from .page import Shown, again_button, current_rules, felt, lesson_page, message_area

BOTS: Final = "club"
"""The level of the bots that play the demo games and deals."""


def _names(seats: Sequence[int]) -> str:
    """'You and Mehmet', 'Ayşe and Mehmet and Zeynep' in the active language."""
    return and_list([seat_name(s) for s in seats])


def _rule(name: str, rules: RuleSet) -> str:
    """One option's rule in the engine's words (the options table)."""
    return OPTIONS_BY_NAME[name].text(rules)


def _play_out(deal: Deal) -> None:
    """Bots play the deal to its end (each decision by the seat that decides it)."""
    bots = [bc.bots.get(BOTS, seed=derive_seed(deal.seed or 0, seat)) for seat in range(4)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))


def _tinted(cards: Sequence[Card], marked: Card | None, allowed: Sequence[Card] = (), scale: float = 0.62) -> str:
    """A hand drawn with ``marked`` highlighted and the cards not in ``allowed`` dimmed (when given)."""
    return "".join(card_svg(c, scale=scale, extra="batak-win" if c == marked else
                            "batak-dim" if allowed and c not in allowed else "") for c in sorted_hand(cards))


# --- a whole game -----------------------------------------------------------------------------------


def game_story(game: Game) -> str:
    """Where the game stands and why it stops or goes on, in words, naming the players."""
    rules, totals, played = game.rules, game.totals, game.deals_played
    fixed = rules.game_end is GameEnd.FIXED_DEALS
    if not game.records:
        length = (_("No deal played yet. Your rules play a fixed {n} deals.").format(n=rules.deals) if fixed
                  else _("No deal played yet. Your rules play until someone reaches {n} points.").format(
                      n=rules.target))
        return f"{length} {_rule('tie_rule', rules)}"
    best = max(totals)
    first = [s for s in range(4) if totals[s] == best]
    names = _names(first)
    if game.is_over:
        if fixed and played > rules.deals:
            # Translators: a clause, completed by "Game over after {n} deals: {why}. {who}.".
            why = _("all {n} deals are played, and the tie for first was decided after {more} more").format(
                n=rules.deals, more=played - rules.deals)
        elif fixed:
            why = _("all {n} deals are played").format(n=rules.deals)
        elif len(first) == 1:
            # Translators: a clause, as above.
            why = about(first[0], _("you reached {points}, at or over the target of {target}"),
                        _("{name} reached {points}, at or over the target of {target}"), points=best,
                        target=rules.target)
        else:
            # Translators: {names} is two or more players ("You and Mehmet"); a clause, as above.
            why = _("{names} reached {points}, at or over the target of {target}").format(
                names=names, points=best, target=rules.target)
        if game.shared_first:
            who = _("{names} share first place with {points}").format(names=names, points=best)
        elif len(first) == 1:
            who = about(first[0], _("You win with {points}"), _("{name} wins with {points}"), points=best)
        else:
            who = _("{names} win with {points}").format(names=names, points=best)
        # Translators: {why} and {who} are the clauses above, each without its full stop.
        return _("<b>Game over after {n} deals:</b> {why}. {who}.").format(n=played, why=why, who=who)
    reached = played >= rules.deals if fixed else best >= rules.target
    if reached:
        goes_on = _("the length is reached, but {names} are tied for first.").format(names=names) + " " + _rule(
            "tie_rule", rules)
    elif fixed:
        goes_on = _("{n} of {deals} deals played").format(n=played, deals=rules.deals)
    else:
        goes_on = _("nobody has reached {n} yet").format(n=rules.target)
    last = game.records[-1]
    dealer = game.deal.dealer if game.deal.is_finished else last.dealer
    thrown = (" " + about(dealer, _("Nobody bid, so the cards were thrown in: You deal again."),
                          _("Nobody bid, so the cards were thrown in: {name} deals again."))
              if last.thrown_in else "")
    # Translators: {reason} is why the game is not over, a clause ("nobody has reached 300 yet").
    return ngettext("After {n} deal: the game goes on, because {reason}.",
                    "After {n} deals: the game goes on, because {reason}.", played).format(
        n=played, reason=goes_on) + thrown


class WholeGame(w.VBox):
    """A whole game under the learner's rules, played by bots one deal at a time or to the end, with the
    score sheet growing and a line on why the game stops where it does."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.games = seed, 0
        self.one_deal = control(_("Play one deal"), _("The bots play the next deal in an instant"), "batak-one-deal")
        self.one_deal.on_click(lambda _b: self.play_deal())
        self.to_end = control(_("Play to the end"), _("The bots play every deal until the game stops"),
                              "batak-to-end")
        self.to_end.on_click(lambda _b: self.play_to_end())
        self.again = again_button(_("New game"), _("Start a new game with new cards"), self.new_game)
        self.story = message_area()
        self.dealers = w.HTML()
        self.sheet = ScoreSheet(names=SEAT_NAMES)
        super().__init__([w.HBox([self.one_deal, self.to_end, self.again]), self.story, self.dealers, self.sheet])
        lesson_page(self, "batak-panel", "batak-whole-game")
        self.new_game()

    def new_game(self) -> None:
        self.game = Game(self.rules, seed=derive_seed(self.seed, self.games))
        self.games += 1
        self.show()

    def play_deal(self) -> None:
        """The next deal, played by the bots (nothing once the game is over)."""
        game = self.game
        if game.is_over:
            return
        if game.deal.is_finished:
            game.next_deal()
        _play_out(game.deal)
        self.show()

    def play_to_end(self) -> None:
        while not self.game.is_over:
            self.play_deal()

    def show(self) -> None:
        game = self.game
        self.sheet.show_game(game)
        self.story.value = game_story(game)
        # Translators: after a dealer's name in the list of who dealt: the deal was thrown in.
        dealt = [seat_name(r.dealer) + (" " + _("(thrown in)") if r.thrown_in else "") for r in game.records]
        upcoming = "" if game.is_over else " " + (
            _("Next to deal: <b>{name}</b>.").format(
                name=seat_name((game.deal.dealer + (0 if game.deal.phase is Phase.REDEAL else 1)) % 4))
            if game.deal.is_finished else _("Dealing now: <b>{name}</b>.").format(name=seat_name(game.deal.dealer)))
        who = _("Who dealt, deal by deal: {dealers}.").format(dealers=", ".join(dealt) or _("nobody yet"))
        self.dealers.value = f"<p>{who}{upcoming}</p>"
        self.one_deal.disabled = self.to_end.disabled = game.is_over


# --- the move clock ---------------------------------------------------------------------------------


def _clock_words(action: Action) -> str:
    """What the clock does for you, as the end of "Time runs out: ..."."""
    if action.kind is ActionKind.PASS:
        return _("you pass")
    if action.kind is ActionKind.BID:
        return _("you bid {n}, the lowest bid you may make (you may not pass)").format(n=action.number)
    if action.kind is ActionKind.TRUMP:
        assert action.suit is not None
        # Translators: {suit} is a suit's plural name ("spades").
        return _("{suit} become trump, your longest suit").format(suit=action.suit.word())
    # Translators: {card} is a card's spoken name ("queen of spades").
    return _("the {card} is played, your lowest card that the rules allow").format(card=action.cards[0].name)


Moment = tuple[str, list[Card], Action, list[Card], list[Card]]
"""What is happening, your cards, what the clock does, the cards you may play, the trick on the table."""


class ClockDemo(w.VBox):
    """A fresh hand and three moments where your time runs out: the auction, naming trump and a card
    to play; the engine (``Deal.timeout_action``) says what the table does for you each time."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.view = w.HTML()
        self.again = again_button(_("Another hand"), _("Deal new cards and let the clock run out again"),
                                  self.new_hand)
        super().__init__([felt(self.view), self.again])
        lesson_page(self, "batak-clock-demo")
        self.new_hand()

    def moments(self) -> list[Moment]:
        """The moments of a fresh hand: your first call, naming trump after you won the auction, a card to
        play."""
        deal = Deal.random(self.rules, seed=derive_seed(self.seed, self.dealt), dealer=3)  # you call first
        out: list[Moment] = [(_("It is your turn to bid."), deal.hand(0), deal.timeout_action(), [], [])]
        if self.rules.announcements:
            return out
        deal.bid(deal.legal_bids()[0])
        while deal.phase is Phase.AUCTION:
            deal.pass_bid()
        if deal.phase is Phase.TRUMP:
            counts = ", ".join(s.count(suit_length(mask_of(deal.hand(0)), s)) for s in Suit)
            # Translators: {counts} is the cards held in each suit, "4 spades, 3 hearts, 4 diamonds, 2 clubs".
            out.append((_("Say you bid {n} and the others pass: you must name trump (you hold {counts}).").format(
                n=deal.contract, counts=counts), deal.hand(0), deal.timeout_action(), [], []))
        while not deal.is_finished:
            if deal.to_move == 0 and deal.phase is Phase.PLAY and deal.current_trick and len(deal.legal_plays()) > 1:
                out.append((_("Later in the deal it is your turn to play to this trick."), deal.hand(0),
                            deal.timeout_action(), deal.legal_plays(), deal.current_trick))
                break
            seat = deal.decider
            assert seat is not None
            deal.act(deal.timeout_action() if seat == 0 else
                     bc.bots.get(BOTS, seed=derive_seed(self.seed, seat)).choose(deal.view(seat)))
        return out

    def new_hand(self) -> None:
        moments = self.moments()
        self.dealt += 1
        rules = self.rules
        clock = (_("Your rules give {seconds} seconds a move and once {extra} seconds extra.").format(
            seconds=rules.move_seconds, extra=rules.extra_seconds) if rules.move_seconds else
                 _("Your rules have no move clock, but this is what a table with one (miniokey's) does."))
        on_table, your_hand = escape(_("On the table:")), escape(_("Your hand:"))
        rows = []
        for said, hand, action, allowed, trick in moments:
            marked = action.cards[0] if action.kind is ActionKind.PLAY else None
            table = (f'<div class="batak-example-trick"><span>{on_table}</span>{faces(trick, scale=0.62)}</div>'
                     if trick else "")
            # Translators: {action} is what the clock does for you ("you pass"), in bold.
            runs_out = _("Time runs out: <b>{action}</b>.").format(action=escape(_clock_words(action)))
            rows.append(f'<div class="batak-clock-moment"><p>{escape(said)} {runs_out}</p>{table}'
                        f'<div class="batak-example-trick"><span>{your_hand}</span>{_tinted(hand, marked, allowed)}'
                        "</div></div>")
        self.view.value = f"<p>{escape(clock)}</p>{''.join(rows)}"


# --- Koz Maça, Eşli, Gömmeli ------------------------------------------------------------------------


def _form_rules(variant: Variant) -> dict[str, RuleSet]:
    """Every source that describes ``variant``, with its rules for it."""
    return {name: bc.preset(name, variant) for name in SOURCES if variant in variants_of(name)}


class KozMacaCalculator(w.VBox):
    """Set what each player announced and took; see both Koz Maça rule books score it, and what the
    classic tables' yandan batmak (3 or more over also sinks) changes."""

    def __init__(self) -> None:
        style = {"description_width": "70px"}
        self.announced = [w.BoundedIntText(value=v, min=0, max=13, description=name, style=style,
                                           layout=w.Layout(width="150px"))
                          for v, name in zip((3, 0, 4, 2), map(seat_name, range(4)), strict=True)]
        self.tricks = [w.BoundedIntText(value=v, min=0, max=13, description=name, style=style,
                                        layout=w.Layout(width="150px"))
                       for v, name in zip((6, 0, 4, 3), map(seat_name, range(4)), strict=True)]
        self.view = w.HTML()
        for box in (*self.announced, *self.tricks):
            box.observe(lambda _c: self.show(), "value")
        announced, taken = escape(_("Announced")), escape(_("Tricks taken"))
        super().__init__([w.HTML(f"<b>{announced}</b>"), w.HBox(self.announced), w.HTML(f"<b>{taken}</b>"),
                          w.HBox(self.tricks), self.view])
        lesson_page(self, "batak-panel", "batak-koz-maca-calculator")
        self.show()

    def show(self) -> None:
        said = [b.value for b in self.announced]
        took = [b.value for b in self.tricks]
        if sum(took) != 13:
            self.view.value = ('<p class="batak-error">'
                               + escape(_("The tricks add up to {n}; a deal has 13. Change one of them.").format(
                                   n=sum(took))) + "</p>")
            return
        rows = []
        for name, rules in _form_rules(Variant.KOZ_MACA).items():
            if min(said) < rules.announce_min:
                rows.append(f"<tr><th>{name}</th><td colspan='4' class='batak-left'>"
                            f"{escape(_rule('announce_min', rules))}</td></tr>")
                continue
            points = score_announcements(rules, said, took)
            cells = []
            if rules.overtricks_sink:
                kept = score_announcements(rules.replace(overtricks_sink=0), said, took)
                # Translators: under a player's points: the points had the extra tricks not sunk the player.
                cells = [f"<td><b>{signed(p)}</b>" + ("<br><span class='batak-source'>" + escape(
                    _("sank by overtricks (without: {points})").format(points=signed(k))) + "</span>"
                                                      if p != k else "") + "</td>"
                         for p, k in zip(points, kept, strict=True)]
            else:
                cells = [f"<td><b>{signed(p)}</b></td>" for p in points]
            rows.append(f"<tr><th>{name}</th>{''.join(cells)}</tr>")
        head = "".join(f"<th>{seat_name(n)}<br>{s} / {t}</th>" for n, s, t in zip(range(4), said, took, strict=True))
        book, under = escape(_("rule book")), escape(_("Under each name: announced / taken."))
        self.view.value = (f'<table class="batak-compare"><tr><th>{book}</th>{head}</tr>{"".join(rows)}</table>'
                           f'<p class="batak-source">{under}</p>')


def koz_maca_scores(cases: Sequence[tuple[Sequence[int], Sequence[int]]]) -> Shown:
    """(announcements, tricks) deals, each scored by both Koz Maça rule books."""
    books = _form_rules(Variant.KOZ_MACA)
    rows, lines = [], []
    for said, took in cases:
        head = " · ".join(f"{seat_name(s)} {said[s]}/{took[s]}" for s in range(4))
        cells = []
        for name, rules in books.items():
            if min(said) < rules.announce_min:
                cells.append(f"<td class='batak-left'>{escape(_rule('announce_min', rules))}</td>")
                lines.append(f"{head} | {name}: not allowed")
                continue
            points = score_announcements(rules, list(said), list(took))
            cells.append("<td>" + " ".join(signed(p) for p in points) + "</td>")
            lines.append(f"{head} | {name}: {' '.join(f'{p:+d}' for p in points)}")
        rows.append(f"<tr><td class='batak-left'>{escape(head)}</td>{''.join(cells)}</tr>")
    # Translators: a column's heading; {rules} is a rule book's name ("classic").
    column = _("{rules}: points")
    heads = "".join(f"<th>{escape(column.format(rules=name))}</th>" for name in books)
    said_taken = escape(_("announced / taken"))
    return Shown(f'<table class="batak-compare"><tr><th class="batak-left">{said_taken}</th>{heads}</tr>'
                 f"{''.join(rows)}</table>", "\n".join(lines))


def esli_scores(declarer: int, bid: int, tricks: Sequence[int]) -> Shown:
    """One partnership deal scored by every rule book that describes Eşli."""
    mate = (declarer + 2) % 4
    side = tricks[declarer] + tricks[mate]
    # Translators: {side} is the two partners ("You and Mehmet"); {first} + {second} = {n} their tricks.
    said = about(declarer, _("You bid {bid}. {side} take {first} + {second} = {n} tricks; the other side takes "
                             "{rest}."),
                 _("{name} bids {bid}. {side} take {first} + {second} = {n} tricks; the other side takes {rest}."),
                 bid=bid, side=_names(sorted((declarer, mate))), first=tricks[declarer], second=tricks[mate], n=side,
                 rest=13 - side)
    rows, lines = [], []
    for name, rules in _form_rules(Variant.ESLI).items():
        if bid < rules.min_bid:
            # Translators: {rule} is the rule book's rule on the lowest bid, a sentence.
            refused = escape(_("a bid of {n} is not allowed: {rule}").format(n=bid, rule=_rule("min_bid", rules)))
            rows.append(f"<tr><th>{name}</th><td colspan='4'>{refused}</td></tr>")
            lines.append(f"{name}: bid {bid} not allowed")
            continue
        points = bc.score_deal(rules, declarer, bid, list(tricks))
        rows.append(f"<tr><th>{name}</th>" + "".join(f"<td>{signed(p)}</td>" for p in points) + "</tr>")
        lines.append(f"{name}: {' '.join(f'{p:+d}' for p in points)}")
    heads = "".join(f"<th>{seat_name(n)}</th>" for n in range(4))
    book = escape(_("rule book"))
    return Shown(f"<p>{escape(said)}</p><table class='batak-compare'><tr><th>{book}</th>{heads}</tr>"
                 f"{''.join(rows)}</table>", said + "\n" + "\n".join(lines))


PARTNER_TRICKS: Final = (
    (N_("Mehmet, your partner, is winning with the queen of clubs; you could beat it with your king"),
     "5C QC 8C", "3C KC 4H 9D"),
    (N_("Mehmet, your partner, is winning with the ace of clubs; you have no clubs but two trumps"),
     "5C AC 8C", "4H JH 9D 2S"),
)
"""Two Eşli tricks (Ayşe led, Mehmet and Zeynep followed, you play last; hearts are trump), the cards
written as the engine reads them; the titles in English, shown as ``_(title)``."""


def partner_exemption() -> Shown:
    """The partner tricks above: which of your cards each Eşli rule book allows."""
    books = _form_rules(Variant.ESLI)
    blocks, lines = [], []
    for title, trick_text, hand_text in PARTNER_TRICKS:
        trick, hand = parse_cards(trick_text), parse_cards(hand_text)
        cells = []
        for name, rules in books.items():
            allowed = sorted_hand(bc.legal_plays(rules, hand, trick, Suit.HEARTS, False, partner_winning=True))
            cells.append(f"<tr><th>{name}</th><td>{faces(allowed, scale=0.45)}</td></tr>")
            lines.append(f"{title} | {name}: {' '.join(c.label for c in allowed)}")
        played = "".join(f'<span class="batak-played-by">{seat_name(seat)}{card_svg(card, scale=0.6)}</span>'
                         for seat, card in zip((1, 2, 3), trick, strict=True))
        shown = [escape(text) for text in (_(title), _("Your hand:"), _("Hearts are trump."), _("rule book"),
                                           _("you may play"))]
        blocks.append(f'<div class="batak-panel batak-example"><div class="batak-example-title">{shown[0]}'
                      f'</div><div class="batak-felt batak-example-trick">{played}'
                      f'<span>{shown[1]}</span>{faces(sorted_hand(hand), scale=0.6)}'
                      f'<span>{shown[2]}</span></div><table class="batak-compare"><tr>'
                      f'<th>{shown[3]}</th><th>{shown[4]}</th></tr>'
                      f"{''.join(cells)}</table></div>")
    return Shown("".join(blocks), "\n".join(lines))


def gommeli_deal(seed: int = 1) -> Shown:
    """A Gömmeli deal up to the first lead, bots deciding: 12 cards each, 4 face down, the declarer
    names trump, takes the 4 and buries 4."""
    rules = bc.preset("turkish", Variant.GOMMELI)
    deal = Deal.random(rules, seed=seed, dealer=3)
    kitty = deal.kitty
    bots = [bc.bots.get(BOTS, seed=derive_seed(seed, s)) for s in range(4)]
    while deal.phase is Phase.AUCTION:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))
    declarer, contract = deal.declarer, deal.contract
    assert declarer is not None and contract is not None
    dealt = deal.hand(declarer)
    while deal.phase in (Phase.TRUMP, Phase.BURY):
        deal.act(bots[declarer].choose(deal.view(declarer)))
    assert deal.trump is not None
    who, trump = SEAT_NAMES[declarer], deal.trump.plural  # the plain text's, in English
    fields = {"whose": possessive(declarer), "n": contract, "suit": deal.trump.word(), "tricks": rules.tricks_per_deal}
    steps = (
        (about(declarer, _("You win the auction with {n}. Your 12 cards, and the 4 lying face down:"),
               # Translators: {whose} is the player's name as owner ("Ayşe's"; Turkish "Ayşe'nin").
               _("{name} wins the auction with {n}. {whose} 12 cards, and the 4 lying face down:"), **fields),
         faces(sorted_hand(dealt), scale=0.5) + back_svg(scale=0.5) * len(kitty)),
        # Translators: {suit} is a suit's plural name ("hearts").
        (about(declarer, _("You name {suit} as trump, then take the 4 face-down cards:"),
               _("{name} names {suit} as trump, then takes the 4 face-down cards:"), **fields),
         faces(sorted_hand(kitty), scale=0.5)),
        (about(declarer, _("You bury these 4 (any cards may be buried):"),
               _("{name} buries these 4 (any cards may be buried):"), **fields),
         faces(sorted_hand(deal.buried), scale=0.5)),
        # Translators: the end of the sentence before ("Ayşe buries these 4 ... and leads the first ...").
        (about(declarer, _("and lead the first of {tricks} tricks holding 12 cards again:"),
               _("and leads the first of {tricks} tricks holding 12 cards again:"), **fields),
         faces(sorted_hand(deal.hand(declarer)), scale=0.5)),
    )
    html = "".join(f'<p>{escape(said)}</p><div class="batak-example-trick">{cards}</div>' for said, cards in steps)
    text = (f"{who} bids {contract}; trump {trump}; face down {' '.join(c.label for c in sorted_hand(kitty))}; "
            f"buried {' '.join(c.label for c in sorted_hand(deal.buried))}; {len(deal.hand(declarer))} cards, "
            f"{rules.tricks_per_deal} tricks")
    return Shown(f'<div class="batak-felt batak-gommeli">{html}</div>', text)


# --- house rules ------------------------------------------------------------------------------------


def house_source(option: Option, value: Any) -> str:
    """The rule book that names ``value`` of ``option`` as a house rule (the first word of its note)."""
    name = option.house[value].split()[0].strip(",")
    if name not in SOURCES:
        raise ValueError(f"{option.name}: the house rule note must start with a source name, not {name!r}")
    return name


def _without(option: Option, value: Any) -> Any:
    """The value at tables without a house rule that is on by default: the first source's that differs."""
    return next(option.presets[n] for n in SOURCES if option.presets[n] != value)


def _scored(declarer_bid: int, tricks: Sequence[int]) -> Callable[[RuleSet], tuple[str, str]]:
    def effect(rules: RuleSet) -> tuple[str, str]:
        points = bc.score_deal(rules, 0, declarer_bid, list(tricks))[0]
        return f"<b>{signed(points)}</b>", f"{points:+d}"
    return effect


def _lead(hand: str, trump: Suit) -> Callable[[RuleSet], tuple[str, str]]:
    def effect(rules: RuleSet) -> tuple[str, str]:
        cards = parse_cards(hand)
        allowed = sorted_hand(bc.legal_plays(rules, cards, [], trump, False))
        return _tinted(cards, None, allowed, 0.45), "may lead " + " ".join(c.label for c in allowed)
    return effect


def _first_bid(rules: RuleSet) -> tuple[str, str]:
    low = Deal.random(rules, seed=1).legal_bids()[0]
    return _("bids from <b>{n}</b>").format(n=low), f"lowest {low}"


def _all_pass(rules: RuleSet) -> tuple[str, str]:
    text = bc.all_pass_outcome(rules).text
    return escape(text), text


def _game_end(rules: RuleSet) -> tuple[str, str]:
    text = " ".join(_rule(n, rules) for n in ("game_end", "deals" if rules.game_end is GameEnd.FIXED_DEALS
                                              else "target"))
    return escape(text), text


def _weak_hand(rules: RuleSet) -> tuple[str, str]:
    seed = next(s for s in range(10_000) if all(c.rank <= 10 for c in Deal.random(rules, seed=s, dealer=3).hand(0)))
    deal = Deal.random(rules, seed=seed, dealer=3)
    answer = "yes" if deal.can_demand_redeal else "no"
    asked = (_("May you ask for a new deal? <b>yes</b>") if deal.can_demand_redeal
             else _("May you ask for a new deal? <b>no</b>"))
    return (f"{_tinted(deal.hand(0), None, (), 0.4)}<br>{asked}",
            f"hand {' '.join(c.label for c in sorted_hand(deal.hand(0)))}: redeal {answer}")


def _overtricks(rules: RuleSet) -> tuple[str, str]:
    points = score_announcements(rules, [3, 3, 3, 4], [6, 2, 2, 3])[0]
    return f"<b>{signed(points)}</b>", f"{points:+d}"


HOUSE_EXAMPLES: Final[dict[str, tuple[str, Callable[[RuleSet], tuple[str, str]]]]] = {
    "min_bid": (N_("Your first call: the lowest bid you may make"), _first_bid),
    "all_pass": (N_("All four players pass"), _all_pass),
    "weak_hand_redeal": (N_("You hold no card above 10"), _weak_hand),
    "trump_lead_restricted": (N_("You lead, hearts are trump and not broken"), _lead("AH 2H 3S", Suit.HEARTS)),
    "akq_trump_lead": (N_("You lead holding the ace, king and queen of trump (hearts), not broken"),
                       _lead("AH KH QH 4S 7D", Suit.HEARTS)),
    "every_trick_counts": (N_("You bid 7 and take 8 tricks: your points"), _scored(7, (8, 3, 2, 0))),
    "double_penalty": (N_("You bid 8 and take 6 tricks: your points"), _scored(8, (6, 3, 2, 2))),
    "made_thirteen_doubles": (N_("You bid 13 and take all 13: your points"), _scored(13, (13, 0, 0, 0))),
    "exact_bid_scores_bid": (N_("You bid 7 and take exactly 7: your points"), _scored(7, (7, 2, 2, 2))),
    "overtricks_sink": (N_("Koz Maça: you announce 3 and take 6: your points"), _overtricks),
    "game_end": (N_("How long the game lasts"), _game_end),
}
"""Each house rule's example position or deal, and what the engine makes of it (with and without); the
titles in English, shown as ``_(title)``."""


def house_rule_effects() -> Shown:
    """Every house rule the rule books name: who names it, and one example with and without it, each
    played under that rule book's rules (Koz Maça's under its Koz Maça)."""
    rows, lines = [], []
    for option in OPTIONS:
        for value in option.house:
            name = house_source(option, value)
            variant = Variant.KOZ_MACA if option.name == "overtricks_sink" else Variant.IHALELI
            base = bc.preset(name, variant)
            on = base.replace(**{option.name: value})
            default = getattr(base, option.name) == value
            off = base.replace(**{option.name: _without(option, value)}) if default else base
            title, effect = HOUSE_EXAMPLES[option.name]
            (off_html, off_text), (on_html, on_text) = effect(off), effect(on)
            note = " (on by default there)" if default else ""
            # Translators: after a rule book's name: the house rule is part of that book's own rules.
            shown_note = " " + escape(_("(on by default there)")) if default else ""
            option_title, example = escape(_(option.title)), escape(_(title))
            rows.append(f"<tr><th class='batak-left'>{option_title}<div class='batak-source'>{name}"
                        f"{shown_note}</div></th><td class='batak-left'>{example}</td>"
                        f"<td class='batak-left'>{off_html}</td><td class='batak-left'>{on_html}</td></tr>")
            lines.append(f"{option.title} ({name}{note}): {title}: without {off_text}; with {on_text}")
    heads = "".join(f'<th class="batak-left">{escape(head)}</th>'
                    for head in (_("house rule"), _("example"), _("without it"), _("with it")))
    return Shown(f'<table class="batak-compare batak-house-rules"><tr>{heads}</tr>{"".join(rows)}</table>',
                 "\n".join(lines))


def trump_lead_breaks(trick: str = "2H 5H 9H KH", trump: Suit = Suit.HEARTS) -> Shown:
    """A player holding only trumps leads one, everyone follows: is trump broken now? And so: may the
    next leader, who holds another suit too, lead trump? Each rule book's answer from the engine."""
    cards = parse_cards(trick)
    hand = parse_cards("AH 4S 8D")
    rows, lines = [], []
    for name, rules in bc.PRESETS.items():
        broken = trump_broken_after(rules, cards, trump, False)
        allowed = sorted_hand(bc.legal_plays(rules, hand, [], trump, broken))
        # Translators: the answer to "trump broken now?" in a table's cell.
        answer = pgettext("trump broken", "yes") if broken else pgettext("trump broken", "no")
        rows.append(f"<tr><th>{name}</th><td>{escape(answer)}</td>"
                    f"<td>{faces(allowed, scale=0.45)}</td></tr>")
        lines.append(f"{name}: broken {'yes' if broken else 'no'}; next lead {' '.join(c.label for c in allowed)}")
    # Translators: {suit} is a suit's plural name, capitalized ("Hearts").
    trumps = _("{suit} are trump; the first card came from a hand of trumps only.").format(
        suit=upper_first(trump.word()))
    heads = "".join(f"<th>{escape(head)}</th>" for head in (_("rule book"), _("trump broken now?"), _("you may lead")))
    the_trick, then = escape(_("The trick:")), escape(_("Then you win a trick and lead with this hand:"))
    return Shown(f'<div class="batak-felt batak-example-trick"><span>{the_trick}</span>'
                 f"{faces(cards, scale=0.6)}<span>{escape(trumps)}</span></div>"
                 f"<p>{then}</p>"
                 f'<div class="batak-example-trick">{faces(sorted_hand(hand), scale=0.6)}</div>'
                 f'<table class="batak-compare"><tr>{heads}</tr>{"".join(rows)}</table>', "\n".join(lines))


def trickless_defender(bid: int = 7, tricks: Sequence[int] = (8, 3, 2, 0)) -> Shown:
    """A player who is not the declarer takes no trick: what each rule book scores them."""
    rows, lines = [], []
    for name, rules in bc.PRESETS.items():
        points = bc.score_deal(rules, 0, bid, list(tricks))
        rows.append(f"<tr><th>{name}</th><td>{signed(points[3])}</td><td class='batak-left'>"
                    f"{escape(_rule('defender_zero', rules))}</td></tr>")
        lines.append(f"{name}: {points[3]:+d}")
    said = _("You bid {bid} and take {you}; Ayşe takes {ayse}, Mehmet {mehmet}, Zeynep {zeynep}.").format(
        bid=bid, you=tricks[0], ayse=tricks[1], mehmet=tricks[2], zeynep=tricks[3])
    ask, book, rule = escape(_("What does Zeynep score?")), escape(_("rule book")), escape(_("the rule"))
    return Shown(f"<p>{escape(said)} {ask}</p><table class='batak-compare'><tr>"
                 f"<th>{book}</th><th>{seat_name(3)}</th>"
                 f"<th class='batak-left'>{rule}</th></tr>{''.join(rows)}</table>",
                 "\n".join(lines))
