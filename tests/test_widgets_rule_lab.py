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
    assert "<th>classic</th>" in lab.result.value and ">your rules</th>" in lab.result.value
    lab.json.value = "{broken"
    lab.load_button.click()
    assert "not valid JSON" in lab.error.value and lab.position == saved


def test_typing_a_bad_position_shows_the_error() -> None:
    lab = widgets.RuleLab()
    lab.hands[1].value = lab.hands[0].value
    assert "twice" in lab.error.value and lab.result.value == ""
    lab.hands[1].value = "ZZ"
    assert "not a card" in lab.error.value


def test_house_rules_get_their_own_column_beside_their_preset() -> None:
    house = bc.preset("classic", must_overtake=False)
    lab = widgets.RuleLab(house)
    lab.examples.value = next(iter(EDGE_CASES))  # the trick is trumped: classic still forces the overtake
    heads = re.findall(r"<th[^>]*>([^<]+)</th>", lab.result.value.split("</thead>")[0])
    assert heads == ["card", *bc.PRESETS, "your rules"]
    assert 'title="classic + house rules: must_overtake"' in lab.result.value
    assert verdict_row(lab, "4C") == ["legal", "illegal", "legal", "legal", "illegal", "legal"]
    assert house.name == "classic"  # the lab labels the column; the rule set keeps its source's name
    lab.rules = bc.preset("classic")
    assert lab.position is not None
    lab.set_position(lab.position)
    assert "your rules" not in lab.result.value and len(verdict_row(lab, "4C")) == 5


def test_trump_not_broken_yet_while_a_trump_lies_in_the_trick() -> None:
    """Regression: the lab said "not broken yet" (and marked trumps as breaking it) although a ruff
    in the trick had broken trump; under gamelake a trump led does not break it, under the rest it does."""
    lab = widgets.RuleLab()
    lab.set_position(Position.around("AH 5H KS", "9C 2H", "H", leader=2))  # seat 3 ruffed the clubs lead
    text = lab.result.value
    assert "Hearts ♥ are trump (broken)." in text and "not broken" not in text
    assert "breaks trump" not in text  # it is broken already: playing a trump now breaks nothing
    lab.set_position(Position.around("AH 5H KS", "2H", "H", leader=3))  # a trump led
    assert ("Hearts ♥ are trump (broken under miniokey, classic, danish, turkish; "
            "not broken yet under gamelake).") in lab.result.value
    ruff_only = widgets.RuleLab(bc.preset("classic", trump_broken_by="ruff_only"))
    ruff_only.set_position(Position.around("AH 5H KS", "2H", "H", leader=3))
    assert "Under your rules trump is not broken yet." in ruff_only.result.value
    ruff_only.set_position(Position.around("AH 5H KS", "9C 2H", "H", leader=2))
    assert "Under your rules" not in ruff_only.result.value  # broken for everyone: said once
