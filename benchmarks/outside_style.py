"""The expert against a stand-in for the outside bot the CEO measures it against.

The outside bot (SakliBahce's strongest level, a public C++ engine) decides everything by Monte
Carlo: it deals the hidden cards many ways that fit the calls, plays each layout out with a quick
greedy policy, and takes the call, trump or card with the best average score. In the CEO's match
the expert lost mostly in the auction: the outside bot bid far more often. This stand-in
(our own code, written from that description) bids the same way, one step at a time:

* a call: for ``AUCTION_SAMPLES`` layouts that fit the calls so far (``knowledge.sample_layouts``),
  play the deal out with the greedy policy with this player declaring the lowest legal bid under
  each trump, and with passing (the strongest rival still in declares, judged by the fitted
  count, else the all-pass rule applies); bid when declaring beats passing by ``BID_MARGIN`` points;
* the trump: the suit whose playouts score best;
* the cards: the expert's (``--play greedy`` plays them by flat Monte Carlo over the same policy,
  ``--playouts`` a decision, spread over the legal cards, as the outside bot does with about 1,200).

The playouts run in the native core (``native.greedy_playouts``, held to ``greedy_card`` by a
test) where it plays the rules, else in Python: a deal under the CEO's rules with 1,200 playouts
takes about 4.8 s of one core instead of 7.4 s, most of it now in sampling the layouts.

So with the default card play the match measures the auction alone. Points are the player's
score less the others' average (without partners), as the outside bot counts them.

    python benchmarks/outside_style.py --deals 100 --workers 2            # the CEO's rules
    python benchmarks/outside_style.py --deals 100 --rules classic danish
    python benchmarks/outside_style.py --deals 40 --play greedy --playouts 1200

A long match can be played in parts into one file (each deal is kept as it ends) and reported as
one, or paired deal by deal with an earlier version of the expert's match on the same deals:

    python benchmarks/outside_style.py --deals 500 --first 500 --workers 2 --save-deals after.jsonl
    python benchmarks/outside_style.py --report after.jsonl
    python benchmarks/outside_style.py --report after.jsonl --before before.jsonl

Printed per ruleset: expert − stand-in in points per deal (duplicate: each deal at two tables with
the seats swapped; 95% interval), how often each side bid of its own free will, how many tables
passed out, the deals whose two auctions went differently against those that went alike, and in
the alike ones, card play alone: the tricks a seat took with the expert in it less with the
stand-in, as declarer and as defender.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from batak_core.actions import PASS, Action
from batak_core.ai import native
from batak_core.ai.bots import get
from batak_core.ai.bots.evaluate import best_trump
from batak_core.ai.bots.knowledge import knowledge, sample_layouts
from batak_core.cards import ABOVE, SUIT_MASKS, SUIT_OF, Card, Suit, indices_of, mask_of
from batak_core.cli.arguments import BadArgument, whole
from batak_core.deal import Deal, DealView, Phase
from batak_core.errors import shorten
from batak_core.legality import breaks_trump, legal_mask
from batak_core.rules import AllPass, RuleSet, preset
from batak_core.saving import load_deal, to_json
from batak_core.scoring import points_per_seat
from batak_core.shuffle import derive_seed
from batak_core.trick import advance

AUCTION_SAMPLES = 48
TRUMP_SAMPLES = 64
BID_MARGIN = 0.4
"""Points (the player's less the others' average) by which declaring must beat passing."""
RIVAL_MARGIN = 0.3
"""A rival still in the auction is taken to bid when its fitted count reaches the bid plus this."""
PLAY_PLAYOUTS = 240
"""Greedy playouts a card decision by default (``--playouts``)."""

CEO_RULES = "miniokey, a trickless defender losing 10 x the bid"


def ruleset(name: str) -> RuleSet:
    if name == "ceo":
        return preset("miniokey", defender_zero="minus_ten_bid")
    return preset(name)


# --- the greedy playout -------------------------------------------------------------------------

@dataclass
class Table:
    """A deal in play with every hand open: what a playout moves on."""

    rules: RuleSet
    hands: list[int]
    trump: int
    broken: bool
    leader: int
    trick: list[int]  # cards of the trick in progress, lead first
    won: list[int]
    gone: int  # every card played, the trick's included

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def state(self) -> tuple[int, int, int, int]:
        led = top_led = top_trump = win = -1
        for depth, card in enumerate(self.trick):
            led, top_led, top_trump, win = advance(depth, led, top_led, top_trump, win,
                                                   (self.leader + depth) % 4, card, self.trump)
        return led, top_led, top_trump, win

    def legal(self) -> int:
        led, top_led, top_trump, win = self.state()
        seat = self.to_move()
        exempt = self.rules.partnership and win >= 0 and win == seat ^ 2
        return legal_mask(self.rules, self.hands[seat], self.trump, self.broken, led, top_led, top_trump, exempt)

    def play(self, card: int) -> None:
        seat = self.to_move()
        led = SUIT_OF[self.trick[0]] if self.trick else -1
        if not self.broken and breaks_trump(self.rules, card, self.trump, led):
            self.broken = True
        self.hands[seat] &= ~(1 << card)
        self.gone |= 1 << card
        self.trick.append(card)
        if len(self.trick) == 4:
            win = self.state()[3]
            self.won[win] += 1
            self.leader, self.trick = win, []

    def copy(self) -> Table:
        return Table(self.rules, list(self.hands), self.trump, self.broken, self.leader, list(self.trick),
                     list(self.won), self.gone)


def _cheapest(mask: int, trump: int, others: int) -> int:
    """The card to throw: a low rank, not a trump, not a card nobody else can beat."""
    best, best_cost = -1, 1e9
    for card in indices_of(mask):
        suit = SUIT_OF[card]
        cost = card % 13 + (20 if suit == trump else 0)
        if not others & ABOVE[card] and others & SUIT_MASKS[suit]:
            cost += 12
        if cost < best_cost:
            best, best_cost = card, cost
    return best


def greedy_card(table: Table) -> int:
    """A quick policy: cash a card nobody can beat, else lead low from a long suit; second and
    third hand win as cheaply as is safe, the last hand with the lowest winner, else throw low."""
    legal = table.legal()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = table.to_move()
    mine = table.hands[seat]
    others = ((1 << 52) - 1) & ~table.gone & ~mine
    trump = table.trump
    trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
    if not table.trick:
        best, best_score = -1, -1e9
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            top = cards.bit_length() - 1
            low = (cards & -cards).bit_length() - 1
            left = bin(others & SUIT_MASKS[suit]).count("1")
            master = not others & ABOVE[top]
            if suit == trump:
                score, card = (11.0, top) if master and left else (1.0, low)
            elif not left:
                score, card = (0.5 if others & trump_mask else 10.0), top
            elif master:
                score, card = 10.0 + 0.3 * min(left, 6), top
            else:
                score, card = 3.0 + 0.25 * min(left, 8), low
                length = bin(mine & SUIT_MASKS[suit]).count("1")
                if mine & trump_mask and length <= 2:
                    score += 3 - length
            if score > best_score:
                best, best_score = card, score
        return best
    led, top_led, top_trump, win = table.state()
    winners = 0
    for card in indices_of(legal):
        suit = SUIT_OF[card]
        if (suit == trump and card > top_trump) or (top_trump < 0 and suit == led and card > top_led):
            winners |= 1 << card
    if table.rules.partnership and win == seat ^ 2:
        return _cheapest(legal & ~winners or legal, trump, others)
    if not winners:
        return _cheapest(legal, trump, others)
    if len(table.trick) == 3:
        return (winners & -winners).bit_length() - 1
    masters = 0
    for card in indices_of(winners):
        if not others & ABOVE[card] and (SUIT_OF[card] == trump or not others & trump_mask):
            masters |= 1 << card
    pick = masters or winners
    return (pick & -pick).bit_length() - 1


def play_out(table: Table) -> list[int]:
    while any(table.hands):
        table.play(greedy_card(table))
    return table.won


def finish(table: Table) -> list[int]:
    """Each seat's tricks at the end of a greedy playout from ``table`` (which is used up): in
    the native core where it plays these rules, else by ``play_out``."""
    if not native.greedy_supports(table.rules):
        return play_out(table)
    rest = native.greedy_playouts(table.rules, (table.hands[0], table.hands[1], table.hands[2], table.hands[3]),
                                  table.trump, table.broken, table.leader, tuple(table.trick), 0)[-1]
    return [table.won[s] + rest[s] for s in range(4)]


def after_each(table: Table, cards: list[int]) -> dict[int, list[int]]:
    """Each seat's tricks at the end of a greedy playout after each of the legal ``cards``."""
    if not native.greedy_supports(table.rules):
        out = {}
        for card in cards:
            trial = table.copy()
            trial.play(card)
            out[card] = play_out(trial)
        return out
    candidates = sum(1 << card for card in cards)
    rest = native.greedy_playouts(table.rules, (table.hands[0], table.hands[1], table.hands[2], table.hands[3]),
                                  table.trump, table.broken, table.leader, tuple(table.trick), candidates)
    return {card: [table.won[s] + won[s] for s in range(4)] for card, won in rest.items()}


