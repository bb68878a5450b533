"""The start page: the course menu with each lesson's quiz results, and the rule-set chooser.
"""


from __future__ import annotations

from datetime import UTC, datetime
from html import escape
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core.i18n import N_, _, ngettext
from batak_core.teaching.lessons import EXTRAS, LESSONS
from batak_core.teaching.progress import Progress

from ..style import set_classes
from .page import lesson_page, load_progress
from .rule_text import rule_items

PRESET_BLURBS: Final = {
    "miniokey": N_("an online game's how-to page (German), the course's default"),
    "classic": N_("detailed German rules with many variants"),
    "danish": N_("Danish rules and scoring"),
    "turkish": N_("a Turkish rules site"),
    "gamelake": N_("an online game's rules page (Spanish)"),
}
"""Where each preset's rules come from, in English: shown as ``_(blurb)``."""


KEY_OPTIONS: Final = ("min_bid", "all_pass", "trump_lead_restricted", "must_overtake", "overtake_when_trumped",
                      "declarer_made", "declarer_failed_per_bid", "defender_zero", "game_end")
"""The rules the start page sums up for the chosen rule set."""


class StartPage(w.VBox):
    """The course menu with each lesson's quiz results, and the rule-set chooser."""

    def __init__(self) -> None:
        progress = load_progress()
        self.chooser = w.Dropdown(options=[(f"{name}: {_(PRESET_BLURBS[name])}", name) for name in bc.PRESETS],
                                  value=progress.preset, description=_("Rule set"),
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
        rules_box = w.VBox([w.HTML('<div class="batak-panel-title">' + _("The rules you learn") + "</div>"),
                            self.chooser, self.rules_note])
        set_classes(rules_box, ("batak-panel", "batak-rules-choice"))
        super().__init__([self.notice, self.overall,
                          w.HTML('<div class="batak-panel-title batak-menu-title">' + _("The lessons") + "</div>"),
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
        # Translators: {rules} is a rule book's name ("classic"), in bold.
        follows = _("Every lesson, quiz and game follows the {rules} rules. Their key points:").format(
            rules=f"<b>{rules.name}</b>")
        self.rules_note.value = f"<p>{follows}</p><ul>{rule_items(KEY_OPTIONS, rules)}</ul>"
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
    answers = (_("{right} of {answered} answers right").format(right=right, answered=answered) if answered
               else _("no answers yet"))
    games = ngettext("{n} game played to the end", "{n} games played to the end", progress.games).format(
        n=progress.games)
    completed = _("{done} of {total} lessons completed").format(done=done, total=len(LESSONS))
    return ('<div class="batak-panel batak-overall-panel"><div class="batak-panel-title">' + _("Your progress")
            + '</div><span class="batak-progress-bar batak-progress-wide">'
            f'<span style="width:{share}%"></span></span> <b>{completed}</b> · {answers} · {games}'
            '<div class="batak-lesson-summary">'
            + _("A lesson is completed when a quiz round ends with at least 4 of 5 right.") + "</div></div>")


def menu_html(progress: Progress) -> str:
    """The lessons as links, each with its quiz results so far and whether it is completed; then the
    puzzles, the practice and the glossary."""
    rows = []
    for number, lesson in enumerate(LESSONS, start=1):
        result = progress.result(lesson.id)
        done = ('<span class="batak-completed">✓ ' + _("completed") + "</span> " if result.completed else "")
        if result.answered:
            status = (f'{done}<span class="batak-progress-bar"><span style="width:{result.percent}%"></span></span> '
                      + _("{right} of {answered} right").format(right=result.correct, answered=result.answered))
        else:
            status = _not_started()
        if lesson.id == "games" and progress.games:
            played = ngettext("{n} game played", "{n} games played", progress.games).format(n=progress.games)
            status += f'<div class="batak-games-played">{played}</div>'
        rows.append(_row(str(number), lesson.id, lesson.file, _(lesson.title), _(lesson.summary), status))
    for page in EXTRAS:
        rows.append(_row("", page.id, page.file, _(page.title), _(page.summary), _extra_status(page.id, progress)))
    return f'<table class="batak-menu-table"><tbody>{"".join(rows)}</tbody></table>'


def _extra_status(page_id: str, progress: Progress) -> str:
    """What the start page says beside a page after the lessons."""
    if page_id == "puzzles":
        tried = len(progress.attempts)
        if not tried:
            return _not_started()
        right = sum(progress.attempts.values())
        # Translators: {rating} is the learner's puzzle rating, a whole number like 1500.
        return _("rating {rating} · {right} of {tried} solved at the first try").format(
            rating=f"{progress.rating.rating:.0f}", right=right, tried=tried)
    if page_id == "practice":
        due = len(progress.practice.due(datetime.now(UTC), limit=1000))
        if due:
            return _("{n} to practise now").format(n=due)
        return '<span class="batak-not-started">' + _("nothing due") + "</span>"
    return '<span class="batak-not-started">' + _("a page to look things up") + "</span>"


def _not_started() -> str:
    return '<span class="batak-not-started">' + _("not started") + "</span>"


def _row(number: str, lesson_id: str, file: str, title: str, summary: str, status: str) -> str:
    return (f'<tr class="batak-lesson-row" data-lesson="{lesson_id}"><td class="batak-lesson-number">'
            f'{number}</td><td><a class="batak-lesson-link" href="{file}">{escape(title)}</a>'
            f'<div class="batak-lesson-summary">{escape(summary)}</div></td>'
            f'<td class="batak-lesson-status">{status}</td></tr>')

