"""The `batak analyse` subcommand: a saved deal replayed with every legal card valued double-dummy.

`batak analyse FILE` reads a deal or a game file (``saving.from_json``; of a game, its last deal or
``--deal N``) and prints the auction findings, then each trick: every seat's card with its value
and the other legal cards' values ("=" keeps the best result, "−1" is a trick less ...), in points
too where the score follows from the tricks. The numbers come from ``ai.analysis.analyse``: with the
compiled solver for every trick (within ``BACKGROUND_NODES``), in pure Python within the board's
budget.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..ai.analysis import BACKGROUND_NODES, CardChoice, DealAnalysis, analyse, board_budget, values_every_trick
from ..cards import Card
from ..deal import Deal
from ..documents import SaveFileError
from ..game import Game
from ..i18n import _, format_number, ngettext
from ..saving import from_json
from ..teaching.names import seat_name
from .arguments import BadArgument, Parser, whole

MAX_FILE_BYTES = 1_000_000
"""A save file is a few kilobytes; anything far bigger is not one."""


def add_commands(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register `analyse`; it sets ``func(args) -> int`` as its handler."""
    command = subparsers.add_parser(
        "analyse", help=_("replay a saved deal with every legal card valued by perfect play"),
        epilog=_("Exit status: 0 after the analysis; 2 for a bad argument or a file that is not a save file."))
    command.add_argument("file", help=_("a deal or game file saved by batak (JSON)"))
    command.add_argument("--deal", type=whole("--deal", 1, 999), default=None,
                         help=_("for a game file: which deal to analyse, 1 up (default: the last)"))
    command.add_argument("--no-auction", action="store_true",
                         help=_("leave the auction and trump choice unjudged (they take the longest)"))
    command.set_defaults(func=run_analyse)


def run_analyse(args: argparse.Namespace) -> int:
    deal = _load(Path(args.file), args.deal)
    every_trick = values_every_trick()
    if every_trick:
        print(_("Valuing every card against perfect play (a hard deal can take a few minutes)..."), file=sys.stderr)
    result = analyse(deal, BACKGROUND_NODES if every_trick else board_budget(),
                     auction_seats=() if args.no_auction else (0, 1, 2, 3))
    print(report(result))
    return 0


def _load(path: Path, number: int | None) -> Deal:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BadArgument(_("{path} is too big to be a save file (at most {most} bytes)").format(
                path=path, most=format_number(MAX_FILE_BYTES)))
        item = from_json(path.read_bytes())
    except OSError as error:
        raise BadArgument(_("cannot read {path}: {reason}").format(path=path, reason=error.strerror or error)) from None
    except SaveFileError as error:
        raise BadArgument(f"{path}: {error}") from None
    if isinstance(item, Game):
        deals = item.deals
        if number is None:
            return deals[-1]
        if number > len(deals):
            raise BadArgument(ngettext("--deal: the game has {n} deal; choose 1 to {n}, not {number}",
                                       "--deal: the game has {n} deals; choose 1 to {n}, not {number}",
                                       len(deals)).format(n=len(deals), number=number))
        return deals[number - 1]
    if number is not None and number != 1:
        raise BadArgument(_("--deal: the file holds a single deal; leave --deal out, not {number}").format(
            number=number))
    return item


def value_text(value: int) -> str:
    """"=" for a best card, "−1", "−2" ... (a true minus sign) for tricks or points given away."""
    return "=" if value == 0 else f"\u2212{-value}"


def report(result: DealAnalysis) -> str:
    """The analysis as lines of text."""
    deal = result.deal
    lines = [_heading(deal)]
    lines.extend(_auction_lines(result))
    for trick in sorted({c.trick for c in result.choices}):
        choices = result.trick_choices(trick)
        leader = choices[0].leader
        if leader == 0:
            lines.append(_("Trick {number} (You lead):").format(number=trick))
        else:
            lines.append(_("Trick {number} ({name} leads):").format(number=trick, name=seat_name(leader)))
        lines.extend(f"  {_choice_line(c)}" for c in choices)
    if result.note:
        lines.append(result.note)
    return "\n".join(lines)


def _auction_lines(result: DealAnalysis) -> list[str]:
    """The auction findings per seat whose calls were judged (none in Koz Maça and Gömmeli)."""
    lines = []
    for seat, review in enumerate(result.auction):
        if review is None or not review.calls:
            continue
        name = seat_name(seat)
        if not review.judged:
            # Translators: {name} is a player ("You", "Ayşe"), as a label before the colon.
            lines.append("  " + _("{name}: too few layouts fitted the search budget to judge the calls.").format(
                name=name))
        elif not review.findings:
            lines.append("  " + _("{name}: no call cost points.").format(name=name))
        lines.extend(f"  {name}: {finding.text}" for finding in review.findings)
    return [_("Auction and trump:"), *lines] if lines else []


def _heading(deal: Deal) -> str:
    rules = deal.rules
    if rules.variant.value == "ihaleli":
        # Translators: {name} is a preset (miniokey).
        head = _("Deal analysis, {name} rules.").format(name=rules.name)
    else:
        # Translators: {variant} is the variant's id (koz_maca, esli, gommeli).
        head = _("Deal analysis, {name} {variant} rules.").format(name=rules.name, variant=rules.variant.value)
    if deal.declarer is not None and deal.trump is not None:
        if deal.declarer == 0:
            declared = _("You declared {bid} with {suit} trump.")
        else:
            declared = _("{name} declared {bid} with {suit} trump.")
        head += " " + declared.format(name=seat_name(deal.declarer), bid=deal.contract, suit=deal.trump.word())
    elif rules.announcements:
        said = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(deal.announcements) if n is not None)
        if said:
            # Translators: {said} lists each player with their number, "You 3, Ayşe 2".
            head += " " + _("Announced: {said}.").format(said=said)
    return head


def _choice_line(choice: CardChoice) -> str:
    name = f"{seat_name(choice.seat):7}"
    if not choice.valued:
        return f"{name}{choice.played.label}  " + _("(not valued)")
    if len(choice.legal) == 1:
        return f"{name}{choice.played.label}  " + _("(the only legal card)")
    played = f"{name}{choice.played.label} {_valued(choice, choice.played)}"
    others = "  ".join(f"{card.label} {_valued(choice, card)}" for card in choice.legal if card != choice.played)
    # Translators: {cards} are the other legal cards with their values, "Q♣ −1  4♣ =".
    return f"{played}   " + _("others: {cards}").format(cards=others)


def _valued(choice: CardChoice, card: Card) -> str:
    text = value_text(choice.values[card])
    if choice.points is not None and choice.points[card] != choice.values[card] and choice.points[card]:
        # Translators: {value} is a number of points given away, "−20" (with a true minus sign).
        text += " " + _("({value} pts)").format(value=value_text(choice.points[card]))
    return text
