"""The terminal rules lab: ``batak legal``, ``batak score``, ``batak rules`` and ``batak lab``.

Settles rules arguments from a shell: every preset side by side, with the rule that decides.
With several presets (``--rules all`` or a comma list) a preset that refuses the question (a
variant its source does not describe, a house rule it cannot take, a Koz Maça announcement it
does not allow) says why in its own row and the others still answer.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..cards import Card, Suit, parse_cards
from ..errors import shorten
from ..i18n import N_, _, format_number, pgettext
from ..legality import RULE_TITLES, Verdict, explain_play, rule_title
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..scoring import score_announcements, score_deal
from ..seats import contract_made
from ..teaching.examples import EDGE_CASES, PLAY_EXAMPLES, SCORE_EXAMPLES, PlayExample
from ..trick import trick_winner
from .arguments import BadArgument, Parser, house_rule_names, one_of, rule_setting, whole

T = TypeVar("T")

EXIT_STATUS = N_("Exit status: 0 when at least one preset gave a result (a preset that refuses says why "
                 "in its own row); 2 for a bad argument, or when every preset refuses.")
"""The commands' epilog, in English (shown as ``_(EXIT_STATUS)``)."""


@dataclass(frozen=True)
class Refusal:
    """Why one preset gives no answer."""

    reason: str


def _preset_names(args: argparse.Namespace) -> list[str]:
    """--rules: 'all' (with --variant: the presets whose source describes it), or a comma list."""
    text: str = args.rules.strip().lower()
    if text == "all":
        return [n for n in PRESETS if args.variant is None or args.variant in variants_of(n)]
    names: list[str] = []
    for name in (n.strip() for n in text.split(",") if n.strip()):
        if name not in PRESETS:
            raise BadArgument(_("unknown preset {name}; --rules takes 'all' or presets, comma separated: "
                                "{presets}").format(name=shorten(name), presets=", ".join(PRESETS)))
        if name not in names:
            names.append(name)
    if not names:
        raise BadArgument(_("--rules takes 'all' or presets, comma separated: {presets}").format(
            presets=", ".join(PRESETS)))
    return names


def _each_preset(args: argparse.Namespace, answer: Callable[[RuleSet], T]) -> list[tuple[str, T | Refusal]]:
    """``answer`` for every chosen preset (with --variant and --set), or the preset's refusal.

    When every preset refuses for the same reason (or only one was asked), that reason is the
    command's one-line error instead."""
    options = dict(args.set)
    results: list[tuple[str, T | Refusal]] = []
    for name in _preset_names(args):
        try:
            results.append((name, answer(preset(name, args.variant, **options))))
        except ValueError as error:
            results.append((name, Refusal(str(error))))
    reasons = {r.reason for _name, r in results if isinstance(r, Refusal)}
    if len(reasons) == 1 and all(isinstance(r, Refusal) for _name, r in results):
        raise BadArgument(reasons.pop())
    return results


def _status(results: Sequence[tuple[str, object]]) -> int:
    """0 when some preset answered; otherwise the rows printed say why each refused."""
    if all(isinstance(r, Refusal) for _name, r in results):
        raise BadArgument(_("no preset gives a result; each row above says why"))
    return 0


def _cards(text: str, what: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        raise BadArgument(f"{what}: {error}") from None


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards) or _("(none)")


def _refused(name: str, reason: str) -> str:
    # Translators: {name} is a preset (classic), {reason} why it gives no answer.
    return _("{name}: refused: {reason}").format(name=name, reason=reason)


