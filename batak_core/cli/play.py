"""The `batak play` and `batak match` subcommands (registered on the main CLI's subparsers).

`play`: a full game in the terminal, you against three bots, with hints on request, under any
preset and variant: Koz Maça announcements, the Gömmeli bury (you type the four cards) and the
classic Eşli open dummy (as declarer you play your partner's cards too).
`match`: duplicate matches between two bot levels, mean points per deal with a 95% interval; with
``--engine`` between engines over the engine protocol (``engines``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..actions import Action, ActionKind
from ..ai.bots import LEVELS, Bot, Hint, get, hint, review
from ..ai.match import match
from ..cards import CARDS, Card, Suit, parse_typed_card, sorted_hand
from ..deal import Deal, DealView, Phase
from ..game import Game
from ..i18n import _, format_number, ngettext, upper_first
from ..rules import PRESETS, RuleSet, Variant, preset, variants_of
from ..seats import partner
from .arguments import BadArgument, Parser, house_rule_names, one_of, rule_setting, seed, whole
from .engines import add_match_flags, run_engine_match

VARIANTS = [v.value for v in Variant]
MAX_MATCH_DEALS = 100_000
MAX_WORKERS = 32


def add_commands(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register `play` and `match`; each sets ``func(args) -> int`` as its handler."""
    play = subparsers.add_parser(
        "play", help=_("play a game in the terminal against three bots"),
        epilog=_("Exit status: 0 when the game is over or you quit; 1 when the input ends or is interrupted "
                 "(Ctrl-D, Ctrl-C); 2 for a bad argument."))
    play.add_argument("--rules", default="miniokey", type=one_of("--rules", list(PRESETS)),
                      help=_("the preset to play: {presets}").format(presets=", ".join(PRESETS)))
    play.add_argument("--variant", default=None, type=one_of("--variant", VARIANTS),
                      help=_("the form of the game: ihaleli (auction, the default), koz_maca, esli or gommeli"))
    play.add_argument("--bots", default="club", type=one_of("--bots", LEVELS),
                      help=_("the bots' level: {levels}").format(levels=", ".join(LEVELS)))
    play.add_argument("--seat", type=whole("--seat", 0, 3), default=0, help=_("your seat, 0-3"))
    play.add_argument("--seed", type=seed(), default=None, help=_("repeat a game by its seed (0 to 2**64 - 1)"))
    play.add_argument("--deals", type=whole("--deals", 1, 99), default=None,
                      help=_("number of deals, 1-99 (default: the preset's game length)"))
    play.add_argument("--review", action="store_true", help=_("after each deal, list your costliest cards"))
    play.add_argument("--set", action="append", type=rule_setting, default=[], metavar="OPTION=VALUE",
                      help=_("play a house rule, e.g. --set weak_hand_redeal=true; the options: {options}").format(
                          options=house_rule_names()))
    play.set_defaults(func=run_play)

    duel = subparsers.add_parser(
        "match", help=_("duplicate match between two bot levels or engines"),
        epilog=_("Exit status: 0 after the matches; 1 when an engine cannot be started; 2 for a bad argument."))
    duel.add_argument("--a", default="expert", type=one_of("--a", LEVELS), help=_("first bot level"))
    duel.add_argument("--b", default="club", type=one_of("--b", LEVELS), help=_("second bot level"))
    duel.add_argument("--deals", type=whole("--deals", 1, MAX_MATCH_DEALS), default=100,
                      help=_("deals per preset, each played twice (1 to {most})").format(
                          most=format_number(MAX_MATCH_DEALS)))
    duel.add_argument("--rules", default="all", type=one_of("--rules", ["all", *PRESETS]),
                      help=_("a preset, or all of them (with --variant: those whose source describes it)"))
    duel.add_argument("--variant", default=None, type=one_of("--variant", VARIANTS),
                      help=_("the form of the game: ihaleli (auction, the default), koz_maca, esli or gommeli"))
    duel.add_argument("--seed", type=seed(), default=0, help=_("seed of the deals (0 to 2**64 - 1)"))
    duel.add_argument("--workers", type=whole("--workers", 1, MAX_WORKERS), default=1,
                      help=_("processes to use, 1-{most} (the result does not depend on it)").format(
                          most=MAX_WORKERS))
    duel.add_argument("--set", action="append", type=rule_setting, default=[], metavar="OPTION=VALUE",
                      help=_("play a house rule, e.g. --set defender_zero=minus_ten_bid"))
    add_match_flags(duel)
    duel.set_defaults(func=run_match)


