"""Where the card play of a stand-in match gives tricks away, judged with every hand open.

Reads the tables that ``outside_style.py --save-deals FILE`` kept and replays each. At every card
chosen from two or more, the double-dummy solver values each legal card in declarer-side tricks;
the card played gives away its difference from the best one (a defender's: the declarer-side
tricks it let through). So a table's declarer ends with the deal's double-dummy count, less what
the declarer gave away, plus what the defenders gave. Printed per player (the expert, the
stand-in), role and part of the deal: tricks given away a decision.

Double-dummy is a yardstick, not the game: nobody sees the hidden cards, and an opening lead
that gives a trick away against the actual layout may still be the best bet. It also cannot say
which defender takes the tricks, which, without partners, is most of a defender's score.

``--leads`` looks closer at the expert's leads in tricks 1 to 4 that its club rules chose
(too few sampled layouts fitted the search budget): on those same positions it prints what the
club card, flat Monte Carlo over the stand-in's greedy playouts, and the search looking one
trick ahead (then none) would each give away.

``--search-against 64,600000,9,3`` decides each of the expert's cards again with another
``CardSearch`` (samples, node budget, exact cards, lookahead tricks, as ``bots.py search
--against`` takes them) and prints, by role, the tricks the shipped search's card and the other
one's give away, paired: a search change shows here with far less noise than in a match (the
same positions and the same sampling seeds).

    python benchmarks/outside_style.py --deals 150 --play greedy --playouts 1200 --workers 2 \
        --save-deals /tmp/deals.jsonl
    python benchmarks/card_play_errors.py /tmp/deals.jsonl --leads
    python benchmarks/card_play_errors.py /tmp/deals.jsonl --search-against 64,600000,9,3
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import parse_search
from outside_style import StandIn, interval

from batak_core.actions import ActionKind
from batak_core.ai.bots.club import club_card
from batak_core.ai.bots.expert import CARD_SEARCH, CardSearch, pick, score_cards, trusted
from batak_core.ai.bots.knowledge import Knowledge, knowledge
from batak_core.ai.solver import Position, Search
from batak_core.cards import Card
from batak_core.deal import Deal, DealView, Phase
from batak_core.saving import load_deal
from batak_core.shuffle import derive_seed

EXPERT_SEATS = ((0, 2), (1, 3))
"""Where the expert sits at a duplicate deal's first and second table (``outside_style``)."""
PARTS = ((1, 4, "tricks 1-4"), (5, 8, "tricks 5-8"), (9, 13, "tricks 9-13"))


@dataclass(frozen=True)
class Decision:
    """One card chosen from two or more, and the declarer-side tricks the card played gave away."""

    expert: bool
    declaring: bool
    trick: int  # 1 for the first trick
    leading: bool
    given: int
    values: dict[int, int]  # each legal card's declarer-side tricks, from the card on
    view: DealView  # what the player saw


def tricks_given(values: dict[int, int], declaring: bool, card: int) -> int:
    """How far ``card``'s value is from the best card's, for the side of the player choosing."""
    best = max(values.values()) if declaring else min(values.values())
    return abs(best - values[card])


def decisions(record: str, expert_seats: tuple[int, ...]) -> Iterator[Decision]:
    """The table's card decisions in order (one transposition table serves the whole deal)."""
    finished = load_deal(record)
    replay = Deal(finished.rules, [finished.initial_hand(s) for s in range(4)], finished.dealer)
    search: Search | None = None
    for action in finished.history:
        if replay.phase is Phase.PLAY and action.kind is ActionKind.PLAY and len(replay.legal_plays()) > 1:
            position = Position.of_deal(replay)
            if search is None:
                search = Search(finished.rules, position.trump, position.side)
            values = search.card_values(position)
            seat = replay.decider
            assert seat is not None
            declaring = bool(position.side >> seat & 1)
            yield Decision(seat in expert_seats, declaring, len(replay.tricks) + 1, not replay.current_trick,
                           tricks_given(values, declaring, action.card.index), values, replay.view(seat))
        replay.act(action)


def tables(path: Path) -> Iterator[tuple[int, int, str, tuple[int, ...]]]:
    """(seed, deal index, finished table, the expert's seats) for every saved table with a contract."""
    for line in path.read_text().splitlines():
        saved = json.loads(line)
        for record, seats in zip(saved["tables"], EXPERT_SEATS, strict=True):
            if load_deal(record).declarer is not None:
                yield saved["seed"], saved["index"], record, seats


def error_rates(path: Path) -> dict[tuple[str, str, str], tuple[int, int]]:
    """(player, role, part of the deal) -> (tricks given away, decisions)."""
    totals: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for _seed, _index, record, seats in tables(path):
        for d in decisions(record, seats):
            part = next(name for low, high, name in PARTS if low <= d.trick <= high)
            for key in ((part,), ("all tricks",)):
                cell = totals[("expert" if d.expert else "stand-in", "declarer" if d.declaring else "defender", *key)]
                cell[0] += d.given
                cell[1] += 1
    return {key: (given, count) for key, (given, count) in totals.items()}


