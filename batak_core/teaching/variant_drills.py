"""Quiz questions on the other forms of Batak: Koz Maça, Eşli and Gömmeli, asked across rule books.

The lesson on the variants compares the sources, so each generator picks its own rule set: one of
the rule books that describe the variant (``books``). It prefers the learner's book when that book
has the variant, and it also asks the other books' versions (``pick_book``). Every prompt names the
rule book. As in ``drills``, the engine gives every answer. Calls, burials and bids are tried on a
copy of a seeded deal, scores come from ``Deal.scores`` and ``scoring``, and the legal cards come
from positions of deals played forward.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..actions import ActionKind
from ..cards import Card, longest_suit, sorted_hand
from ..deal import Deal, Phase, all_pass_outcome
from ..i18n import N_, _, format_list, ngettext, upper_first
from ..legality import legal_plays
from ..options import OPTIONS_BY_NAME
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..scoring import announcement_points
from ..seats import partner
from ..shuffle import derive_seed
from . import drills
from .drills import signed
from .names import about, possessive, seat_name
from .position import Position
from .rule_drills import (
    ATTEMPTS,
    PICK_ALL,
    and_list,
    announce,
    auction_text,
    choice,
    find_deal,
    first_lead,
    house_value,
    name_options,
    number_options,
    play_out,
    random_auction,
    refusal,
    score_question,
    situation,
    under,
)

# Rule ids of this module's questions.
LOWEST_ANNOUNCEMENT: Final = drills.LOWEST_ANNOUNCEMENT
NONE_AND_SINKING: Final = "none-and-sinking"
FIRST_LEAD: Final = "first-lead"
LOWEST_BID: Final = drills.LOWEST_BID
ALL_PASS: Final = drills.ALL_PASS
OPEN_DUMMY: Final = "open-dummy"
KITTY: Final = "kitty"
BURY: Final = "bury"
TRICKS_PER_DEAL: Final = "tricks-per-deal"
HIGHEST_BID: Final = "highest-bid"

_OWN_SHARE: Final = 0.6  # how often a question uses the learner's own book, when it has the variant


def books(variant: Variant) -> list[RuleSet]:
    """Every rule book's rules for ``variant``, in the order of the presets."""
    return [preset(name, variant) for name in PRESETS if variant in variants_of(name)]


def pick_book(variant: Variant, rules: RuleSet, rng: random.Random) -> RuleSet:
    """The rule set a variant question asks under. This is the learner's own (with any house rules)
    or their book's version of the variant most of the time, and another book's version otherwise."""
    own = rules if rules.variant is variant else preset(rules.name, variant) if variant in variants_of(
        rules.name) else None
    others = [b for b in books(variant) if own is None or b.name != own.name]
    if own is not None and (not others or rng.random() < _OWN_SHARE):
        return own
    return rng.choice(others)


def _others(book: RuleSet) -> list[RuleSet]:
    return [b for b in books(book.variant) if b.name != book.name]


# --- Koz Maça ---------------------------------------------------------------------------------------


def _koz(rules: RuleSet, rng: random.Random) -> RuleSet:
    return pick_book(Variant.KOZ_MACA, rules, rng)


def _tried_numbers(deal: Deal, numbers: list[int], lowest: int) -> Callable[[int], str]:
    """Each number tried on a copy of the deal: the engine's refusal, or why it is not the lowest."""
    def verdict(n: int) -> str:
        return refusal(deal, lambda d: d.bid(n)) or _("{n} is allowed, but {lowest} is lower.").format(
            n=n, lowest=lowest)
    return verdict


