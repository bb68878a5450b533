"""batak-tutor widgets: a card table, quizzes and a rule lab as ipywidgets views over batak_core.

All game logic lives in ``batak_core``; these widgets only show its state and turn clicks into
engine actions. Every card and button carries a stable CSS class for browser tests.
"""

from .bidding import BidPanel, TrumpPicker
from .cards import CardButton, CardFace, back_svg, card_svg
from .game_table import GameTable
from .picker import CardPicker
from .quiz import Quiz
from .rule_lab import RuleLab
from .rules_panel import RulesPanel
from .scores import ScoreSheet
from .table import TableView

__all__ = [
    "BidPanel", "CardButton", "CardFace", "CardPicker", "GameTable", "Quiz", "RuleLab", "RulesPanel",
    "ScoreSheet", "TableView", "TrumpPicker", "back_svg", "card_svg",
]
