"""batak_core.drills: seeded questions that exercise their rule, judged by the engine."""

from __future__ import annotations

import pytest

import batak_core as bc
from batak_core.teaching import drills, examples, topics
from batak_core.teaching.drills import EDGE_CASES
from batak_core.teaching.names import SEAT_NAMES
from batak_core.teaching.position import Position, compare_presets

PRESETS = list(bc.PRESETS)


def _answer(q: drills.Question) -> object:
    if isinstance(q, drills.PlayQuestion):
        return min(q.answer)  # one card is played: any of the best
    return q.answer  # type: ignore[attr-defined]


@pytest.mark.parametrize("topic", list(topics.TOPICS))
@pytest.mark.parametrize("name", PRESETS)
def test_every_topic_and_preset_gives_a_question_the_engine_answers(topic: str, name: str) -> None:
    for seed in range(4):
        q = topics.question(topic, bc.preset(name), seed)
        assert q.topic == topic and q.prompt
        result = q.check(_answer(q))
        assert result.correct and result.rule and result.explanation


@pytest.mark.parametrize("topic", list(topics.TOPICS))
def test_same_seed_same_question(topic: str) -> None:
    a, b = topics.question(topic, seed=99), topics.question(topic, seed=99)
    assert a == b
    assert any(topics.question(topic, seed=s).prompt != a.prompt for s in range(100, 105))


def test_unknown_topic_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown topic"):
        topics.question("juggling")


def test_follow_positions_really_exercise_overtaking() -> None:
    for seed in range(20):
        q = topics.question("follow", bc.preset("miniokey"), seed, kind="overtake")
        assert isinstance(q, drills.LegalCardsQuestion)
        p = q.position
        led = p.trick[0].suit
        top = max(c for c in p.trick if c.suit == led)
        mine = [c for c in p.hand if c.suit == led]
        assert any(c > top for c in mine) and any(c < top for c in mine)
        assert q.rule == "overtake"
        assert q.answer == {c for c in mine if c > top}


def test_follow_under_danish_has_no_overtake_duty() -> None:
    q = topics.question("follow", bc.preset("danish"), 3, kind="overtake")
    assert isinstance(q, drills.LegalCardsQuestion)
    assert q.rule == "follow-suit"
    assert q.answer == {c for c in q.position.hand if c.suit == q.position.trick[0].suit}


def test_wrong_card_sets_name_the_breaking_rule() -> None:
    q = topics.question("follow", bc.preset("classic"), 5, kind="overtake")
    assert isinstance(q, drills.LegalCardsQuestion)
    led = q.position.trick[0].suit
    low = min(c for c in q.position.hand if c.suit == led)
    result = q.check({*q.answer, low})
    assert not result.correct and result.rule == "overtake" and low.label in result.explanation
    off = next(c for c in q.position.hand if c.suit != led)
    assert q.check([off]).rule == "follow-suit"
    missed = q.check(set())
    assert not missed.correct and "left out" in missed.explanation


def test_ruff_questions_are_void_with_trumps() -> None:
    for seed, kind in enumerate(["must-ruff", "overtrump", "cannot-overtrump"] * 4):
        q = topics.question("ruff", bc.preset("miniokey"), seed, kind=kind)
        assert isinstance(q, drills.LegalCardsQuestion)
        p = q.position
        assert not any(c.suit == p.trick[0].suit for c in p.hand)
        assert any(c.suit == p.trump for c in p.hand)
        assert q.rule in ("ruff", "overtrump")


def test_trump_lead_questions() -> None:
    rules = {False: set(), True: set()}
    for seed in range(20):
        q = topics.question("trump-lead", bc.preset("turkish"), seed)
        assert isinstance(q, drills.LegalCardsQuestion)
        assert not q.position.trick
        rules[q.position.trump_broken].add(q.rule)
    assert rules[False] == {"trump-not-broken"} and rules[True] == {"trump-broken"}


def test_trick_winner_question() -> None:
    q = topics.question("winner", bc.preset("miniokey"), 4)
    assert isinstance(q, drills.TrickWinnerQuestion)
    assert q.answer == q.trick[bc.trick_winner(q.trick, q.trump)]
    loser = next(c for c in q.trick if c != q.answer)
    result = q.check(loser)
    assert not result.correct and q.answer.label in result.explanation
    assert q.check(str(q.answer)).correct


