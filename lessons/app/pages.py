"""The app's own small pages (join the class, class full, wrong address, the teacher's view),
as plain HTML with no script or font from outside the machine and no icons, so they read the
same offline and on any browser."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from batak_core.i18n import LANGUAGE_NAMES, _, active_locale, gettext, ngettext
from batak_core.teaching.class_report import ClassReport

from .classroom import HANDED_IN_LIMIT, HandedIn
from .languages import LANGUAGE_PARAMETER, page_path

HANDED_IN_ACTION = "handed-in"
"""The ``action`` field of the teacher page's form for progress files handed in (the other form logs in)."""
HANDED_IN_FIELD = "files"
"""The form field that carries the progress files handed in."""
FREE_NAME_ACTION = "free-name"
"""The ``action`` field of the teacher page's button that frees a learner's name."""

STYLE = """
body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; background: #f4f1ea; color: #222;
       margin: 0; padding: 2rem 1rem; }
main { max-width: 46rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem;
       box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 1.5rem; margin-top: 0; color: #1d5c3a; }
label { display: block; margin: .8rem 0 .2rem; font-weight: bold; }
input[type=text] { font-size: 1.2rem; padding: .4rem .6rem; width: 16rem; border: 1px solid #888;
                   border-radius: 4px; }
button { font-size: 1.1rem; margin-top: 1rem; padding: .5rem 1.2rem; background: #1d5c3a; color: #fff;
         border: 0; border-radius: 4px; cursor: pointer; }
.batak-app-error { color: #8b1a1a; background: #fbeaea; padding: .6rem .8rem; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin: .6rem 0 1.2rem; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; }
td.number, th.number { text-align: right; }
.batak-teacher-updated { color: #666; font-size: .9rem; }
.batak-teacher-handed-in { margin-top: 2rem; border-top: 1px solid #ddd; }
.batak-teacher-no-name { color: #666; font-style: italic; }
.batak-recovery-code { font-size: 2rem; font-family: "DejaVu Sans Mono", monospace; letter-spacing: .15em;
                       background: #f4f1ea; padding: .4rem .8rem; border-radius: 4px; display: inline-block; }
form.batak-free-name { margin: 0; }
form.batak-free-name button { font-size: .85rem; margin: 0; padding: .2rem .6rem; background: #8b1a1a; }
"""