def margin(rules: RuleSet, seat: int, declarer: int, contract: int, won: list[int]) -> float:
    """The player's points less the others' average (with partners: less the other side's)."""
    points = points_per_seat(rules, declarer, contract, won)
    if rules.partnership:
        return float(points[seat] - points[seat ^ 1])
    return points[seat] - (sum(points) - points[seat]) / 3


def fresh_table(rules: RuleSet, hands: tuple[int, int, int, int], declarer: int, trump: int) -> Table:
    return Table(rules, list(hands), trump, False, declarer, [], [0, 0, 0, 0], 0)


# --- the stand-in bot ----------------------------------------------------------------------------

class StandIn:
    """Bids and names trump by greedy playouts; plays the expert's cards (or greedy Monte Carlo)."""

    level = "stand-in"

    def __init__(self, seed: int, playouts: int = 0) -> None:
        """``playouts``: greedy playouts a card decision, or 0 to play the expert's cards."""
        self._rng = random.Random(seed)
        self._expert = get("expert", seed=seed)
        self._playouts = playouts

    def choose(self, view: DealView) -> Action:
        rules = view.rules
        if view.phase is Phase.AUCTION:
            return self._call(view)
        if view.phase is Phase.TRUMP:
            return Action.trump(Suit(self._trump(view)))
        if view.phase is Phase.PLAY and self._playouts and view.to_move == view.seat and not rules.kitty:
            return Action.play(self._card(view))
        return self._expert.choose(view)

    def _layouts(self, view: DealView, count: int) -> list[tuple[int, int, int, int]]:
        return sample_layouts(knowledge(view), self._rng, count)

    def _declaring(self, view: DealView, layouts: list[tuple[int, int, int, int]], contract: int) -> list[float]:
        rules = view.rules
        trumps = [rules.trump_suit] if rules.fixed_trump else [0, 1, 2, 3]
        values = [-math.inf] * 4
        for trump in trumps:
            total = 0.0
            for hands in layouts:
                won = finish(fresh_table(rules, hands, view.seat, trump))
                total += margin(rules, view.seat, view.seat, contract, won)
            values[trump] = total / len(layouts)
        return values

    def _call(self, view: DealView) -> Action:
        if not view.legal_bids:
            return PASS
        if not view.can_pass:
            return Action.bid(view.legal_bids[0])
        need = view.legal_bids[0]
        layouts = self._layouts(view, AUCTION_SAMPLES)
        if not layouts:
            return PASS
        declare = max(self._declaring(view, layouts, need))
        passing = statistics.fmean(self._passing_value(view, hands, need) for hands in layouts)
        return Action.bid(need) if declare > passing + BID_MARGIN else PASS

    def _passing_value(self, view: DealView, hands: tuple[int, int, int, int], need: int) -> float:
        """The playout value of passing on this layout: who would declare, and at what."""
        rules = view.rules
        passed = {b.seat for b in view.auction if b.is_pass}
        still_in = [s for s in range(4) if s != view.seat and s not in passed
                    and not (rules.partnership and s == view.seat ^ 2)]
        strength = {s: best_trump(hands[s], rules) for s in range(4)}
        holder = next((b.seat for b in reversed(view.auction) if not b.is_pass), None)
        declarer: int | None
        if holder is not None and view.high_bid is not None:
            declarer, contract = holder, view.high_bid
            rivals = [s for s in still_in if s != holder]
            if rivals:
                best = max(rivals, key=lambda s: strength[s][1])
                if strength[best][1] - RIVAL_MARGIN >= contract + 1 and strength[best][1] > strength[holder][1]:
                    declarer, contract = best, contract + 1
        else:
            declarer, contract = None, need
            if still_in:
                best = max(still_in, key=lambda s: strength[s][1])
                if strength[best][1] - RIVAL_MARGIN >= need:
                    declarer = best
            if declarer is None:
                if rules.all_pass is AllPass.REDEAL:
                    return 0.0
                declarer = view.dealer if rules.all_pass in (AllPass.DEALER_PLAYS, AllPass.DEALER_MUST_BID) \
                    else (view.dealer + 1) % 4
                contract = rules.min_bid if rules.all_pass is AllPass.DEALER_MUST_BID else rules.all_pass_bid
        trump = rules.trump_suit if rules.fixed_trump else int(strength[declarer][0])
        won = finish(fresh_table(rules, hands, declarer, trump))
        return margin(rules, view.seat, declarer, contract, won)

    def _trump(self, view: DealView) -> int:
        layouts = self._layouts(view, TRUMP_SAMPLES)
        assert view.contract is not None
        values = self._declaring(view, layouts, view.contract)
        return max(range(4), key=lambda t: values[t])

    def _card(self, view: DealView) -> Card:
        legal = [c.index for c in view.legal_plays]
        if len(legal) == 1:
            return view.legal_plays[0]
        assert view.declarer is not None and view.contract is not None and view.trump is not None
        worlds = max(24, self._playouts // len(legal))
        layouts = self._layouts(view, worlds)
        base_won = list(view.tricks_won)
        totals = dict.fromkeys(legal, 0.0)
        for hands in layouts:
            leader = view.trick_leader if view.current_trick and view.trick_leader is not None else view.seat
            start = Table(view.rules, list(hands), int(view.trump), view.trump_broken, leader,
                          [c.index for c in view.current_trick], list(base_won), mask_of(view.played))
            for card, won in after_each(start, legal).items():
                totals[card] += margin(view.rules, view.seat, view.declarer, view.contract, won)
        best = max(legal, key=lambda c: totals[c])
        return next(c for c in view.legal_plays if c.index == best)


# --- the match -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableResult:
    points: tuple[int, int, int, int]
    voluntary: tuple[bool, bool, bool, bool]  # which seats bid of their own free will
    passed_out: bool
    calls: tuple[tuple[int, int], ...]  # (seat, bid or 0) in order
    declarer: int | None
    tricks: tuple[int, int, int, int]  # each seat's tricks won
    record: str = ""  # the finished deal (``saving.to_json``), for ``card_play_errors.py``


def play_table(rules: RuleSet, deal_seed: int, dealer: int, expert_seats: tuple[int, ...],
               playouts: int) -> TableResult:
    deal = Deal.random(rules, seed=deal_seed, dealer=dealer)
    bots = [get("expert", seed=deal_seed * 4 + s) if s in expert_seats else StandIn(deal_seed * 4 + s, playouts)
            for s in range(4)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))
    return table_result(deal)


