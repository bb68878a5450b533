"""The game table's layout and colours in a real browser: a 1280x720 projector shows the table,
your hand and the bid buttons at once; a 390 px phone shows all four players without sideways
scrolling; the trump buttons show their whole label; text on the felt meets WCAG AA.

The README's pictures docs/screenshots/table_1280x720.png and table_phone_390.png are taken here.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from batak_core.cards import Suit
from batak_core.i18n import LANGUAGES, _, use_locale
from lessons.app.languages import page_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDGETS_TIMEOUT = 60_000  # ms: a cold kernel on a slow CI machine
FULL_GAME = "/voila/render/16_full_games.ipynb"
TRUMP_LESSON = "/voila/render/05_trump.ipynb"
QUIZ_PAGE = "/voila/render/06_following_and_overtaking.ipynb"

# Every element with its own visible text inside a felt, with its computed colour, size, weight and
# the backgrounds behind it, nearest first up to the first opaque one (a gradient counts with all its
# colour stops). Text drawn inside SVG card faces lies on the card's white face, not on the felt.
TEXTS_ON_FELT = """(felt) => {
  const parse = s => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const stops = s => (s.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
  const name = e => e.tagName.toLowerCase()
    + [...e.classList].filter(c => c.startsWith('batak-')).map(c => '.' + c).join('');
  const out = [], seen = new Set();
  const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el) || el.closest('svg')) continue;
    seen.add(el);
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    if (!el.getClientRects().length || !box.width || !box.height || style.visibility !== 'visible'
        || parseFloat(style.fontSize) < 1 || el.closest('[style*="display: none"]')) continue;
    const layers = [];
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      const image = s.backgroundImage !== 'none' ? stops(s.backgroundImage) : [];
      if (image.length) { layers.push(image); break; }
      const bg = parse(s.backgroundColor);
      if (bg && bg[3] > 0) { layers.push([bg]); if (bg[3] >= 1) break; }
      if (a === felt) break;
    }
    let where = name(el);
    for (let a = el.parentElement; a && a !== felt; a = a.parentElement) {
      if ([...a.classList].some(c => c.startsWith('batak-'))) { where = name(a) + ' ' + where; break; }
    }
    out.push({text: node.textContent.trim().slice(0, 40), where, color: parse(style.color),
              size: parseFloat(style.fontSize), weight: parseInt(style.fontWeight), layers});
  }
  return out;
}"""


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)  # let the fonts settle for the picture
    page.screenshot(path=str(SHOTS / name))


def luminance(rgb: list[float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0-255 channels)."""
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: list[float], other: list[float]) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(top: list[float], below: list[float]) -> list[float]:
    """A translucent colour laid over an opaque one."""
    alpha = top[3]
    return [top[i] * alpha + below[i] * (1 - alpha) for i in range(3)] + [1.0]


def worst_contrast(item: dict[str, Any]) -> float:
    """The text's contrast against the least favourable colour behind it (a gradient's every stop)."""
    nearest_first = item["layers"]
    assert nearest_first, f"no background found behind {item['where']}"
    *translucent, bottom = nearest_first
    worst = float("inf")
    for base in bottom:
        background = base if base[3] >= 1 else over(base, [255, 255, 255, 1])
        for layer in reversed(translucent):
            background = over(layer[0], background)
        colour = item["color"] if item["color"][3] >= 1 else over(item["color"], background)
        worst = min(worst, contrast(colour, background))
    return worst


def low_contrast_texts(page: Any, within: str = "") -> list[str]:
    """Every visible text on a felt (inside ``within``, a CSS selector) below WCAG AA: 4.5:1, or
    3:1 for large text (24 px, or bold from 18.66 px)."""
    felts = page.locator(f"{within} .batak-felt".strip())
    assert felts.count() > 0, "no felt on the page"
    failures, checked = [], 0
    for felt in felts.all():
        for item in felt.evaluate(TEXTS_ON_FELT):
            checked += 1
            large = item["size"] >= 24 or (item["weight"] >= 700 and item["size"] >= 18.66)
            need = 3.0 if large else 4.5
            ratio = worst_contrast(item)
            if ratio < need:
                failures.append(f"{item['where']} {item['text']!r}: {ratio:.2f} < {need}")
    assert checked >= 3, "the check found almost no text on the felt"
    return failures


def in_edition(address: str, language: str) -> str:
    """A page's address in the edition of ``language`` ("/voila/render/tr/16_full_games.ipynb")."""
    folder, _, notebook = address.rpartition("/")
    return f"{folder}/{page_path(language, notebook)}"


def open_table(page: Any, app_url: str, width: int, height: int, language: str = "en") -> Any:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(app_url + in_edition(FULL_GAME, language))
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=WIDGETS_TIMEOUT)
    return table


def your_call(table: Any) -> None:
    """Wait until the learner may call (the bots call first, each after the table's delay).
    The move clock (on under miniokey's rules) runs only once the page shows the table, so a
    cold, busy server cannot use up the learner's first call before the page is there."""
    calls = table.locator(".batak-bid-panel button.batak-bid:visible:enabled, "
                          ".batak-bid-panel button.batak-pass:visible:enabled").first
    try:
        calls.wait_for(timeout=WIDGETS_TIMEOUT)
    except Exception as timeout:  # Playwright's TimeoutError: say what the page showed instead
        shown = " ".join(table.inner_text(timeout=5_000).split())
        raise AssertionError(f"the learner's call never opened; the table showed: {shown[:600]!r}") from timeout