def _lowest_announcement(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The lowest number a player may announce: 0 ("none") in one book, 1 in another."""
    book = _koz(rules, rng)
    deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
    for _i in range(rng.randrange(4)):
        announce(deal, rng)
    lowest = deal.legal_bids()[0]
    mover = deal.to_move or 0
    numbers = list(range(max(0, lowest - 1), max(0, lowest - 1) + 4))
    said = (_("So far: {auction}.").format(auction=auction_text(deal.auction, True)) if deal.auction
            else _("Nobody has announced yet."))
    ask = about(mover, _("It is your turn to announce. What is the lowest number you may announce?"),
                # Translators: {whose} is the player's name as owner ("Ayşe's"; Turkish "Ayşe'nin").
                _("It is {whose} turn to announce. What is the lowest number {name} may announce?"),
                whose=possessive(mover))
    prompt = f"{under(book)} {said} {ask}"
    none = " " + _('0 means "none": a promise to take no trick at all.') if lowest == 0 else ""
    # Translators: one item of a list joined by "; " inside brackets; {rules} is a rule book's name.
    elsewhere = "; ".join(_("under the {rules} rules it is {n}").format(
        rules=drills.rules_title(b), n=Deal.random(b, seed=seed).legal_bids()[0]) for b in _others(book))
    rule = _("Under the {rules} rules every player announces from {lowest} to {highest}, whatever the others "
             "said.").format(rules=drills.rules_title(book), lowest=lowest, highest=deal.legal_bids()[-1])
    why = f"{rule}{none} ({upper_first(elsewhere)}.)"
    return choice("koz-maca", book, seed, prompt, number_options(numbers, _tried_numbers(deal, numbers, lowest)),
                  str(lowest), LOWEST_ANNOUNCEMENT, why)


def _koz_score(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A played-out Koz Maça deal: every player scored against their own announcement (``Deal.scores``)."""
    book = _koz(rules, rng)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    return score_question("koz-maca", book, seed, deal, under(book))


def _announced_and_took(seat: int, number: int, taken: int) -> str:
    """'Ayşe announced 3 and took 5 tricks. What does Ayşe score?' (0 is "none")."""
    if number == 0:
        return about(seat, ngettext("You announced none and took {n} trick. What do you score?",
                                    "You announced none and took {n} tricks. What do you score?", taken),
                     ngettext("{name} announced none and took {n} trick. What does {name} score?",
                              "{name} announced none and took {n} tricks. What does {name} score?", taken),
                     n=taken)
    return about(seat, ngettext("You announced {number} and took {n} trick. What do you score?",
                                "You announced {number} and took {n} tricks. What do you score?", taken),
                 ngettext("{name} announced {number} and took {n} trick. What does {name} score?",
                          "{name} announced {number} and took {n} tricks. What does {name} score?", taken),
                 number=number, n=taken)


def _none_and_sinking(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """"None" and yandan batmak where the book has them, else the same situation under a book without
    them: what a player scores (``scoring.announcement_points``)."""
    book = _koz(rules, rng)
    seat = rng.randrange(4)
    if book.announce_min == 0 and (not book.overtricks_sink or rng.random() < 0.5):
        number, taken = 0, rng.choice((0, 0, 1, 2))
    else:
        number = rng.randint(1, 4)
        sink = book.overtricks_sink or house_value("overtricks_sink")[0]
        taken = rng.randint(number + sink - 1, number + sink + 1)
    points = announcement_points(book, number, taken)
    wrong: dict[int, str] = {}
    for other in _others(book):
        if number >= other.announce_min:
            wrong.setdefault(announcement_points(other, number, taken),
                             _("That is the score under the {rules} rules.").format(rules=drills.rules_title(other)))
    if number == 0:
        # Translators: “none” is a Koz Maça announcement of no tricks; {n} is a number of points.
        wrong[0] = _("“None” is never worth nothing: it wins or loses {n}.").format(n=book.nil_points)
        for tricks in (0, 1):
            wrong.setdefault(announcement_points(book, 0, tricks),
                             _("That is the score for “none” with no trick.") if tricks == 0
                             else _("That is the score for “none” after a trick."))
        rule = OPTIONS_BY_NAME["nil_points"].text(book)
    else:
        unsunk = announcement_points(book.replace(overtricks_sink=0), number, taken)
        wrong.setdefault(unsunk, _("That would be the score if extra tricks never sank."))
        rule = f"{OPTIONS_BY_NAME['declarer_made'].text(book)} {OPTIONS_BY_NAME['overtricks_sink'].text(book)}"
    wrong.setdefault(-points, _("The right number, but the wrong sign."))
    options = sorted([(signed(points), ""), *((signed(v), why) for v, why in wrong.items() if v != points)],
                     key=lambda option: _points_value(option[0]))
    prompt = f"{under(book)} {_announced_and_took(seat, number, taken)}"
    why = f"{rule} " + about(seat, _("So you score {points}."), _("So {name} scores {points}."),
                             points=signed(points))
    return choice("koz-maca", book, seed, prompt, options, signed(points), NONE_AND_SINKING, why)


def _points_value(text: str) -> int:
    """The number of a signed score as ``signed`` writes it ("+1.234", "-70"), in any language."""
    return int(text.replace(",", "").replace(".", "").replace("\u00a0", "").replace("\u2212", "-"))


def _koz_first_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads the first trick in Koz Maça: the player after the dealer (there is no declarer)."""
    book = _koz(rules, rng)
    deal = first_lead(book, seed, rng)
    leader = deal.to_move or 0
    most = max(range(4), key=lambda s: (deal.announcements[s] or 0, -s))

    def verdict(s: int) -> str:
        if s == deal.dealer:
            return about(s, _("You are the dealer: the player after the dealer leads."),
                         _("{name} is the dealer: the player after the dealer leads."))
        if s == most:
            return about(s, _("You announced the most, but nobody wins an auction in Koz Maça."),
                         _("{name} announced the most, but nobody wins an auction in Koz Maça."))
        return about(s, _("You do not sit after the dealer."), _("{name} does not sit after the dealer."))

    dealt = about(deal.dealer, _("You dealt. Everyone announced: {auction}. Who leads to the first trick?"),
                  _("{name} dealt. Everyone announced: {auction}. Who leads to the first trick?"),
                  auction=auction_text(deal.auction, True))
    prompt = f"{under(book)} {dealt}"
    why = about(leader, _("Koz Maça has no declarer: the player after the dealer, You, leads to the first trick."),
                _("Koz Maça has no declarer: the player after the dealer, {name}, leads to the first trick."))
    return choice("koz-maca", book, seed, prompt, name_options(verdict), seat_name(leader), FIRST_LEAD, why)


def _first_trick_lead(deal: Deal) -> bool:
    """The first lead of the deal, holding spades (the trump) and other cards."""
    hand, trump = deal.hand(0), deal.trump
    return (not deal.tricks and not deal.current_trick and any(c.suit == trump for c in hand)
            and any(c.suit != trump for c in hand))


def _no_trump_first_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The first trick may not be led with a trump: the legal leads of the first trick."""
    book = _koz(rules, rng)
    deal = find_deal(book, seed, rng, _first_trick_lead, stop=lambda d: bool(d.current_trick))
    position = Position.from_deal(deal)
    first = _("This is the first trick of the deal.")
    prompt = f"{under(book)} {situation(position, book)} {first} {_(PICK_ALL)}"
    return drills.LegalCardsQuestion("koz-maca", seed, book, prompt, position)


# --- Eşli -------------------------------------------------------------------------------------------


def _esli(rules: RuleSet, rng: random.Random) -> RuleSet:
    return pick_book(Variant.ESLI, rules, rng)


def _esli_lowest_bid(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The lowest bid under a book's Eşli (the books differ), tried on a copy of a seeded deal."""
    book = _esli(rules, rng)
    deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
    for _i in range(rng.randrange(3)):
        deal.pass_bid()
    lowest = deal.legal_bids()[0]
    mins = {b.name: Deal.random(b, seed=seed).legal_bids()[0] for b in books(Variant.ESLI)}
    numbers = sorted({lowest - 1, lowest, lowest + 1, *mins.values()})

    def verdict(n: int) -> str:
        named = [name for name, low in mins.items() if low == n and name != book.name]
        # Translators: {rules} is one or more rule books' names ("classic and danish").
        where = (" " + _("It is the lowest bid of the {rules} Eşli rules.").format(rules=and_list(named))
                 if named else "")
        return (refusal(deal, lambda d: d.bid(n))
                or _("{n} is allowed, but {lowest} is lower.").format(n=n, lowest=lowest)) + where

    mover = deal.to_move or 0
    said = (_("The auction so far: {auction}.").format(auction=auction_text(deal.auction)) if deal.auction
            else _("Nobody has called yet."))
    ask = about(mover, _("It is your turn. What is the lowest bid you may make?"),
                _("It is {whose} turn. What is the lowest bid {name} may make?"), whose=possessive(mover))
    prompt = f"{under(book)} {said} {ask}"
    why = _("Under the {rules} rules the lowest bid is {n}: partners bid for the tricks of both hands "
            "together.").format(rules=drills.rules_title(book), n=lowest)
    return choice("esli", book, seed, prompt, number_options(numbers, verdict), str(lowest), LOWEST_BID, why)


def _esli_all_pass(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """What happens when nobody bids, under each book's Eşli (``deal.all_pass_outcome``)."""
    book = _esli(rules, rng)
    outcome = all_pass_outcome(book)
    texts: dict[str, list[str]] = {}
    for b in books(Variant.ESLI):
        texts.setdefault(all_pass_outcome(b).text, []).append(b.name)
    options = [(t, _("That is what happens under the {rules} Eşli rules.").format(rules=and_list(names)))
               for t, names in texts.items()]
    rng.shuffle(options)
    dealer = rng.randrange(4)
    ask = about(dealer, _("You dealt, and nobody wants to bid: the players pass in turn. What happens?"),
                _("{name} dealt, and nobody wants to bid: the players pass in turn. What happens?"))
    prompt = f"{under(book)} {ask}"
    return choice("esli", book, seed, prompt, options, outcome.text, ALL_PASS, outcome.text)


def _dummy_prompt(declarer: int, mate: int, contract: int) -> str:
    """Who won the auction, who the partner is, and the question: who chooses the partner's card?"""
    if declarer == 0:
        # Translators: {partner} is the partner's name, {whose} the partner's name as owner ("Mehmet's").
        text = _("You won the auction with {n} and named trump; {partner} is the partner. Now a card of {whose} "
                 "hand is to be played. Who chooses it?")
    elif mate == 0:
        text = _("{name} won the auction with {n} and named trump; You are the partner. Now a card of your hand "
                 "is to be played. Who chooses it?")
    else:
        text = _("{name} won the auction with {n} and named trump; {partner} is the partner. Now a card of "
                 "{whose} hand is to be played. Who chooses it?")
    return text.format(name=seat_name(declarer), n=contract, partner=seat_name(mate), whose=possessive(mate))


def _dummy(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Whose choice the declarer's partner's cards are: with an open dummy the declarer plays them
    (``Deal.decider``)."""
    book = _esli(rules, rng)
    deal = first_lead(book, seed, rng)
    declarer = deal.declarer or 0
    mate = partner(declarer)
    while deal.to_move != mate:
        deal.play(rng.choice(deal.legal_plays()))
    decider = deal.decider or 0
    title = drills.rules_title(book)

    def verdict(s: int) -> str:
        if s not in (declarer, mate):
            # Translators: {side} is the two partners, "Ayşe and Zeynep" or "You and Mehmet".
            return about(s, _("You play against {side}."), _("{name} plays against {side}."),
                         side=format_list([seat_name(declarer), seat_name(mate)]))
        if s == declarer:
            return _("Under the {rules} rules every player plays their own hand.").format(rules=title)
        return about(mate, _("Your hand lies open as the dummy, and the declarer plays it."),
                     _("{whose} hand lies open as the dummy, and the declarer plays it."), whose=possessive(mate))

    prompt = f"{under(book)} {_dummy_prompt(declarer, mate, deal.contract or 0)}"
    if deal.dummy is not None and mate == 0:
        why = _("Under the {rules} rules the declarer's partner lays the hand open once trump is named, and the "
                "declarer plays both hands: {name} chooses your card.").format(rules=title, name=seat_name(decider))
    elif deal.dummy is not None:
        why = about(decider, _("Under the {rules} rules the declarer's partner lays the hand open once trump is "
                               "named, and the declarer plays both hands: You choose {whose} card."),
                    _("Under the {rules} rules the declarer's partner lays the hand open once trump is named, and "
                      "the declarer plays both hands: {name} chooses {whose} card."),
                    rules=title, whose=possessive(mate))
    else:
        why = about(decider, _("Under the {rules} rules there is no open dummy: every player, partners too, plays "
                               "their own hand, so you choose."),
                    _("Under the {rules} rules there is no open dummy: every player, partners too, plays their own "
                      "hand, so {name} chooses."), rules=title)
    return choice("esli", book, seed, prompt, name_options(verdict), seat_name(decider), OPEN_DUMMY, why)


def _team_score(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A played-out Eşli deal: partners' tricks counted together (``Deal.scores``)."""
    book = _esli(rules, rng)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    return score_question("esli", book, seed, deal, under(book))


_EXEMPT: Final = next(b for b in books(Variant.ESLI) if b.partner_winning_exempt)
"""The Eşli of the book whose partners need only follow suit while one of them wins the trick."""


def _exemption_matters(deal: Deal) -> bool:
    """Your partner is winning the trick, and the exemption changes what you may play: you could overtake
    or ruff."""
    position = Position.from_deal(deal)
    if not position.partner_winning:
        return False
    args = (_EXEMPT, position.hand, position.trick, position.trump, position.trump_broken)
    return set(legal_plays(*args, partner_winning=True)) != set(legal_plays(*args))


def _partner_exempt(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Your partner is winning the trick and you could overtake or ruff. Under turkish Eşli you need
    only follow suit, and under the other books the duties hold."""
    book = _esli(rules, rng)
    deal = find_deal(book, seed, rng, _exemption_matters)
    position = Position.from_deal(deal)
    mine = set(position.legal(book))
    contrast = [b for b in books(Variant.ESLI) if set(position.legal(b)) != mine]
    contrast.sort(key=lambda b: b.partner_winning_exempt == book.partner_winning_exempt)  # the other side first
    note = ""
    if contrast:
        other = contrast[0]
        extra = sorted(set(position.legal(other)) ^ mine)[0]
        v = position.explain(other, extra)
        # Translators: {reason} is the engine's reason, a whole sentence.
        note = _("Under the {rules} rules it is different: {reason}").format(
            rules=drills.rules_title(other), reason=v.reason)
    prompt = f"{under(book)} {situation(position, book)} {_(PICK_ALL)}"
    return drills.LegalCardsQuestion("esli", seed, book, prompt, position, note)


# --- Gömmeli ----------------------------------------------------------------------------------------


def _gommeli(rules: RuleSet, rng: random.Random) -> RuleSet:
    return pick_book(Variant.GOMMELI, rules, rng)


def _kitty(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """How many cards each player gets and how many lie face down (a seeded deal, counted)."""
    book = _gommeli(rules, rng)
    deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
    hand, kitty = len(deal.hand(0)), len(deal.kitty)
    whole = Deal.random(PRESETS[book.name], seed=seed)
    full = len(whole.hand(0))
    each = rng.random() < 0.5
    answer = hand if each else kitty

    def verdict(n: int) -> str:
        if each and n == full:
            return _("{full} is a hand when the whole deck is dealt; here {kitty} cards stay face down.").format(
                full=full, kitty=kitty)
        return _("The deal gives {hand} cards to each player and leaves {kitty} face down: 4 × {hand} + {kitty} = "
                 "52.").format(hand=hand, kitty=kitty)

    numbers = [hand - 1, hand, full, full + 1] if each else [0, kitty - 1, kitty, kitty + 1, 2 * kitty]
    ask = (_("How many cards does each player get?") if each
           else _("How many cards stay face down after the deal?"))
    why = _("Under the {rules} rules each player gets {hand} cards and {kitty} stay face down; the declarer takes "
            "them after naming trump and buries {kitty}.").format(rules=drills.rules_title(book), hand=hand,
                                                                  kitty=kitty)
    return choice("gommeli", book, seed, f"{under(book)} {ask}", number_options(numbers, verdict), str(answer),
                  KITTY, why)


def _to_bury(book: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded Gömmeli deal at the burial: the auction is over and trump is named."""
    for attempt in range(ATTEMPTS):
        deal = Deal.random(book, seed=derive_seed(seed, attempt), dealer=rng.randrange(4))
        random_auction(deal, rng)
        if deal.phase is Phase.TRUMP:
            deal.declare_trump(longest_suit(deal.hand_mask(deal.to_move or 0)))
            return deal
    raise RuntimeError("no deal came to the burial")  # pragma: no cover - never seen


def _bury_refusal(deal: Deal, cards: list[Card]) -> str:
    """Why the engine refuses to bury ``cards`` ('' when it takes them): the count it wants, without
    the engine's list of the cards."""
    if not refusal(deal, lambda d: d.bury(cards)):
        return ""
    k = deal.rules.kitty
    return ngettext("Bury exactly {n} different card of your hand.", "Bury exactly {n} different cards of your hand.",
                    k).format(n=k)


def _bury(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The burial: who takes the face-down cards, or how many cards go back face down (the engine refuses
    a wrong count, and takes any cards, trumps too)."""
    book = _gommeli(rules, rng)
    deal = _to_bury(book, seed, rng)
    declarer = deal.to_move or 0
    hand = deal.hand(declarer)
    k = book.kitty
    title = drills.rules_title(book)
    ask = rng.random()
    if ask < 0.3:
        return _when_kitty(book, deal, seed)
    if ask < 0.6:
        def verdict(s: int) -> str:
            return about(s, _("You are not the declarer: only the winner of the auction takes the cards."),
                         _("{name} is not the declarer: only the winner of the auction takes the cards."))

        prompt = _("Under the {rules} rules: the auction: {auction}. Trump is named. Who takes the {k} face-down "
                   "cards?").format(rules=title, auction=auction_text(deal.auction), k=k)
        why = about(declarer, _("You won the auction: the declarer names trump, then takes the {k} face-down cards "
                                "and buries {k} of the {total}."),
                    _("{name} won the auction: the declarer names trump, then takes the {k} face-down cards and "
                      "buries {k} of the {total}."), k=k, total=len(hand))
        return choice("gommeli", book, seed, prompt, name_options(verdict), seat_name(declarer), BURY, why)
    lowest = sorted(hand, key=lambda c: (c.rank, c.suit))
    numbers = [k - 1, k, k + 1, 2 * k]
    refused = {n: _bury_refusal(deal, lowest[:n]) for n in numbers}
    right = next(n for n in numbers if not refused[n])
    trump = next(c for c in hand if c.suit == deal.trump)
    with_trump = [trump, *(c for c in lowest if c != trump)][:right]
    trumps_too = "" if _bury_refusal(deal, with_trump) else " " + _("Any cards may be buried, trumps too.")
    ask_text = about(declarer, _("You won the auction, named trump and took the {k} face-down cards; the {total} "
                                 "cards shown are your hand now. How many cards must you bury?"),
                     _("{name} won the auction, named trump and took the {k} face-down cards; the {total} cards "
                       "shown are {whose} hand now. How many cards must {name} bury?"),
                     k=k, total=len(hand), whose=possessive(declarer))
    prompt = f"{under(book)} {ask_text}"
    why = _("The declarer buries exactly {n} cards, as many as lay face down, and plays with {rest}.").format(
        n=right, rest=len(hand) - right) + trumps_too
    return choice("gommeli", book, seed, prompt, number_options(numbers, lambda n: refused[n]), str(right), BURY,
                  why, sorted_hand(hand))


_MOMENTS: Final = (N_("Before the auction."), N_("After the auction, before trump is named."),
                   N_("Once trump is named."), N_("After the first trick."))
"""When the declarer might take the face-down cards, in English: shown as ``_(moment)``."""


def _when_kitty(book: RuleSet, deal: Deal, seed: int) -> drills.Question:
    """When the declarer takes the face-down cards: the moment the engine adds them to the hand."""
    declarer = deal.to_move or 0
    replay = Deal(book, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    moments = [_(m) for m in _MOMENTS]
    sizes = [len(replay.hand(declarer))]
    for action in deal.history:  # the calls, then the naming of trump
        if action.kind is ActionKind.TRUMP:
            sizes.append(len(replay.hand(declarer)))  # the auction is over
        replay.act(action)
    sizes.append(len(replay.hand(declarer)))
    taken = next(i for i in range(1, len(sizes)) if sizes[i] > sizes[i - 1])
    answer = moments[taken]
    before = about(declarer, _("Until then you hold {n} cards, like everyone else."),
                   _("Until then {name} holds {n} cards, like everyone else."), n=sizes[0])
    later = _("The cards are taken before the play begins, and buried before the first lead.")
    options = [(m, before if i < taken else later) for i, m in enumerate(moments)]
    ask = about(declarer, _("You won the auction. When do you take the {k} face-down cards?"),
                _("{name} won the auction. When does {name} take the {k} face-down cards?"), k=book.kitty)
    prompt = f"{under(book)} {ask}"
    why = _("The declarer names trump first, then takes the {k} face-down cards ({total} cards in hand) and buries "
            "{k}, so that {rest} remain for the play.").format(k=book.kitty, total=sizes[-1], rest=sizes[0])
    return choice("gommeli", book, seed, prompt, options, answer, BURY, why)


def _tricks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """12 tricks: the highest bid (refused above it on a copy), or the tricks of a played-out deal."""
    book = _gommeli(rules, rng)
    title = drills.rules_title(book)
    if rng.random() < 0.5:
        deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
        top = deal.legal_bids()[-1]
        numbers = [top - 1, top, top + 1]

        def verdict(n: int) -> str:
            return refusal(deal, lambda d: d.bid(n)) or _("{n} may be bid, but {top} is higher.").format(n=n, top=top)

        prompt = _("Under the {rules} rules: what is the highest bid?").format(rules=title)
        why = _("Each player holds {size} cards, so a deal has {tricks} tricks: the highest bid is {top}.").format(
            size=book.hand_size, tricks=book.tricks_per_deal, top=top)
        return choice("gommeli", book, seed, prompt, number_options(numbers, verdict), str(top), HIGHEST_BID, why)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    total = sum(deal.tricks_won)
    numbers = [total - 1, total, total + 1]

    def count(n: int) -> str:
        return _("Not {n}: the deal had {tricks} tricks, {size} cards each and one a trick.").format(
            n=n, tricks=len(deal.tricks), size=book.hand_size)

    prompt = _("Under the {rules} rules: a deal has been played to the end. How many tricks do the four players' "
               "trick counts add up to?").format(rules=title)
    why = _("Each player held {size} cards and plays one to each trick, so there are {tricks} tricks; the buried "
            "cards play no part.").format(size=book.hand_size, tricks=book.tricks_per_deal)
    return choice("gommeli", book, seed, prompt, number_options(numbers, count), str(total), TRICKS_PER_DEAL, why)


def _gommeli_score(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A played-out Gömmeli deal, scored like İhaleli (``Deal.scores``)."""
    book = _gommeli(rules, rng)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    # Translators: {rules} is a rule book's name ("turkish"); İhaleli and Gömmeli stay as they are.
    scored = _("Gömmeli is scored like {rules} İhaleli, over its {n} tricks.").format(
        rules=drills.rules_title(PRESETS[book.name]), n=book.tricks_per_deal)
    return score_question("gommeli", book, seed, deal, f"{under(book)} {scored}")


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "koz-maca": drills.Topic(N_("Koz Maça: announcements, spades always trump"), {
        "lowest-announcement": _lowest_announcement, "score": _koz_score, "none-and-sinking": _none_and_sinking,
        "first-lead": _koz_first_lead, "first-trick-trump": _no_trump_first_lead}),
    "esli": drills.Topic(N_("Eşli: partners"), {
        "lowest-bid": _esli_lowest_bid, "all-pass": _esli_all_pass, "dummy": _dummy, "team-score": _team_score,
        "partner-exempt": _partner_exempt}),
    "gommeli": drills.Topic(N_("Gömmeli: the buried cards"), {
        "kitty": _kitty, "bury": _bury, "tricks": _tricks, "score": _gommeli_score}),
}
"""This module's quiz topics (``topics`` merges them; titles in English, shown as ``topics.title()``)."""
