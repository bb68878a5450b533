"""The `batak play` and `batak match` subcommands (registered on the main CLI's subparsers).

`play`: a full game in the terminal, you against three bots, with hints on request, under any
preset and variant: Koz Maça announcements, the Gömmeli bury (you type the four cards) and the
classic Eşli open dummy (as declarer you play your partner's cards too).
`match`: duplicate matches between two bot levels, mean points per deal with a 95% interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..actions import Action, ActionKind
from ..ai.bots import LEVELS, Bot, Hint, get, hint, review
from ..ai.match import match
from ..cards import Card, Suit, sorted_hand
from ..deal import Deal, DealView, Phase
from ..game import Game
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..seats import partner
from .arguments import BadArgument, Parser, house_rule_names, one_of, rule_setting, seed, whole

VARIANTS = [v.value for v in Variant]
MAX_MATCH_DEALS = 100_000
MAX_WORKERS = 32


def add_commands(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register `play` and `match`; each sets ``func(args) -> int`` as its handler."""
    play = subparsers.add_parser(
        "play", help="play a game in the terminal against three bots",
        epilog="Exit status: 0 when the game is over or you quit; 1 when the input ends or is interrupted "
               "(Ctrl-D, Ctrl-C); 2 for a bad argument.")
    play.add_argument("--rules", default="miniokey", type=one_of("--rules", list(PRESETS)),
                      help=f"the preset to play: {', '.join(PRESETS)}")
    play.add_argument("--variant", default=None, type=one_of("--variant", VARIANTS),
                      help="the form of the game: ihaleli (auction, the default), koz_maca, esli or gommeli")
    play.add_argument("--bots", default="club", type=one_of("--bots", LEVELS),
                      help=f"the bots' level: {', '.join(LEVELS)}")
    play.add_argument("--seat", type=whole("--seat", 0, 3), default=0, help="your seat, 0-3")
    play.add_argument("--seed", type=seed(), default=None, help="repeat a game by its seed (0 to 2**64 - 1)")
    play.add_argument("--deals", type=whole("--deals", 1, 99), default=None,
                      help="number of deals, 1-99 (default: the preset's game length)")
    play.add_argument("--review", action="store_true", help="after each deal, list your costliest cards")
    play.add_argument("--set", action="append", type=rule_setting, default=[], metavar="OPTION=VALUE",
                      help="play a house rule, e.g. --set weak_hand_redeal=true; the options: " + house_rule_names())
    play.set_defaults(func=run_play)

    duel = subparsers.add_parser(
        "match", help="duplicate match between two bot levels",
        epilog="Exit status: 0 after the matches; 2 for a bad argument.")
    duel.add_argument("--a", default="expert", type=one_of("--a", LEVELS), help="first bot level")
    duel.add_argument("--b", default="club", type=one_of("--b", LEVELS), help="second bot level")
    duel.add_argument("--deals", type=whole("--deals", 1, MAX_MATCH_DEALS), default=100,
                      help=f"deals per preset, each played twice (1 to {MAX_MATCH_DEALS:,})")
    duel.add_argument("--rules", default="all", type=one_of("--rules", ["all", *PRESETS]),
                      help="a preset, or all of them (with --variant: those whose source describes it)")
    duel.add_argument("--variant", default=None, type=one_of("--variant", VARIANTS),
                      help="the form of the game: ihaleli (auction, the default), koz_maca, esli or gommeli")
    duel.add_argument("--seed", type=seed(), default=0, help="seed of the deals (0 to 2**64 - 1)")
    duel.add_argument("--workers", type=whole("--workers", 1, MAX_WORKERS), default=1,
                      help=f"processes to use, 1-{MAX_WORKERS} (the result does not depend on it)")
    duel.set_defaults(func=run_match)


def _rules(name: str, variant: str | None) -> RuleSet:
    try:
        return preset(name, variant)
    except ValueError as error:
        raise BadArgument(str(error)) from None


def run_match(args: argparse.Namespace) -> int:
    names = [args.rules] if args.rules != "all" else [
        n for n in PRESETS if args.variant is None or args.variant in variants_of(n)]
    rule_sets = [_rules(name, args.variant) for name in names]  # every refusal before the first match
    for rules in rule_sets:
        result = match(rules, args.a, args.b, args.deals, seed=args.seed, workers=args.workers)
        print(result.summary(), flush=True)
    return 0