def page(title: str, body: str, css_class: str, query: Mapping[str, str] | None = None) -> str:
    """A whole page in the active language; ``css_class`` names the page for tests and stylesheets.
    With ``query`` (what the page's address keeps besides ``?lang=``), a menu of the other languages."""
    menu = "" if query is None else language_menu(query)
    return (f'<!DOCTYPE html><html lang="{active_locale()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f'<body><main class="{css_class}">{menu}<h1>{escape(title)}</h1>{body}</main></body></html>')


def language_menu(query: Mapping[str, str]) -> str:
    """Links to this page in each language (named in itself), the active one in bold."""
    links = [f"<b>{escape(name)}</b>" if code == active_locale() else
             f'<a href="?{escape(urlencode({**query, LANGUAGE_PARAMETER: code}))}" lang="{code}" '
             f'hreflang="{code}">{escape(name)}</a>' for code, name in LANGUAGE_NAMES.items()]
    return f'<p class="batak-languages">{" · ".join(links)}</p>'


def error_line(message: str | None) -> str:
    return f'<p class="batak-app-error" role="alert">{escape(message)}</p>' if message else ""


def join_page(xsrf_field: str, next_page: str, name: str = "", error: str | None = None,
              query: Mapping[str, str] | None = None, recovery: bool = False) -> str:
    """The join form; with ``recovery`` (the name typed is taken) also the field for the recovery code."""
    intro = escape(_("Type the class code your teacher shows, and your name. Your answers and your choice of "
                     "rules are kept under your name, on this machine only."))
    code_label, name_label, join = escape(_("Class code")), escape(_("Your name")), escape(_("Join the class"))
    body = (f"{error_line(error)}<p>{intro}</p>"
            f'<form method="post" class="batak-join-form">{xsrf_field}'
            f'<input type="hidden" name="next" value="{escape(next_page)}">'
            f'<label for="code">{code_label}</label>'
            '<input type="text" id="code" name="code" autocomplete="off" autocapitalize="characters" required>'
            f'<label for="name">{name_label}</label>'
            f'<input type="text" id="name" name="name" value="{escape(name)}" maxlength="40" required>'
            f"{recovery_field() if recovery else ''}"
            f'<br><button type="submit" class="batak-join">{join}</button></form>')
    return page(_("Join the Batak class"), body, "batak-join-page", query)


def recovery_field() -> str:
    label = escape(_("Your recovery code (only if the name is yours)"))
    return (f'<label for="recovery">{label}</label>'
            '<input type="text" id="recovery" name="recovery" autocomplete="off" autocapitalize="characters">')


def joined_page(name: str, recovery_code: str, next_page: str) -> str:
    """The page after a learner took their name: their recovery code, shown this once, and the way on."""
    # Translators: {name} is the name the learner just joined the class with.
    welcome = escape(_("Welcome, {name}: this name is yours in this class now.").format(name=name))
    explain = escape(_("Write down your recovery code and keep it to yourself. If you use another computer "
                       "or browser, type your name and this code to carry on with your progress."))
    go_on = escape(_("I wrote it down: start the course"))
    body = (f"<p>{welcome}</p><p>{explain}</p>"
            f'<p class="batak-recovery-code">{escape(recovery_code)}</p>'
            f'<p><a href="{escape(next_page)}" class="batak-continue">{go_on}</a></p>')
    return page(_("Your recovery code"), body, "batak-joined-page")


def teacher_login_page(xsrf_field: str, error: str | None = None) -> str:
    intro = escape(_("This page shows the class's progress. Type the teacher code that the server printed when "
                     "it started."))
    code_label, show = escape(_("Teacher code")), escape(_("Show the class"))
    body = (f"{error_line(error)}<p>{intro}</p>"
            f'<form method="post" class="batak-teacher-form">{xsrf_field}'
            f'<label for="code">{code_label}</label>'
            '<input type="text" id="code" name="code" autocomplete="off" required>'
            f'<br><button type="submit" class="batak-teacher-login">{show}</button></form>')
    return page(_("Teacher's page"), body, "batak-teacher-login-page", {})


def class_full_page(open_pages: int, retry_seconds: int) -> str:
    text = escape(ngettext(
        "This machine is running as many course pages as it can hold ({open} is open). Please try again in "
        "about {seconds} seconds: pages that learners have closed or left idle are freed, and this page will "
        "then open.",
        "This machine is running as many course pages as it can hold ({open} are open). Please try again in "
        "about {seconds} seconds: pages that learners have closed or left idle are freed, and this page will "
        "then open.", open_pages).format(open=open_pages, seconds=retry_seconds))
    retry = escape(_("Try again"))
    body = f'<p>{text}</p><p><a href="" class="batak-retry">{retry}</a></p>'
    return page(_("The class is full right now"), body, "batak-class-full")


def unknown_language_page(asked: str, render_url: str, notebook: str) -> str:
    """A ``?lang=`` the course does not speak (``asked``): what was wrong, and the page in each
    language it does."""
    links = "".join(f'<li><a href="{escape(render_url)}/{escape(page_path(code, notebook))}" lang="{code}">'
                    f"{escape(name)}</a></li>" for code, name in LANGUAGE_NAMES.items())
    # Translators: {language} is what the address asked for after ?lang=, as it was typed.
    problem = _("The address asks for the language {language}, which the course does not have. "
                "Choose one of these:").format(language=repr(asked[:40]))
    body = f"{error_line(problem)}<ul class=\"batak-languages\">{links}</ul>"
    return page(_("Choose the course's language"), body, "batak-unknown-language")


def no_such_page(start_url: str) -> str:
    """A course address that names no page (a mistyped or an old link): say so, and the way to the start page."""
    body = ("<p>" + escape(_("This address names no page of the course: it may be mistyped, or the link is "
                             "older than the course.")) + "</p>"
            + f'<p><a href="{escape(start_url)}">' + escape(_("Go to the start page")) + "</a></p>")
    return page(_("No such page"), body, "batak-no-such-page")


def wrong_address_page() -> str:
    body = "<p>" + escape(_("This request came from another web site or named a host this course does not answer "
                            "to, so no page was started. Open the course with the address the teacher gave you.")) \
        + "</p>"
    return page(_("Not this course's address"), body, "batak-wrong-address")


def teacher_page(report_html: str, refresh_seconds: int, xsrf_field: str = "", handed_in_html: str = "") -> str:
    """The class's progress, refreshed live, then the form for progress files learners hand in and,
    after it was sent, what they hold (``handed_in_html``)."""
    script = (f"<script>setInterval(async () => {{ try {{ "
              f"const r = await fetch('teacher/report' + window.location.search, "
              f"{{cache: 'no-store'}}); if (r.ok) document.getElementById('batak-report').innerHTML = "
              f"await r.text(); }} catch (e) {{}} }}, {refresh_seconds * 1000});</script>")
    updated = _("Updated every {seconds} seconds while this page is open.").format(seconds=refresh_seconds)
    body = (f'<p>{escape(updated)}</p><div id="batak-report">{report_html}</div>'
            f"{handed_in_form(xsrf_field, handed_in_html)}{script}")
    return page(_("The class's progress"), body, "batak-teacher-page", {})


def handed_in_form(xsrf_field: str, results_html: str = "") -> str:
    """The teacher page's part for progress files learners hand in (the browser edition keeps
    progress in the learner's browser): what was read last, and the form to send more."""
    intro = escape(_("Learners who use the course in their browser can download their progress file and hand it "
                     "in. Choose one or more such files to see what each holds. They are only read, not added to "
                     "the class."))
    title, label = escape(_("Progress files handed in")), escape(_("Progress files"))
    show = escape(_("Show these files"))
    return (f'<section class="batak-teacher-handed-in"><h2>{title}</h2>'
            f"{results_html}<p>{intro}</p>"
            f'<form method="post" enctype="multipart/form-data" class="batak-teacher-files-form">{xsrf_field}'
            f'<input type="hidden" name="action" value="{HANDED_IN_ACTION}">'
            f'<label for="{HANDED_IN_FIELD}">{label}</label>'
            f'<input type="file" id="{HANDED_IN_FIELD}" name="{HANDED_IN_FIELD}" multiple '
            'accept=".json,application/json" required>'
            f'<br><button type="submit" class="batak-teacher-show-files">{show}</button></form></section>')


def handed_in_fragment(files: Sequence[HandedIn], sent: int) -> str:
    """What each progress file handed in holds, with the class report's columns for a learner, or why
    it could not be read; ``sent`` counts the files sent (only the first ``HANDED_IN_LIMIT`` are read)."""
    if not files:
        return error_line(_("Choose one or more progress files first."))
    rows = []
    for item in files:
        file = f"<td>{escape(item.file)}</td>"
        if item.summary is None:
            # Translators: {problem} says what is wrong with a progress file handed in.
            problem = escape(_("not read: {problem}").format(problem=item.problem or ""))
            rows.append(f'<tr class="batak-handed-in-problem">{file}'
                        f'<td colspan="4" class="batak-app-error">{problem}</td></tr>')
            continue
        learner = item.summary
        name = (escape(learner.name) if learner.name
                else '<span class="batak-teacher-no-name">' + escape(_("no name in the file")) + "</span>")
        rows.append(f'<tr class="batak-handed-in-learner">{file}<td>{name}</td><td>{escape(learner.preset)}</td>'
                    f"<td class=number>{learner.answered}</td><td class=number>{learner.correct}</td></tr>")
    head = "<tr>" + "".join(f"<th{' class=number' if i >= 3 else ''}>{escape(title)}</th>" for i, title in
                            enumerate((_("File"), _("Name"), _("Rules"), _("Answers"), _("Right")))) + "</tr>"
    left_out = (error_line(_("{sent} files were sent; the first {most} are shown.").format(
        sent=sent, most=HANDED_IN_LIMIT)) if sent > len(files) else "")
    return f'{left_out}<table class="batak-teacher-handed-in-files">{head}{"".join(rows)}</table>'


@dataclass(frozen=True)
class Member:
    """A learner on the teacher's page: their name, rule set and answers; when they joined and were
    last active (seconds since the epoch; None if unknown); ``key`` is their name's key in the
    class's roster (None for a progress file whose name nobody holds)."""

    name: str
    preset: str
    answered: int
    correct: int
    joined: float | None = None
    active: float | None = None
    key: str | None = None


def clock_time(when: float | None, now: float | None = None) -> str:
    """A moment as the teacher's page shows it: its time today, else its date and time."""
    if when is None:
        return ""
    moment, today = time.localtime(when), time.localtime(time.time() if now is None else now)
    same_day = moment[:3] == today[:3]
    return time.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M", moment)


def free_name_form(member: Member, xsrf_field: str) -> str:
    """The teacher's button that frees ``member``'s name, with what it does in its title."""
    if member.key is None:
        return ""
    free = escape(_("Free the name"))
    what = escape(_("Let another browser take this name, for a learner who lost their recovery code. Their "
                    "progress stays with the name."))
    return (f'<form method="post" action="" class="batak-free-name">{xsrf_field}'
            f'<input type="hidden" name="action" value="{FREE_NAME_ACTION}">'
            f'<input type="hidden" name="name" value="{escape(member.key)}">'
            f'<button type="submit" title="{what}">{free}</button></form>')


def report_fragment(report: ClassReport, at: str, members: Sequence[Member] | None = None,
                    xsrf_field: str = "") -> str:
    """The live part of the teacher's page: lessons, most missed topics, and every learner who
    joined (``members``; without it, those of the report) with when they joined and were last active."""
    def head(*titles: str, numbers_from: int = 1) -> str:
        """A table's heading row; the columns from ``numbers_from`` on hold numbers."""
        return "<tr>" + "".join(f"<th{' class=number' if i >= numbers_from else ''}>{escape(t)}</th>"
                                for i, t in enumerate(titles)) + "</tr>"

    def heading(text: str) -> str:
        return f"<h2>{escape(text)}</h2>"

    if members is None:
        members = [Member(learner.name, learner.preset, learner.answered, learner.correct)
                   for learner in report.learners]
    if not members:
        nobody = escape(_("Nobody has joined yet. Learners join with the class code."))
        parts = [f'<p class="batak-teacher-empty">{nobody}</p>']
    else:
        lessons = "".join(
            f"<tr><td>{escape(gettext(lesson.title))}</td><td class=number>{lesson.learners}</td>"
            f"<td class=number>{lesson.completed}</td>"
            f"<td class=number>{lesson.answered}</td><td class=number>{lesson.percent}%</td></tr>"
            for lesson in report.lessons)
        no_misses = escape(_("No wrong answers yet."))
        missed = "".join(
            f"<tr><td>{escape(gettext(topic.title))}</td><td class=number>{topic.missed}</td>"
            f"<td class=number>{topic.answered}</td></tr>"
            for topic in report.missed_topics if topic.missed) or f'<tr><td colspan="3">{no_misses}</td></tr>'
        learners = "".join(
            f'<tr class="batak-teacher-learner"><td>{escape(member.name)}</td><td>{escape(member.preset)}</td>'
            f"<td class=number>{member.answered}</td><td class=number>{member.correct}</td>"
            f'<td class="batak-joined">{clock_time(member.joined)}</td>'
            f'<td class="batak-active">{clock_time(member.active)}</td>'
            f"<td>{free_name_form(member, xsrf_field)}</td></tr>"
            for member in members)
        parts = [
            heading(_("Lessons")) + '<table class="batak-teacher-lessons">'
            + head(_("Lesson"), _("Learners"), _("Completed"), _("Answers"), _("Right")) + lessons + "</table>",
            heading(_("Topics most often missed")) + '<table class="batak-teacher-topics">'
            + head(_("Topic"), _("Missed"), _("Answers")) + missed + "</table>",
            heading(_("Learners ({n})").format(n=len(members))) + '<table class="batak-teacher-learners">'
            + "<tr>" + "".join(f"<th{' class=number' if i in (2, 3) else ''}>{escape(t)}</th>" for i, t in enumerate(
                (_("Name"), _("Rules"), _("Answers"), _("Right"), _("Joined"), _("Last active"), ""))) + "</tr>"
            + learners + "</table>",
        ]
    parts += [f'<p class="batak-app-error">{escape(problem)}</p>' for problem in report.problems]
    updated = escape(_("As of {time}.").format(time=at))
    parts.append(f'<p class="batak-teacher-updated">{updated}</p>')
    return "".join(parts)
