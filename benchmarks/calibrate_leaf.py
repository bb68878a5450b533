"""Fit the solver's leaf estimate (``Search._guess``) on double-dummy values.

    python benchmarks/calibrate_leaf.py collect --deals 150 --data /tmp/leaf_dd.jsonl   # 4 minutes pure Python
    python benchmarks/calibrate_leaf.py fit --data /tmp/leaf_dd.jsonl    # writes batak_core/ai/leaf_weights.py

The shipped weights come from exactly these two commands (the solves are exact and the deals
seeded, so they give the same data anywhere; it is not kept).

The expert's early-deal search looks a few tricks ahead and then estimates the side's share of
the tricks left. ``collect`` plays seeded deals of every preset with the club bots and, at each
trick boundary with 6 to 9 cards a hand (where that search stops from 10 to 13 cards), solves the
position exactly for every side the expert values a card for: the declarer side, and each
defender alone (the selfish defender's own tricks). One JSON line per solve: preset, seed, the
``Search.leaf_features`` counts, the exact value.

``fit`` fits the linear model by least squares, prints its mean absolute error (rounded as the
search rounds it, within the sure-trick bounds) on held-out deals (5 folds by deal) per preset
and per hand size, refits on everything and writes the generated module.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from batak_core import Deal, Phase, bots, preset
from batak_core.ai.solver import LEAF_FEATURES, Position, Search
from batak_core.rules import PRESETS
from batak_core.seats import side_mask

SIZES = range(6, 10)
WEIGHTS_MODULE = Path(__file__).resolve().parent.parent / "batak_core" / "ai" / "leaf_weights.py"
CARDS, SURE, LOST = (LEAF_FEATURES.index(name) for name in
                      ("cards a hand", "the side's sure tricks", "the others' sure tricks"))


def collect(args: argparse.Namespace) -> None:
    with open(args.data, "a") as out:
        for name in PRESETS:
            rules = preset(name)
            for seed in range(args.first, args.first + args.deals):
                deal = Deal.random(rules, seed=seed, dealer=seed % 4)
                players = [bots.get("club", seed=s) for s in range(4)]
                while not deal.is_finished:
                    if (deal.phase is Phase.PLAY and not deal.current_trick and deal.declarer is not None
                            and deal.hand_mask(0).bit_count() in SIZES):
                        assert deal.trump is not None and deal.trick_leader is not None
                        declarer_side = side_mask(rules, deal.declarer)
                        sides = [declarer_side] + [1 << s for s in range(4) if not declarer_side >> s & 1
                                                   and side_mask(rules, s) == 1 << s]
                        hands = (deal.hand_mask(0), deal.hand_mask(1), deal.hand_mask(2), deal.hand_mask(3))
                        for side in sides:
                            pos = Position(rules, hands, int(deal.trump), deal.trump_broken, deal.trick_leader,
                                           (), side, 0)
                            search = Search(rules, int(deal.trump), side)
                            features = search.leaf_features(pos)
                            out.write(json.dumps([name, seed, list(features), search.value(pos)]) + "\n")
                    seat = deal.to_move
                    assert seat is not None
                    deal.act(players[seat].choose(deal.view(seat)))
            print(f"{name}: {args.deals} deals", flush=True)


def rounded(estimate: np.ndarray, features: np.ndarray) -> np.ndarray:
    """As ``_guess`` uses the estimate: rounded, within the sure-trick bounds."""
    return np.minimum(features[:, CARDS] - features[:, LOST], np.maximum(features[:, SURE], np.round(estimate)))


def fit(args: argparse.Namespace) -> None:
    with open(args.data) as lines_in:
        rows = [json.loads(line) for line in lines_in]
    names = np.array([r[0] for r in rows])
    folds = np.array([r[1] % 5 for r in rows])
    features = np.array([r[2] for r in rows], float)
    values = np.array([r[3] for r in rows], float)
    design = np.hstack([features, np.ones((len(rows), 1))])
    held_out = np.zeros(len(rows))
    for fold in range(5):
        test = folds == fold
        weights, *_ = np.linalg.lstsq(design[~test], values[~test], rcond=None)
        held_out[test] = design[test] @ weights
    error = np.abs(rounded(held_out, features) - values)
    lines = [f"held out (5 folds by deal), {len(rows)} solves: mean absolute error {error.mean():.3f} tricks,"
             f" exact {np.mean(error == 0):.0%}"]
    lines.append("by preset: " + "; ".join(f"{n} {error[names == n].mean():.3f}"
                                           for n in PRESETS if (names == n).any()))
    lines.append("by cards a hand: " + "; ".join(f"{k} {error[features[:, CARDS] == k].mean():.3f}" for k in SIZES))
    print("\n".join(lines))
    weights, *_ = np.linalg.lstsq(design, values, rcond=None)
    body = "\n".join(f"    {w:.4f},  # {name}" for w, name in zip(weights[:-1], LEAF_FEATURES, strict=True))
    note = "\n".join(textwrap.fill(line, 100) for line in lines)
    Path(args.out).write_text(f'''"""Generated by benchmarks/calibrate_leaf.py; do not edit.

Weights of the solver's leaf estimate (``solver.LEAF_FEATURES``), fitted on {len(rows)} exact solves of
trick-boundary positions with 6 to 9 cards a hand from club play in every preset.

{note}
"""

from typing import Final

LEAF_INTERCEPT: Final = {weights[-1]:.4f}
LEAF_WEIGHTS: Final = (
{body}
)
''')
    print(f"wrote {args.out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", type=int, default=150)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--data", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", required=True)
    f.add_argument("--out", default=str(WEIGHTS_MODULE))
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()
