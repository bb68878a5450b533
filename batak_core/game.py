"""A whole game: deal after deal with the dealer rotating, until the preset's end condition.

The finished deals are the single source of truth: the score table and the totals are
computed from them, so undoing a card in the last deal can never leave a stale score row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import Suit
from .deal import Deal, Phase
from .errors import shorten
from .i18n import N_, _, format_list, ngettext
from .legality import IllegalMove
from .rules import GameEnd, RuleSet, TieRule
from .seats import partner, side_seats
from .shuffle import check_seed, derive_seed, new_seed

GAME_NOT_OVER: Final = "game-not-over"
DEAL_NOT_FINISHED: Final = "deal-not-finished"
GAME_OVER: Final = "game-over"

_UNFINISHED: Final = {
    Phase.AUCTION: N_("Finish this deal first: it is still in the auction phase."),
    Phase.TRUMP: N_("Finish this deal first: it is still in the trump phase."),
    Phase.PLAY: N_("Finish this deal first: it is still in the play phase."),
    Phase.BURY: N_("Finish this deal first: it is still in the bury phase."),
}
"""Why the next deal cannot be dealt yet, by the phase of the current one, in English."""


@dataclass(frozen=True)
class DealRecord:
    """One row of the score sheet. A thrown-in deal (redeal) scores nothing; ``number`` counts
    only deals that were played. Koz Maça rows have announcements instead of a declarer."""

    number: int
    dealer: int
    declarer: int | None
    contract: int | None
    trump: Suit | None
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    seed: int | None
    thrown_in: bool = False
    announcements: tuple[int | None, ...] = (None, None, None, None)
    partnership: bool = False

    @property
    def made(self) -> bool | None:
        """Whether the declarer (or the declaring side) made the contract; None without one."""
        if self.declarer is None or self.contract is None:
            return None
        counted = self.tricks[self.declarer] + (self.tricks[partner(self.declarer)] if self.partnership else 0)
        return counted >= self.contract


def leaders(totals: list[int]) -> list[int]:
    """The seats with the highest total."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def game_over(rules: RuleSet, totals: list[int], deals_played: int) -> bool:
    """Whether a game stops after a finished deal with these totals.

    The length is reached after the agreed number of deals, or once anyone is at or over the
    target. A tie for first then ends the game where the tied players share the place; gamelake
    plays one more deal (again while tied); danish deals again until decided, which its source
    says of the target game only, so a fixed-length danish game just compares totals.
    """
    if rules.game_end is GameEnd.FIXED_DEALS:
        reached = deals_played >= rules.deals
    else:
        reached = max(totals) >= rules.target
    until_decided = rules.tie_rule is TieRule.DEAL_UNTIL_DECIDED and rules.game_end is GameEnd.TARGET_SCORE
    if not reached or not (until_decided or rules.tie_rule is TieRule.EXTRA_DEAL):
        return reached
    return len(_sides_first(rules, totals)) == 1


def _sides_first(rules: RuleSet, totals: list[int]) -> set[int]:
    """The sides in first place, each named by its lowest seat (partners always share a total)."""
    return {min(side_seats(rules, seat)) for seat in leaders(totals)}


