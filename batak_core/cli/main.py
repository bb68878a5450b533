"""The terminal rules lab: ``batak legal``, ``batak score``, ``batak rules`` and ``batak lab``.

Settles rules arguments from a shell: every preset side by side, with the rule that decides.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit, parse_cards
from ..legality import RULE_TITLES, explain_play
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..scoring import score_announcements, score_deal
from ..teaching.examples import EDGE_CASES, PLAY_EXAMPLES, SCORE_EXAMPLES, PlayExample
from ..trick import trick_winner
from .play import add_commands as add_bot_commands


class UsageError(ValueError):
    """Bad command-line input: printed as one clear line, exit status 2."""


def _rule_sets(args: argparse.Namespace) -> list[RuleSet]:
    """--rules ('all', one preset or a comma list) with --variant and --set option=value.

    With 'all' and a variant, only the presets whose source describes that variant are used.
    """
    names: str = args.rules
    every = names.strip().lower() == "all"
    chosen = list(PRESETS) if every else [n.strip() for n in names.split(",") if n.strip()]
    if not chosen:
        raise UsageError("--rules needs a preset name or 'all'")
    if every and args.variant:
        chosen = [n for n in chosen if args.variant in variants_of(n)]
        if not chosen:
            raise UsageError(f"no source describes the variant {args.variant!r}; choose one of: "
                             f"{', '.join(v.value for v in Variant)}")
    options = _parse_settings(args.set)
    try:
        return [preset(name, args.variant, **options) for name in chosen]
    except ValueError as error:
        raise UsageError(str(error)) from None


def _parse_settings(settings: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in settings:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise UsageError(f"--set takes option=value, e.g. --set min_bid=4, not {item!r}")
        try:
            options[name.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            options[name.strip()] = raw  # enum values are plain words
    return options


def _cards(text: str, what: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        raise UsageError(f"{what}: {error}") from None


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards) or "(none)"


def legal_table(rule_sets: Sequence[RuleSet], hand: Sequence[Card], trick: Sequence[Card],
                trump: Suit | None, trump_broken: bool, partner_winning: bool = False) -> str:
    """Which cards each rule set allows, side by side, then why the others are not allowed."""
    try:
        verdicts = {r.name: [explain_play(r, hand, trick, trump, trump_broken, c, partner_winning=partner_winning)
                             for c in hand] for r in rule_sets}
    except ValueError as error:
        raise UsageError(str(error)) from None
    cells = {r.name: ["legal" if v.legal else "no: " + v.rule for v in verdicts[r.name]] for r in rule_sets}
    width = 2 + max(len(text) for column in [*cells.values(), list(cells)] for text in column)
    lines = [
        f"Hand: {_labels(hand)}   Trick so far: {_labels(trick)}   "
        f"Trump: {trump.symbol if trump is not None else 'none'}   "
        f"Trump broken: {'yes' if trump_broken else 'no'}",
        "",
        "card  " + "".join(r.name.ljust(width) for r in rule_sets),
    ]
    for i, card in enumerate(hand):
        lines.append(card.label.ljust(6) + "".join(cells[r.name][i].ljust(width) for r in rule_sets))
    lines.append("")
    for rules in rule_sets:
        legal = [v.card for v in verdicts[rules.name] if v.legal]
        lines.append(f"{rules.name}: legal {_labels(legal)}")
        for verdict in verdicts[rules.name]:
            if not verdict.legal:
                lines.append(f"  {verdict.card.label}: {verdict.reason} [{verdict.rule}]")
    return "\n".join(lines)


def _cmd_legal(args: argparse.Namespace) -> int:
    hand = _cards(args.hand, "--hand")
    trick = _cards(args.trick, "--trick") if args.trick else []
    try:
        trump = Suit.parse(args.trump) if args.trump.lower() not in ("none", "-") else None
    except ValueError as error:
        raise UsageError(f"--trump: {error}") from None
    if not hand:
        raise UsageError("--hand needs at least one card")
    print(legal_table(_rule_sets(args), hand, trick, trump, args.trump_broken, args.partner_winning))
    if len(trick) == 3:
        print("\n(The trick winner is decided once your card is added.)")
    return 0


def _cmd_score(args: argparse.Namespace) -> int:
    for rules in _rule_sets(args):
        try:
            if rules.announcements:
                if args.announced is None:
                    raise UsageError(f"{rules.name} Koz Maça scores announcements: give --announced N N N N")
                scores = score_announcements(rules, args.announced, args.tricks)
                contract = "announced " + " ".join(map(str, args.announced))
            else:
                if args.declarer is None or args.bid is None:
                    raise UsageError("give --declarer and --bid (or --announced for Koz Maça)")
                scores = score_deal(rules, args.declarer, args.bid, args.tricks)
                taken = args.tricks[args.declarer] + (args.tricks[(args.declarer + 2) % 4]
                                                       if rules.partnership else 0)
                contract = f"bid {args.bid} {'made' if taken >= args.bid else 'failed'}"
        except UsageError:
            raise
        except ValueError as error:
            raise UsageError(str(error)) from None
        cells = "  ".join(f"seat {s}: {p:+d}" for s, p in enumerate(scores))
        print(f"{rules.name:<10} {contract}   {cells}")
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    for rules in _rule_sets(args):
        print(f"== {rules.name} ({rules.variant.value}) ==")
        for item in rules.describe():
            print(f"- {item.text}  [{item.source}]")
        print()
    return 0


def _example_block(example: PlayExample) -> str:
    rule_sets = [preset(name, **example.options) for name in PRESETS if name in example.legal]
    table = legal_table(rule_sets, example.hand, example.trick, example.trump, example.trump_broken)
    return f"### {example.title}  ({example.source})\n{table}\n"


def _cmd_lab(args: argparse.Namespace) -> int:
    print("Batak rules lab: the sources' worked examples under every preset\n")
    print("Play rules (ids): " + "; ".join(f"{k} = {v}" for k, v in RULE_TITLES.items()) + "\n")
    for example in PLAY_EXAMPLES:
        print(_example_block(example))
        if example.trick:
            full = [*example.trick, *example.legal["miniokey"][:1]]
            winner = trick_winner(full, example.trump)
            print(f"  Completed as {_labels(full)}: {full[winner].label} wins the trick.\n")
    print("## Edge cases where the sources disagree\n")
    for example in EDGE_CASES:
        print(_example_block(example))
    print("## Scoring examples\n")
    for score in SCORE_EXAMPLES:
        rules = preset(score.preset, **score.options)
        got = score_deal(rules, score.declarer, score.bid, score.tricks)
        print(f"{score.preset:<10} {score.title}: " + ", ".join(f"{p:+d}" for p in got))
    print("\nTry your own position: batak legal --rules all --hand \"QC 4C 2D\" --trick \"9C 3H\" --trump H")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="batak", description="Batak rules lab: settle rules questions "
                                     "for the five sources side by side.")
    sub = parser.add_subparsers(dest="command", required=True)

    def rules_option(p: argparse.ArgumentParser, default: str) -> None:
        p.add_argument("--rules", default=default,
                       help=f"'all' or preset name(s), comma separated: {', '.join(PRESETS)}")
        p.add_argument("--variant", choices=[v.value for v in Variant], default=None,
                       help="play a variant: koz_maca, esli (partnership) or gommeli (buried kitty)")
        p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                       help="change a rule option (house rule), e.g. --set min_bid=4")

    legal = sub.add_parser("legal", help="which cards may be played, and why not")
    rules_option(legal, "all")
    legal.add_argument("--hand", required=True, help='your cards, e.g. "QC 4C 2D" (10 as 10 or T)')
    legal.add_argument("--trick", default="", help='the cards already in the trick, lead first, e.g. "9C 3H"')
    legal.add_argument("--trump", required=True, help="the trump suit: S, H, D or C")
    legal.add_argument("--trump-broken", action="store_true", help="trump has already been broken")
    legal.add_argument("--partner-winning", action="store_true",
                       help="Eşli: your partner holds the winning card so far")
    legal.set_defaults(func=_cmd_legal)

    score = sub.add_parser("score", help="points for one deal")
    rules_option(score, "all")
    score.add_argument("--declarer", type=int, help="the declarer's seat, 0-3")
    score.add_argument("--bid", type=int, help="the contract")
    score.add_argument("--announced", type=int, nargs=4, metavar="N", help="Koz Maça: each seat's announcement")
    score.add_argument("--tricks", type=int, nargs=4, required=True, metavar="N", help="tricks per seat 0-3")
    score.set_defaults(func=_cmd_score)

    rules = sub.add_parser("rules", help="a preset's rules in plain English, with sources")
    rules_option(rules, "all")
    rules.set_defaults(func=_cmd_rules)

    lab = sub.add_parser("lab", help="the sources' worked examples under every preset")
    lab.set_defaults(func=_cmd_lab)

    add_bot_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except UsageError as error:
        print(f"batak {args.command}: {error}", file=sys.stderr)
        return 2
    return status

