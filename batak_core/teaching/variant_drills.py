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
from ..legality import legal_plays
from ..options import OPTIONS_BY_NAME
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..scoring import announcement_points
from ..seats import partner
from ..shuffle import derive_seed
from . import drills
from .names import possessive, seat_name, verb
from .position import Position
from .rule_drills import (
    ATTEMPTS,
    PICK_ALL,
    announce,
    auction_text,
    cap,
    choice,
    find_deal,
    first_lead,
    house_value,
    name_options,
    number_options,
    play_out,
    random_auction,
    refusal,
    says,
    score_question,
    signed,
    situation,
    under,
    whom,
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
        return refusal(deal, lambda d: d.bid(n)) or f"{n} is allowed, but {lowest} is lower."
    return verdict


def _lowest_announcement(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The lowest number a player may announce: 0 ("none") in one book, 1 in another."""
    book = _koz(rules, rng)
    deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
    for _ in range(rng.randrange(4)):
        announce(deal, rng)
    lowest = deal.legal_bids()[0]
    mover = deal.to_move or 0
    numbers = list(range(max(0, lowest - 1), max(0, lowest - 1) + 4))
    said = f"So far: {auction_text(deal.auction, True)}." if deal.auction else "Nobody has announced yet."
    prompt = (f"{under(book)} {said} It is {possessive(mover)} turn to announce. What is the lowest number "
              f"{whom(mover)} may announce?")
    none = ' 0 means "none": a promise to take no trick at all.' if lowest == 0 else ""
    elsewhere = "; ".join(f"under the {drills.rules_title(b)} rules it is {Deal.random(b, seed=seed).legal_bids()[0]}"
                          for b in _others(book))
    why = (f"Under the {drills.rules_title(book)} rules every player announces from {lowest} to "
           f"{deal.legal_bids()[-1]}, whatever the others said.{none} ({cap(elsewhere)}.)")
    return choice("koz-maca", book, seed, prompt, number_options(numbers, _tried_numbers(deal, numbers, lowest)),
                  str(lowest), LOWEST_ANNOUNCEMENT, why)


def _koz_score(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A played-out Koz Maça deal: every player scored against their own announcement (``Deal.scores``)."""
    book = _koz(rules, rng)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    return score_question("koz-maca", book, seed, deal, under(book))


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
                             f"That is the score under the {drills.rules_title(other)} rules.")
    if number == 0:
        wrong[0] = f"“None” is never worth nothing: it wins or loses {book.nil_points}."
        for tricks in (0, 1):
            wrong.setdefault(announcement_points(book, 0, tricks),
                             f"That is the score for “none” {'with no trick' if tricks == 0 else 'after a trick'}.")
        rule = OPTIONS_BY_NAME["nil_points"].text(book)
    else:
        unsunk = announcement_points(book.replace(overtricks_sink=0), number, taken)
        wrong.setdefault(unsunk, "That would be the score if extra tricks never sank.")
        rule = f"{OPTIONS_BY_NAME['declarer_made'].text(book)} {OPTIONS_BY_NAME['overtricks_sink'].text(book)}"
    wrong.setdefault(-points, "The right number, but the wrong sign.")
    options = sorted([(signed(points), ""), *((signed(v), why) for v, why in wrong.items() if v != points)],
                     key=lambda option: int(option[0]))
    said = "none" if number == 0 else str(number)
    prompt = (f"{under(book)} {seat_name(seat)} announced {said} and took {taken} trick{'s' if taken != 1 else ''}. "
              f"What {verb(seat, 'do', 'does')} {whom(seat)} score?")
    why = f"{rule} So {says(seat, 'score', 'scores')} {signed(points)}."
    return choice("koz-maca", book, seed, prompt, options, signed(points), NONE_AND_SINKING, why)


def _koz_first_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads the first trick in Koz Maça: the player after the dealer (there is no declarer)."""
    book = _koz(rules, rng)
    deal = first_lead(book, seed, rng)
    leader = deal.to_move or 0
    most = max(range(4), key=lambda s: (deal.announcements[s] or 0, -s))

    def verdict(s: int) -> str:
        if s == deal.dealer:
            return f"{says(s, 'are', 'is')} the dealer: the player after the dealer leads."
        if s == most:
            return f"{seat_name(s)} announced the most, but nobody wins an auction in Koz Maça."
        return f"{says(s, 'do', 'does')} not sit after the dealer."

    prompt = (f"{under(book)} {seat_name(deal.dealer)} dealt. Everyone announced: "
              f"{auction_text(deal.auction, True)}. Who leads to the first trick?")
    why = (f"Koz Maça has no declarer: the player after the dealer, {seat_name(leader)}, leads to the first "
           "trick.")
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
    prompt = f"{under(book)} {situation(position, book)} This is the first trick of the deal. {PICK_ALL}"
    return drills.LegalCardsQuestion("koz-maca", seed, book, prompt, position)


# --- Eşli -------------------------------------------------------------------------------------------


def _esli(rules: RuleSet, rng: random.Random) -> RuleSet:
    return pick_book(Variant.ESLI, rules, rng)


def _esli_lowest_bid(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The lowest bid under a book's Eşli (the books differ), tried on a copy of a seeded deal."""
    book = _esli(rules, rng)
    deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
    for _ in range(rng.randrange(3)):
        deal.pass_bid()
    lowest = deal.legal_bids()[0]
    mins = {b.name: Deal.random(b, seed=seed).legal_bids()[0] for b in books(Variant.ESLI)}
    numbers = sorted({lowest - 1, lowest, lowest + 1, *mins.values()})

    def verdict(n: int) -> str:
        named = [name for name, low in mins.items() if low == n and name != book.name]
        where = f" It is the lowest bid of the {' and '.join(named)} Eşli rules." if named else ""
        return (refusal(deal, lambda d: d.bid(n)) or f"{n} is allowed, but {lowest} is lower.") + where

    mover = deal.to_move or 0
    said = f"The auction so far: {auction_text(deal.auction)}. " if deal.auction else "Nobody has called yet. "
    prompt = (f"{under(book)} {said}It is {possessive(mover)} turn. What is the lowest bid {whom(mover)} may "
              "make?")
    why = (f"Under the {drills.rules_title(book)} rules the lowest bid is {lowest}: partners bid for the tricks "
           "of both hands together.")
    return choice("esli", book, seed, prompt, number_options(numbers, verdict), str(lowest), LOWEST_BID, why)


def _esli_all_pass(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """What happens when nobody bids, under each book's Eşli (``deal.all_pass_outcome``)."""
    book = _esli(rules, rng)
    outcome = all_pass_outcome(book)
    texts: dict[str, list[str]] = {}
    for b in books(Variant.ESLI):
        texts.setdefault(all_pass_outcome(b).text, []).append(b.name)
    options = [(t, f"That is what happens under the {' and '.join(names)} Eşli rules.") for t, names in texts.items()]
    rng.shuffle(options)
    dealer = rng.randrange(4)
    prompt = (f"{under(book)} {seat_name(dealer)} dealt, and nobody wants to bid: the players pass in turn. What "
              "happens?")
    return choice("esli", book, seed, prompt, options, outcome.text, ALL_PASS, outcome.text)


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

    def verdict(s: int) -> str:
        if s not in (declarer, mate):
            return f"{says(s, 'play', 'plays')} against {seat_name(declarer)} and {seat_name(mate)}."
        if s == declarer:
            return f"Under the {drills.rules_title(book)} rules every player plays their own hand."
        return f"{cap(possessive(mate))} hand lies open as the dummy, and the declarer plays it."

    prompt = (f"{under(book)} {seat_name(declarer)} won the auction with {deal.contract} and named trump; "
              f"{says(mate, 'are', 'is')} the partner. Now a card of {possessive(mate)} hand is to be played. Who "
              "chooses it?")
    if deal.dummy is not None:
        why = (f"Under the {drills.rules_title(book)} rules the declarer's partner lays the hand open once trump is "
               f"named, and the declarer plays both hands: {says(decider, 'choose', 'chooses')} {possessive(mate)} "
               "card.")
    else:
        why = (f"Under the {drills.rules_title(book)} rules there is no open dummy: every player, partners too, "
               f"plays their own hand, so {says(decider, 'choose', 'chooses')}.")
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
        note = f"Under the {drills.rules_title(other)} rules it is different: {v.reason}"
    prompt = f"{under(book)} {situation(position, book)} {PICK_ALL}"
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
            return f"{full} is a hand when the whole deck is dealt; here {kitty} cards stay face down."
        return f"The deal gives {hand} cards to each player and leaves {kitty} face down: 4 × {hand} + {kitty} = 52."

    numbers = [hand - 1, hand, full, full + 1] if each else [0, kitty - 1, kitty, kitty + 1, 2 * kitty]
    ask = ("How many cards does each player get?" if each
           else "How many cards stay face down after the deal?")
    why = (f"Under the {drills.rules_title(book)} rules each player gets {hand} cards and {kitty} stay face down; "
           f"the declarer takes them after naming trump and buries {kitty}.")
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
    """The engine's refusal of burying ``cards``, without its list of the cards ('' when it takes them)."""
    reason = refusal(deal, lambda d: d.bury(cards))
    return f"{reason.split(', not ')[0].rstrip('.')}." if reason else ""


def _bury(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The burial: who takes the face-down cards, or how many cards go back face down (the engine refuses
    a wrong count, and takes any cards, trumps too)."""
    book = _gommeli(rules, rng)
    deal = _to_bury(book, seed, rng)
    declarer = deal.to_move or 0
    hand = deal.hand(declarer)
    k = book.kitty
    ask = rng.random()
    if ask < 0.3:
        return _when_kitty(book, deal, seed)
    if ask < 0.6:
        def verdict(s: int) -> str:
            return f"{says(s, 'are', 'is')} not the declarer: only the winner of the auction takes the cards."

        prompt = (f"{under(book)} the auction: {auction_text(deal.auction)}. Trump is named. Who takes the "
                  f"{k} face-down cards?")
        why = (f"{seat_name(declarer)} won the auction: the declarer names trump, then takes the {k} face-down "
               f"cards and buries {k} of the {len(hand)}.")
        return choice("gommeli", book, seed, prompt, name_options(verdict), seat_name(declarer), BURY, why)
    lowest = sorted(hand, key=lambda c: (c.rank, c.suit))
    numbers = [k - 1, k, k + 1, 2 * k]
    refused = {n: _bury_refusal(deal, lowest[:n]) for n in numbers}
    right = next(n for n in numbers if not refused[n])
    trump = next(c for c in hand if c.suit == deal.trump)
    with_trump = [trump, *(c for c in lowest if c != trump)][:right]
    trumps_too = "" if _bury_refusal(deal, with_trump) else " Any cards may be buried, trumps too."
    prompt = (f"{under(book)} {seat_name(declarer)} won the auction, named trump and took the {k} face-down "
              f"cards; the {len(hand)} cards shown are {possessive(declarer)} hand now. How many cards must "
              f"{whom(declarer)} bury?")
    why = (f"The declarer buries exactly {right} cards, as many as lay face down, and plays with "
           f"{len(hand) - right}.{trumps_too}")
    return choice("gommeli", book, seed, prompt, number_options(numbers, lambda n: refused[n]), str(right), BURY,
                  why, sorted_hand(hand))


def _when_kitty(book: RuleSet, deal: Deal, seed: int) -> drills.Question:
    """When the declarer takes the face-down cards: the moment the engine adds them to the hand."""
    declarer = deal.to_move or 0
    replay = Deal(book, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    moments = ["Before the auction.", "After the auction, before trump is named.", "Once trump is named.",
               "After the first trick."]
    sizes = [len(replay.hand(declarer))]
    for action in deal.history:  # the calls, then the naming of trump
        if action.kind is ActionKind.TRUMP:
            sizes.append(len(replay.hand(declarer)))  # the auction is over
        replay.act(action)
    sizes.append(len(replay.hand(declarer)))
    taken = next(i for i in range(1, len(sizes)) if sizes[i] > sizes[i - 1])
    answer = moments[taken]
    before = f"Until then {says(declarer, 'hold', 'holds')} {sizes[0]} cards, like everyone else."
    options = [(m, before if i < taken else "The cards are taken before the play begins, and buried before the "
                "first lead.") for i, m in enumerate(moments)]
    prompt = (f"{under(book)} {seat_name(declarer)} won the auction. When {verb(declarer, 'do', 'does')} "
              f"{whom(declarer)} take the {book.kitty} face-down cards?")
    why = (f"The declarer names trump first, then takes the {book.kitty} face-down cards ({sizes[-1]} cards in "
           f"hand) and buries {book.kitty}, so that {sizes[0]} remain for the play.")
    return choice("gommeli", book, seed, prompt, options, answer, BURY, why)


def _tricks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """12 tricks: the highest bid (refused above it on a copy), or the tricks of a played-out deal."""
    book = _gommeli(rules, rng)
    if rng.random() < 0.5:
        deal = Deal.random(book, seed=seed, dealer=rng.randrange(4))
        top = deal.legal_bids()[-1]
        numbers = [top - 1, top, top + 1]

        def verdict(n: int) -> str:
            return refusal(deal, lambda d: d.bid(n)) or f"{n} may be bid, but {top} is higher."

        prompt = f"{under(book)} what is the highest bid?"
        why = (f"Each player holds {book.hand_size} cards, so a deal has {book.tricks_per_deal} tricks: the highest "
               f"bid is {top}.")
        return choice("gommeli", book, seed, prompt, number_options(numbers, verdict), str(top), HIGHEST_BID, why)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    total = sum(deal.tricks_won)
    numbers = [total - 1, total, total + 1]

    def count(n: int) -> str:
        return f"Not {n}: the deal had {len(deal.tricks)} tricks, {book.hand_size} cards each and one a trick."

    prompt = (f"{under(book)} a deal has been played to the end. How many tricks do the four players' trick "
              "counts add up to?")
    why = (f"Each player held {book.hand_size} cards and plays one to each trick, so there are "
           f"{book.tricks_per_deal} tricks; the buried cards play no part.")
    return choice("gommeli", book, seed, prompt, number_options(numbers, count), str(total), TRICKS_PER_DEAL, why)


def _gommeli_score(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A played-out Gömmeli deal, scored like İhaleli (``Deal.scores``)."""
    book = _gommeli(rules, rng)
    deal = drills.ready_to_play(book, seed, rng)
    play_out(deal, rng)
    intro = (f"{under(book)} Gömmeli is scored like {drills.rules_title(PRESETS[book.name])} İhaleli, over its "
             f"{book.tricks_per_deal} tricks.")
    return score_question("gommeli", book, seed, deal, intro)


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "koz-maca": drills.Topic("Koz Maça: announcements, spades always trump", {
        "lowest-announcement": _lowest_announcement, "score": _koz_score, "none-and-sinking": _none_and_sinking,
        "first-lead": _koz_first_lead, "first-trick-trump": _no_trump_first_lead}),
    "esli": drills.Topic("Eşli: partners", {
        "lowest-bid": _esli_lowest_bid, "all-pass": _esli_all_pass, "dummy": _dummy, "team-score": _team_score,
        "partner-exempt": _partner_exempt}),
    "gommeli": drills.Topic("Gömmeli: the buried cards", {
        "kitty": _kitty, "bury": _bury, "tricks": _tricks, "score": _gommeli_score}),
}
"""This module's quiz topics (``topics`` merges them)."""