def table_result(deal: Deal) -> TableResult:
    """What the report counts of one finished table; the same whether the table was just played
    or read back from a ``--save-deals`` file."""
    voluntary = [False] * 4
    high = 0
    passes = 0
    for call in deal.auction:
        if call.bid is None:
            passes += 1
            continue
        if not (passes == 3 and high == 0):
            voluntary[call.seat] = True
        high = call.bid
    nobody = not any(voluntary)
    calls = tuple((c.seat, c.bid or 0) for c in deal.auction)
    return TableResult(tuple(deal.scores()), tuple(voluntary), nobody, calls,  # type: ignore[arg-type]
                       deal.declarer, tuple(deal.tricks_won), to_json(deal))  # type: ignore[arg-type]


@dataclass(frozen=True)
class DealResult:
    diff: float  # expert − stand-in, per seat, averaged over the two tables
    expert_bids: int
    stand_in_bids: int
    passed_out: int
    same_auction: bool
    declarer_tricks: int | None  # alike auctions: the declarer seat's tricks, the expert's less the stand-in's
    defender_tricks: tuple[int, ...]  # alike auctions: each defender seat's tricks, likewise
    records: tuple[str, str] = ("", "")  # the two finished deals: the expert in seats 0 and 2, then 1 and 3


def seat_tricks(first: TableResult, second: TableResult) -> tuple[int | None, tuple[int, ...]]:
    """Each seat's tricks with the expert in it less with the stand-in in it (the expert sits in
    seats 0 and 2 at the first table), declarer seat and defender seats apart. Only alike
    auctions are split: then the two tables differ in card play alone."""
    if first.calls != second.calls or first.declarer is None:
        return None, ()
    def gain(seat: int) -> int:
        expert, stand_in = (first, second) if seat in (0, 2) else (second, first)
        return expert.tricks[seat] - stand_in.tricks[seat]
    return gain(first.declarer), tuple(gain(s) for s in range(4) if s != first.declarer)


