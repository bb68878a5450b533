"""Quiz questions on judgement: what a hand is worth before the auction (top tricks, when they are
sure, the count the hint bids by, the best trump) and how to play the cards (declarer play and
defence, on endings the double-dummy solver judges).

``hand_count`` is how the lessons count a hand before bidding: top tricks, those of them that
are sure (``counting``), and the trick count the hint and the bots use (``evaluate``). Every
hand is drawn by the quiz (``ChoiceQuestion.hand``), never listed in the prompt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..ai.bots.club import announce_choice
from ..ai.bots.evaluate import best_trump, bid_choice, counting_trump, estimate_by_suit, trick_estimate
from ..cards import Card, Suit, describe_cards, mask_of, sorted_hand, suit_length
from ..deal import Deal, Phase
from ..i18n import N_, _, format_number, ngettext, pgettext, upper_first
from ..rules import RuleSet
from ..seats import side_seats
from ..shuffle import derive_seed
from . import counting, drills, endings
from .endings import trump_sentence
from .names import seat_name

# Rule ids named in the feedback of this module's questions.
TOP_TRICKS: Final = "top-tricks"
SURE_TRICKS: Final = "sure-tricks"
TRUMPS_OUT: Final = "trumps-out"
HAND_VALUE: Final = "hand-value"
BEST_TRUMP: Final = "best-trump"

_ATTEMPTS: Final = 200


def _opponents(rules: RuleSet, seat: int = 0) -> tuple[int, ...]:
    mine = (seat,) if rules.announcements else side_seats(rules, seat)
    return tuple(s for s in range(4) if s not in mine)


@dataclass(frozen=True)
class HandCount:
    """How a lesson counts a hand before bidding: its top tricks, those of them that are sure,
    and the count the hint and the bots bid by, suit by suit."""

    top: dict[Suit, int]  # per suit: A, A-K, A-K-Q, ... (``counting.top_tricks``)
    sure: dict[Suit, int]  # per suit, the top tricks sure before the play (``counting.sure_tricks``)
    trump: Suit  # the trump the count is made with: the fixed trump, else the hint's best trump
    by_suit: dict[Suit, float]  # per suit, what the hint counts (``evaluate.estimate_by_suit``)
    estimate: float  # the hint's trick count (``evaluate.trick_estimate``: the sum of ``by_suit``)


def hand_count(rules: RuleSet, hand: Sequence[Card], trump: Suit | None = None) -> HandCount:
    """A hand (seat 0's, before the first lead) counted the way the hint counts it, so the lesson
    and the hint never disagree; with ``trump`` None, the suit the hint would count with."""
    mask = mask_of(hand)
    trump = counting_trump(rules, mask) if trump is None else trump
    seen = counting.before_play(hand, _opponents(rules), rules.hand_size, rules.kitty)
    return HandCount(counting.top_tricks(hand), counting.sure_tricks(seen, trump), trump,
                     estimate_by_suit(mask, int(trump)), trick_estimate(mask, int(trump)))


def _top_text(hand: Sequence[Card], per_suit: dict[Suit, int]) -> str:
    """"A♠ K♠ (2), A♦ (1)": the top cards suit by suit."""
    parts = []
    for suit, n in per_suit.items():
        if n:
            tops = sorted_hand(c for c in hand if c.suit == suit)[:n]
            parts.append(f"{' '.join(c.label for c in tops)} ({n})")
    return ", ".join(parts)


def _hand(rules: RuleSet, seed: int) -> Deal:
    """A fresh deal in which seat 0 ("You") calls first."""
    return Deal.random(rules, seed=seed, dealer=3)


def _none() -> str:
    # Translators: no cards at all, in "nothing beats them (none)" and "Trumps played so far: none".
    return pgettext("no cards", "none")


# --- topic hand-count --------------------------------------------------------------------------


def _count_top(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Count the top tricks of a drawn hand (at least one, so there is something to count)."""
    for attempt in range(_ATTEMPTS):
        hand = _hand(rules, derive_seed(seed, attempt)).hand(0)
        tops = counting.top_tricks(hand)
        if sum(tops.values()):
            break
    total = sum(tops.values())
    # Translators: {tops} lists the top cards suit by suit with their count, "A♠ K♠ (2), A♦ (1)".
    why = _("Top tricks are the aces and the cards right below them in the same suit that you also hold: "
            "{tops}: {total} in all. A king without its ace is not a top trick: the ace "
            "is still out and beats it.").format(tops=_top_text(hand, tops), total=total)
    return drills.ChoiceQuestion(
        "hand-count", seed, rules, _("Here is your hand. How many top tricks does it hold?"),
        drills.number_choices(total, rng, rules.tricks_per_deal), str(total), TOP_TRICKS, why, hand=tuple(hand))


def _other_trumps(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """If a suit were trump, how many trumps would the others hold: 13 minus yours."""
    hand = _hand(rules, seed).hand(0)
    trump = counting_trump(rules, mask_of(hand)) if rules.fixed_trump or rng.random() < 0.5 else Suit(rng.randrange(4))
    mine = suit_length(mask_of(hand), trump)
    out = 13 - mine
    if rules.fixed_trump:
        prompt = (_("Here is your hand. {suit} {symbol} are always trump. How many trumps do the other players "
                    "and the face-down kitty hold between them?") if rules.kitty else
                  _("Here is your hand. {suit} {symbol} are always trump. How many trumps do the other three "
                    "players hold between them?"))
    else:
        prompt = (_("Here is your hand. {suit} {symbol} are trump. How many trumps do the other players and the "
                    "face-down kitty hold between them?") if rules.kitty else
                  _("Here is your hand. {suit} {symbol} are trump. How many trumps do the other three players "
                    "hold between them?"))
    why = _("A suit has 13 cards: 13 − {mine} in your hand = {out}. Until those trumps are drawn, a player "
            "who runs out of a side suit can ruff your top card in it.").format(mine=mine, out=out)
    return drills.ChoiceQuestion(
        "hand-count", seed, rules, prompt.format(suit=upper_first(trump.word()), symbol=trump.symbol),
        drills.number_choices(out, rng), str(out), TRUMPS_OUT, why, hand=tuple(hand))


def _bid_or_pass(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The hint's count against the lowest bid: bid or pass (as ``evaluate.bid_choice`` decides),
    on a hand whose count is not on the edge. Koz Maça has no auction: the number to announce."""
    if drills.not_asked(drills.LOWEST_BID_KIND, rules):
        return _announce(rules, seed, rng)
    for attempt in range(_ATTEMPTS):
        deal = _hand(rules, derive_seed(seed, attempt))
        view = deal.view(0)
        count = hand_count(rules, deal.hand(0))
        choice = bid_choice(view, count.estimate)
        if all(bid_choice(view, count.estimate + d) == choice for d in (-0.3, 0.3)) and (rng.random() < 0.5) == (
                choice is None):
            break
    lowest = view.legal_bids[0]
    choices = (pgettext("quiz answer", "Bid {n}").format(n=lowest), pgettext("quiz answer", "Pass"))
    trump = count.trump
    said = (_("That is enough, with a little to spare: bid {n}.") if choice is not None
            else _("That is not enough to take {n} tricks safely: pass.")).format(n=lowest)
    why = _("The hint counts about {estimate} tricks for this hand with {suit} {symbol} as trump (its top cards, "
            "its trump length, the ruffs its short suits give). The lowest bid is {n}.").format(
                estimate=format_number(count.estimate, 1), suit=trump.word(), symbol=trump.symbol, n=lowest)
    why = f"{why} {said}"
    return drills.ChoiceQuestion(
        "hand-count", seed, rules,
        _("Here is your hand, and you call first. The lowest bid is {n}. Count the hand: do you bid or "
          "pass?").format(n=lowest),
        choices, choices[0] if choice is not None else choices[1], HAND_VALUE, why, hand=tuple(deal.hand(0)))


def _announce(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Koz Maça's counterpart of bid-or-pass (``drills.not_asked``): the number the hint announces."""
    deal = _hand(rules, seed)
    view = deal.view(0)
    count = hand_count(rules, deal.hand(0))
    number = announce_choice(view)
    low, high = view.legal_bids[0], view.legal_bids[-1]
    choices = drills.number_choices(number, rng, high)
    counted = _("The hint counts about {estimate} tricks for this hand with {suit} as trump, so it announces "
                "{number} (from {low} to {high}): a trick too many costs less than a trick too few, so the count is "
                "rounded down.").format(estimate=format_number(count.estimate, 1), suit=count.trump.word(),
                                        number=number, low=low, high=high)
    why = f"{drills.not_asked(drills.LOWEST_BID_KIND, rules)} {counted}"
    return drills.ChoiceQuestion(
        "hand-count", seed, rules,
        _("Here is your hand. Spades are always trump and you announce first. Count the hand: how many tricks "
          "do you announce?"), choices, str(number), HAND_VALUE, why, hand=tuple(deal.hand(0)))


def _best_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Which suit as trump gives the most tricks (``evaluate.best_trump``), on a hand where one
    suit is clearly best. With a fixed trump: how many trumps the others hold instead."""
    if drills.not_asked(drills.TRUMP_CHOICE_KIND, rules):
        return _other_trumps(rules, seed, rng)
    for attempt in range(_ATTEMPTS):
        hand = _hand(rules, derive_seed(seed, attempt)).hand(0)
        mask = mask_of(hand)
        counts = {s: trick_estimate(mask, s, rules) for s in Suit}
        best, value = best_trump(mask, rules)
        if all(value - v >= 0.5 for s, v in counts.items() if s != best):
            break
    choices = tuple(f"{s.symbol} {s.word()}" for s in Suit)
    listed = ", ".join(f"{s.word()} {format_number(v, 1)}" for s, v in counts.items())
    # Translators: {counts} lists each suit with its count, "spades 4.5, hearts 3.0, ..."; {suit} is the best
    # suit's plural name, capitalized ("Hearts").
    why = _("The hint counts this hand's tricks with each suit as trump: {counts}. {suit} give the most: long, "
            "strong trumps win the tricks in which the others run out of a suit.").format(
                counts=listed, suit=upper_first(best.word()))
    return drills.ChoiceQuestion(
        "hand-count", seed, rules, _("Here is your hand. Which suit as trump gives it the most tricks?"),
        choices, choices[best], BEST_TRUMP, why, hand=tuple(hand))


# --- topic sure-tricks ------------------------------------------------------------------------


def _sure_before(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Before the first lead: how many tricks are sure (the top trumps; side-suit tops can be ruffed)."""
    for attempt in range(_ATTEMPTS):
        hand = _hand(rules, derive_seed(seed, attempt)).hand(0)
        count = hand_count(rules, hand)
        side_tops = {s: n for s, n in count.top.items() if s != count.trump}
        if sum(side_tops.values()):
            break
    trump = count.trump
    total = sum(count.sure.values())
    out = 13 - suit_length(mask_of(hand), trump)
    trumps = _top_text(hand, {trump: count.top[trump]}) or _none()
    unsure = {s: count.top[s] - count.sure[s] for s in Suit}
    side = _top_text(hand, unsure)
    sure_side = _top_text(hand, {s: n for s, n in count.sure.items() if s != trump})
    # Translators: {cards} lists the top trumps with their count, "A♠ K♠ (2)", or says none.
    said = [_("Top trumps are sure tricks: nothing beats them ({cards}).").format(cards=trumps)]
    if side:
        said.append((_("Your other top cards ({cards}) are top tricks but not sure yet: the others hold {n} trumps, "
                       "and a player with none of that suit must ruff it.") if rules.must_ruff else
                     _("Your other top cards ({cards}) are top tricks but not sure yet: the others hold {n} trumps, "
                       "and a player with none of that suit may ruff it.")).format(cards=side, n=out))
    if sure_side:
        said.append(_("These side-suit tops are sure even so: {cards}.").format(cards=sure_side))
    said.append(_("Sure now: {n}.").format(n=total))
    why = " ".join(said)
    return drills.ChoiceQuestion(
        "sure-tricks", seed, rules,
        _("Here is your hand, and {suit} {symbol} are trump. Before the first lead, how many tricks "
          "are sure: won whatever the others hold?").format(suit=trump.word(), symbol=trump.symbol),
        drills.number_choices(total, rng, rules.tricks_per_deal), str(total), SURE_TRICKS, why, hand=tuple(hand))


NO_TRUMPS: Final = "no-trumps"
ALL_FOLLOW: Final = "all-follow"
RUFF: Final = "ruff"


def sure_verdict(seen: counting.Seen, suit: Suit, trump: Suit) -> tuple[str, int] | None:
    """Why leading a top card of ``suit`` now is sure or not, as ``seen.seat`` knows: no opponent
    can hold a trump (``NO_TRUMPS``), every opponent must still hold the suit (``ALL_FOLLOW``), or
    one may ruff it (``RUFF``, with that opponent). None when the reason is neither alone."""
    ruffer = next((p for p in seen.opponents if counting.can_ruff(seen, p, suit, trump)), None)
    if ruffer is not None:
        return RUFF, ruffer
    no_trumps = not any(counting.can_hold_trump(seen, p, trump) for p in seen.opponents)
    all_follow = not any(counting.can_be_out(seen, p, suit) for p in seen.opponents)
    if no_trumps == all_follow:
        return None
    return (NO_TRUMPS if no_trumps else ALL_FOLLOW), -1


def _sure_now(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A deal the club bots play: you are on lead with the top card of a side suit. Is it sure?"""
    want_sure = rng.random() < 0.5
    chosen: tuple[Deal, Suit, tuple[str, int], counting.Seen] | None = None
    for attempt in range(_ATTEMPTS):
        candidates = []
        for deal, seat in endings.bot_moments(rules, derive_seed(seed, attempt)):
            if seat != 0 or deal.current_trick or len(deal.tricks) < 2 or deal.to_move != 0:
                continue
            trump = deal.trump
            assert trump is not None
            seen = counting.seen_by(deal, 0)
            tops = counting.top_tricks(seen.hand, seen.gone)
            for suit in Suit:
                if suit != trump and tops[suit]:
                    verdict = sure_verdict(seen, suit, trump)
                    if verdict is not None:
                        candidates.append((deal.copy(), suit, verdict, seen))
        if candidates:
            fitting = [c for c in candidates if (c[2][0] != RUFF) == want_sure]
            chosen = rng.choice(fitting or candidates)
            if fitting or attempt >= 5:
                break
    assert chosen is not None
    deal, suit, (reason, ruffer), seen = chosen
    trump = deal.trump
    assert trump is not None
    return _sure_question(rules, seed, deal, suit, trump, reason, ruffer, seen)


def _sure_question(rules: RuleSet, seed: int, deal: Deal, suit: Suit, trump: Suit, reason: str, ruffer: int,
                   seen: counting.Seen) -> drills.ChoiceQuestion:
    hand = seen.hand
    top = sorted_hand(c for c in hand if c.suit == suit)[0]
    played = [c for t in deal.tricks for c in t.cards]
    trumps_played = sum(c.suit == trump for c in played)
    suit_played = sum(c.suit == suit for c in played)
    mine = sum(c.suit == trump for c in hand)
    buried = sum(c.suit == trump for c in deal.buried) if deal.declarer == 0 else 0
    # Translators: {trumps} is "1 trump" or "3 trumps", {cards} a count of a suit's cards ("2 hearts").
    facts = [_("{n} tricks have been played: {trumps} and {cards} among them.").format(
        n=len(deal.tricks), trumps=ngettext("{n} trump", "{n} trumps", trumps_played).format(n=trumps_played),
        cards=suit.count(suit_played))]
    if buried:
        facts.append(ngettext("You buried {n} trump.", "You buried {n} trumps.", buried).format(n=buried))
    outs = [_("{name} has shown out of {suit}").format(name=seat_name(p), suit=s.word()) for p in seen.opponents
            for s in sorted(seen.voids.get(p, ())) if s in (suit, trump)]
    if outs:
        facts.append("; ".join(outs) + ".")
    if seen.shown:
        facts.append(_("The dummy's cards are face up."))
    others = 13 - mine - trumps_played - buried
    choices = (_("Yes: nobody else can have a trump left, so nobody can ruff it."),
               _("Yes: everyone else must still hold {suit}, so nobody can ruff it.").format(suit=suit.word()),
               _("No: a player out of {suit} who still holds a trump could ruff it.").format(suit=suit.word()))
    answer = choices[{NO_TRUMPS: 0, ALL_FOLLOW: 1, RUFF: 2}[reason]]
    if reason == RUFF:
        # Translators: {unseen} is how many trumps you have not seen; {suit} one card's suit ("heart"), {suits}
        # the suit's plural name ("hearts").
        why = (_("Not sure: {card} is your top {suit}, but the trumps you have not seen ({unseen}) are not all "
                 "drawn, and {name} may be out of {suits} with a trump left, and then must ruff it. A top card of "
                 "a side suit is sure only once the others' trumps are drawn or nobody can be out of the suit.")
               if rules.must_ruff else
               _("Not sure: {card} is your top {suit}, but the trumps you have not seen ({unseen}) are not all "
                 "drawn, and {name} may be out of {suits} with a trump left, and then may ruff it. A top card of "
                 "a side suit is sure only once the others' trumps are drawn or nobody can be out of the suit.")
               ).format(card=top.label, suit=suit.word(plural=False), unseen=seen.unseen(trump),
                        name=seat_name(ruffer), suits=suit.word())
    elif reason == NO_TRUMPS:
        if buried:
            counted = (_("Sure: count the trumps: 13 − {mine} yours − {played} played − {buried} buried leaves "
                         "{others} the others could hold, and those lie in the kitty or with your partner.")
                       if others else
                       _("Sure: count the trumps: 13 − {mine} yours − {played} played − {buried} buried leaves "
                         "{others} the others could hold."))
        else:
            counted = (_("Sure: count the trumps: 13 − {mine} yours − {played} played leaves {others} the others "
                         "could hold, and those lie in the kitty or with your partner.")
                       if others else
                       _("Sure: count the trumps: 13 − {mine} yours − {played} played leaves {others} the others "
                         "could hold."))
        why = " ".join((counted.format(mine=mine, played=trumps_played, buried=buried, others=others),
                        _("Nobody can ruff, and nothing else beats {card}, the highest {suit} left.").format(
                            card=top.label, suit=suit.word(plural=False))))
    else:
        why = _("Sure: count the {suits}: the others still hold {n} of them, too many for anyone to have none, so "
                "everyone must follow suit and {card}, the highest left, wins.").format(
                    suits=suit.word(), n=seen.unseen(suit), card=top.label)
    lead = _("You are on lead and lead your {card}, the highest {suit} left. Is it a sure trick?").format(
        card=top.label, suit=suit.word(plural=False))
    return drills.ChoiceQuestion(
        "sure-tricks", seed, rules, " ".join((trump_sentence(trump), *facts, lead)),
        choices, answer, SURE_TRICKS, why, hand=tuple(sorted_hand(hand)))


# --- topic trumps-out (declarer play) ------------------------------------------------------------


def _trumps_out(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A deal played a few tricks forward: 13 trumps minus yours, minus the ones played, minus the
    ones you buried (Gömmeli: the declarer saw the kitty)."""
    deal = drills.ready_to_play(rules, seed, rng)
    you = deal.declarer if deal.declarer is not None else rng.randrange(4)
    tricks = rng.randrange(2, 6)
    while deal.phase is Phase.PLAY and len(deal.tricks) < tricks:
        deal.play(rng.choice(deal.legal_plays()))
    trump = deal.trump
    assert trump is not None
    mine = suit_length(deal.hand_mask(you), trump)
    played = [c for t in deal.tricks for c in t.cards if c.suit == trump]
    buried = [c for c in deal.buried if c.suit == trump] if you == deal.declarer else []
    out = 13 - mine - len(played) - len(buried)
    seen = describe_cards(played) if played else _none()
    said = [_("You are the declarer.") if deal.declarer is not None else _("You play for your own number."),
            trump_sentence(trump),
            ngettext("After {n} trick you hold the hand shown.", "After {n} tricks you hold the hand shown.",
                     len(deal.tricks)).format(n=len(deal.tricks))]
    burial = bool(deal.buried and you == deal.declarer)
    if burial:
        k, n = len(deal.buried), len(buried)
        said.append(_("You buried {k} cards: no trumps among them.").format(k=k) if not n else
                    ngettext("You buried {k} cards: {n} trump among them.",
                             "You buried {k} cards: {n} trumps among them.", n).format(k=k, n=n))
    said.append(_("Trumps played so far: {cards}. How many trumps do the other three players still "
                  "hold?").format(cards=seen))
    why = (_("A suit has 13 cards: 13 − {mine} in your hand − {played} played − {buried} you buried = {out} still "
             "held by the others. Drawing trumps means leading trump until this count is 0.") if burial else
           _("A suit has 13 cards: 13 − {mine} in your hand − {played} played = {out} still "
             "held by the others. Drawing trumps means leading trump until this count is 0.")).format(
                 mine=mine, played=len(played), buried=len(buried), out=out)
    return drills.ChoiceQuestion(
        "trumps-out", seed, rules, " ".join(said), drills.number_choices(out, rng), str(out), TRUMPS_OUT, why,
        hand=tuple(sorted_hand(deal.hand(you))))


# --- topics declarer-play and defence: solver-judged endings ----------------------------------------

_DECLARER_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "draw-trumps": ("draw-trumps",),
    "cash": ("cash", "count-suit"),
    "ruff": ("ruff", "overtrump"),
}
_DEFENCE_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "save-trick": ("save-trick",),
    "keep-high": ("keep-high", "duck"),
    "ruff": ("ruff", "overtrump"),
    "discard": ("discard",),
}
"""Each kind's themes (``endings.THEMES``), the first the kind's own."""


def _ending(topic: str, role: str, kinds: dict[str, tuple[str, ...]], kind: str) -> drills.Generator:
    others = tuple(t for themes in kinds.values() for t in themes)

    def generate(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
        wanted = kinds[kind]
        if "save-trick" in wanted and not endings.trickless_penalty(rules):
            wanted = kinds["keep-high"]  # no trickless penalty under these rules: another defence idea
        return endings.play_question(topic, role, wanted, others, rules, seed, rng)

    return generate


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "hand-count": drills.Topic(N_("Counting a hand"), {
        "top-tricks": _count_top, "other-trumps": _other_trumps, "bid-or-pass": _bid_or_pass,
        "best-trump": _best_trump}),
    "sure-tricks": drills.Topic(N_("When top tricks are sure"), {"before-play": _sure_before, "on-lead": _sure_now}),
    "trumps-out": drills.Topic(N_("Counting trumps"), {"trumps-out": _trumps_out}),
    "declarer-play": drills.Topic(N_("Declarer play"), {
        kind: _ending("declarer-play", endings.DECLARER, _DECLARER_KINDS, kind) for kind in _DECLARER_KINDS}),
    "defence": drills.Topic(N_("Defence"), {
        kind: _ending("defence", endings.DEFENDER, _DEFENCE_KINDS, kind) for kind in _DEFENCE_KINDS}),
}
"""This module's quiz topics (``topics`` merges them)."""