def _rules(name: str, variant: str | None) -> RuleSet:
    try:
        return preset(name, variant)
    except ValueError as error:
        raise BadArgument(str(error)) from None


def run_match(args: argparse.Namespace) -> int:
    names = [args.rules] if args.rules != "all" else [
        n for n in PRESETS if args.variant is None or args.variant in variants_of(n)]
    rule_sets = [_with_house_rules(_rules(name, args.variant), args.set) for name in names]  # every refusal first
    if args.engine:
        return run_engine_match(args, rule_sets)
    for rules in rule_sets:
        result = match(rules, args.a, args.b, args.deals, seed=args.seed, workers=args.workers)
        print(result.summary(), flush=True)
    return 0


def _with_house_rules(rules: RuleSet, settings: list[tuple[str, object]]) -> RuleSet:
    try:
        return rules.replace(**dict(settings))
    except ValueError as error:
        raise BadArgument(str(error)) from None


def run_play(args: argparse.Namespace) -> int:
    """``batak play``: reads the learner's answers with ``args.read`` (``input`` from ``main``)."""
    read: Callable[[str], str] = args.read
    rules = _with_house_rules(_rules(args.rules, args.variant), args.set)
    if args.deals is not None:
        try:
            rules = rules.replace(game_end="fixed_deals", deals=args.deals, deal_choices_only=False)
        except ValueError as error:
            raise BadArgument(f"--deals: {error}") from None
    game = Game(rules, seed=args.seed)
    bots = {s: get(args.bots, seed=s) for s in range(4) if s != args.seat}
    if rules.variant is Variant.IHALELI:
        # Translators: {name} is a preset (miniokey), {seed} the game's number.
        head = _("Batak, {name} rules, game {seed}.").format(name=rules.name, seed=game.seed)
    else:
        # Translators: {variant} is the variant's id (koz_maca, esli, gommeli).
        head = _("Batak, {name} ({variant}) rules, game {seed}.").format(name=rules.name,
                                                                         variant=rules.variant.value, seed=game.seed)
    # Translators: {level} is a bot level's id (random, club, expert).
    sentences = [head, _("You are seat {seat}; three {level} bots play the others.").format(seat=args.seat,
                                                                                             level=args.bots)]
    if rules.partnership:
        sentences.append(_("Your partner is seat {seat}.").format(seat=partner(args.seat)))
    print(" ".join([*sentences, help_text(rules)]))
    try:
        while True:
            _play_deal(game.deal, args.seat, bots, read)
            _report_deal(game, args.seat, args.review)
            if game.is_over:
                print(game.status)
                return 0
            game.next_deal()
    except (EOFError, KeyboardInterrupt):
        print("\n" + _("Input ended: game stopped."))
        return 1
    except _Quit:
        print(_("Game stopped."))
        return 0


def help_text(rules: RuleSet) -> str:
    """What the learner may type under these rules (the words typed stay English: the parser's)."""
    if rules.announcements:
        suit = Suit.parse(rules.fixed_trump).word()
        suit = upper_first(suit)
        if rules.announce_min == 0:
            # Translators: {suit} is the fixed trump's name ("Spades"); 'none' is typed as it stands.
            first = _("{suit} are always trump. Type the number of tricks you announce, {low} to {high} "
                      "('none' for 0)")
        else:
            # Translators: {suit} is the fixed trump's name ("Spades").
            first = _("{suit} are always trump. Type the number of tricks you announce, {low} to {high}")
        parts = [first.format(suit=suit, low=rules.announce_min, high=rules.tricks_per_deal)]
    else:
        # Translators: the first of the clauses that say what to type, joined by "; ". 'pass' and the
        # letters are typed as they stand (the command reads English).
        parts = [_("Type a bid number or 'pass' in the auction, a suit (S H D C) for trump")]
        if rules.weak_hand_redeal:
            # Translators: a clause after "Type ...;": 'redeal' is typed as it stands.
            parts.append(_("'redeal' in the auction to have the cards dealt again when you hold no card above 10"))
    if rules.kitty:
        # Translators: a clause after "Type ...;"; the card codes are typed as they stand.
        parts.append(ngettext("as declarer you take the kitty and bury {n} card: type it, e.g. 2C",
                              "as declarer you take the kitty and bury {n} cards: type them, e.g. 2C 3C 4D 5H",
                              rules.kitty).format(n=rules.kitty))
    # Translators: a clause after "Type ...;"; {card} is the queen of spades as typed in the language
    # ("KS"), 10H is typed as it stands.
    parts.append(_("a card such as {card} or 10H to play").format(card=CARDS[10].typed))
    if rules.dummy:
        # Translators: a clause after "Type ...;".
        parts.append(_("as declarer you also play your partner's open hand"))
    # Translators: {clauses} are the clauses above joined by "; "; the quoted words are typed as they stand.
    return _("{clauses}. Type 'hint' for advice, 'auto' to take the advice, 'hand' to see your cards again, "
             "'quit' to stop.").format(clauses="; ".join(parts))


