"""The start page: the course menu with each lesson's quiz results, and the rule-set chooser.
"""


from __future__ import annotations

from datetime import UTC, datetime
from html import escape
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core.teaching.lessons import EXTRAS, LESSONS
from batak_core.teaching.progress import Progress

from ..style import set_classes
from .page import lesson_page, load_progress
from .rule_text import rule_items

PRESET_BLURBS: Final = {
    "miniokey": "an online game's how-to page (German), the course's default",
    "classic": "detailed German rules with many variants",
    "danish": "Danish rules and scoring",
    "turkish": "a Turkish rules site",
    "gamelake": "an online game's rules page (Spanish)",
}


KEY_OPTIONS: Final = ("min_bid", "all_pass", "trump_lead_restricted", "must_overtake", "overtake_when_trumped",
                      "declarer_made", "declarer_failed_per_bid", "defender_zero", "game_end")
"""The rules the start page sums up for the chosen rule set."""


class StartPage(w.VBox):
    """The course menu with each lesson's quiz results, and the rule-set chooser."""

    def __init__(self) -> None:
        progress = load_progress()
        self.chooser = w.Dropdown(options=[(f"{name}: {PRESET_BLURBS[name]}", name) for name in bc.PRESETS],
                                  value=progress.preset, description="Rule set",
                                  layout=w.Layout(width="640px"))
        set_classes(self.chooser, ("batak-preset-chooser",))
        self.rules_note = w.HTML()
        self.notice = w.HTML()
        set_classes(self.notice, ("batak-notice",))
        self.menu = w.HTML()
        set_classes(self.menu, ("batak-menu",))
        self.overall = w.HTML()
        set_classes(self.overall, ("batak-overall",))
        self.chooser.observe(lambda change: self.choose(change["new"]), "value")
        rules_box = w.VBox([w.HTML('<div class="batak-panel-title">The rules you learn</div>'), self.chooser,
                            self.rules_note])
        set_classes(rules_box, ("batak-panel", "batak-rules-choice"))
        super().__init__([self.notice, self.overall,
                          w.HTML('<div class="batak-panel-title batak-menu-title">The lessons</div>'),
                          self.menu, rules_box])
        lesson_page(self, "batak-start-page")
        self.show(progress)

    def choose(self, name: str) -> None:
        """Save the learner's rule set; every lesson opened from now on uses it."""
        progress = load_progress()
        progress.choose_preset(name)
        self.show(progress)

    def show(self, progress: Progress) -> None:
        rules = bc.preset(progress.preset)
        self.rules_note.value = (f"<p>Every lesson, quiz and game follows the <b>{rules.name}</b> rules. "
                                 f"Their key points:</p><ul>{rule_items(KEY_OPTIONS, rules)}</ul>")
        self.notice.value = (f'<div class="batak-reason">{escape(progress.problem)}.</div>'
                             if progress.problem else "")
        self.menu.value = menu_html(progress)
        self.overall.value = overall_html(progress)


def overall_html(progress: Progress) -> str:
    """The whole course at a glance: lessons completed, answers right, games played."""
    done = len(progress.completed(lesson.id for lesson in LESSONS))
    answered = sum(progress.result(lesson.id).answered for lesson in LESSONS)
    right = sum(progress.result(lesson.id).correct for lesson in LESSONS)
    share = round(100 * done / len(LESSONS))
    answers = f"{right} of {answered} answers right" if answered else "no answers yet"
    games = f"{_games(progress.games)} played to the end"
    return (f'<div class="batak-panel batak-overall-panel"><div class="batak-panel-title">Your progress</div>'
            f'<span class="batak-progress-bar batak-progress-wide"><span style="width:{share}%"></span></span> '
            f"<b>{done} of {len(LESSONS)} lessons completed</b> · {answers} · {games}"
            '<div class="batak-lesson-summary">A lesson is completed when a quiz round ends with at least 4 of 5 '
            "right.</div></div>")


def menu_html(progress: Progress) -> str:
    """The lessons as links, each with its quiz results so far and whether it is completed; then the
    puzzles, the practice and the glossary."""
    rows = []
    for number, lesson in enumerate(LESSONS, start=1):
        result = progress.result(lesson.id)
        done = ('<span class="batak-completed">✓ completed</span> ' if result.completed else "")
        if result.answered:
            status = (f'{done}<span class="batak-progress-bar"><span style="width:{result.percent}%"></span></span> '
                      f"{result.correct} of {result.answered} right")
        else:
            status = '<span class="batak-not-started">not started</span>'
        if lesson.id == "games" and progress.games:
            status += f'<div class="batak-games-played">{_games(progress.games)} played</div>'
        rows.append(_row(str(number), lesson.id, lesson.file, lesson.title, lesson.summary, status))
    for page in EXTRAS:
        rows.append(_row("", page.id, page.file, page.title, page.summary, _extra_status(page.id, progress)))
    return f'<table class="batak-menu-table"><tbody>{"".join(rows)}</tbody></table>'


def _extra_status(page_id: str, progress: Progress) -> str:
    """What the start page says beside a page after the lessons."""
    if page_id == "puzzles":
        tried = len(progress.attempts)
        if not tried:
            return '<span class="batak-not-started">not started</span>'
        right = sum(progress.attempts.values())
        return f"rating {progress.rating.rating:.0f} · {right} of {tried} solved at the first try"
    if page_id == "practice":
        due = len(progress.practice.due(datetime.now(UTC), limit=1000))
        return f"{due} to practise now" if due else '<span class="batak-not-started">nothing due</span>'
    return '<span class="batak-not-started">a page to look things up</span>'


def _row(number: str, lesson_id: str, file: str, title: str, summary: str, status: str) -> str:
    return (f'<tr class="batak-lesson-row" data-lesson="{lesson_id}"><td class="batak-lesson-number">'
            f'{number}</td><td><a class="batak-lesson-link" href="{file}">{escape(title)}</a>'
            f'<div class="batak-lesson-summary">{escape(summary)}</div></td>'
            f'<td class="batak-lesson-status">{status}</td></tr>')


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"
