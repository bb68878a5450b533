"""The app's own small pages (join the class, class full, wrong address, the teacher's view),
as plain HTML with no script or font from outside the machine and no icons, so they read the
same offline and on any browser."""

from __future__ import annotations

from html import escape

from batak_core.teaching.class_report import ClassReport

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
"""


def page(title: str, body: str, css_class: str) -> str:
    """A whole page; ``css_class`` names the page for tests and stylesheets."""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f'<body><main class="{css_class}"><h1>{escape(title)}</h1>{body}</main></body></html>')


def error_line(message: str | None) -> str:
    return f'<p class="batak-app-error" role="alert">{escape(message)}</p>' if message else ""


def join_page(xsrf_field: str, next_page: str, name: str = "", error: str | None = None) -> str:
    body = (f"{error_line(error)}<p>Type the class code your teacher shows, and your name. Your answers "
            "and your choice of rules are kept under your name, on this machine only.</p>"
            f'<form method="post" class="batak-join-form">{xsrf_field}'
            f'<input type="hidden" name="next" value="{escape(next_page)}">'
            '<label for="code">Class code</label>'
            '<input type="text" id="code" name="code" autocomplete="off" autocapitalize="characters" required>'
            '<label for="name">Your name</label>'
            f'<input type="text" id="name" name="name" value="{escape(name)}" maxlength="40" required>'
            '<br><button type="submit" class="batak-join">Join the class</button></form>')
    return page("Join the Batak class", body, "batak-join-page")


def teacher_login_page(xsrf_field: str, error: str | None = None) -> str:
    body = (f"{error_line(error)}<p>This page shows the class's progress. Type the teacher code that "
            "the server printed when it started.</p>"
            f'<form method="post" class="batak-teacher-form">{xsrf_field}'
            '<label for="code">Teacher code</label>'
            '<input type="text" id="code" name="code" autocomplete="off" required>'
            '<br><button type="submit" class="batak-teacher-login">Show the class</button></form>')
    return page("Teacher's page", body, "batak-teacher-login-page")


def class_full_page(open_pages: int, retry_seconds: int) -> str:
    body = (f"<p>This machine is running as many course pages as it can hold ({open_pages} are open). "
            f"Please try again in about {retry_seconds} seconds: pages that learners have closed or left "
            "idle are freed, and this page will then open.</p>"
            f'<p><a href="" class="batak-retry">Try again</a></p>')
    return page("The class is full right now", body, "batak-class-full")


def wrong_address_page() -> str:
    body = ("<p>This request came from another web site or named a host this course does not answer to, "
            "so no page was started. Open the course with the address the teacher gave you.</p>")
    return page("Not this course's address", body, "batak-wrong-address")


def teacher_page(report_html: str, refresh_seconds: int) -> str:
    script = (f"<script>setInterval(async () => {{ try {{ const r = await fetch('teacher/report', "
              f"{{cache: 'no-store'}}); if (r.ok) document.getElementById('batak-report').innerHTML = "
              f"await r.text(); }} catch (e) {{}} }}, {refresh_seconds * 1000});</script>")
    body = (f"<p>Updated every {refresh_seconds} seconds while this page is open.</p>"
            f'<div id="batak-report">{report_html}</div>{script}')
    return page("The class's progress", body, "batak-teacher-page")


def report_fragment(report: ClassReport, at: str) -> str:
    """The live part of the teacher's page: lessons, most missed topics, learners."""
    if not report.learners:
        parts = ["<p class=\"batak-teacher-empty\">Nobody has joined yet. Learners join with the class "
                 "code.</p>"]
    else:
        lessons = "".join(
            f"<tr><td>{escape(lesson.title)}</td><td class=number>{lesson.learners}</td>"
            f"<td class=number>{lesson.completed}</td>"
            f"<td class=number>{lesson.answered}</td><td class=number>{lesson.percent}%</td></tr>"
            for lesson in report.lessons)
        missed = "".join(
            f"<tr><td>{escape(topic.title)}</td><td class=number>{topic.missed}</td>"
            f"<td class=number>{topic.answered}</td></tr>"
            for topic in report.missed_topics if topic.missed) or (
            '<tr><td colspan="3">No wrong answers yet.</td></tr>')
        learners = "".join(
            f"<tr><td>{escape(learner.name)}</td><td>{escape(learner.preset)}</td>"
            f"<td class=number>{learner.answered}</td><td class=number>{learner.correct}</td></tr>"
            for learner in report.learners)
        parts = [
            f"<h2>Lessons</h2><table class=\"batak-teacher-lessons\"><tr><th>Lesson</th>"
            f"<th class=number>Learners</th><th class=number>Completed</th><th class=number>Answers</th>"
            f"<th class=number>Right</th></tr>{lessons}</table>",
            f"<h2>Topics most often missed</h2><table class=\"batak-teacher-topics\"><tr><th>Topic</th>"
            f"<th class=number>Missed</th><th class=number>Answers</th></tr>{missed}</table>",
            f"<h2>Learners ({len(report.learners)})</h2><table class=\"batak-teacher-learners\"><tr>"
            f"<th>Name</th><th>Rules</th><th class=number>Answers</th><th class=number>Right</th></tr>"
            f"{learners}</table>",
        ]
    parts += [f'<p class="batak-app-error">{escape(problem)}</p>' for problem in report.problems]
    parts.append(f'<p class="batak-teacher-updated">As of {escape(at)}.</p>')
    return "".join(parts)
