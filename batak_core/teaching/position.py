"""A moment of the play that the rule lab judges under every preset and saves as JSON.

Four hands, trump, who led, the trick so far and whether trump was broken before it: enough to
ask every rule set which card the player to move may play, and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..cards import CARDS, Card, Suit, describe_cards, parse_cards, sorted_hand
from ..deal import Deal, Phase
from ..legality import Verdict, breaks_trump, explain_play, legal_plays
from ..rules import PRESETS, RuleSet
from ..saving import SaveFileError
from ..shuffle import shuffled_deck

POSITION_FORMAT: Final = "batak-tutor/position"
POSITION_VERSION: Final = 1


@dataclass(frozen=True)
class Position:
    """A moment of the play: the four hands, trump, who led, the trick so far, trump broken or not.

    The player to move is the one after the cards already in the trick.
    """

    hands: tuple[tuple[Card, ...], ...]
    trump: Suit | None
    leader: int
    trick: tuple[Card, ...] = ()
    trump_broken: bool = False

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ValueError("a position needs four hands, one per seat")
        # hands are held sorted, so equal positions compare equal however they were typed
        object.__setattr__(self, "hands", tuple(tuple(sorted_hand(h)) for h in self.hands))
        if self.leader not in (0, 1, 2, 3) or isinstance(self.leader, bool):
            raise ValueError(f"the leader must be a seat 0..3, not {self.leader!r}")
        if len(self.trick) > 3:
            raise ValueError(f"a trick in progress has at most 3 cards before the player to move, "
                             f"not {len(self.trick)}")
        seen: set[Card] = set()
        for seat, cards in enumerate((*self.hands, self.trick)):
            where = "the trick" if seat == 4 else f"seat {seat}'s hand"
            if len(cards) > 13:
                raise ValueError(f"{where} holds {len(cards)} cards; a hand has at most 13")
            twice = sorted(seen.intersection(cards)) or sorted({c for c in cards if cards.count(c) > 1})
            if twice:
                raise ValueError(f"{describe_cards(twice)} appears twice ({where})")
            seen.update(cards)
        if not self.hand:
            raise ValueError(f"seat {self.to_move} is to move but holds no cards")

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    def legal(self, rules: RuleSet) -> list[Card]:
        return legal_plays(rules, self.hand, self.trick, self.trump, self.trump_broken)

    def verdicts(self, rules: RuleSet) -> list[Verdict]:
        """Every card of the mover's hand, as held (by suit, high first), with the engine's verdict."""
        return [explain_play(rules, self.hand, self.trick, self.trump, self.trump_broken, card)
                for card in sorted_hand(self.hand)]

    def breaks_trump(self, rules: RuleSet, card: Card) -> bool:
        """Whether trump counts as broken once the mover plays ``card`` (RULES.md edge case 5)."""
        if self.trump_broken:
            return True
        if self.trump is None:
            return False
        led = self.trick[0].suit if self.trick else -1
        return breaks_trump(rules, card.index, int(self.trump), led)

    def describe(self) -> str:
        """One sentence of context: trump, broken or not, and the trick so far."""
        if self.trump is None:
            trump = "No trump."
        else:
            state = "broken" if self.trump_broken else "not broken yet"
            trump = f"{self.trump.plural.capitalize()} {self.trump.symbol} are trump ({state})."
        if not self.trick:
            return f"{trump} You are on lead."
        played = ", then ".join(c.label for c in self.trick)
        return f"{trump} The trick so far: {played} (the {self.trick[0].label} was led)."

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        if deal.phase is not Phase.PLAY or deal.trick_leader is None:
            raise ValueError("a position is taken during the play of the cards")
        return cls(tuple(tuple(deal.hand(s)) for s in range(4)), deal.trump, deal.trick_leader,
                   tuple(deal.current_trick), deal.trump_broken)

    @classmethod
    def around(cls, hand: str | Iterable[Card | str], trick: str | Iterable[Card | str] = (),
               trump: Suit | str | None = None, *, leader: int = 1, trump_broken: bool = False) -> Position:
        """A position built around the mover's hand; the other seats get the unseen cards."""
        mine = tuple(parse_cards(hand))
        played = tuple(parse_cards(trick))
        to_move = (leader + len(played)) % 4
        pool = [CARDS[i] for i in shuffled_deck(0) if CARDS[i] not in mine and CARDS[i] not in played]
        hands: list[tuple[Card, ...]] = []
        for seat in range(4):
            if seat == to_move:
                hands.append(mine)
                continue
            already = (seat - leader) % 4 < len(played)
            size = len(mine) - (1 if already else 0)
            hands.append(tuple(sorted_hand(pool[:size])))
            del pool[:size]
        return cls(tuple(hands), None if trump is None else Suit.parse(trump), leader, played, trump_broken)

    # JSON, for the rule lab's save and load
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": POSITION_FORMAT, "version": POSITION_VERSION,
            "hands": [[c.code for c in sorted_hand(h)] for h in self.hands],
            "trump": None if self.trump is None else self.trump.letter,
            "leader": self.leader, "trick": [c.code for c in self.trick],
            "trump_broken": self.trump_broken,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """A position from JSON; raises SaveFileError saying what is wrong."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SaveFileError(f"not a position file: the text is not valid JSON ({error})") from None
        if not isinstance(data, dict) or data.get("format") != POSITION_FORMAT:
            raise SaveFileError(f"not a position file: expected a JSON object with format {POSITION_FORMAT!r}")
        if data.get("version") != POSITION_VERSION:
            raise SaveFileError(f"unsupported position version {data.get('version')!r}")
        try:
            hands = data["hands"]
            trick = data.get("trick", [])
            if not (isinstance(hands, list) and all(isinstance(h, list) for h in hands)
                    and isinstance(trick, list)):
                raise ValueError("'hands' must be four lists of cards and 'trick' a list of cards")
            trump = data.get("trump")
            leader = data.get("leader", 0)
            broken = data.get("trump_broken", False)
            if not isinstance(leader, int) or not isinstance(broken, bool):
                raise ValueError("'leader' must be a seat number and 'trump_broken' true or false")
            return cls(tuple(tuple(Card.parse(c) for c in h) for h in hands),
                       None if trump is None else Suit.parse(trump), leader,
                       tuple(Card.parse(c) for c in trick), broken)
        except (KeyError, ValueError) as error:
            raise SaveFileError(f"the position is invalid: {error}") from None


def compare_presets(position: Position, extra: Sequence[RuleSet] = ()) -> dict[str, list[Verdict]]:
    """Every preset's (and every extra rule set's) verdict on each card of the mover's hand."""
    return {rules.name: position.verdicts(rules) for rules in (*PRESETS.values(), *extra)}