def run_play(args: argparse.Namespace) -> int:
    """``batak play``: reads the learner's answers with ``args.read`` (``input`` from ``main``)."""
    read: Callable[[str], str] = args.read
    rules = _rules(args.rules, args.variant)
    try:
        rules = rules.replace(**dict(args.set))
    except ValueError as error:
        raise BadArgument(str(error)) from None
    if args.deals is not None:
        try:
            rules = rules.replace(game_end="fixed_deals", deals=args.deals, deal_choices_only=False)
        except ValueError as error:
            raise BadArgument(f"--deals: {error}") from None
    game = Game(rules, seed=args.seed)
    bots = {s: get(args.bots, seed=s) for s in range(4) if s != args.seat}
    form = "" if rules.variant is Variant.IHALELI else f" ({rules.variant.value})"
    team = f" Your partner is seat {partner(args.seat)}." if rules.partnership else ""
    print(f"Batak, {rules.name}{form} rules, game {game.seed}. You are seat {args.seat}; "
          f"three {args.bots} bots play the others.{team} {help_text(rules)}")
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


def help_text(rules: RuleSet) -> str:
    """What the learner may type under these rules."""
    if rules.announcements:
        none = " ('none' for 0)" if rules.announce_min == 0 else ""
        trump = Suit.parse(rules.fixed_trump).plural.capitalize()
        parts = [f"{trump} are always trump. Type the number of tricks you announce, {rules.announce_min} to "
                 f"{rules.tricks_per_deal}{none}"]
    else:
        parts = ["Type a bid number or 'pass' in the auction, a suit (S H D C) for trump"]
        if rules.weak_hand_redeal:
            parts.append("'redeal' in the auction to have the cards dealt again when you hold no card above 10")
    if rules.kitty:
        parts.append(f"as declarer you take the kitty and bury {rules.kitty} cards: type them, e.g. 2C 3C 4D 5H")
    parts.append("a card such as QS or 10H to play")
    if rules.dummy:
        parts.append("as declarer you also play your partner's open hand")
    return ("; ".join(parts) + ". Type 'hint' for advice, 'auto' to take the advice, 'hand' to see your "
            "cards again, 'quit' to stop.")


class _Quit(Exception):
    pass


def _play_deal(deal: Deal, seat: int, bots: dict[int, Bot], read: Callable[[str], str]) -> None:
    print(f"\nNew deal: seat {deal.dealer} deals. Your hand: {_cards(deal.hand(seat))}")
    shown_dummy = False
    while not deal.is_finished:
        if deal.dummy is not None and not shown_dummy:
            shown_dummy = True
            print(_dummy_news(deal, seat))
        mover, decider = deal.to_move, deal.decider
        assert mover is not None and decider is not None
        action = _ask(deal, seat, read) if decider == seat else bots[decider].choose(deal.view(decider))
        tricks_before = len(deal.tricks)
        deal.act(action)
        if action.kind is ActionKind.BURY and decider != seat:
            said = f"bury {len(action.cards)} cards face down"  # the buried cards stay hidden
        else:
            said = action.text(announcing=deal.rules.announcements)
        print(f"  {_who(deal, mover, decider, seat)}: {said}")
        if len(deal.tricks) > tricks_before:
            won = deal.tricks[-1].winner
            print(f"  -> {_seat_name(deal.rules, won, seat)} {'win' if won == seat else 'wins'} "
                  f"trick {len(deal.tricks)}")


def _seat_name(rules: RuleSet, other: int, seat: int) -> str:
    if other == seat:
        return "you"
    return f"seat {other} (your partner)" if rules.partnership and other == partner(seat) else f"seat {other}"


def _who(deal: Deal, mover: int, decider: int, seat: int) -> str:
    """Who acted, as the learner at ``seat`` sees it (an open dummy's cards are chosen by the declarer)."""
    if mover == decider:
        return _seat_name(deal.rules, mover, seat).capitalize()
    if decider == seat:
        return f"Seat {mover} (dummy, played by you)"
    if mover == seat:
        return f"You (dummy, played by seat {decider})"
    return f"Seat {mover} (dummy)"


def _dummy_news(deal: Deal, seat: int) -> str:
    dummy, declarer = deal.dummy, deal.declarer
    assert dummy is not None
    cards = _cards(deal.hand(dummy))
    if declarer == seat:
        return f"Your partner's hand lies open: you play it when its turn comes. Seat {dummy} holds: {cards}"
    if dummy == seat:
        return f"Your hand lies open as the dummy: your partner, seat {declarer}, plays it."
    return f"Seat {dummy}'s hand lies open (the dummy); seat {declarer} plays it: {cards}"


def _ask(deal: Deal, seat: int, read: Callable[[str], str]) -> Action:
    view = deal.view(seat)
    announcing = view.rules.announcements
    print(_prompt(view))
    while True:
        text = read("> ").strip()
        command = text.lower()
        if command in ("quit", "exit", "q"):
            raise _Quit
        if command in ("help", "h"):
            print(help_text(view.rules))
            continue
        if command == "hand":
            print(_hands(view))
            continue
        if command in ("hint", "?", "auto"):
            advice = hint(view)
            if command == "auto":
                return advice.action
            print(hint_text(advice, announcing))
            continue
        try:
            action = _parse(text, view)
            deal.copy().act(action)  # refused with the rule's reason, the deal untouched
        except ValueError as error:  # IllegalMove is a ValueError
            print(f"  {error}")
            continue
        return action