def expert_decisions(path: Path) -> Iterator[tuple[Decision, Knowledge, int]]:
    """Each card the expert chose from two or more, with what it knew and its own bot seed (so
    its search samples the same layouts again)."""
    for seed, index, record, seats in tables(path):
        deal_seed = derive_seed(seed, index)
        for d in decisions(record, seats):
            if d.expert:
                yield d, knowledge(d.view), deal_seed * 4 + d.view.seat  # outside_style.play_table's seed


def given_by(d: Decision, card: Card) -> int:
    """The declarer-side tricks ``card`` would have given away at the decision."""
    return tricks_given(d.values, d.declaring, card.index)


def lead_alternatives(path: Path, playouts: int) -> list[dict[str, int]]:
    """For each expert lead in tricks 1 to 4 that its club rules chose: the tricks the club card,
    the stand-in's greedy Monte Carlo and the shallower search would each give away."""
    one_ahead = replace(CARD_SEARCH, lookahead_tricks=1)
    none_ahead = replace(CARD_SEARCH, lookahead_tricks=0)
    out = []
    for d, know, bot_seed in expert_decisions(path):
        if not (d.leading and d.trick <= 4) or trusted(score_cards(d.view, know, bot_seed)):
            continue
        club = club_card(d.view, know)
        shallow = score_cards(d.view, know, bot_seed, one_ahead)
        if not trusted(shallow):
            shallow = score_cards(d.view, know, bot_seed, none_ahead)
        choices = {"club": club, "greedy": StandIn(bot_seed, playouts)._card(d.view), "shallow": pick(shallow, club)}
        out.append({"declaring": int(d.declaring), "played": d.given}
                   | {name: given_by(d, card) for name, card in choices.items()})
    return out


def search_alternative(path: Path, other: CardSearch) -> list[dict[str, int]]:
    """For each card the expert chose: the tricks its shipped search's card and ``other``'s give away."""
    out = []
    for d, know, bot_seed in expert_decisions(path):
        club = club_card(d.view, know)
        shipped = pick(score_cards(d.view, know, bot_seed), club)
        alternative = pick(score_cards(d.view, know, bot_seed, other), club)
        out.append({"declaring": int(d.declaring), "played": d.given,
                    "shipped": given_by(d, shipped), "other": given_by(d, alternative)})
    return out


def paired(rows: list[dict[str, int]], name: str, base: str = "club") -> str:
    """The mean of ``name`` less ``base``, with its 95% interval."""
    return interval([float(row[name] - row[base]) for row in rows])


def print_leads(rows: list[dict[str, int]]) -> None:
    """``--leads``: what each choice gives away on the early leads left to the club rules."""
    if not rows:
        print("no early expert lead was left to the club rules")
        return
    def mean(name: str) -> float:
        return statistics.fmean(row[name] for row in rows)
    print(f"the expert's {len(rows)} leads in tricks 1-4 left to the club rules "
          f"({sum(row['declaring'] for row in rows)} as declarer), tricks given away a lead:\n"
          f"  club card {mean('club'):.3f}, greedy Monte Carlo {mean('greedy'):.3f} "
          f"(paired {paired(rows, 'greedy')}), search one trick ahead {mean('shallow'):.3f} "
          f"(paired {paired(rows, 'shallow')})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deals", type=Path, help="the file outside_style.py --save-deals wrote")
    parser.add_argument("--leads", action="store_true", help="also compare the expert's early club-rule leads")
    parser.add_argument("--playouts", type=int, default=1200, help="greedy playouts a lead for --leads")
    parser.add_argument("--search-against", type=parse_search, metavar="SAMPLES,NODES,EXACT,LOOKAHEAD[,NATIVE]",
                        help="decide the expert's cards again with this search (as bots.py search --against)")
    args = parser.parse_args()
    print("double-dummy tricks given away a decision (decisions)")
    for key, (given, count) in sorted(error_rates(args.deals).items()):
        print(f"  {' / '.join(key):40} {given / count:.3f} ({count})")
    if args.leads:
        print_leads(lead_alternatives(args.deals, args.playouts))
    if args.search_against:
        print(f"the expert's cards decided again with {args.search_against}, tricks given away a decision:")
        rows = search_alternative(args.deals, args.search_against)
        for declaring, role in ((1, "declarer"), (0, "defender")):
            mine = [row for row in rows if row["declaring"] == declaring]
            if len(mine) > 1:
                print(f"  {role}: shipped {statistics.fmean(r['shipped'] for r in mine):.4f}, "
                      f"other {statistics.fmean(r['other'] for r in mine):.4f}, "
                      f"paired {paired(mine, 'other', 'shipped')} ({len(mine)} decisions)")


if __name__ == "__main__":
    main()