def test_score_question_uses_score_deal() -> None:
    for name in PRESETS:
        q = topics.question("score", bc.preset(name), 8)
        assert isinstance(q, drills.ScoreQuestion) and q.declarer is not None
        assert list(q.answer) == bc.score_deal(bc.preset(name), q.declarer, q.contract, q.tricks)
        defender = next(s for s in range(1, 4) if s != q.declarer)
        wrong = list(q.answer)
        wrong[defender] += 1
        result = q.check(wrong)
        name_of = SEAT_NAMES[defender]
        assert not result.correct and result.explanation.startswith(f"{name_of}'s points: you wrote")
        assert f"{name_of} (defender) took" in result.explanation
        assert result.rule in ("defender-per-trick", "defender-zero")
        mine = list(q.answer)
        mine[0] -= 1
        assert q.check(mine).explanation.startswith("Your points: you wrote")


EXPECTED_ALL_PASS = {
    "miniokey": "The player after the dealer must play the contract.",
    "classic": "The dealer must play the contract.",
    "turkish": "The dealer must play the contract.",
    "danish": "The cards are thrown in and dealt again.",
    "gamelake": "The dealer may not pass and must bid.",
}


@pytest.mark.parametrize("name", PRESETS)
def test_all_pass_outcome_per_preset(name: str) -> None:
    seeds = [s for s in range(60) if "All four" in topics.question("bidding", bc.preset(name), s).prompt
             or "first three" in topics.question("bidding", bc.preset(name), s).prompt]
    q = topics.question("bidding", bc.preset(name), seeds[0])
    assert isinstance(q, drills.ChoiceQuestion) and q.rule == "all-pass"
    assert q.answer == EXPECTED_ALL_PASS[name]
    wrong = next(c for c in q.choices if c != q.answer)
    assert not q.check(wrong).correct


def test_lowest_bid_question_checks_bids_with_the_engine() -> None:
    q = next(q for s in range(40) if isinstance(q := topics.question("bidding", bc.preset("gamelake"), s),
                                                   drills.ChoiceQuestion) and q.rule != "all-pass")
    assert q.check(q.answer).correct
    too_low = q.choices[0]
    result = q.check(too_low)
    assert not result.correct and result.explanation


def test_edge_questions_note_the_disagreement() -> None:
    notes = [q.note for s in range(30)
             if isinstance(q := topics.question("edge", bc.preset("miniokey"), s), drills.LegalCardsQuestion)]
    assert notes and any("presets disagree" in n for n in notes)


# --- positions ---------------------------------------------------------------------------------


def test_edge_case_positions_are_the_examples() -> None:
    """Each RULES.md edge case is written once, in batak_core.examples; drills only seats it."""
    for example in examples.EDGE_CASES:
        if example.options:
            continue
        position = EDGE_CASES[example.title]
        assert position.to_move == 0 and position.hand == tuple(bc.sorted_hand(example.hand))
        assert position.trick == example.trick and position.trump == example.trump
        for name, legal in example.legal.items():
            assert set(position.legal(bc.preset(name))) == set(legal), (example.title, name)


def test_edge_case_five_only_trumps_on_lead() -> None:
    *_, five = EDGE_CASES
    position = EDGE_CASES[five]
    assert {c.code for c in position.hand} == {"AH", "2H"} and not position.trick
    breaks = {name: position.breaks_trump(bc.preset(name), bc.Card.parse("AH")) for name in bc.PRESETS}
    assert breaks == {"miniokey": True, "classic": True, "danish": True, "turkish": True, "gamelake": False}


def test_position_json_round_trip_and_errors() -> None:
    for position in [*EDGE_CASES.values(), drills.random_position(seed=3)]:
        assert Position.from_json(position.to_json()) == position
    with pytest.raises(bc.SaveFileError, match="not valid JSON"):
        Position.from_json("{nope")
    with pytest.raises(bc.SaveFileError, match="format"):
        Position.from_json('{"format": "something else"}')
    text = next(iter(EDGE_CASES.values())).to_json().replace('"QC"', '"9C"')
    with pytest.raises(bc.SaveFileError, match="twice"):
        Position.from_json(text)


def test_compare_presets_and_random_position_are_deterministic() -> None:
    p = drills.random_position(bc.preset("classic"), seed=12)
    assert p == drills.random_position(bc.preset("classic"), seed=12)
    table = compare_presets(p)
    assert list(table) == PRESETS
    assert all([v.card for v in verdicts] == bc.cards.sorted_hand(p.hand) for verdicts in table.values())
