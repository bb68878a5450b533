"""The course in Turkish and German as a learner meets it: every page walked in each language with no
English sentence left on it, a quiz round answered, an illegal card's reason read, a deal played,
and the language menu and the browser's language choosing the edition (and the choice kept).

"No English left" is checked against the catalogs themselves: every English message whose
translation differs is cut at its placeholders and markup into phrases of four words or more, and
none of them may be in the page's visible text.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

import batak_core as bc
from batak_core.i18n import catalog_path, use_locale
from batak_core.teaching import drills
from batak_core.teaching.lessons import LESSONS_BY_ID, PAGES
from batak_core.teaching.rounds import QuizRound
from lessons.app.languages import page_path
from tests.browser.conftest import check_cards, running_app
from tests.browser.test_app import QUIZ_SEED, WIDGETS_TIMEOUT, assert_clean, play_deal_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TRANSLATED = ("tr", "de")
READY = ".batak-page-ready"  # the notebook's last cell: every widget above it is drawn
FOLLOWING = LESSONS_BY_ID["following"]
PHRASE_WORDS = 4


def english_phrases(language: str) -> set[str]:
    """The English phrases (four words or more) of every message the language's catalog translates
    differently, cut at placeholders, markup and Markdown; a phrase the translation keeps (the
    Turkish words of the game in a list) is no English."""
    with catalog_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    phrases = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if set(ids) == set(strings):
            continue
        translated = " ".join(" ".join(strings).split())
        for text in ids:
            for chunk in re.split(r"\{[^{}]*\}|<[^>]*>|\]\([^)]*\)|[*_`#\[\]|:;()\"“”]", text):
                words = chunk.split()
                if len(words) >= PHRASE_WORDS and " ".join(words) not in translated:  # not the game's own words
                    phrases.add(" ".join(words))
    return phrases


@pytest.fixture(scope="module")
def language_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An app of its own: these tests choose languages, which its progress file remembers."""
    with running_app(tmp_path_factory) as (url, _process):
        yield url


@pytest.fixture(scope="module")
def phrases() -> dict[str, set[str]]:
    return {language: english_phrases(language) for language in TRANSLATED}


