"""The `batak play` and `batak match` subcommands (registered on the main CLI's subparsers).

`play`: a full game in the terminal, you against three bots, with hints on request.
`match`: duplicate matches between two bot levels, mean points per deal with a 95% interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..actions import Action
from ..ai.bots import LEVELS, Bot, get, hint, review
from ..ai.match import match
from ..cards import sorted_hand
from ..deal import Deal, Phase
from ..game import Game
from ..legality import IllegalMove
from ..rules import PRESETS, preset

HELP = ("Type a bid number or 'pass' in the auction, a suit (S H D C) for trump, a card such as "
        "QS or 10H to play; 'hint' for advice, 'auto' to take the advice, 'hand' to see your "
        "cards again, 'quit' to stop.")


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `play` and `match`; each sets ``func(args) -> int`` as its handler."""
    play = subparsers.add_parser("play", help="play a game in the terminal against three bots")
    play.add_argument("--rules", default="miniokey", choices=list(PRESETS), help="the preset to play")
    play.add_argument("--bots", default="club", choices=LEVELS, help="the bots' level")
    play.add_argument("--seat", type=int, default=0, choices=range(4), help="your seat (0..3)")
    play.add_argument("--seed", type=int, default=None, help="repeat a game by its seed")
    play.add_argument("--deals", type=_positive, default=None, help="number of deals (default: the preset's)")
    play.add_argument("--review", action="store_true", help="after each deal, list your costliest cards")
    play.set_defaults(func=run_play)

    duel = subparsers.add_parser("match", help="duplicate match between two bot levels")
    duel.add_argument("--a", default="expert", choices=LEVELS, help="first bot level")
    duel.add_argument("--b", default="club", choices=LEVELS, help="second bot level")
    duel.add_argument("--deals", type=_positive, default=100, help="deals per preset (each played twice)")
    duel.add_argument("--rules", default="all", choices=[*PRESETS, "all"], help="a preset, or all of them")
    duel.add_argument("--seed", type=int, default=0, help="seed of the deals")
    duel.add_argument("--workers", type=_positive, default=1, help="processes to use")
    duel.set_defaults(func=run_match)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def run_match(args: argparse.Namespace) -> int:
    names = list(PRESETS) if args.rules == "all" else [args.rules]
    for name in names:
        result = match(name, args.a, args.b, args.deals, seed=args.seed, workers=args.workers)
        print(result.summary(), flush=True)
    return 0


def run_play(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    rules = preset(args.rules)
    if args.deals is not None:
        rules = rules.replace(game_end="fixed_deals", deals=args.deals, deal_choices=())
    game = Game(rules, seed=args.seed)
    bots = {s: get(args.bots, seed=s) for s in range(4) if s != args.seat}
    print(f"Batak, {rules.name} rules, game {game.seed}. You are seat {args.seat}; "
          f"three {args.bots} bots play the others. {HELP}")
    try:
        while True:
            _play_deal(game.deal, args.seat, bots, read)
            _report_deal(game, args.seat, args.review)
            if game.is_over:
                print(game.status)
                return 0
            game.next_deal()
    except (EOFError, KeyboardInterrupt):
        print("\nInput ended: game stopped.")
        return 1
    except _Quit:
        print("Game stopped.")
        return 0


class _Quit(Exception):
    pass


def _play_deal(deal: Deal, seat: int, bots: dict[int, Bot], read: Callable[[str], str]) -> None:
    print(f"\nNew deal: seat {deal.dealer} deals. Your hand: {_hand(deal, seat)}")
    while not deal.is_finished:
        mover = deal.to_move
        assert mover is not None
        if mover == seat:
            action = _ask(deal, seat, read)
        else:
            bot = bots[mover]
            action = bot.choose(deal.view(mover))
        tricks_before = len(deal.tricks)
        deal.act(action)
        print(f"  {'You' if mover == seat else f'Seat {mover}'}: {action.text(announcing=deal.rules.announcements)}")
        if len(deal.tricks) > tricks_before:
            won = deal.tricks[-1].winner
            print(f"  -> {'you win' if won == seat else f'seat {won} wins'} trick {len(deal.tricks)}")


def _ask(deal: Deal, seat: int, read: Callable[[str], str]) -> Action:
    view = deal.view(seat)
    if view.phase is Phase.PLAY:
        table = " ".join(c.label for c in view.current_trick) or "(you lead)"
        print(f"Trick {len(view.tricks) + 1}, on the table: {table}. Trump {view.trump.symbol if view.trump else '-'}."
              f" Your hand: {_hand(deal, seat)}")
    elif view.phase is Phase.AUCTION:
        print(f"Your bid (highest so far: {view.high_bid or 'none'}). Your hand: {_hand(deal, seat)}")
    else:
        print(f"You won the auction with {view.contract}: name trump. Your hand: {_hand(deal, seat)}")
    while True:
        text = read("> ").strip()
        command = text.lower()
        if command in ("quit", "exit", "q"):
            raise _Quit
        if command in ("help", "h"):
            print(HELP)
            continue
        if command == "hand":
            print(_hand(deal, seat))
            continue
        if command in ("hint", "?", "auto"):
            advice = hint(view)
            if command == "auto":
                return advice.action
            others = ", ".join(f"{a.text()} {v:g}" for a, v in advice.alternatives[:5])
            print(f"Hint: {advice.action.text()}. {advice.reason} (values: {others})")
            continue
        try:
            action = _parse(text, view.phase)
            probe = deal.copy()
            probe.act(action)
        except (ValueError, IllegalMove) as error:
            print(f"  {error}")
            continue
        return action


def _parse(text: str, phase: Phase) -> Action:
    words = text.split()
    if not words:
        raise ValueError(HELP)
    if phase is Phase.AUCTION:
        if words[0].lower() == "pass":
            return Action.pass_()
        number = words[-1]
        if number.isdigit():
            return Action.bid(int(number))
        raise ValueError("In the auction type a number of tricks or 'pass'.")
    if phase is Phase.TRUMP:
        return Action.trump(words[-1])
    return Action.play(words[-1])


def _hand(deal: Deal, seat: int) -> str:
    return " ".join(c.label for c in sorted_hand(deal.hand(seat))) or "(empty)"


def _report_deal(game: Game, seat: int, with_review: bool) -> None:
    deal = game.deal
    if deal.phase is Phase.REDEAL:
        print("Everyone passed: the cards are thrown in.")
        return
    scores = deal.scores()
    print(f"Deal over. Tricks {deal.tricks_won}, points {scores}; totals {game.totals}.")
    if with_review:
        result = review(deal, seat)
        for item in result.items[:3]:
            print("  Review: " + item.text)
        if not result.items:
            print(f"  Review: no costly card found in {result.scope}.")
        elif result.first_trick > 1:
            print(f"  (Review of {result.scope}.)")