def hint_text(advice: Hint, announcing: bool) -> str:
    """The hint as one paragraph: the action, why, and its numbers with what they are (or why
    there are none)."""
    lines = "; ".join(f"{alt.action.text(announcing=announcing)}: {alt.says}" for alt in advice.shown(5))
    numbers = f"{advice.numbers_note} ({lines})" if lines else advice.numbers_note
    return f"Hint: {advice.action.text(announcing=announcing)}. {advice.reason} {numbers}"


def _prompt(view: DealView) -> str:
    """What the learner is asked now, with the cards to choose from."""
    if view.phase is Phase.PLAY:
        lead = "(you lead)" if view.to_move == view.seat else "(the dummy leads)"
        table = " ".join(c.label for c in view.current_trick) or lead
        trump = view.trump.symbol if view.trump is not None else "-"  # spades is Suit 0
        head = f"Trick {len(view.tricks) + 1}, on the table: {table}. Trump {trump}."
        if view.to_move != view.seat:
            return f"{head} Seat {view.to_move} (dummy) to play, you choose. {_hands(view)}"
        return f"{head} {_hands(view)}"
    if view.phase is Phase.AUCTION and view.rules.announcements:
        low, high = view.legal_bids[0], view.legal_bids[-1]
        told = ", ".join(f"seat {s} {'none' if n == 0 else n}" for s, n in enumerate(view.announcements)
                         if n is not None) or "none yet"
        return f"Your announcement ({low} to {high}; announced so far: {told}). {_hands(view)}"
    if view.phase is Phase.AUCTION:
        redeal = " You hold no card above 10: you may type 'redeal'." if view.can_demand_redeal else ""
        return f"Your bid (highest so far: {view.high_bid or 'none'}).{redeal} {_hands(view)}"
    if view.phase is Phase.BURY:
        return (f"You took the kitty: {_cards(view.kitty)}. Bury {view.rules.kitty} cards: type them, "
                f"e.g. {' '.join(str(c) for c in view.hand[:view.rules.kitty])}. {_hands(view)}")
    return f"You won the auction with {view.contract}: name trump. {_hands(view)}"


def _hands(view: DealView) -> str:
    mine = f"Your hand: {_cards(view.hand)}"
    if view.dummy is None or view.dummy == view.seat:
        return mine
    return f"{mine}. Dummy (seat {view.dummy}): {_cards(view.dummy_hand)}"


def _parse(text: str, view: DealView) -> Action:
    """The learner's answer as an action for the current phase; the verb is optional ("7" or
    "bid 7", "QS" or "play QS", "S" or "trump S", the cards or "bury" and the cards)."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if view.phase is Phase.AUCTION:
        if verb == "pass" and len(words) == 1:
            return Action.pass_()
        if verb == "redeal" and len(words) == 1:
            return Action.redeal()
        rest = words[1:] if verb in ("bid", "announce") else words
        word = rest[0].lower() if len(rest) == 1 else ""
        if view.rules.announcements and word == "none":
            return Action.bid(0)
        if word.isascii() and word.isdigit() and len(word) <= 2:
            return Action.bid(int(word))
        if view.rules.announcements:
            raise ValueError("Announce a number of tricks, e.g. 3" + (", or 'none'." if view.legal_bids[0] == 0
                                                                          else "."))
        raise ValueError("In the auction type a number of tricks or 'pass'.")
    if view.phase is Phase.TRUMP:
        rest = words[1:] if verb == "trump" else words
        if len(rest) != 1:
            raise ValueError("Name trump: S, H, D or C.")
        return Action.trump(rest[0])
    if view.phase is Phase.BURY:
        return Action.bury(" ".join(words[1:] if verb == "bury" else words))
    rest = words[1:] if verb == "play" else words
    if len(rest) != 1:
        raise ValueError("Type one card to play, e.g. QS or 10H.")
    return Action.play(rest[0])


def _cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.label for c in sorted_hand(cards)) or "(none)"


def _report_deal(game: Game, seat: int, with_review: bool) -> None:
    deal = game.deal
    if deal.phase is Phase.REDEAL:
        why = "A redeal was demanded (no card above 10)" if deal.redeal_demanded else "Everyone passed"
        print(f"{why}: the cards are thrown in.")
        return
    scores = deal.scores()
    print(f"Deal over. Tricks {deal.tricks_won}, points {scores}; totals {game.totals}.")
    if with_review:
        print("  Reviewing your calls and cards against perfect play...", flush=True)
        result = review(deal, seat)
        for item in result.items[:3]:
            print("  Review: " + item.text)
        if not result.items:
            print(f"  Review: no costly decision found in {result.scope}.")
        else:
            print(f"  (Review of {result.scope}.)")
        if result.shortfall:
            print(f"  {result.shortfall}")