class _Quit(Exception):
    pass


def _play_deal(deal: Deal, seat: int, bots: dict[int, Bot], read: Callable[[str], str]) -> None:
    print("\n" + _("New deal: seat {dealer} deals. Your hand: {cards}").format(dealer=deal.dealer,
                                                                                 cards=_cards(deal.hand(seat))))
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
            count = len(action.cards)  # the buried cards stay hidden
            said = ngettext("bury {n} card face down", "bury {n} cards face down", count).format(n=count)
        else:
            said = action.text(announcing=deal.rules.announcements)
        print(f"  {_who(deal, mover, decider, seat)}: {said}")
        if len(deal.tricks) > tricks_before:
            won = deal.tricks[-1].winner
            number = len(deal.tricks)
            if won == seat:
                won_text = _("you win trick {number}").format(number=number)
            else:
                # Translators: {name} is "seat 2" or "seat 2 (your partner)".
                won_text = _("{name} wins trick {number}").format(name=_seat_name(deal.rules, won, seat),
                                                                  number=number)
            print(f"  -> {won_text}")


def _seat_name(rules: RuleSet, other: int, seat: int) -> str:
    """Another seat inside a sentence: "seat 2", "seat 2 (your partner)"."""
    if rules.partnership and other == partner(seat):
        return _("seat {seat} (your partner)").format(seat=other)
    return _("seat {seat}").format(seat=other)


def _who(deal: Deal, mover: int, decider: int, seat: int) -> str:
    """Who acted, as the learner at ``seat`` sees it (an open dummy's cards are chosen by the declarer)."""
    if mover == decider:
        if mover == seat:
            # Translators: the learner, at the start of a line saying what they did: "You: bid 7".
            return _("You")
        if deal.rules.partnership and mover == partner(seat):
            return _("Seat {seat} (your partner)").format(seat=mover)
        return _("Seat {seat}").format(seat=mover)
    if decider == seat:
        return _("Seat {seat} (dummy, played by you)").format(seat=mover)
    if mover == seat:
        return _("You (dummy, played by seat {seat})").format(seat=decider)
    return _("Seat {seat} (dummy)").format(seat=mover)


def _dummy_news(deal: Deal, seat: int) -> str:
    dummy, declarer = deal.dummy, deal.declarer
    assert dummy is not None
    cards = _cards(deal.hand(dummy))
    if declarer == seat:
        return _("Your partner's hand lies open: you play it when its turn comes. Seat {seat} holds: {cards}").format(
            seat=dummy, cards=cards)
    if dummy == seat:
        return _("Your hand lies open as the dummy: your partner, seat {seat}, plays it.").format(seat=declarer)
    return _("Seat {dummy}'s hand lies open (the dummy); seat {declarer} plays it: {cards}").format(
        dummy=dummy, declarer=declarer, cards=cards)


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
    said = _("Hint: {action}.").format(action=advice.action.text(announcing=announcing))
    return f"{said} {advice.reason} {numbers}"


