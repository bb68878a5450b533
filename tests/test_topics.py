"""The course's quiz topics under every preset and variant: one registry, engine-judged answers,
kebab-case rule ids, and the regression tests of the drills' variant, feedback and wording bugs."""

from __future__ import annotations

import random
import re

import pytest

import batak_core as bc
from batak_core.cards import longest_suit, mask_of, suit_length
from batak_core.legality import duty_chain, explain_play
from batak_core.scoring import score_announcements
from batak_core.teaching import course_drills, drills, topics
from batak_core.teaching.position import Position

RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def right_answer(q: drills.Question) -> object:
    if isinstance(q, drills.LegalCardsQuestion):
        return sorted(q.answer)
    if isinstance(q, drills.ScoreQuestion):
        return list(q.answer)
    return q.answer  # type: ignore[attr-defined]


def wrong_answers(q: drills.Question) -> list[object]:
    """Every single-step wrong answer a learner could give."""
    if isinstance(q, drills.LegalCardsQuestion):
        return [[c] for c in q.position.hand if frozenset([c]) != q.answer] + [[]]
    if isinstance(q, drills.TrickWinnerQuestion):
        return [c for c in q.trick if c != q.answer]
    if isinstance(q, drills.ScoreQuestion):
        out: list[object] = []
        for seat in range(4):
            wrong = list(q.answer)
            wrong[seat] += 1
            out.append(wrong)
        return out
    assert isinstance(q, drills.ChoiceQuestion)
    return [c for c in q.choices if c != q.answer]


def test_one_question_and_one_topics_table_for_the_whole_course() -> None:
    assert set(topics.TOPICS) == {"follow", "ruff", "trump-lead", "winner", "score", "bidding", "edge",
                                  "ranks", "play-order", "trump-choice", "sure-tricks", "trumps-out"}
    for module in (drills, course_drills):
        assert not hasattr(module, "TOPICS") and not hasattr(module, "question")
    with pytest.raises(ValueError, match="unknown topic"):
        topics.question("juggling")


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_topic_works_under_every_preset_and_variant(key: str) -> None:
    rules = RULE_SETS[key]
    for topic in topics.TOPICS:
        for seed in range(3):
            q = topics.question(topic, rules, seed)
            assert q.topic == topic and q.prompt and q.rules == rules
            result = q.check(right_answer(q))
            assert result.correct and result.rule and result.explanation, (key, topic, seed)
            assert q.check(q.expected if isinstance(q, (drills.ChoiceQuestion, drills.TrickWinnerQuestion))
                           else right_answer(q)).correct
            for wrong in wrong_answers(q):
                assert not q.check(wrong).correct, (key, topic, seed, wrong)
            if isinstance(q, drills.LegalCardsQuestion):
                assert len(q.position.hand) <= rules.hand_size
                if rules.fixed_trump:
                    assert q.position.trump is bc.Suit.SPADES
            if isinstance(q, drills.ScoreQuestion):
                assert sum(q.tricks) == rules.tricks_per_deal


@pytest.mark.parametrize("key", [k for k in RULE_SETS if "koz_maca" in k])
def test_drills_work_under_koz_maca(key: str) -> None:
    rules = RULE_SETS[key]
    for seed in range(6):
        score = topics.question("score", rules, seed)
        assert isinstance(score, drills.ScoreQuestion)
        assert score.declarer is None and len(score.announced) == 4 and "announce" in score.prompt
        assert list(score.answer) == score_announcements(rules, score.announced, score.tricks)
        for topic in ("bidding", "edge"):
            q = topics.question(topic, rules, seed)
            assert q.rule not in ("all-pass", "lowest-bid"), (topic, seed)
            assert "pass" not in q.prompt, (topic, seed)
        bid = topics.question("bidding", rules, seed)
        assert isinstance(bid, drills.ChoiceQuestion) and bid.rule == "lowest-announcement"
        assert bid.answer == str(rules.announce_min)
        trump = topics.question("trump-choice", rules, seed)
        assert isinstance(trump, drills.ChoiceQuestion) and "spades" in trump.answer
        assert trump.rule == "fixed-trump"
        order = topics.question("play-order", rules, seed)
        assert "announce" in order.prompt


def test_topics_that_a_form_cannot_ask_are_named_in_one_place() -> None:
    koz = bc.preset("classic", "koz_maca")
    assert drills.not_asked("all-pass", koz) and drills.not_asked("lowest-bid", koz)
    assert drills.not_asked("trump-choice", koz)
    assert not drills.not_asked("all-pass", bc.preset("classic"))
    assert drills.not_asked("trickless-defender", bc.preset("classic", "esli"))
    assert not drills.not_asked("trickless-defender", bc.preset("classic"))


def test_follow_drill_works_under_gommeli() -> None:
    rules = bc.preset("turkish", "gommeli")
    for seed in range(5):
        q = topics.question("follow", rules, seed)
        assert isinstance(q, drills.LegalCardsQuestion) and q.rule == "overtake"
        assert len(q.position.hand) <= 12


def test_trumps_out_drill_plays_tricks_under_gommeli() -> None:
    rules = bc.preset("turkish", "gommeli")
    for seed in range(8):
        q = topics.question("trumps-out", rules, seed)
        assert isinstance(q, drills.ChoiceQuestion)
        played = int(re.search(r"After (\d+) tricks", q.prompt).group(1))  # type: ignore[union-attr]
        assert played >= 2
        assert "buried" in q.prompt


def test_score_drill_counts_partners_together_under_esli() -> None:
    for key in [k for k in RULE_SETS if k.endswith("/esli")]:
        q = topics.question("score", RULE_SETS[key], 4)
        assert isinstance(q, drills.ScoreQuestion) and q.declarer is not None
        partner = q.declarer ^ 2
        assert q.answer[q.declarer] == q.answer[partner]
        assert "together" in q.explanation and "(defender)" not in q.explanation


