"""What every lesson page shares: the course stylesheet, the learner's chosen rules, and engine
output shown as a table for the learner and as plain text for nbval.
"""


from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import cache
from html import escape
from pathlib import Path
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet
from batak_core.cards import sorted_hand
from batak_core.i18n import N_, _, set_locale
from batak_core.runtime import IN_BROWSER
from batak_core.teaching.names import seat_name
from batak_core.teaching.progress import Progress, check_learner_name, default_path, learner_path

from ..cards import card_svg, faces
from ..style import control, root, set_classes, style_widget
from .browser import open_storage

CLASS_DIR_VAR: Final = "BATAK_CLASS_DIR"
"""Set by the server in classroom mode: the class folder, which holds each learner's progress."""
LEARNER_VAR: Final = "HTTP_X_BATAK_LEARNER"
"""The learner's name: the server sets the ``X-Batak-Learner`` header after checking their signed
cookie, and Voilà copies it into the kernel's environment under this name."""
NAME_UNREADABLE: Final = N_("your name could not be read; reload the page and join again")
"""In English, marked for the catalog: the progress's ``problem`` holds it translated."""

COURSE_CSS: Final = "\n".join(path.read_text(encoding="utf-8")
                              for path in sorted(Path(__file__).parent.glob("*.css")))
"""Every stylesheet of the course pages (course.css and one per widget family, e.g. guided.css)."""


@cache
def course_style() -> w.HTML:
    """The course pages' own <style> (one shared widget, like ``style_widget``)."""
    return w.HTML(f"<style>{COURSE_CSS}</style>", layout=w.Layout(height="0px", margin="0"))


def lesson_page(widget: w.Box, *classes: str) -> w.Box:
    """Put both stylesheets first and mark the composite for them."""
    widget.children = (style_widget(), course_style(), *widget.children)
    return root(widget, *classes)


def felt(*children: w.Widget) -> w.VBox:
    """A green table area holding ``children``."""
    box = w.VBox(list(children))
    set_classes(box, ("batak-felt",))
    return box


def again_button(description: str, tooltip: str, on_click: Callable[[], None]) -> w.Button:
    """A demo's "deal again" button."""
    button = control(description, tooltip, "batak-deal-again")
    button.on_click(lambda _b: on_click())
    return button


def message_area() -> w.HTML:
    """Where a demo says what happened."""
    area = w.HTML()
    set_classes(area, ("batak-message",))
    return area


async def open_page(language: str) -> w.HTML | None:
    """A page's first cell: write in ``language``; in the browser edition, first open the learner's
    progress kept in the browser. Where the browser keeps nothing (storage blocked), the cell shows
    what it returns: a line saying so; the page still counts answers for itself."""
    set_locale(language)
    if not IN_BROWSER:
        return None
    try:
        await open_storage(default_path().parent)
    except Exception as error:  # whatever the browser refused: the page still works
        said = _("This browser does not let the course keep your progress ({why}): answers count on this page "
                 "only.").format(why=str(error)[:80])
        note = w.HTML(f'<div class="batak-message" role="status">{escape(said)}</div>')
        set_classes(note, ("batak-root", "batak-storage-problem"))
        return note
    return None


def current_rules() -> RuleSet:
    """The rule set the learner chose on the start page (miniokey until they choose)."""
    return bc.preset(load_progress().preset)


def progress_path() -> Path:
    """This page's progress file: in classroom mode the learner's own file in the class folder, else
    the machine's one file (``default_path()``). In classroom mode a missing or bad learner name
    raises ValueError: it must never fall back to a file that other learners write too."""
    learner = _classroom_learner()
    return default_path() if learner is None else learner_path(Path(os.environ[CLASS_DIR_VAR]), learner)


def load_progress() -> Progress:
    """This page's progress (see ``progress_path``), never raising: when the learner's name cannot be
    read it is a read-only Progress that says so, counting this page's answers in memory only."""
    try:
        learner = _classroom_learner()
    except ValueError:
        return Progress(Path(os.environ[CLASS_DIR_VAR]), problem=_(NAME_UNREADABLE), read_only=True)
    return Progress.load(progress_path(), learner=learner)


def _classroom_learner() -> str | None:
    """The learner's checked name in classroom mode, None otherwise; ValueError if it is missing or bad."""
    if not os.environ.get(CLASS_DIR_VAR):
        return None
    return check_learner_name(os.environ.get(LEARNER_VAR, ""))


class Shown:
    """Engine output for a lesson page: a table for the learner (HTML) and plain text that nbval checks."""

    def __init__(self, html: str, text: str) -> None:
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return f'<div class="batak-root batak-shown">{self.html}</div>'

    def __repr__(self) -> str:
        return self.text


def open_hands_html(hands: Sequence[Sequence[Card]], trick: Sequence[Card], leader: int, declarer: int | None,
                    nothing_played: str) -> str:
    """An ending with every hand open, as the endings and the puzzles show it: the other three hands
    (opposite first; the learner's own cards are the buttons below), each named, the declarer marked,
    then the trick so far with who played each card."""
    def name(seat: int) -> str:
        # Translators: a hand's heading in an ending shown open, "Mehmet (declarer)".
        return _("{name} (declarer)").format(name=seat_name(seat)) if declarer == seat else seat_name(seat)

    rows = [f'<div class="batak-ending-hand"><span class="batak-ending-name">{name(seat)}</span>'
            f"{faces(sorted_hand(hands[seat]), scale=0.55) or '—'}</div>" for seat in (2, 1, 3)]
    if trick:
        played = "".join(f'<span class="batak-ending-play">{card_svg(c, scale=0.55)}'
                         f"<small>{seat_name((leader + i) % 4)}</small></span>" for i, c in enumerate(trick))
    else:
        played = f'<span class="batak-muted">{escape(nothing_played)}</span>'
    return (f'{"".join(rows)}<div class="batak-ending-trick"><span>' + _("The trick so far:")
            + f"</span>{played}")