def duplicate(args: tuple[RuleSet, int, int, int]) -> DealResult:
    rules, seed, index, playouts = args
    deal_seed = derive_seed(seed, index)
    dealer = index % 4
    return deal_result(play_table(rules, deal_seed, dealer, (0, 2), playouts),
                       play_table(rules, deal_seed, dealer, (1, 3), playouts))


def deal_result(first: TableResult, second: TableResult) -> DealResult:
    """One duplicate deal from its two tables: the expert in seats 0 and 2 at the first, in 1 and
    3 at the second."""
    diff = ((first.points[0] + first.points[2] - first.points[1] - first.points[3])
            - (second.points[0] + second.points[2] - second.points[1] - second.points[3])) / 4
    expert_bids = sum(first.voluntary[s] for s in (0, 2)) + sum(second.voluntary[s] for s in (1, 3))
    stand_in_bids = sum(first.voluntary[s] for s in (1, 3)) + sum(second.voluntary[s] for s in (0, 2))
    return DealResult(diff, expert_bids, stand_in_bids, first.passed_out + second.passed_out,
                      first.calls == second.calls, *seat_tricks(first, second), (first.record, second.record))


def interval(values: list[float]) -> str:
    """The mean and its 95% interval: '+0.12 (+0.00..+0.23)'."""
    if not values:
        return "-"
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.2f} ({mean - half:+.2f}..{mean + half:+.2f})"