def test_the_move_clock_counts_down_in_the_page(page: Any, app_url: str) -> None:
    """The clock runs while the page shows the table (the front end reports the views it draws).
    A busy machine may hold up a tick for seconds, so the wait allows a third of the clock."""
    table = open_table(page, app_url, 1280, 720)
    your_call(table)
    clock = table.locator(".batak-clock .batak-clock-text b")
    before = int(clock.inner_text().split()[0])
    assert before > 20, f"the learner's first call starts with {before} s, not a full clock"
    page.wait_for_function("([sel, s]) => { const e = document.querySelector(sel); "
                           "return e && parseInt(e.innerText) < s; }",
                           arg=[".batak-game-table .batak-clock .batak-clock-text b", before], timeout=10_000)


def top_to_top(table: Any) -> None:
    """Scroll the page so the table's top is at the top of the window."""
    table.evaluate("e => e.scrollIntoView({block: 'start'})")
    table.page.wait_for_timeout(200)


def inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return (box is not None and box["width"] > 0 and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_fits_a_1280x720_projector_with_your_hand_and_the_bids(page: Any, app_url: str,
                                                                         language: str) -> None:
    """In every language: German and Turkish words are longer than English ones."""
    table = open_table(page, app_url, 1280, 720, language)
    your_call(table)
    top_to_top(table)
    box = table.bounding_box()
    assert box is not None and box["height"] <= 720, f"the table is {box and box['height']} px high"
    hand = table.locator(".batak-learner-hand")
    assert hand.locator("button.batak-card:visible").count() >= 12
    for part, name in ((hand, "your hand"), (table.locator(".batak-bid-panel"), "the bid panel"),
                       (table.locator(".batak-table-grid"), "the four players")):
        assert inside(part.bounding_box(), 1280, 720), f"{name} is not all in view: {part.bounding_box()}"
    for button in table.locator(".batak-bid-panel button:visible:enabled").all():
        assert inside(button.bounding_box(), 1280, 720)
    with use_locale(language):
        your_move = _("Your move: <b>{n} s</b> left").split("<b>")[0].strip()
    assert your_move in table.locator(".batak-clock").inner_text()  # miniokey's rules time the move
    shot(page, "table_1280x720.png" if language == "en" else f"table_1280x720_{language}.png")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_390px_phone_shows_all_four_players_and_nothing_sideways(page: Any, app_url: str, language: str) -> None:
    table = open_table(page, app_url, 390, 844, language)
    your_call(table)
    top_to_top(table)
    for seat in range(4):
        name = table.locator(f".batak-seat-{seat} .batak-seat-name")
        assert name.is_visible()
        box = name.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, f"seat {seat}: {box}"
        assert inside(table.locator(f".batak-seat-{seat}").bounding_box(), 390, 844)
    overflow = table.evaluate(
        "root => [root, ...root.querySelectorAll('.batak-felt, .batak-table-grid, .batak-hand, .batak-bid-panel, "
        ".batak-table-header')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className)")
    assert overflow == [], f"cut off sideways: {overflow}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    if language == "en":
        shot(page, "table_phone_390.png")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [1280, 390])
def test_trump_buttons_show_their_whole_label(page: Any, app_url: str, width: int, language: str) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(app_url + in_edition(TRUMP_LESSON, language))
    buttons = page.locator(".batak-trump-demo button.batak-trump")
    buttons.first.wait_for(timeout=WIDGETS_TIMEOUT)
    assert buttons.count() == 4
    with use_locale(language):
        suits = "|".join(re.escape(suit.word()) for suit in Suit)
    for button in buttons.all():
        label = button.inner_text()
        assert re.fullmatch(rf". ({suits}) \(.*\d+.*\)", label.replace("\n", " ")), label
        fits = button.evaluate("b => b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1")
        assert fits, f"{label!r} is cut off"
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_text_on_the_game_tables_felt_meets_wcag_aa(page: Any, app_url: str) -> None:
    table = open_table(page, app_url, 1280, 900)
    your_call(table)
    assert low_contrast_texts(page, ".batak-game-table") == []
    # and with cards on the table: the learner passes (or bids when it must) and plays on
    deadline = time.monotonic() + 120
    while not table.locator(".batak-trick-area svg.batak-face").count():
        assert time.monotonic() < deadline, "no card reached the table within 2 minutes"
        passing = table.locator("button.batak-pass:visible:enabled")
        bids = table.locator("button.batak-bid:visible:enabled")
        trump = table.locator("button.batak-trump:visible")
        legal = table.locator(".batak-learner-hand button.batak-legal:visible")
        if passing.count():
            passing.click()
        elif bids.count():
            bids.first.click()
        elif trump.count():
            trump.first.click()
        elif legal.count() and table.locator(".batak-seat-0.batak-turn").count():
            legal.first.click()
        page.wait_for_timeout(300)
    page.wait_for_timeout(500)
    assert low_contrast_texts(page, ".batak-game-table") == []


def test_text_on_a_quiz_pages_felt_meets_wcag_aa(page: Any, app_url: str) -> None:
    page.goto(app_url + QUIZ_PAGE)
    page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=WIDGETS_TIMEOUT)
    page.wait_for_timeout(500)
    assert low_contrast_texts(page) == []
