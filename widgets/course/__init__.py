"""The course's page building blocks: the start page, lesson quizzes that save progress, worked
examples and demos.

A lesson notebook is a thin page: markdown that teaches and a line or two of code that shows one
of these. The rule set is the learner's choice from the start page (``current_rules``), every
answer is judged by the engine, and progress goes to ``batak_core.teaching.progress``, whose
problems (missing, corrupt, read-only) are shown, never raised.
"""

from batak_core.teaching.lessons import LESSONS, LESSONS_BY_ID, Lesson

from .bidding_trainer import BiddingTrainer
from .demos import AuctionDemo, HandDemo, ScoreCalculator, TrickDemo, TrumpDemo, full_game, house_rules_lab
from .guided import GuidedDeal
from .judgement import EndingBoard, HandCounter
from .lesson_quiz import LessonQuiz
from .page import Shown, current_rules
from .practice import PracticePage
from .puzzles import PuzzleBoard, PuzzleTrainer
from .start_page import StartPage, menu_html
from .variants import ClockDemo, KozMacaCalculator, WholeGame
from .worked import (
    WorkedPlay,
    all_pass_outcomes,
    example_verdicts,
    play_examples,
    rank_ladder,
    score_examples,
    winner_of,
)

__all__ = [
    "LESSONS", "LESSONS_BY_ID", "AuctionDemo", "BiddingTrainer", "ClockDemo", "EndingBoard", "GuidedDeal",
    "HandCounter", "HandDemo", "KozMacaCalculator", "Lesson", "LessonQuiz", "PracticePage", "PuzzleBoard",
    "PuzzleTrainer", "ScoreCalculator", "Shown", "StartPage", "TrickDemo", "TrumpDemo", "WholeGame", "WorkedPlay",
    "all_pass_outcomes", "current_rules",
    "example_verdicts", "full_game", "house_rules_lab", "menu_html", "play_examples", "rank_ladder",
    "score_examples", "winner_of",
]