@dataclass(frozen=True)
class Position:
    """A ``batak legal`` question: the hand, the trick so far, trump and the flags."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit | None
    trump_broken: bool
    partner_winning: bool = False

    def verdicts(self, rules: RuleSet) -> list[Verdict]:
        """Each card of the hand under ``rules`` (ValueError for an impossible position)."""
        return [explain_play(rules, list(self.hand), list(self.trick), self.trump, self.trump_broken, card,
                             partner_winning=self.partner_winning) for card in self.hand]


def legal_table(position: Position, columns: Sequence[tuple[str, list[Verdict]]],
                refusals: Sequence[tuple[str, Refusal]] = ()) -> str:
    """Which cards each preset allows, side by side, then why the others are not allowed; a
    preset that refused the question gets a line saying why."""
    legal = pgettext("card may be played", "legal")
    # Translators: a table cell, {rule} is a rule id (follow-suit).
    illegal = _("no: {rule}")
    cells = {name: [legal if v.legal else illegal.format(rule=v.rule) for v in verdicts]
             for name, verdicts in columns}
    width = 2 + max(len(text) for column in [*cells.values(), list(cells)] for text in column)
    card_head = pgettext("table heading", "card")
    lines = [
        _("Hand: {hand}   Trick so far: {trick}   Trump: {trump}   Trump broken: {broken}").format(
            hand=_labels(position.hand), trick=_labels(position.trick),
            trump=position.trump.symbol if position.trump is not None else pgettext("no trump", "none"),
            broken=pgettext("rule is on", "yes") if position.trump_broken else pgettext("rule is on", "no")),
        "",
        card_head.ljust(6) + "".join(name.ljust(width) for name, _verdicts in columns),
    ]
    for i, card in enumerate(position.hand):
        lines.append(card.label.ljust(6) + "".join(cells[name][i].ljust(width) for name, _verdicts in columns))
    lines.append("")
    for name, verdicts in columns:
        # Translators: {name} is a preset (classic), {cards} the cards it allows ("Q♣ 4♣").
        lines.append(_("{name}: legal {cards}").format(name=name, cards=_labels([v.card for v in verdicts if v.legal])))
        for verdict in verdicts:
            if not verdict.legal:
                lines.append(f"  {verdict.card.label}: {verdict.reason} [{verdict.rule}]")
    for name, refusal in refusals:
        lines.append(_refused(name, refusal.reason))
    return "\n".join(lines)


def _cmd_legal(args: argparse.Namespace) -> int:
    hand = _cards(args.hand, "--hand")
    if not hand:
        raise BadArgument(_("--hand needs at least one card, e.g. --hand \"QC 4C 2D\""))
    trick = _cards(args.trick, "--trick")
    try:
        trump = None if args.trump.strip().lower() in ("none", "-") else Suit.parse(args.trump)
    except ValueError as error:
        raise BadArgument(f"--trump: {error}") from None
    position = Position(tuple(hand), tuple(trick), trump, args.trump_broken, args.partner_winning)
    results = _each_preset(args, position.verdicts)
    columns = [(name, r) for name, r in results if not isinstance(r, Refusal)]
    refusals = [(name, r) for name, r in results if isinstance(r, Refusal)]
    if columns:
        print(legal_table(position, columns, refusals))
        if len(trick) == 3:
            print("\n" + _("(The trick winner is decided once your card is added.)"))
    else:
        for name, refusal in refusals:
            print(_refused(name, refusal.reason))
    return _status(results)


def _cmd_score(args: argparse.Namespace) -> int:
    def row(rules: RuleSet) -> str:
        if rules.announcements:
            if args.announced is None:
                raise ValueError(_("Koz Maça scores each seat's announcement: give --announced N N N N"))
            scores = score_announcements(rules, args.announced, args.tricks)
            # Translators: {numbers} are the four seats' announcements, "3 2 0 5".
            contract = _("announced {numbers}").format(numbers=" ".join(map(str, args.announced)))
        else:
            if args.declarer is None or args.bid is None:
                raise ValueError(_("give --declarer and --bid (for Koz Maça: --variant koz_maca and --announced)"))
            scores = score_deal(rules, args.declarer, args.bid, args.tricks)
            made = contract_made(rules, args.declarer, args.bid, args.tricks)
            contract = (_("bid {bid} made") if made else _("bid {bid} failed")).format(bid=args.bid)
        # Translators: {seat} is a seat number 0-3, {points} signed points ("+71", "-70").
        seat = _("seat {seat}: {points}")
        return f"{contract}   " + "  ".join(seat.format(seat=s, points=format_number(p, signed=True))
                                            for s, p in enumerate(scores))

    results = _each_preset(args, row)
    for name, result in results:
        shown = (_("refused: {reason}").format(reason=result.reason) if isinstance(result, Refusal) else result)
        print(f"{name:<10} " + shown)
    return _status(results)


def _cmd_rules(args: argparse.Namespace) -> int:
    results = _each_preset(args, lambda rules: (rules.variant.value, rules.describe()))
    for name, result in results:
        if isinstance(result, Refusal):
            print("== " + _refused(name, result.reason))
        else:
            variant, items = result
            print(f"== {name} ({variant}) ==")
            for item in items:
                print(f"- {item.text}  [{item.source}]")
        print()
    return _status(results)


def _example_block(example: PlayExample) -> str:
    position = Position(tuple(example.hand), tuple(example.trick), example.trump, example.trump_broken)
    columns = [(name, position.verdicts(preset(name, **example.options))) for name in PRESETS
               if name in example.legal]
    return f"### {example.title}  ({example.source})\n{legal_table(position, columns)}\n"


def _cmd_lab(args: argparse.Namespace) -> int:
    print(_("Batak rules lab: the sources' worked examples under every preset") + "\n")
    # Translators: {rules} lists each rule id with its title: "follow-suit = follow suit; ...".
    print(_("Play rules (ids): {rules}").format(rules="; ".join(f"{k} = {rule_title(k)}" for k in RULE_TITLES))
          + "\n")
    for example in PLAY_EXAMPLES:
        print(_example_block(example))
        if example.trick:
            full = [*example.trick, *example.legal["miniokey"][:1]]
            winner = trick_winner(full, example.trump)
            # Translators: {cards} is the whole trick ("9♣ 3♥ Q♣ 2♣"), {card} its winning card.
            print("  " + _("Completed as {cards}: {card} wins the trick.").format(cards=_labels(full),
                                                                                 card=full[winner].label) + "\n")
    print("## " + _("Edge cases where the sources disagree") + "\n")
    for example in EDGE_CASES:
        print(_example_block(example))
    print("## " + _("Scoring examples") + "\n")
    for score in SCORE_EXAMPLES:
        rules = preset(score.preset, **score.options)
        got = score_deal(rules, score.declarer, score.bid, score.tricks)
        print(f"{score.preset:<10} {score.title}: " + ", ".join(f"{p:+d}" for p in got))
    print("\n" + _("Try your own position: {command}").format(
        command='batak legal --rules all --hand "QC 4C 2D" --trick "9C 3H" --trump H'))
    return 0


def _rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="all", metavar="PRESETS",
                   help=_("'all' (the default) or preset names, comma separated: {presets}").format(
                       presets=", ".join(PRESETS)))
    p.add_argument("--variant", type=one_of("--variant", [v.value for v in Variant]), default=None,
                   help=_("the form of the game: ihaleli (auction, the default), koz_maca (announcements, spades "
                          "trump), esli (partners) or gommeli (buried kitty); with --rules all, the presets "
                          "whose source describes it"))
    p.add_argument("--set", action="append", type=rule_setting, default=[], metavar="OPTION=VALUE",
                   help=_("change a rule option (a house rule), e.g. --set min_bid=4, --set must_overtake=false, "
                          "--set deal_choices=3,5,7; the options: {options}").format(options=house_rule_names()))


def add_commands(sub: argparse._SubParsersAction[Parser]) -> None:
    """Register ``legal``, ``score``, ``rules`` and ``lab``; each sets ``func(args) -> int``."""
    epilog = _(EXIT_STATUS)
    legal = sub.add_parser("legal", help=_("which cards may be played, and why not"), epilog=epilog)
    _rules_options(legal)
    legal.add_argument("--hand", required=True, help=_('your cards, e.g. "QC 4C 2D" (10 as 10 or T)'))
    legal.add_argument("--trick", default="", help=_('the cards already in the trick, lead first, e.g. "9C 3H"'))
    legal.add_argument("--trump", required=True, help=_("the trump suit: S, H, D or C (or none)"))
    legal.add_argument("--trump-broken", action="store_true", help=_("trump has already been broken"))
    legal.add_argument("--partner-winning", action="store_true",
                       help=_("Eşli: your partner holds the winning card so far"))
    legal.set_defaults(func=_cmd_legal)

    score = sub.add_parser("score", help=_("points for one deal"), epilog=epilog)
    _rules_options(score)
    score.add_argument("--declarer", type=whole("--declarer", 0, 3), help=_("the declarer's seat, 0-3"))
    score.add_argument("--bid", type=whole("--bid", 1, 13), help=_("the contract, 1-13"))
    score.add_argument("--announced", type=whole("--announced", 0, 13), nargs=4, metavar="N",
                       help=_("Koz Maça: each seat's announcement, 0-13 (0: none)"))
    score.add_argument("--tricks", type=whole("--tricks", 0, 13), nargs=4, required=True, metavar="N",
                       help=_("the tricks won by seats 0, 1, 2 and 3 (each 0-13)"))
    score.set_defaults(func=_cmd_score)

    rules = sub.add_parser("rules", help=_("a preset's rules in plain English, with sources"), epilog=epilog)
    _rules_options(rules)
    rules.set_defaults(func=_cmd_rules)

    lab = sub.add_parser("lab", help=_("the sources' worked examples under every preset"))
    lab.set_defaults(func=_cmd_lab)