def in_language(browser: Any, language: str) -> Any:
    """A new page of a browser that asks for ``language`` first (its Accept-Language)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=language)
    return context.new_page()


def english_left(page: Any, phrases: set[str]) -> list[str]:
    text = " ".join(page.inner_text("body").split())
    return sorted(p for p in phrases if p in text)


PAGES_AHEAD = 2
"""Pages the walk opens beyond the one being checked: the server runs their kernels while the
browser draws the current one (the walk took 40 pages one at a time, the longest browser test)."""


class PageWalk:
    """The walk's pages, opened ahead in the order the tests check them: ``take`` gives the page
    a test asks for, loading or loaded, after starting the next ``PAGES_AHEAD`` selected ones."""

    def __init__(self, browser: Any, app_url: str, order: list[tuple[str, str]]) -> None:
        self._browser = browser
        self._app_url = app_url
        self._order = order
        self._open: dict[tuple[str, str], Any] = {}

    def take(self, language: str, notebook: str) -> Any:
        key = (language, notebook)
        start = self._order.index(key) if key in self._order else len(self._order)
        for ahead in [key, *self._order[start + 1:start + 1 + PAGES_AHEAD]]:
            if ahead not in self._open:
                page = in_language(self._browser, ahead[0])
                page.goto(f"{self._app_url}/voila/render/{page_path(*ahead)}", wait_until="commit")
                self._open[ahead] = page
        return self._open.pop(key)

    def close(self) -> None:
        for page in self._open.values():
            page.context.close()


@pytest.fixture(scope="module")
def page_walk(request: pytest.FixtureRequest, browser: Any, language_app: str) -> Iterator[PageWalk]:
    """The walk of this session's selected pages (``-k`` opens none it does not check)."""
    test = test_every_page_reads_in_the_language_with_no_english_left.__name__
    order = [(item.callspec.params["language"], item.callspec.params["notebook"])
             for item in request.session.items if getattr(item, "originalname", "") == test]
    walk = PageWalk(browser, language_app, order)
    yield walk
    walk.close()


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("notebook", [p.file for p in PAGES])
def test_every_page_reads_in_the_language_with_no_english_left(page_walk: PageWalk, language: str, notebook: str,
                                                               phrases: dict[str, set[str]]) -> None:
    page = page_walk.take(language, notebook)
    try:
        page.wait_for_selector(READY, state="attached", timeout=WIDGETS_TIMEOUT)
        assert page.evaluate("document.documentElement.lang") == language
        assert_clean(page)
        left = english_left(page, phrases[language])
        assert not left, f"{len(left)} English phrases on {language}/{notebook}: {left[:8]}"
    finally:
        page.context.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_quiz_round_is_answered_and_an_illegal_card_explained_in_the_language(browser: Any, language_app: str,
                                                                                language: str) -> None:
    page = in_language(browser, language)
    try:
        page.goto(f"{language_app}/voila/render/{page_path(language, FOLLOWING.file)}")
        quiz = page.locator(".batak-lesson-quiz")
        quiz.locator("button.batak-card").first.wait_for(timeout=WIDGETS_TIMEOUT)
        rules = bc.preset("miniokey")
        round_ = QuizRound(FOLLOWING.topics, rules, QUIZ_SEED)
        question = round_.question(0)
        assert isinstance(question, drills.LegalCardsQuestion)
        check_cards(quiz, question.answer)
        right = quiz.locator(".batak-feedback.batak-correct")
        right.wait_for(timeout=10_000)
        with use_locale(language):
            assert drills.rule_title(question.rule) in right.inner_text()
        assert "Right!" not in right.inner_text()

        quiz.locator("button.batak-next-question").click()
        second = round_.question(1)
        assert isinstance(second, drills.LegalCardsQuestion)
        illegal = next(c for c in second.position.hand if c not in second.answer)
        quiz.locator(f"button.batak-card-{illegal.code}").wait_for(timeout=10_000)
        check_cards(quiz, [illegal])
        wrong = quiz.locator(".batak-feedback.batak-wrong")
        wrong.wait_for(timeout=10_000)
        with use_locale(language):
            reason = second.position.explain(rules, illegal).reason
        assert reason in " ".join(wrong.inner_text().split())
        assert_clean(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_deal_is_played_to_its_score_in_the_language(browser: Any, language_app: str, language: str,
                                                       phrases: dict[str, set[str]]) -> None:
    page = in_language(browser, language)
    try:
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.goto(f"{language_app}/voila/render/{page_path(language, '16_full_games.ipynb')}")
        table = page.locator(".batak-game-table")
        table.locator(".batak-seat").first.wait_for(timeout=WIDGETS_TIMEOUT)
        play_deal_through(page, table)
        assert_clean(page)
        left = english_left(page, phrases[language])
        assert not left, f"English left at the table after a deal: {left[:8]}"
    finally:
        page.context.close()


def test_the_browsers_language_opens_its_edition_and_the_menu_choice_is_kept(browser: Any,
                                                                             tmp_path_factory: Any) -> None:
    with running_app(tmp_path_factory) as (url, _process):
        page = in_language(browser, "de-DE")
        try:
            page.goto(url + "/")
            page.wait_for_selector(".batak-start-page", timeout=WIDGETS_TIMEOUT)
            assert page.url.endswith("/voila/render/de/00_start_here.ipynb")
            page.click(".batak-languages a[lang='tr']")
            page.wait_for_selector(".batak-start-page", timeout=WIDGETS_TIMEOUT)
            assert page.url.endswith("/voila/render/tr/00_start_here.ipynb")  # the ?lang=tr is taken and dropped
            page.goto(url + "/voila/render/05_trump.ipynb")  # an English address: the choice is remembered
            page.wait_for_selector(READY, state="attached", timeout=WIDGETS_TIMEOUT)
            assert page.url.endswith("/voila/render/tr/05_trump.ipynb")
            page.goto(url + "/voila/render/05_trump.ipynb?lang=klingon")
            assert "klingon" in page.inner_text("body") and page.locator(".batak-languages a").count() == 3
        finally:
            page.context.close()


@pytest.mark.parametrize(("language", "path", "said"), [
    ("tr", "/voila/render/99_no_such_lesson.ipynb", "Böyle bir sayfa yok"),
    ("de", "/voila/render/de/99_no_such_lesson.ipynb", "Diese Seite gibt es nicht"),
    ("en", "/voila/render/99_no_such_lesson.ipynb", "No such page"),
])
def test_an_address_that_names_no_page_says_so_in_the_language(language_app: str, language: str, path: str,
                                                               said: str) -> None:
    """Regression: Voilà's own "404: Not Found / You are requesting a page that does not exist!" in English."""
    request = urllib.request.Request(language_app + path, headers={"Accept-Language": language})
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(request, timeout=60)
    body = error.value.read().decode()
    assert error.value.code == 404 and f'<html lang="{language}">' in body and said in body
    assert "batak-no-such-page" in body and page_path(language, "00_start_here.ipynb") in body
    assert "does not exist!" not in body
