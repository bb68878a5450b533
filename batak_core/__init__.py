"""batak_core: a Batak rules engine that knows five real rule sources exactly.

Everything a lesson, a widget or a bot needs is importable from here; see the README for a tour.
"""

# ruff: noqa: E402
from .ai.compiled import choose_engine

choose_engine()  # before anything imports a compiled module (see batak_core.ai.compiled)

from .actions import Action, ActionKind
from .ai import bots, solver
from .ai.match import MatchResult, match
from .cards import Card, Suit, parse_cards, sorted_hand
from .deal import AllPassOutcome, Bid, Deal, DealView, Phase, Trick, all_pass_outcome
from .game import DealRecord, Game
from .legality import IllegalMove, Verdict, explain_play, legal_plays
from .rules import (
    DEFAULT_PRESET,
    PRESETS,
    AllPass,
    DeclarerMade,
    DefenderZero,
    Direction,
    GameEnd,
    NotSpecifiedError,
    RuleSet,
    TieRule,
    TrumpBreak,
    Variant,
    preset,
    variants_of,
)
from .saving import SaveFileError, from_json, load_deal, load_game, to_json
from .scoring import score_deal
from .trick import trick_winner

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "Action",
    "ActionKind",
    "AllPass",
    "AllPassOutcome",
    "Bid",
    "Card",
    "Deal",
    "DealRecord",
    "DealView",
    "DeclarerMade",
    "DefenderZero",
    "Direction",
    "Game",
    "GameEnd",
    "IllegalMove",
    "MatchResult",
    "NotSpecifiedError",
    "Phase",
    "RuleSet",
    "SaveFileError",
    "Suit",
    "TieRule",
    "Trick",
    "TrumpBreak",
    "Variant",
    "Verdict",
    "all_pass_outcome",
    "bots",
    "explain_play",
    "from_json",
    "legal_plays",
    "load_deal",
    "load_game",
    "match",
    "parse_cards",
    "preset",
    "score_deal",
    "solver",
    "sorted_hand",
    "to_json",
    "trick_winner",
    "variants_of",
]
