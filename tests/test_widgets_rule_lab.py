"""RuleLab: every preset's verdicts side by side, RULES.md's edge cases, JSON save and load."""

from __future__ import annotations

import re

import batak_core as bc
import widgets
from batak_core.teaching.drills import EDGE_CASES
from batak_core.teaching.position import Position


def verdict_row(lab: widgets.RuleLab, code: str) -> list[str]:
    row = re.search(rf'batak-card-{code}.*?</tr>', lab.result.value)
    assert row, code
    return re.findall(r'<td class="batak-(legal|illegal)-cell"', row.group(0))


def test_edge_cases_side_by_side() -> None:
    lab = widgets.RuleLab()
    names = list(EDGE_CASES)
    # 1. trick already trumped: classic and gamelake still force the overtake
    lab.examples.value = names[0]
    assert verdict_row(lab, "4C") == ["legal", "illegal", "legal", "legal", "illegal"]
    assert "overtake duty" in lab.result.value
    # 2. cannot overtrump: only turkish frees the other suits
    lab.examples.value = names[1]
    assert verdict_row(lab, "2D") == ["illegal", "illegal", "illegal", "legal", "illegal"]
    # 3. could overtrump: danish alone lets the small trump go
    lab.examples.value = names[2]
    assert verdict_row(lab, "3H") == ["illegal", "illegal", "legal", "illegal", "illegal"]
    # 4. trump lead before it is broken: danish alone allows it
    lab.examples.value = names[3]
    assert verdict_row(lab, "AH") == ["illegal", "illegal", "legal", "illegal", "illegal"]
    lab.broken.value = True
    assert verdict_row(lab, "AH") == ["legal"] * 5
    # 5. only trumps: gamelake does not count the lead as breaking trump
    lab.examples.value = names[4]
    row = re.search(r"batak-card-AH.*?</tr>", lab.result.value)
    assert row and row.group(0).count("breaks trump") == 4


def test_json_round_trip_and_errors() -> None:
    lab = widgets.RuleLab(bc.preset("classic", must_overtake=False))
    lab.random_button.click()
    saved = lab.position
    lab.save_button.click()
    assert Position.from_json(lab.json.value) == saved
    lab.examples.value = list(EDGE_CASES)[2]
    assert lab.position != saved
    lab.load_button.click()
    assert lab.position == saved
    assert "<th>classic</th>" in lab.result.value and "<th>classic + house rules</th>" in lab.result.value
    lab.json.value = "{broken"
    lab.load_button.click()
    assert "not valid JSON" in lab.error.value and lab.position == saved


def test_typing_a_bad_position_shows_the_error() -> None:
    lab = widgets.RuleLab()
    lab.hands[1].value = lab.hands[0].value
    assert "twice" in lab.error.value and lab.result.value == ""
    lab.hands[1].value = "ZZ"
    assert "not a card" in lab.error.value
