"""The start page: the course menu with each lesson's quiz results, the rule-set chooser, and the
learner's progress file to download and load again.

The browser edition keeps progress in the browser's storage, which a learner can lose (another
browser, cleared site data) and a teacher cannot see; a file the learner downloads can be kept,
moved and handed in.
"""


from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from html import escape
from typing import Any, Final

import ipywidgets as w

import batak_core as bc
from batak_core.errors import clip
from batak_core.i18n import N_, _, ngettext
from batak_core.teaching.lessons import EXTRAS, LESSONS
from batak_core.teaching.progress import EXPORT_NAME, Progress, export_bytes, read_upload

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


FILE_NAME_LIMIT: Final = 60
"""The most characters of an uploaded file's name quoted in a message."""


class StartPage(w.VBox):
    """The course menu with each lesson's quiz results, the rule-set chooser, and the progress file."""

    def __init__(self) -> None:
        progress = load_progress()
        self._showing = False  # set while ``show`` moves the chooser: that is no choice of the learner's
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
                          self.menu, rules_box, self._file_panel()])
        lesson_page(self, "batak-start-page")
        self.show(progress)

    def _file_panel(self) -> w.VBox:
        """The progress file: a link that downloads it, a button that loads one, and what loading said."""
        self.export_link = w.HTML()
        set_classes(self.export_link, ("batak-progress-export",))
        # icon "": an icon font is fetched from outside, which an offline page cannot do
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False, icon="",
                                   description=_("Load a progress file"), layout=w.Layout(width="auto"))
        set_classes(self.upload, ("batak-control", "batak-progress-import"))
        self.file_message = w.HTML()
        set_classes(self.file_message, ("batak-progress-file-message",))
        self.upload.observe(lambda change: self.load_file(change["new"]), "value")
        about = _("Your answers, rule set, puzzle rating and practice are kept where the course runs. Download "
                  "them as a file to keep a copy, to carry on in another browser or on another computer, or to "
                  "hand it in to your teacher. Loading such a file replaces the progress kept here.")
        row = w.HBox([self.export_link, self.upload], layout=w.Layout(align_items="center"))
        set_classes(row, ("batak-progress-file-row",))
        box = w.VBox([w.HTML('<div class="batak-panel-title">' + escape(_("Your progress file")) + "</div>"
                             f'<div class="batak-lesson-summary">{escape(about)}</div>'), row, self.file_message])
        set_classes(box, ("batak-panel", "batak-progress-file"))
        return box

    def choose(self, name: str) -> None:
        """Save the learner's rule set; every lesson opened from now on uses it."""
        if self._showing:
            return
        progress = load_progress()
        progress.choose_preset(name)
        self.show(progress)

    def load_file(self, files: Sequence[Mapping[str, Any]]) -> None:
        """Make an uploaded progress file (one the learner downloaded before) their progress, after every
        check a file on disk gets; a bad file changes nothing, and the message says what is wrong."""
        if not files:
            return  # the upload emptied below
        try:
            self.file_message.value = self._load(files)
        finally:
            self.upload.value = ()  # so that loading the same file again is a new upload

    def _load(self, files: Sequence[Mapping[str, Any]]) -> str:
        """Load the one file of ``files``; what to tell the learner, as HTML."""
        if len(files) != 1:
            return _problem(_("Choose one progress file at a time; your progress is as it was."))
        upload = files[0]
        name = clip(str(upload.get("name") or EXPORT_NAME), FILE_NAME_LIMIT)
        try:
            imported = read_upload(upload.get("content", b""))
        except ValueError as error:
            # Translators: {file} is the uploaded file's name, {problem} what is wrong with it.
            return _problem(_("{file} was not loaded, and your progress is as it was: {problem}.").format(
                file=name, problem=str(error).rstrip(".")))
        progress = load_progress()
        saved = progress.replace_with(imported)
        self.show(progress)
        done = len(progress.completed(lesson.id for lesson in LESSONS))
        # Translators: {file} is the file's name; {rules} the rule set's name ("classic").
        loaded = _("Loaded {file}: {done} of {total} lessons completed, rule set {rules}.").format(
            file=name, done=done, total=len(LESSONS), rules=progress.preset)
        if not saved:
            kept = _("It holds on this page only: it could not be saved ({problem}).").format(
                problem=progress.problem or "")
            return _problem(f"{loaded} {kept}")
        return f'<div class="batak-ok" role="status">{escape(loaded)}</div>'

    def show(self, progress: Progress) -> None:
        self._showing = True
        try:
            self.chooser.value = progress.preset
        finally:
            self._showing = False
        data = base64.b64encode(export_bytes(progress)).decode("ascii")
        self.export_link.value = (f'<a class="batak-progress-download" download="{EXPORT_NAME}" '
                                  f'href="data:application/json;base64,{data}">'
                                  + escape(_("Download your progress file")) + "</a>")
        rules = bc.preset(progress.preset)
        # Translators: {rules} is a rule book's name ("classic"), in bold.
        follows = _("Every lesson, quiz and game follows the {rules} rules. Their key points:").format(
            rules=f"<b>{rules.name}</b>")
        self.rules_note.value = f"<p>{follows}</p><ul>{rule_items(KEY_OPTIONS, rules)}</ul>"
        self.notice.value = (f'<div class="batak-reason">{escape(progress.problem)}.</div>'
                             if progress.problem else "")
        self.menu.value = menu_html(progress)
        self.overall.value = overall_html(progress)


def _problem(text: str) -> str:
    return f'<div class="batak-reason" role="alert">{escape(text)}</div>'


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
        rows.append(_row(str(number), lesson.id, lesson.address, _(lesson.title), _(lesson.summary), status))
    for page in EXTRAS:
        rows.append(_row("", page.id, page.address, _(page.title), _(page.summary), _extra_status(page.id, progress)))
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

