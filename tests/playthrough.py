"""Golden playthroughs (as OpenSpiel keeps them): seeded deals under every preset and variant, with
every decision's legal choices, the action taken, each trick's winner and the scores, as text.

The files in ``tests/playthroughs/`` are what the engine did when they were written; a test
replays them and fails with a diff when the engine now does anything else. After a deliberate
rule change, regenerate them and review the diff:

    .venv/bin/python -m tests.playthrough
"""

from __future__ import annotations

import sys
from pathlib import Path

import batak_core as bc

FOLDER = Path(__file__).with_name("playthroughs")
SEEDS = (1, 2, 3)


def combinations() -> list[tuple[str, bc.Variant]]:
    """Every preset with every variant its source describes."""
    return [(name, variant) for name in bc.PRESETS for variant in bc.variants_of(name)]


def file_name(name: str, variant: bc.Variant) -> str:
    return f"{name}-{variant.value}.txt"


def _cards(cards: list[bc.Card] | tuple[bc.Card, ...]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _choices(deal: bc.Deal) -> str:
    """The decider's legal choices, in the engine's order."""
    if deal.phase is bc.Phase.AUCTION:
        calls = [*(["pass"] if deal.can_pass else []), *map(str, deal.legal_bids())]
        return " ".join(calls) + (" redeal" if deal.can_demand_redeal else "")
    if deal.phase is bc.Phase.TRUMP:
        return "S H D C"
    if deal.phase is bc.Phase.BURY:
        return f"any {deal.rules.kitty} of {_cards(deal.hand(deal.to_move or 0))}"
    return _cards(deal.legal_plays())


def playthrough(rules: bc.RuleSet, seed: int) -> list[str]:
    """One seeded deal played by seeded random bots, as lines of text."""
    deal = bc.Deal.random(rules, seed=seed, dealer=seed % 4)
    bots = [bc.bots.get("random", seed=seed * 10 + s) for s in range(4)]
    lines = [f"## seed {seed}, dealer {deal.dealer}"]
    lines += [f"hand {s}: {_cards(deal.hand(s))}" for s in range(4)]
    if rules.kitty:
        lines.append(f"kitty: {_cards(deal.kitty)}")
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        mover = f"seat {seat}" if seat == deal.to_move else f"seat {seat} for seat {deal.to_move}"
        choices = _choices(deal)
        tricks = len(deal.tricks)
        action = bots[seat].choose(deal.view(seat))
        deal.act(action)
        lines.append(f"{mover} [{choices}] -> {action}")
        if len(deal.tricks) > tricks:
            trick = deal.tricks[-1]
            lines.append(f"  trick {len(deal.tricks)}: {_cards(trick.cards)} led by seat {trick.leader}, "
                         f"won by seat {trick.winner}; trump broken: {'yes' if deal.trump_broken else 'no'}")
    if deal.phase is bc.Phase.REDEAL:
        lines.append("thrown in: " + ("weak-hand redeal" if deal.redeal_demanded else "everyone passed"))
    else:
        lines.append(f"declarer {deal.declarer}, contract {deal.contract}, trump {deal.trump}, "
                     f"announced {deal.announcements}")
        lines.append(f"tricks {deal.tricks_won}, made {deal.made}")
    lines.append(f"scores {deal.scores()}")
    return lines


def document(name: str, variant: bc.Variant) -> str:
    """The playthrough file of one preset and variant."""
    rules = bc.preset(name, variant)
    lines = [f"# batak-tutor playthrough: {name} {variant.value}", ""]
    for seed in SEEDS:
        lines += [*playthrough(rules, seed), ""]
    return "\n".join(lines)


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name, variant in combinations():
        (FOLDER / file_name(name, variant)).write_text(document(name, variant), encoding="utf-8")
    print(f"wrote {len(combinations())} playthrough files to {FOLDER}", file=sys.stderr)


if __name__ == "__main__":
    main()