def report(name: str, results: list[DealResult], seconds: float | None = None) -> str:
    diffs = [r.diff for r in results]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    declaring = [float(r.declarer_tricks) for r in results if r.declarer_tricks is not None]
    defending = [float(t) for r in results for t in r.defender_tricks]
    tables = 2 * len(results)
    same = [r.diff for r in results if r.same_auction]
    other = [r.diff for r in results if not r.same_auction]
    def avg(xs: list[float]) -> str:
        return f"{statistics.fmean(xs):+.2f}" if xs else "-"
    return (f"{name}: expert - stand-in {mean:+.2f} points per deal and seat "
            f"(95% CI {mean - half:+.2f}..{mean + half:+.2f}), "
            f"{len(results)} deals{'' if seconds is None else f' in {seconds:.0f} s'}\n"
            f"  bid of their own free will: expert {sum(r.expert_bids for r in results)} seat-tables, "
            f"stand-in {sum(r.stand_in_bids for r in results)} (of {2 * tables} each); passed out: "
            f"{sum(r.passed_out for r in results)} of {tables} tables\n"
            f"  auctions alike at both tables: {len(same)} deals ({avg(same)}), "
            f"different: {len(other)} ({avg(other)})\n"
            f"  card play where the auctions were alike, tricks of a seat with the expert in it less with the "
            f"stand-in: declaring {interval(declaring)} over {len(declaring)} deals, "
            f"defending {interval(defending)} over {len(defending)} seats")


class BadSavedDeals(Exception):
    """A ``--save-deals`` file that cannot be read back: says which file and line, and why."""


SavedMatch = dict[int, DealResult]
"""One match read back from ``--save-deals`` files: its duplicate deals by index."""


def saved_matches(paths: list[Path]) -> dict[tuple[str, int], SavedMatch]:
    """The matches kept in ``--save-deals`` files, by ruleset and seed. A long match may be played
    in parts (``--first``) into one file or several; a deal kept twice must be the same deal
    played the same way, or the files mix two versions of the bots and no report is made."""
    matches: dict[tuple[str, int], SavedMatch] = {}
    kept: dict[tuple[str, int, int], list[str]] = {}
    for path in paths:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise BadSavedDeals(f"{path}: cannot be read ({type(error).__name__})") from None
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            try:
                saved = json.loads(line)
                name, seed, index, records = saved["rules"], saved["seed"], saved["index"], saved["tables"]
                if not (isinstance(name, str) and isinstance(seed, int) and isinstance(index, int)
                        and isinstance(records, list) and len(records) == 2):
                    raise TypeError
                first, second = (table_result(load_deal(record)) for record in records)
            except (ValueError, KeyError, TypeError, RecursionError) as error:  # SaveFileError is a ValueError
                raise BadSavedDeals(f"{where} is not a duplicate deal saved by --save-deals "
                                    f"({shorten(str(error), 80)}); it begins {shorten(line, 40)}") from None
            earlier = kept.setdefault((name, seed, index), records)
            if earlier != records:
                raise BadSavedDeals(f"{where}: deal {index} of {name}, seed {seed}, was kept before "
                                    "and played differently: the files mix two versions of the bots")
            matches.setdefault((name, seed), {})[index] = deal_result(first, second)
    return matches