class Game:
    """Deals played one after another under one rule set, with running totals.

    ``deals`` or ``target`` override the preset's game length (validated against it).
    """

    def __init__(self, rules: RuleSet, seed: int | None = None, *, deals: int | None = None,
                 target: int | None = None, first_dealer: int = 0) -> None:
        if not isinstance(rules, RuleSet):
            raise ValueError(f"rules must be a RuleSet (see batak_core.preset), not {shorten(rules)}")
        if deals is not None:
            rules = rules.replace(game_end="fixed_deals", deals=deals)
        if target is not None:
            rules = rules.replace(game_end="target_score", target=target)
        if first_dealer not in (0, 1, 2, 3) or isinstance(first_dealer, bool):
            raise ValueError(f"first_dealer must be a seat 0..3, not {shorten(first_dealer)}")
        self.rules: Final = rules
        self.seed: Final = new_seed() if seed is None else check_seed(seed)
        self.first_dealer: Final = first_dealer
        self._finished: list[Deal] = []
        self.deal: Deal = self._new_deal(first_dealer)

    def _new_deal(self, dealer: int) -> Deal:
        index = len(self._finished)
        return Deal.random(self.rules, seed=derive_seed(self.seed, index), dealer=dealer)

    # --- progress ----------------------------------------------------------------------------

    @property
    def deals(self) -> list[Deal]:
        """Every deal of the game so far, thrown-in ones included, the current one last."""
        return [*self._finished, self.deal]

    def next_deal(self) -> Deal:
        """Start the next deal once the current one is finished and the game goes on."""
        if not self.deal.is_finished:
            raise IllegalMove(DEAL_NOT_FINISHED, _(_UNFINISHED[self.deal.phase]))
        if self.is_over:
            raise IllegalMove(GAME_OVER, _("The game is over; start a new game to play on."))
        thrown_in = self.deal.phase is Phase.REDEAL
        dealer = self.deal.dealer if thrown_in else (self.deal.dealer + 1) % 4
        self._finished.append(self.deal)
        self.deal = self._new_deal(dealer)
        return self.deal

    @property
    def records(self) -> list[DealRecord]:
        """The score sheet: one row per finished deal (the current one once it is finished)."""
        rows: list[DealRecord] = []
        totals = [0, 0, 0, 0]
        number = 0
        for deal in self.deals:
            if not deal.is_finished:
                break
            scores = deal.scores()
            totals = [t + s for t, s in zip(totals, scores, strict=False)]
            if deal.phase is Phase.OVER:
                number += 1
            rows.append(DealRecord(number, deal.dealer, deal.declarer, deal.contract, deal.trump,
                                   tuple(deal.tricks_won), tuple(scores), tuple(totals), deal.seed,
                                   thrown_in=deal.phase is Phase.REDEAL,
                                   announcements=tuple(deal.announcements),
                                   partnership=self.rules.partnership))
        return rows

    @property
    def totals(self) -> list[int]:
        rows = self.records
        return list(rows[-1].totals) if rows else [0, 0, 0, 0]

    @property
    def deals_played(self) -> int:
        """Finished deals that were played out (thrown-in deals do not count)."""
        return sum(1 for d in self.deals if d.phase is Phase.OVER)

    @property
    def is_over(self) -> bool:
        return self.deal.is_finished and game_over(self.rules, self.totals, self.deals_played)

    @property
    def winners(self) -> list[int]:
        """The seats in first place once the game is over (several when they share it)."""
        return leaders(self.totals) if self.is_over else []

    @property
    def shared_first(self) -> bool:
        """Whether more than one side is in first place at the end (partners winning together do not
        share it)."""
        return self.is_over and len(_sides_first(self.rules, self.totals)) > 1

    @property
    def status(self) -> str:
        """A sentence for the table, in the active language: how far the game is and what decides it."""
        if self.is_over:
            seats = self.winners
            if self.shared_first:
                # Translators: {seats} is a list of seat numbers, "1, 3".
                return _("Game over: seats {seats} share first place.").format(seats=", ".join(map(str, seats)))
            # Translators: {seats} is one seat number or two partners' ("0 and 2"); {points} their total.
            return ngettext("Game over: seat {seats} wins with {points}.",
                            "Game over: seats {seats} win with {points}.", len(seats)).format(
                seats=format_list([str(s) for s in seats]), points=self.totals[seats[0]])
        if self.rules.game_end is GameEnd.FIXED_DEALS:
            number = self.deal_number
            if number > self.rules.deals:
                return _("Deal {number} of {deals} (tie for first: playing on).").format(
                    number=number, deals=self.rules.deals)
            return _("Deal {number} of {deals}.").format(number=number, deals=self.rules.deals)
        return _("Deal {number}. First to {target} points; highest total wins.").format(
            number=self.deal_number, target=self.rules.target)

    @property
    def deal_number(self) -> int:
        """The number of the deal on the table: the one being played, or the one just finished
        (a thrown-in deal is dealt again under the same number)."""
        return self.deals_played + (0 if self.deal.phase is Phase.OVER else 1)

    def __repr__(self) -> str:
        return f"<Game {self.rules.name} seed={self.seed} deals={self.deals_played} totals={self.totals}>"
