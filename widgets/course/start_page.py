"""The start page: the course menu with each lesson's quiz results, and the rule-set chooser.
"""


from __future__ import annotations

from html import escape
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core.teaching.lessons import LESSONS
from batak_core.teaching.progress import Progress

from ..style import set_classes
from .page import key_rules_html, lesson_page, load_progress

PRESET_BLURBS: Final = {
    "miniokey": "an online game's how-to page (German), the course's default",
    "classic": "detailed German rules with many variants",
    "danish": "Danish rules and scoring",
    "turkish": "a Turkish rules site",
    "gamelake": "an online game's rules page (Spanish)",
}


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
        self.chooser.observe(lambda change: self.choose(change["new"]), "value")
        rules_box = w.VBox([w.HTML('<div class="batak-panel-title">The rules you learn</div>'), self.chooser,
                            self.rules_note])
        set_classes(rules_box, ("batak-panel", "batak-rules-choice"))
        super().__init__([self.notice, w.HTML('<div class="batak-panel-title batak-menu-title">The lessons</div>'),
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
                                 f"Their key points:</p>{key_rules_html(rules)}")
        self.notice.value = (f'<div class="batak-reason">{escape(progress.problem)}.</div>'
                             if progress.problem else "")
        self.menu.value = menu_html(progress)


def menu_html(progress: Progress) -> str:
    """The lessons as links, each with its quiz results so far."""
    rows = []
    for number, lesson in enumerate(LESSONS, start=1):
        result = progress.result(lesson.id)
        if result.answered:
            status = (f'<span class="batak-progress-bar"><span style="width:{result.percent}%"></span></span> '
                      f"{result.correct} of {result.answered} right")
        else:
            status = '<span class="batak-not-started">not started</span>'
        rows.append(f'<tr class="batak-lesson-row" data-lesson="{lesson.id}"><td class="batak-lesson-number">'
                    f'{number}</td><td><a class="batak-lesson-link" href="{lesson.file}">{lesson.title}</a>'
                    f'<div class="batak-lesson-summary">{lesson.summary}</div></td>'
                    f'<td class="batak-lesson-status">{status}</td></tr>')
    return f'<table class="batak-menu-table"><tbody>{"".join(rows)}</tbody></table>'
