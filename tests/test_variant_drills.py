"""variant_drills: Koz Maça, Eşli and Gömmeli asked across the rule books that describe them, every
answer the engine's."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import batak_core as bc
from batak_core.legality import legal_plays
from batak_core.scoring import points_per_seat, score_announcements
from batak_core.teaching import drills, lessons, topics, variant_drills
from tests.test_rule_drills import KEBAB, RULE_SETS, check_question

VARIANT_OF = {"koz-maca": bc.Variant.KOZ_MACA, "esli": bc.Variant.ESLI, "gommeli": bc.Variant.GOMMELI}
KINDS = [(topic, kind) for topic, t in variant_drills.QUIZ_TOPICS.items() for kind in t.kinds]


def ask(topic: str, kind: str, rules: bc.RuleSet, seed: int) -> drills.Question:
    return topics.question(topic, rules, seed, kind)


def test_the_topics_are_the_variants_lesson() -> None:
    assert set(variant_drills.QUIZ_TOPICS) == set(VARIANT_OF) == set(lessons.LESSONS_BY_ID["variants"].topics)
    sizes = {topic: len(t.kinds) for topic, t in variant_drills.QUIZ_TOPICS.items()}
    assert sizes["koz-maca"] >= 4 and sizes["esli"] >= 4 and sizes["gommeli"] >= 3
    assert all(KEBAB.match(kind) for _topic, kind in KINDS)


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_kind_from_every_preset_and_variant_asks_a_book_of_the_variant(key: str) -> None:
    for topic, kind in KINDS:
        for seed in range(3):
            q = ask(topic, kind, RULE_SETS[key], seed)
            check_question(q, (key, topic, kind, seed))
            assert q.rules.variant is VARIANT_OF[topic], (key, topic, kind)
            assert drills.rules_title(q.rules) in q.prompt, (key, topic, kind)


@pytest.mark.parametrize(("topic", "kind"), KINDS)
def test_same_seed_same_question(topic: str, kind: str) -> None:
    assert ask(topic, kind, bc.preset("turkish"), 5) == ask(topic, kind, bc.preset("turkish"), 5)


@pytest.mark.parametrize("topic", ["koz-maca", "esli"])
@pytest.mark.parametrize("name", list(bc.PRESETS))
def test_the_variant_topics_ask_more_than_one_rule_book(topic: str, name: str) -> None:
    asked = Counter(topics.question(topic, bc.preset(name), seed).rules.name for seed in range(40))
    assert len(asked) > 1, asked
    if VARIANT_OF[topic] in bc.variants_of(name):  # the learner's book first
        assert asked.most_common(1)[0][0] == name, asked


def test_gommeli_has_one_book() -> None:
    assert [b.name for b in variant_drills.books(bc.Variant.GOMMELI)] == ["turkish"]


def test_a_learners_house_rules_stay_when_the_variant_is_theirs() -> None:
    rules = bc.preset("classic", "koz_maca", overtricks_sink=0)
    rng = random.Random(1)
    picked = [variant_drills.pick_book(bc.Variant.KOZ_MACA, rules, rng) for _ in range(30)]
    assert rules in picked and bc.preset("turkish", "koz_maca") in picked


# --- Koz Maça -----------------------------------------------------------------------------------


def test_koz_maca_lowest_announcement_and_scores_per_book() -> None:
    for seed in range(12):
        q = ask("koz-maca", "lowest-announcement", bc.preset("classic"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.answer == str(q.rules.announce_min)
        score = ask("koz-maca", "score", bc.preset("turkish"), seed)
        assert isinstance(score, drills.ScoreQuestion) and score.declarer is None
        assert list(score.answer) == score_announcements(score.rules, score.announced, score.tricks)


def test_none_and_sinking_are_scored_as_each_book_scores_them() -> None:
    seen = set()
    for seed in range(40):
        q = ask("koz-maca", "none-and-sinking", bc.preset("classic"), seed)
        assert isinstance(q, drills.ChoiceQuestion)
        seen.add((q.rules.name, "none" in q.prompt, q.answer.startswith("-")))
    assert ("classic", True, True) in seen and ("classic", True, False) in seen  # none failed, none made
    assert ("classic", False, True) in seen  # yandan batmak
    assert not any(name == "turkish" and none for name, none, _ in seen)  # no "none" there


def test_koz_maca_first_lead_is_never_a_trump_while_other_cards_are_held() -> None:
    for seed in range(12):
        q = ask("koz-maca", "first-trick-trump", bc.preset("turkish"), seed)
        assert isinstance(q, drills.LegalCardsQuestion) and not q.position.trick
        assert q.answer and all(c.suit is not bc.Suit.SPADES for c in q.answer)
        assert any(c.suit is bc.Suit.SPADES for c in q.position.hand)


# --- Eşli ---------------------------------------------------------------------------------------


def test_esli_lowest_bids_and_all_pass_differ_by_book() -> None:
    lows, outcomes = {}, {}
    for seed in range(40):
        q = ask("esli", "lowest-bid", bc.preset("classic"), seed)
        lows[q.rules.name] = q.expected
        q = ask("esli", "all-pass", bc.preset("gamelake"), seed)
        outcomes[q.rules.name] = q.expected
    assert lows["classic"] == "8" and lows["gamelake"] == "7" and lows["turkish"] == "5"
    assert outcomes["classic"] == bc.all_pass_outcome(bc.preset("classic", "esli")).text
    assert len(set(outcomes.values())) == len(outcomes)


def test_the_declarer_plays_the_open_dummy_only_where_there_is_one() -> None:
    names = bc.teaching.names.SEAT_NAMES
    for seed in range(20):
        q = ask("esli", "dummy", bc.preset("danish"), seed)
        assert isinstance(q, drills.ChoiceQuestion)
        declarer = q.prompt.split("rules: ", 1)[1].split(" won")[0]
        partner = names[names.index(declarer) ^ 2]
        assert q.answer == (declarer if q.rules.dummy else partner), q.rules.name


def test_partners_score_together() -> None:
    for seed in range(12):
        q = ask("esli", "team-score", bc.preset("turkish"), seed)
        assert isinstance(q, drills.ScoreQuestion) and q.declarer is not None
        assert q.answer[q.declarer] == q.answer[q.declarer ^ 2]
        assert q.answer[(q.declarer + 1) % 4] == q.answer[(q.declarer + 3) % 4]


def test_with_your_partner_winning_turkish_esli_asks_only_to_follow_suit() -> None:
    found = 0
    for seed in range(20):
        q = ask("esli", "partner-exempt", bc.preset("turkish"), seed)
        assert isinstance(q, drills.LegalCardsQuestion)
        p = q.position
        assert p.partner_winning and p.to_move == 0
        strict = set(legal_plays(q.rules, p.hand, p.trick, p.trump, p.trump_broken))
        if q.rules.partner_winning_exempt:
            found += 1
            assert q.answer > strict and q.rule == "partner-winning"
        assert "Mehmet" in q.prompt  # your partner, by name
    assert found


# --- Gömmeli ------------------------------------------------------------------------------------


def test_gommeli_kitty_bury_and_twelve_tricks() -> None:
    rules = bc.preset("turkish", "gommeli")
    answers = Counter()
    for seed in range(20):
        for kind in ("kitty", "bury", "tricks"):
            answers[ask("gommeli", kind, bc.preset("miniokey"), seed).expected] += 1
    assert answers[str(rules.kitty)] and answers[str(rules.hand_size)] and answers["Once trump is named."]
    assert answers[str(rules.tricks_per_deal)]
    assert not answers["13"]


def test_gommeli_is_scored_like_ihaleli() -> None:
    ihaleli = bc.preset("turkish")
    for seed in range(10):
        q = ask("gommeli", "score", bc.preset("danish"), seed)
        assert isinstance(q, drills.ScoreQuestion) and sum(q.tricks) == 12
        assert q.declarer is not None and q.contract is not None
        assert list(q.answer) == points_per_seat(ihaleli, q.declarer, q.contract, q.tricks)