def _prompt(view: DealView) -> str:
    """What the learner is asked now, with the cards to choose from."""
    if view.phase is Phase.PLAY:
        lead = _("(you lead)") if view.to_move == view.seat else _("(the dummy leads)")
        table = " ".join(c.label for c in view.current_trick) or lead
        trump = view.trump.symbol if view.trump is not None else "-"  # spades is Suit 0
        # Translators: {table} is the cards played so far ("9♣ 3♥") or "(you lead)"; {trump} a suit sign.
        head = _("Trick {number}, on the table: {table}. Trump {trump}.").format(
            number=len(view.tricks) + 1, table=table, trump=trump)
        if view.to_move != view.seat:
            return f"{head} " + _("Seat {seat} (dummy) to play, you choose.").format(seat=view.to_move) \
                + f" {_hands(view)}"
        return f"{head} {_hands(view)}"
    if view.phase is Phase.AUCTION and view.rules.announcements:
        low, high = view.legal_bids[0], view.legal_bids[-1]
        told = ", ".join((_("seat {seat}: none") if n == 0 else _("seat {seat}: {n}")).format(seat=s, n=n)
                         for s, n in enumerate(view.announcements) if n is not None) or _("none yet")
        # Translators: {told} lists the announcements so far ("seat 1: 3, seat 2: none") or says "none yet".
        asked = _("Your announcement ({low} to {high}; announced so far: {told}).").format(low=low, high=high,
                                                                                            told=told)
        return f"{asked} {_hands(view)}"
    if view.phase is Phase.AUCTION:
        if view.high_bid:
            asked = _("Your bid (highest so far: {bid}).").format(bid=view.high_bid)
        else:
            asked = _("Your bid (highest so far: none).")
        if view.can_demand_redeal:
            asked += " " + _("You hold no card above 10: you may type 'redeal'.")
        return f"{asked} {_hands(view)}"
    if view.phase is Phase.BURY:
        n = view.rules.kitty
        # Translators: {kitty} are the kitty's cards; {example} card codes to type ("2C 3C 4D 5H").
        asked = ngettext("You took the kitty: {kitty}. Bury {n} card: type it, e.g. {example}.",
                         "You took the kitty: {kitty}. Bury {n} cards: type them, e.g. {example}.", n).format(
            kitty=_cards(view.kitty), n=n, example=" ".join(c.typed for c in view.hand[:n]))
        return f"{asked} {_hands(view)}"
    asked = _("You won the auction with {contract}: name trump.").format(contract=view.contract)
    return f"{asked} {_hands(view)}"


def _hands(view: DealView) -> str:
    mine = _("Your hand: {cards}").format(cards=_cards(view.hand))
    if view.dummy is None or view.dummy == view.seat:
        return mine
    return f"{mine}. " + _("Dummy (seat {seat}): {cards}").format(seat=view.dummy, cards=_cards(view.dummy_hand))


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
            if view.legal_bids[0] == 0:
                raise ValueError(_("Announce a number of tricks, e.g. 3, or 'none'."))
            raise ValueError(_("Announce a number of tricks, e.g. 3."))
        raise ValueError(_("In the auction type a number of tricks or 'pass'."))
    if view.phase is Phase.TRUMP:
        rest = words[1:] if verb == "trump" else words
        if len(rest) != 1:
            raise ValueError(_("Name trump: S, H, D or C."))
        return Action.trump(rest[0])
    if view.phase is Phase.BURY:
        return Action.bury([parse_typed_card(word) for word in (words[1:] if verb == "bury" else words)])
    rest = words[1:] if verb == "play" else words
    if len(rest) != 1:
        raise ValueError(_("Type one card to play, e.g. {card} or 10H.").format(card=CARDS[10].typed))
    return Action.play(parse_typed_card(rest[0]))


def _cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.label for c in sorted_hand(cards)) or _("(none)")


def _report_deal(game: Game, seat: int, with_review: bool) -> None:
    deal = game.deal
    if deal.phase is Phase.REDEAL:
        if deal.redeal_demanded:
            print(_("A redeal was demanded (no card above 10): the cards are thrown in."))
        else:
            print(_("Everyone passed: the cards are thrown in."))
        return
    scores = deal.scores()
    # Translators: {tricks}, {points} and {totals} are lists of four numbers, seat 0 first ("[8, 3, 2, 0]").
    print(_("Deal over. Tricks {tricks}, points {points}; totals {totals}.").format(
        tricks=deal.tricks_won, points=scores, totals=game.totals))
    if with_review:
        print("  " + _("Reviewing your calls and cards against perfect play..."), flush=True)
        result = review(deal, seat)
        for item in result.items[:3]:
            print("  " + _("Review: {text}").format(text=item.text))
        if not result.items:
            # Translators: {scope} is what was checked: "every trick", "your auction calls and tricks 6 to 13".
            print("  " + _("Review: no costly decision found in {scope}.").format(scope=result.scope))
        else:
            print("  " + _("(Review of {scope}.)").format(scope=result.scope))
        if result.shortfall:
            print(f"  {result.shortfall}")
