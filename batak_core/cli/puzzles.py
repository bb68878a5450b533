"""`batak puzzles build`, `batak puzzles bidding` and `batak puzzle` (registered on the main CLI).

`puzzles build` regenerates the shipped puzzle file from bot-played deals (the same file for
the same seed, whatever ``--workers``); `puzzles bidding` the bidding trainer's solved hands;
`puzzle` sets one puzzle in the terminal with every hand shown, reads the learner's cards and
says right or wrong with each card's value, through a line of several moves.
"""

from __future__ import annotations

import argparse
import random
import shlex
import time
from collections.abc import Callable, Sequence

from ..cards import CARDS, Card, parse_typed_card, sorted_hand
from ..i18n import _, format_number, ngettext, upper_first
from ..rules import PRESETS, Variant, variants_of
from ..teaching import puzzles
from ..teaching.names import seat_name
from .arguments import BadArgument, Parser, one_of, seed, whole

VARIANTS = [v.value for v in Variant]


def add_commands(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register `puzzles` (with `build` and `bidding`) and `puzzle`."""
    group = subparsers.add_parser("puzzles", help=_("regenerate the puzzle and bidding-trainer data files"))
    tasks = group.add_subparsers(dest="task", required=True, metavar="TASK")
    build = tasks.add_parser("build", help=_("generate the puzzles from bot-played deals"),
                             epilog=_("Exit status: 0 when the file is written; 2 for a bad argument."))
    build.add_argument("--presets", default="all", type=_preset_list,
                       help=_("'all' or presets, comma separated: {presets}").format(presets=", ".join(PRESETS)))
    build.add_argument("--per-preset", type=whole("--per-preset", 1, 100_000), default=300,
                       help=_("puzzles under each preset's İhaleli (default 300)"))
    build.add_argument("--per-variant", type=whole("--per-variant", 1, 100_000), default=100,
                       help=_("puzzles under each other variant a preset's source describes (default 100)"))
    build.add_argument("--seed", type=seed(), default=0, help=_("seed of the deals (0 to 2**64 - 1)"))
    build.add_argument("--out", default=str(puzzles.PUZZLES_FILE), help=_("the file to write"))
    build.add_argument("--workers", type=whole("--workers", 1, 32), default=1, help=_("processes to use, 1-32"))
    build.set_defaults(func=run_build)

    bidding = tasks.add_parser("bidding", help=_("solve the bidding trainer's hands over sampled layouts"),
                               epilog=_("Exit status: 0 when the file is written; 2 for a bad argument."))
    bidding.add_argument("--presets", default="all", type=_preset_list,
                         help=_("'all' or presets, comma separated: {presets}").format(presets=", ".join(PRESETS)))
    bidding.add_argument("--hands", type=whole("--hands", 1, 10_000), default=24, help=_("hands per preset"))
    bidding.add_argument("--layouts", type=whole("--layouts", 1, 1_000), default=20,
                         help=_("layouts of the other hands solved for each hand"))
    bidding.add_argument("--seed", type=seed(), default=0, help=_("seed of the deals (0 to 2**64 - 1)"))
    bidding.add_argument("--out", default=str(puzzles.BIDDING_FILE), help=_("the file to write"))
    bidding.add_argument("--workers", type=whole("--workers", 1, 32), default=1, help=_("processes to use, 1-32"))
    bidding.set_defaults(func=run_bidding)

    one = subparsers.add_parser(
        "puzzle", help=_("solve a double-dummy puzzle in the terminal"),
        epilog=_("Exit status: 0 when the puzzle is over or you quit; 1 when the input ends; 2 for a bad argument."))
    one.add_argument("--rules", default="miniokey", type=one_of("--rules", list(PRESETS)),
                     help=_("the preset: {presets}").format(presets=", ".join(PRESETS)))
    one.add_argument("--variant", default="ihaleli", type=one_of("--variant", VARIANTS),
                     help=_("the form of the game: ihaleli (the default), koz_maca, esli or gommeli"))
    one.add_argument("--theme", default=None, type=one_of("--theme", list(puzzles.THEME_TITLES)),
                     help=_("only puzzles of this theme: {themes}").format(themes=", ".join(puzzles.THEME_TITLES)))
    one.add_argument("--seed", type=seed(), default=None, help=_("choose the puzzle by this seed"))
    one.add_argument("--id", default=None, help=_("the puzzle's id, e.g. miniokey-ihaleli-45a3135602"))
    one.add_argument("--file", default=None, help=_("a puzzle file other than the shipped one"))
    one.set_defaults(func=run_puzzle)


def _preset_list(text: str) -> list[str]:
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if words == ["all"]:
        return list(PRESETS)
    bad = [w for w in words if w not in PRESETS]
    if bad or not words:
        raise BadArgument(_("--presets takes 'all' or presets, comma separated: {presets}, not {text}").format(
            presets=", ".join(PRESETS), text=repr(text)))
    return [n for n in PRESETS if n in words]


def _command(args: argparse.Namespace, flags: Sequence[str]) -> str:
    """The command line that regenerates the same file (the data file's header says it)."""
    parts = ["batak", "puzzles", args.task]
    for flag in flags:
        value = getattr(args, flag.strip("-").replace("-", "_"))
        parts += [flag, ",".join(value) if isinstance(value, list) else str(value)]
    return " ".join(shlex.quote(p) for p in parts)


def run_build(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    found, times = puzzles.build(args.presets, args.per_preset, args.per_variant, args.seed, args.workers,
                                 report=lambda line: print(line, flush=True))
    puzzles.write(found, args.out, _command(args, ["--presets", "--per-preset", "--per-variant", "--seed"]))
    print(ngettext("{n} puzzles written to {file} in {seconds} s ({ms} ms a deal searched, median)",
                   "{n} puzzles written to {file} in {seconds} s ({ms} ms a deal searched, median)",
                   len(found)).format(n=len(found), file=args.out,
                                      seconds=format_number(time.perf_counter() - started, 1),
                                      ms=format_number(puzzles.median(times) * 1000)))
    return 0


def run_bidding(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    hands = puzzles.build_bidding(args.presets, args.hands, args.layouts, args.seed, args.workers,
                                  report=lambda line: print(line, flush=True))
    puzzles.write_bidding(hands, args.out, _command(args, ["--presets", "--hands", "--layouts", "--seed"]))
    print(ngettext("{n} hands written to {file} in {seconds} s", "{n} hands written to {file} in {seconds} s",
                   len(hands)).format(n=len(hands), file=args.out,
                                      seconds=format_number(time.perf_counter() - started, 1)))
    return 0


def _choose(args: argparse.Namespace) -> puzzles.Puzzle:
    try:
        every = puzzles.load(args.file)
        if args.id is not None:
            return puzzles.by_id(args.id, args.file)
    except ValueError as error:  # PuzzleFileError too
        raise BadArgument(str(error)) from None
    if args.variant not in [v.value for v in variants_of(args.rules)]:
        # Translators: {rules} is a rule source (miniokey), {variant} and {variants} are variants' ids (esli), as
        # the command line takes them.
        raise BadArgument(_("the {rules} rules have no {variant} variant; they have {variants}").format(
            rules=args.rules, variant=args.variant, variants=", ".join(v.value for v in variants_of(args.rules))))
    pool = [p for p in every if p.preset == args.rules and p.variant == args.variant
            and (args.theme is None or args.theme in p.themes)]
    if not pool:
        if args.theme:
            # Translators: {rules} is a rule source (miniokey), {variant} a variant's id (ihaleli), {theme} a
            # theme's id (overtake-trap), as the command line takes them.
            raise BadArgument(_("no puzzle under {rules} {variant} with the theme {theme}").format(
                rules=args.rules, variant=args.variant, theme=args.theme))
        # Translators: {rules} is a rule source (miniokey), {variant} a variant's id (ihaleli).
        raise BadArgument(_("no puzzle under {rules} {variant}").format(rules=args.rules, variant=args.variant))
    return random.Random(args.seed).choice(pool)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in sorted_hand(cards)) or _("(none)")


def _played(solve: puzzles.Solve, before: puzzles.Position, card: Card, replies: Sequence[Card]) -> str:
    """The replies in words, who played which card: replayed from the position ``before`` the
    learner's ``card`` (a finished trick is led on by its winner)."""
    rules = solve.puzzle.rules
    pos = before.play(rules, card)
    said = []
    for reply in replies:
        said.append(f"{seat_name(pos.to_move)} {reply.label}")
        pos = pos.play(rules, reply)
    return ", ".join(said)


def table_text(solve: puzzles.Solve) -> str:
    """Every hand and the trick so far, as lines of text."""
    lines = [f"{seat_name(s):>7}: {_cards(solve.hands[s])}" for s in range(4)]
    if solve.trick:
        played = ", ".join(f"{seat_name((solve.leader + i) % 4)} {c.label}" for i, c in enumerate(solve.trick))
        lines.append("  " + _("Trick so far: {cards}").format(cards=played))
    else:
        lines.append("  " + _("You are on lead."))
    return "\n".join(lines)


def _role(puzzle: puzzles.Puzzle) -> str:
    """Who plays for what, as a clause of the introduction."""
    if puzzle.declarer is None:
        if puzzle.contract is None:
            return _("everyone plays for themselves")
        # Translators: Koz Maça: the number of tricks the learner announced.
        return _("you announced {n}").format(n=puzzle.contract)
    if puzzle.declarer == 0:
        return _("you are the declarer with a contract of {n}").format(n=puzzle.contract)
    if puzzle.rules.partnership and puzzle.declarer == 2:
        return _("your partner {name} is the declarer with a contract of {n}").format(
            name=seat_name(2), n=puzzle.contract)
    return _("{name} is the declarer with a contract of {n}").format(name=seat_name(puzzle.declarer),
                                                                    n=puzzle.contract)


def intro(puzzle: puzzles.Puzzle) -> str:
    """Who plays for what, the trump and the tricks left: a line of facts, each a clause of its own."""
    left = len(puzzle.hands[0])
    word = puzzle.trump.word()
    # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥); a clause
    # of a line of facts separated by semicolons.
    trump = _("{suit} {symbol} are trump").format(suit=upper_first(word), symbol=puzzle.trump.symbol)
    tricks = ngettext("{n} trick left", "{n} tricks left", left).format(n=left)
    taken = (_("your side has taken {n} so far") if puzzle.rules.partnership
             else _("you have taken {n} so far")).format(n=puzzle.won)
    themes = ", ".join(puzzles.theme_title(t) for t in puzzle.themes)
    # Translators: {id} is the puzzle's id, {rules} a rule source (miniokey) and {variant} a variant's id
    # (ihaleli), kept as they are; {themes} the puzzle's themes.
    title = _("Puzzle {id} ({rules} {variant}; rating {rating}; {themes}).").format(
        id=puzzle.id, rules=puzzle.rules.name, variant=puzzle.variant, rating=round(puzzle.rating), themes=themes)
    facts = "; ".join([trump, tricks, _role(puzzle), taken])
    return (f"{title}\n{facts}. "
            + _("Find the card that keeps the most tricks, with every hand in view.") + " "
            # Translators: {card} is the queen of spades as typed in the language ("KS"); 10H stays as it is.
            + _("Type a card such as {card} or 10H, 'quit' to stop.").format(card=CARDS[10].typed))


def run_puzzle(args: argparse.Namespace) -> int:
    read: Callable[[str], str] = args.read
    puzzle = _choose(args)
    solve = puzzles.Solve(puzzle)
    print(intro(puzzle))
    try:
        while not solve.done:
            print(table_text(solve))
            print("  " + _("Your legal cards: {cards}").format(cards=_cards(solve.legal())))
            text = read("> ").strip()
            if text.lower() in ("quit", "exit", "q"):
                print(_("Puzzle stopped."))
                return 0
            before = solve.position
            try:
                card = parse_typed_card(text)
                verdict = solve.play(card)
            except ValueError as error:
                print(f"  {error}")
                continue
            print(f"  {verdict.message}")
            shown = ", ".join(f"{c.label} {'=' if v == 0 else v}" for c, v in verdict.values.items())
            print("  " + _("Each card against the best: {values}").format(values=shown))
            if verdict.replies:
                print("  " + _("Then: {plays}").format(plays=_played(solve, before, card, verdict.replies)))
    except (EOFError, KeyboardInterrupt):
        print("\n" + _("Input ended: puzzle stopped."))
        return 1
    return 0