def test_position_legal_matches_the_deal_under_turkish_esli() -> None:
    """The partner-winning exemption: a drill position allows exactly what the deal allows."""
    rules = bc.preset("turkish", "esli")
    rng = random.Random(3)
    exempt = 0
    for seed in range(30):
        deal = drills.ready_to_play(rules, seed, rng)
        while deal.phase is bc.Phase.PLAY:
            position = Position.from_deal(deal)
            assert set(position.legal(rules)) == set(deal.legal_plays())
            exempt += position.partner_winning and set(position.legal(rules)) != set(
                bc.legal_plays(rules, position.hand, position.trick, position.trump, position.trump_broken))
            deal.play(rng.choice(deal.legal_plays()))
    assert exempt


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_rule_id_a_question_reports_is_kebab_case(key: str) -> None:
    rules = RULE_SETS[key]
    seen = set()
    for topic in topics.TOPICS:
        for seed in range(4):
            q = topics.question(topic, rules, seed)
            seen.add(q.rule)
            seen.update(q.check(wrong).rule for wrong in wrong_answers(q))
    bad = sorted(r for r in seen if not KEBAB.match(r))
    assert not bad, bad


# --- 2. the whole chain of duties --------------------------------------------------------------


RUFF_THEN_OVERTRUMP = Position.around("4C 10C JC 5D 8S", "7H 9C", "C", leader=2)


def test_duty_chain_gives_every_step_with_the_engines_sentences() -> None:
    rules = bc.preset("miniokey")
    p = RUFF_THEN_OVERTRUMP
    chain = duty_chain(rules, p.hand, p.trick, p.trump, p.trump_broken)
    assert [v.rule for v in chain] == ["ruff", "overtrump"]
    for step in chain:  # each step's sentence is the one explain_play gives its card
        assert step == explain_play(rules, p.hand, p.trick, p.trump, p.trump_broken, step.card)
    assert [v.rule for v in duty_chain(bc.preset("danish"), p.hand, p.trick, p.trump, False)] == ["ruff"]


def test_feedback_states_the_whole_duty_chain() -> None:
    rules = bc.preset("miniokey")
    q = drills.LegalCardsQuestion("ruff", 0, rules, "", RUFF_THEN_OVERTRUMP)
    assert q.answer == set(bc.parse_cards("10C JC"))
    ruff, overtrump = duty_chain(rules, q.position.hand, q.position.trick, q.position.trump, False)
    assert ruff.reason in q.explanation and overtrump.reason in q.explanation
    for wrong in (["5D"], ["4C"], ["JC"], ["4C", "10C", "JC"]):
        result = q.check(wrong)
        assert not result.correct
        assert "must play a trump" in result.explanation and "must overtrump" in result.explanation, wrong


# --- 5. one longest-suit rule ------------------------------------------------------------------


def test_drill_deals_name_the_engines_longest_suit_as_trump() -> None:
    for seed in range(60):
        deal = drills.ready_to_play(bc.preset("miniokey"), seed, random.Random(seed))
        assert deal.declarer is not None
        assert deal.trump is longest_suit(mask_of(deal.initial_hand(deal.declarer)))


def test_trump_choice_question_has_one_longest_suit_by_length() -> None:
    for seed in range(30):
        q = topics.question("trump-choice", bc.preset("classic"), seed)
        assert isinstance(q, drills.ChoiceQuestion)
        hand = bc.parse_cards(q.prompt.split("with ", 1)[1].split(". Which")[0].replace(",", " ").replace(
            " and ", " ").replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"))
        mask = mask_of(hand)
        lengths = sorted((suit_length(mask, s) for s in bc.Suit), reverse=True)
        assert lengths[0] > lengths[1]
        assert q.answer.startswith(longest_suit(mask).symbol)


# --- 6. one all-pass outcome -------------------------------------------------------------------


@pytest.mark.parametrize("name", list(bc.PRESETS))
def test_all_pass_question_says_what_all_pass_outcome_says(name: str) -> None:
    rules = bc.preset(name)
    q = next(q for s in range(80) if (q := topics.question("bidding", rules, s)).rule == "all-pass")
    assert isinstance(q, drills.ChoiceQuestion)
    assert bc.all_pass_outcome(rules).text in q.explanation


# --- 8. trump broken by the trick in progress --------------------------------------------------


def test_describe_says_broken_when_a_trump_in_the_trick_broke_it() -> None:
    ruffed = Position.around("QC 4C 2D", "9C 3H", "H", leader=2)
    for name in bc.PRESETS:
        assert "(broken)" in ruffed.describe(bc.preset(name)), name
    trump_led = Position.around("QH 4C 2D", "3H", "H", leader=3)
    assert "(broken)" in trump_led.describe(bc.preset("miniokey"))
    assert "(not broken yet)" in trump_led.describe(bc.preset("gamelake"))  # only a ruff breaks it there
    assert "not broken yet" in trump_led.describe() and "gamelake" in trump_led.describe()
    assert "(not broken yet)" in Position.around("QH 4C", (), "H").describe(bc.preset("miniokey"))


def test_edge_quiz_prompt_says_trump_is_broken_by_a_ruff_in_the_trick() -> None:
    for seed in range(40):
        q = topics.question("edge", bc.preset("miniokey"), seed)
        if isinstance(q, drills.LegalCardsQuestion) and any(c.suit == q.position.trump for c in q.position.trick) \
                and q.position.trick[0].suit != q.position.trump:
            assert "(broken)" in q.prompt
