"""Fit the hand-evaluation model (``evaluate.trick_estimate``) on double-dummy results.

    python benchmarks/calibrate_bidding.py collect --deals 300 --data benchmarks/data/calibration_dd.jsonl
    python benchmarks/calibrate_bidding.py fit --data benchmarks/data/calibration_dd.jsonl \
        --out batak_core/ai/bots/fitted_estimate.py

``benchmarks/data/calibration_dd.jsonl`` holds the solves the shipped model was fitted on, so the
fit can be checked and rerun without solving again: deals 0-299 with a node limit of 1.5 million
(253 lines) and deals 300-1216 with 6 million (``collect --first 300 --node-limit 6000000``,
1,681 lines), all of 2026-12-01; the 112 solves over the limit are recorded and left out.

``collect`` deals seeded random hands (the presets in turn), and for seat 0 as declarer (the
declarer leads the first trick under every preset) solves the deal double-dummy with each of the
two most promising trumps, and once more for one defender's own tricks (everyone else against
it, as the expert bot values a defender). Solves over ``--node-limit`` nodes are skipped and
counted (the heavy tail: a few deals take minutes). One JSON line per solve, appended, so a
collection can be stopped and resumed.

``fit`` fits the per-suit linear model by least squares shrunk towards the old hand-picked
weights (stretched and shifted to fit; the shrinkage chosen by cross-validation), prints the
mean absolute error and RMSE of the old count and of the fit on held-out deals (5 folds by deal),
refits on everything and writes the generated module (coefficients, residual spreads, and the
share of random hands that reach each bid, for the auction's competition).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from batak_core import Deal, preset
from batak_core.ai.bots.evaluate import SIDE_FEATURES, TRUMP_FEATURES, suit_features
from batak_core.ai.solver import Position, Search, SearchLimit
from batak_core.rules import PRESETS

PRESET_NAMES = tuple(PRESETS)

DECLARER = 0


def hand_picked_estimate(hand: int, trump: int) -> float:
    """The old count (hand-picked weights, before this fit), verbatim: the baseline the fit is
    measured against here and in ``bidding_regret.py``."""
    def has(pattern: int, rank: int) -> int:
        return pattern >> (rank - 2) & 1

    total = 0.0
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count()
    for suit in range(4):
        pattern = hand >> 13 * suit & 0x1FFF
        length = pattern.bit_count()
        ace, king, queen, jack = (has(pattern, r) for r in (14, 13, 12, 11))
        if suit == trump:
            honours = ace + 0.9 * king * (length >= 2) + 0.7 * queen * (length >= 3) + 0.4 * jack * (length >= 4)
            total += honours + 0.85 * max(0, length - 3)
            continue
        total += ace * (1.0 if length <= 5 else 0.85)
        total += king * (0.85 if ace else 0.5 if length >= 2 else 0.1)
        total += queen * (0.5 if (ace or king) and length >= 3 else 0.2 if length >= 3 else 0.0)
        if length <= 1 and trump_length >= 4:
            total += 0.45 * (2 - length)
    return total


def solve_tricks(rules_name: str, hands: tuple[int, int, int, int], trump: int, seat: int, leader: int,
                 node_limit: int) -> int | None:
    """Double-dummy tricks of ``seat`` (the others against it), ``leader`` leading; None when over the limit."""
    rules = preset(rules_name)
    search = Search(rules, trump, 1 << seat)
    search.limit = node_limit
    try:
        return search.value(Position(rules, hands, trump, False, leader, (), 1 << seat, 0))
    except SearchLimit:
        return None


def collect(args: argparse.Namespace) -> None:
    """Solve seeded deals: the strongest hand (by the old count: the hands an auction is about)
    declares and leads, with its best trump, and on every second deal its second best too; on
    every third deal one defender's own tricks against that contract are solved as well."""
    path = Path(args.data)
    done = set()
    if path.exists():
        done = {json.loads(line)["deal"] for line in path.read_text().splitlines() if line}
    skipped = solved = 0
    start = time.perf_counter()
    with path.open("a") as out:
        for number in range(args.first, args.first + args.deals):
            if number in done:
                continue
            name = PRESET_NAMES[number % len(PRESET_NAMES)]
            deal = Deal.random(preset(name), seed=args.seed * 1_000_003 + number)
            hands = (deal.hand_mask(0), deal.hand_mask(1), deal.hand_mask(2), deal.hand_mask(3))
            declarer = max(range(4), key=lambda s: max(hand_picked_estimate(hands[s], t) for t in range(4)))
            ranked = sorted(range(4), key=lambda t: -hand_picked_estimate(hands[declarer], t))
            jobs = [("declarer", declarer, ranked[0])]
            if number % 2:
                jobs.append(("declarer", declarer, ranked[1]))
            if number % 3 == 0:
                jobs.append(("defender", (declarer + 1 + number // 3 % 3) % 4, ranked[0]))
            for role, seat, trump in jobs:
                tricks = solve_tricks(name, hands, trump, seat, declarer, args.node_limit)
                skipped += tricks is None
                solved += tricks is not None
                out.write(json.dumps({"deal": number, "preset": name, "role": role, "hand": hands[seat],
                                      "trump": trump, "tricks": tricks}) + "\n")
            out.flush()
            if args.minutes and time.perf_counter() - start > 60 * args.minutes:
                break
    print(f"collected to {path} in {time.perf_counter() - start:.0f} s: {solved} solves, "
          f"{skipped} over the node limit")


PRIOR_DECLARER = {
    "trump": {"base": 0.0, "ace": 1.0, "king": 0.9, "queen": 0.7, "jack": 0.4, "length": 0.0, "long": 0.85},
    "side": {"ace": 1.0, "king with ace": 0.85, "king guarded": 0.5, "queen with honour": 0.5,
             "queen guarded": 0.2, "void ruffs": 0.2, "singleton ruffs": 0.1, "doubleton ruffs": 0.0, "long": 0.0},
}
"""The old hand-picked count in the fitted terms (what the fit shrinks towards where data is thin)."""
PRIOR_DEFENCE = {
    "trump": {"base": 0.0, "ace": 1.0, "king": 0.7, "queen": 0.4, "jack": 0.0, "length": 0.0, "long": 0.3},
    "side": {"ace": 0.9, "king with ace": 0.7, "king guarded": 0.4, "queen with honour": 0.2,
             "queen guarded": 0.1, "void ruffs": 0.1, "singleton ruffs": 0.05, "doubleton ruffs": 0.0, "long": 0.0},
}
PRESET_TERMS = tuple(name for name in PRESET_NAMES if name != "miniokey")
"""Presets given their own base term, miniokey's being the shared base: their duties differ
(danish has no duty to overtake or overtrump, classic and gamelake must overtake even in a
trumped trick, turkish lets a player who cannot overtrump play any card, gamelake breaks trump
only by ruffing), and on held-out deals a shared count missed each by 0.1 to 0.2 tricks on
average, one way or the other."""
RIDGES = (1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 1e6)
"""Shrinkages tried (1e6: the old weights stretched and shifted, nothing more)."""
RANDOM_HANDS = 20_000


def features(hand: int, trump: int, preset_name: str) -> list[float]:
    """The model's inputs: the trump suit's terms, the side suits' terms summed, the preset terms."""
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count()
    row = [float(v) for v in suit_features(hand >> 13 * trump & 0x1FFF, True, trump_length)]
    side = [0.0] * len(SIDE_FEATURES)
    for suit in range(4):
        if suit != trump:
            for n, value in enumerate(suit_features(hand >> 13 * suit & 0x1FFF, False, trump_length)):
                side[n] += value
    return row + side + [float(preset_name == name) for name in PRESET_TERMS]


def prior_vector(prior: dict[str, dict[str, float]]) -> np.ndarray:
    return np.array([prior["trump"][n] for n in TRUMP_FEATURES] + [prior["side"][n] for n in SIDE_FEATURES]
                    + [0.0] * len(PRESET_TERMS))


def ridge(x: np.ndarray, y: np.ndarray, prior: np.ndarray, strength: float) -> np.ndarray:
    """Least squares shrunk towards ``prior``: min |x w - y|^2 + strength |w - prior|^2."""
    eye = np.eye(x.shape[1])
    return np.linalg.solve(x.T @ x + strength * eye, x.T @ y + strength * prior)


def scaled_prior(x: np.ndarray, y: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """The prior stretched and shifted to fit (two numbers: a scale, and the trump suit's base):
    with few solves, what the single weights are shrunk towards."""
    count = x @ prior
    design = np.column_stack([np.ones_like(count), count])
    shift, scale = np.linalg.lstsq(design, y, rcond=None)[0]
    out = scale * prior
    out[TRUMP_FEATURES.index("base")] += shift
    return out


def cross_validated(x: np.ndarray, y: np.ndarray, deals: np.ndarray, prior: np.ndarray,
                    strength: float) -> np.ndarray:
    """Each solve predicted by a fit on the other folds (5 folds by deal: a deal is never both
    fitted and predicted). The fold is ``deal // 5 % 5``, not ``deal % 5``: ``collect`` gives
    deal ``n`` the preset ``n % 5``, so every fold must hold deals of every preset."""
    predicted = np.zeros_like(y)
    folds = deals // len(PRESET_NAMES) % 5
    for fold in range(5):
        held = folds == fold
        centre = scaled_prior(x[~held], y[~held], prior)
        predicted[held] = x[held] @ ridge(x[~held], y[~held], centre, strength)
    return predicted


def errors(predicted: np.ndarray, actual: np.ndarray) -> tuple[float, float]:
    """Mean absolute error and RMSE."""
    miss = predicted - actual
    return float(np.mean(np.abs(miss))), float(np.sqrt(np.mean(miss ** 2)))


def fit_role(rows: list[dict[str, object]], prior: dict[str, dict[str, float]], label: str,
             baseline: Callable[[int, int], float] | None) -> tuple[np.ndarray, float, dict[str, float], str]:
    """Fit one role's weights, the shrinkage chosen by the least held-out squared error; print
    the held-out error (each solve predicted without its deal), overall and per preset, and
    return them as the spreads."""
    x = np.array([features(int(r["hand"]), int(r["trump"]), str(r["preset"])) for r in rows])  # type: ignore[call-overload]
    y = np.array([float(r["tricks"]) for r in rows])  # type: ignore[arg-type]
    deals = np.array([int(r["deal"]) for r in rows])  # type: ignore[call-overload]
    w0 = prior_vector(prior)
    predictions = {strength: cross_validated(x, y, deals, w0, strength) for strength in RIDGES}
    held_out = {strength: errors(predicted, y) for strength, predicted in predictions.items()}
    strength = min(RIDGES, key=lambda s: held_out[s][1])
    new_mae, new_rmse = held_out[strength]
    names = np.array([str(r["preset"]) for r in rows])
    by_preset = {}
    parts = []
    for name in PRESET_NAMES:
        mine = names == name
        if mine.any():
            miss = predictions[strength][mine] - y[mine]
            by_preset[name] = float(np.sqrt(np.mean(miss ** 2)))
            parts.append(f"{name} {int(mine.sum())} solves, bias {float(np.mean(miss)):+.2f}, "
                         f"RMSE {by_preset[name]:.2f}")
    lines = [f"{label}: {len(rows)} solves, each held out once (5 folds by deal), shrinkage {strength:g}",
             f"  fitted:     MAE {new_mae:.2f}  RMSE {new_rmse:.2f} tricks",
             f"  by preset:  {'; '.join(parts)}"]
    if baseline is not None:
        old = np.array([baseline(int(r["hand"]), int(r["trump"])) for r in rows])  # type: ignore[call-overload]
        old_mae, old_rmse = errors(old, y)
        lines.append(f"  old count:  MAE {old_mae:.2f}  RMSE {old_rmse:.2f}")
    print("\n".join(lines))
    weights = ridge(x, y, scaled_prior(x, y, w0), strength)
    return weights, new_rmse, by_preset, "; ".join(" ".join(line.split()) for line in lines)


def _weights(vector: np.ndarray, offset: int, names: Sequence[str]) -> str:
    inner = "".join(f"\n    {name!r}: {vector[offset + n] + 0.0:.3f}," for n, name in enumerate(names))
    return "{" + inner + "\n}"


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for path in args.data for line in Path(path).read_text().splitlines() if line]
    solved = [r for r in rows if r["tricks"] is not None]
    declarer = [r for r in solved if r["role"] == "declarer"]
    defender = [r for r in solved if r["role"] == "defender"]
    declarer_w, declarer_spread, preset_spread, declarer_text = fit_role(declarer, PRIOR_DECLARER, "declarer tricks",
                                                                         hand_picked_estimate)
    defence_w, defence_spread, _, defence_text = fit_role(defender, PRIOR_DEFENCE, "defender's own tricks", None)
    nt, ns = len(TRUMP_FEATURES), len(SIDE_FEATURES)
    rng = random.Random(args.seed)
    best = []
    defence = []
    for _ in range(RANDOM_HANDS):
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        best.append(max(float(np.dot(features(hand, t, "miniokey"), declarer_w)) for t in range(4)))
        defence.append(sum(float(np.dot(features(hand, t, "miniokey"), defence_w)) for t in range(4)) / 4)
    reach = tuple(round(sum(b >= k - 0.5 for b in best) / len(best), 4) for k in range(14))
    preset_base = ", ".join(f"{name!r}: {declarer_w[nt + ns + n] + 0.0:.3f}" for n, name in enumerate(PRESET_TERMS))
    summary = "\n\n".join(textwrap.fill(part, 100) for part in (
        f"Weights of ``evaluate``'s per-suit trick count, fitted on {len(solved)} double-dummy solves of "
        f"seeded deals ({len(rows) - len(solved)} more were over the node limit and left out).",
        f"Held-out error: {declarer_text}.", f"{defence_text}."))
    reach_text = "".join(f"\n    {share!r}," for share in reach)
    text = f'''"""Generated by benchmarks/calibrate_bidding.py; do not edit.

{summary}
"""

from typing import Final

DECLARER_TRUMP: Final = {_weights(declarer_w, 0, TRUMP_FEATURES)}
DECLARER_SIDE: Final = {_weights(declarer_w, nt, SIDE_FEATURES)}
PRESET_BASE: Final = {{{preset_base}}}
"""Added to the trump suit's base under these presets."""
DECLARER_SPREAD: Final = {declarer_spread:.3f}
"""Held-out RMSE of the declarer count: the spread of real tricks around the estimate."""
PRESET_SPREAD: Final = {{{", ".join(f"{name!r}: {value:.3f}" for name, value in preset_spread.items())}}}
"""The same spread under each preset's own rules (its solves only)."""
DEFENCE_TRUMP: Final = {_weights(defence_w, 0, TRUMP_FEATURES)}
DEFENCE_SIDE: Final = {_weights(defence_w, nt, SIDE_FEATURES)}
DEFENCE_SPREAD: Final = {defence_spread:.3f}
BID_REACH: Final = ({reach_text}\n)
"""Share of random hands whose best count reaches k - 0.5 tricks, k = 0..13 (an opponent's bid)."""
RANDOM_DEFENCE: Final = {sum(defence) / len(defence):.3f}
"""A random hand's average defensive tricks (an Eşli partner's share)."""
'''
    Path(args.out).write_text(text)
    print(f"wrote {args.out}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    col = sub.add_parser("collect", help="solve seeded deals double-dummy, one JSON line per solve")
    col.add_argument("--deals", type=int, default=300)
    col.add_argument("--first", type=int, default=0, help="number of the first deal")
    col.add_argument("--seed", type=int, default=1)
    col.add_argument("--node-limit", type=int, default=1_500_000)
    col.add_argument("--minutes", type=float, default=0, help="stop after this long (0: no limit)")
    col.add_argument("--data", default="dd_results.jsonl")
    fit_cmd = sub.add_parser("fit", help="fit the model, print its error, write the module")
    fit_cmd.add_argument("--data", nargs="+", default=["dd_results.jsonl"])
    fit_cmd.add_argument("--seed", type=int, default=1, help="seed of the random hands for the bidding table")
    fit_cmd.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "batak_core" / "ai"
                                              / "bots" / "fitted_estimate.py"))
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