def paired(before: SavedMatch, after: SavedMatch) -> str:
    """Two versions of the expert over the same deals: after − before, per deal and seat, on the
    deals both played. Most deals come out exactly alike, so pairing them is far tighter than
    comparing two matches' expert − stand-in figures."""
    common = sorted(before.keys() & after.keys())
    if not common:
        return "no deal in common"
    changes = [after[i].diff - before[i].diff for i in common]
    alike = sum(after[i].records == before[i].records for i in common)
    return (f"after - before {interval(changes)} points per deal and seat over {len(common)} deals "
            f"({alike} played exactly alike); expert - stand-in before "
            f"{interval([before[i].diff for i in common])}, after {interval([after[i].diff for i in common])}")


def match_name(name: str, seed: int, indices: list[int]) -> str:
    first, last = indices[0], indices[-1]
    deals = f"deals {first}..{last}" if last - first + 1 == len(indices) else f"{len(indices)} deals in {first}..{last}"
    return f"{CEO_RULES if name == 'ceo' else name}, seed {seed}, {deals}"


def print_saved(paths: list[Path], before: list[Path] | None) -> None:
    """``--report``: the report of each saved match, or with ``--before`` its pairing with an
    earlier version's match on the same deals."""
    matches = saved_matches(paths)
    earlier = saved_matches(before) if before else {}
    if not matches:
        raise BadSavedDeals(f"no deal in {', '.join(str(p) for p in paths)}")
    for (name, seed), match in sorted(matches.items()):
        indices = sorted(match)
        if before:
            print(f"{match_name(name, seed, indices)}: {paired(earlier.get((name, seed), {}), match)}")
        else:
            print(report(match_name(name, seed, indices), [match[i] for i in indices]))


MOST_DEALS = 1_000_000
"""The largest deal count or first index the flags take (a million deals is weeks of play here)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=whole("--deals", 1, MOST_DEALS), default=100)
    parser.add_argument("--rules", nargs="+", default=["ceo"],
                        help=f"presets; 'ceo' is {CEO_RULES} (the outside bot's own rules)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first", type=whole("--first", 0, MOST_DEALS), default=0, metavar="INDEX",
                        help="the first deal's index: a later run with --first 600 extends one of 600 deals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--play", choices=("expert", "greedy"), default="expert",
                        help="the stand-in's card play: the expert's (the auction alone is measured) "
                             "or greedy Monte Carlo")
    parser.add_argument("--playouts", type=int, default=PLAY_PLAYOUTS,
                        help="greedy playouts a card decision with --play greedy")
    parser.add_argument("--save-deals", type=Path, metavar="FILE",
                        help="add every finished deal here as it ends, a JSON line a deal, for --report "
                             "and card_play_errors.py")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                        help="play nothing: report the matches kept in these --save-deals files, "
                             "however many runs made them")
    parser.add_argument("--before", type=Path, nargs="+", metavar="FILE",
                        help="with --report: pair each match with the one in these files (an earlier "
                             "version of the expert), deal by deal")
    try:
        args = parser.parse_args()
    except BadArgument as bad:
        parser.error(str(bad))
    if args.before and not args.report:
        parser.error("--before pairs a --report with an earlier match: give --report too")
    if args.report:
        try:
            print_saved(args.report, args.before)
        except BadSavedDeals as bad:
            parser.exit(2, f"{parser.prog}: {bad}\n")
        return
    playouts = args.playouts if args.play == "greedy" else 0
    for name in args.rules:
        play_match(name, args.seed, range(args.first, args.first + args.deals), args.workers, playouts,
                   args.save_deals)


def play_match(name: str, seed: int, indices: range, workers: int, playouts: int, save: Path | None) -> None:
    """Play and report one match; each deal is kept as it ends, so a long run cut short loses
    little and a later run with ``--first`` goes on from there."""
    rules = ruleset(name)
    jobs = [(rules, seed, i, playouts) for i in indices]
    started = time.perf_counter()
    def kept(finished: Iterator[DealResult]) -> list[DealResult]:
        results = []
        for index, result in zip(indices, finished, strict=True):
            results.append(result)
            if save:
                with save.open("a") as out:
                    out.write(json.dumps({"rules": name, "seed": seed, "index": index,
                                          "tables": list(result.records)}) + "\n")
        return results
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = kept(pool.map(duplicate, jobs, chunksize=1))
    else:
        results = kept(map(duplicate, jobs))
    print(report(CEO_RULES if name == "ceo" else name, results, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
