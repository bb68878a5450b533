"""rule_drills: the auction's end, leads, the game, the clock and every house rule, as quiz questions
the engine answers under every preset and variant."""

from __future__ import annotations

import random
import re
import time

import pytest

import batak_core as bc
from batak_core.options import OPTIONS, OPTIONS_BY_NAME
from batak_core.scoring import declarer_points
from batak_core.teaching import drills, lessons, rule_drills, topics
from batak_core.teaching.names import in_sentence

RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CARD = r"(10|[2-9JQKA])[♠♥♦♣]"
LISTED_HAND = re.compile(f"{CARD}(, | and ){CARD}")
KINDS = [(topic, kind) for topic, t in rule_drills.QUIZ_TOPICS.items() for kind in t.kinds]


def right_answer(q: drills.Question) -> object:
    if isinstance(q, drills.LegalCardsQuestion):
        return sorted(q.answer)
    if isinstance(q, drills.ScoreQuestion):
        return list(q.answer)
    assert isinstance(q, drills.ChoiceQuestion), type(q)
    return q.answer


def wrong_answers(q: drills.Question) -> list[object]:
    """Every single-step wrong answer a learner could give."""
    if isinstance(q, drills.LegalCardsQuestion):
        return [[c] for c in q.position.hand if frozenset([c]) != q.answer] + [[]]
    if isinstance(q, drills.ScoreQuestion):
        return [[p + (s == seat) for s, p in enumerate(q.answer)] for seat in range(4)]
    assert isinstance(q, drills.ChoiceQuestion)
    return [c for c in q.choices if c != q.answer]


def ask(topic: str, kind: str, rules: bc.RuleSet, seed: int) -> drills.Question:
    return topics.question(topic, rules, seed, kind)


def check_question(q: drills.Question, where: object) -> None:
    """The engine's answer checks right, every wrong one wrong, with explanations; the prompt names
    players by their names and draws hands instead of listing them."""
    result = q.check(right_answer(q))
    assert result.correct and result.explanation and KEBAB.match(result.rule), where
    for wrong in wrong_answers(q):
        judged = q.check(wrong)
        assert not judged.correct and judged.explanation and KEBAB.match(judged.rule), (where, wrong)
    assert q.explanation and q.prompt, where
    assert "seat " not in q.prompt.lower(), (where, q.prompt)
    assert not LISTED_HAND.search(q.prompt), (where, q.prompt)
    if isinstance(q, drills.ChoiceQuestion):
        assert len(set(q.choices)) == len(q.choices) >= 2 and len(q.verdicts) == len(q.choices), where


def test_the_topics_are_the_lessons_and_every_kind_is_kebab_case() -> None:
    course = {t for lesson in lessons.LESSONS for t in lesson.topics}
    assert set(rule_drills.QUIZ_TOPICS) == {"auction-rules", "leads", "game-end", "move-clock", "house-rules"}
    assert set(rule_drills.QUIZ_TOPICS) <= course
    for topic, kind in KINDS:
        assert KEBAB.match(kind), (topic, kind)
    for topic in ("game-end", "move-clock"):
        assert len(rule_drills.QUIZ_TOPICS[topic].kinds) >= 3


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_kind_under_every_preset_and_variant_is_judged_by_the_engine(key: str) -> None:
    rules = RULE_SETS[key]
    for topic, kind in KINDS:
        for seed in range(3):
            check_question(ask(topic, kind, rules, seed), (key, topic, kind, seed))


@pytest.mark.parametrize(("topic", "kind"), KINDS)
def test_same_seed_same_question_and_seeds_vary(topic: str, kind: str) -> None:
    rules = bc.preset("classic")
    assert ask(topic, kind, rules, 7) == ask(topic, kind, rules, 7)
    assert len({ask(topic, kind, rules, s).prompt for s in range(8)}) > 1 or kind in ("game-length", "seconds")


def test_a_question_takes_well_under_100_ms() -> None:
    start, count = time.perf_counter(), 0
    for rules in RULE_SETS.values():
        for topic, kind in KINDS:
            ask(topic, kind, rules, 11)
            count += 1
    assert (time.perf_counter() - start) / count < 0.05


# --- the auction's end --------------------------------------------------------------------------


def test_a_bid_of_13_ends_the_auction_at_once() -> None:
    for seed in range(10):
        q = ask("auction-rules", "bid-13", bc.preset("miniokey"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.rule == "highest-bid-ends"
        assert q.answer.startswith("The auction is over at once")
        assert "declarer is choosing trump" in q.check(q.choices[1]).explanation  # the engine's refusal


def test_a_pass_is_final_because_the_engine_never_asks_the_passer_again() -> None:
    for seed in range(10):
        q = ask("auction-rules", "pass-final", bc.preset("danish"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.answer.startswith("No:")
        assert "skips" in q.check(q.choices[0]).explanation


def test_the_auction_ends_after_three_passes() -> None:
    answers = {ask("auction-rules", "auction-end", bc.preset("turkish"), s).expected for s in range(20)}
    assert any(a.startswith("The auction is over") for a in answers)
    assert any(a.startswith("The auction goes on") for a in answers)


@pytest.mark.parametrize("name", ["classic", "turkish"])
def test_without_an_auction_the_auction_kinds_ask_about_the_announcements(name: str) -> None:
    rules = bc.preset(name, "koz_maca")
    assert rule_drills.not_asked("bid-13", rules) and rule_drills.not_asked("timeout-trump", rules)
    assert not rule_drills.not_asked("bid-13", bc.preset(name))
    expected = {"bid-13": "announce-once", "pass-final": "must-announce", "auction-end": "announce-once",
                "declarer-names-trump": "fixed-trump"}
    for kind, rule in expected.items():
        q = ask("auction-rules", kind, rules, 3)
        assert q.rule == rule and "announce" in q.prompt and " bids " not in q.prompt, kind
    trump = ask("auction-rules", "declarer-names-trump", rules, 3)
    assert isinstance(trump, drills.ChoiceQuestion) and trump.answer.startswith("Nobody")


def test_the_declarer_chooses_trump() -> None:
    for seed in range(10):
        q = ask("auction-rules", "declarer-names-trump", bc.preset("miniokey"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.answer in bc.teaching.names.SEAT_NAMES


# --- leads --------------------------------------------------------------------------------------


def test_the_first_lead_is_the_declarers_and_in_koz_maca_the_player_after_the_dealer() -> None:
    names = bc.teaching.names.SEAT_NAMES
    for seed in range(10):
        rules = bc.preset("classic", "koz_maca")
        deal = rule_drills.first_lead(rules, seed, random.Random(seed))
        q = ask("leads", "first-lead", rules, seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.answer == names[(deal.dealer + 1) % 4]
        q = ask("leads", "first-lead", bc.preset("classic", "esli"), seed)
        assert "won the auction" in q.explanation and "declarer" in q.explanation


def test_the_winner_of_a_trick_leads_the_next() -> None:
    for seed in range(10):
        q = ask("leads", "next-lead", bc.preset("gamelake"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and in_sentence(f"So {q.answer} won the trick") in q.explanation


# --- the game -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(bc.PRESETS))
def test_game_over_and_winner_follow_game_over(name: str) -> None:
    rules = bc.preset(name)
    for seed in range(20):
        moment = rule_drills.game_moment(rules, random.Random(seed), seed % 2 == 0, seed % 3 == 0)
        assert moment.over == bc.game.game_over(rules, list(moment.totals), moment.deals)
        q = ask("game-end", "game-over", rules, seed)
        assert isinstance(q, drills.ChoiceQuestion) and q.answer.startswith("Yes" if "is over" in q.why else "No")


def test_ties_are_shared_or_played_off_as_each_book_says() -> None:
    seen: dict[str, set[str]] = {}
    for name in bc.PRESETS:
        for seed in range(30):
            q = ask("game-end", "winner", bc.preset(name), seed)
            assert isinstance(q, drills.ChoiceQuestion)
            seen.setdefault(name, set()).add(q.answer.split()[-2] if "share" in q.answer else q.answer.split()[0])
    assert "first" in seen["miniokey"] and "Another" not in seen["miniokey"]  # shared
    assert "Another" in seen["gamelake"] and "first" not in seen["gamelake"]  # one more deal
    assert "Another" in seen["danish"]  # deal again until decided


def test_the_dealer_rotates_and_deals_again_after_a_thrown_in_deal() -> None:
    rules = bc.preset("danish")  # all pass: the cards are thrown in
    rules_seen = set()
    for seed in range(30):
        q = ask("game-end", "next-dealer", rules, seed)
        rules_seen.add(q.rule)
        dealer = q.prompt.split("rules: ", 1)[1].split(" dealt")[0]
        assert (q.expected == dealer) == (q.rule == "redeal-same-dealer")
    assert rules_seen == {"dealer-rotates", "redeal-same-dealer"}


# --- the clock ----------------------------------------------------------------------------------


def test_without_a_clock_the_table_switches_one_on_and_says_so() -> None:
    clock = next(p for p in bc.PRESETS.values() if p.move_seconds)
    for name in bc.PRESETS:
        q = ask("move-clock", "seconds", bc.preset(name), 1)
        assert q.rules.move_seconds == clock.move_seconds and q.rules.extra_seconds == clock.extra_seconds
        assert ("switched on" in q.prompt) == (not bc.preset(name).move_seconds)


def test_the_clock_plays_what_timeout_action_plays() -> None:
    for seed in range(10):
        q = ask("move-clock", "timeout-card", bc.preset("turkish"), seed)
        assert isinstance(q, drills.ChoiceQuestion) and bc.Card.parse(q.answer) in q.hand
        answer = bc.Card.parse(q.answer)
        for text, verdict in zip(q.choices, q.verdicts, strict=True):  # legal: higher; else the engine's refusal
            card = bc.Card.parse(text)
            assert card == answer or (card.rank > answer.rank if "may be played" in verdict else bool(verdict))
        trump = ask("move-clock", "timeout-trump", bc.preset("miniokey"), seed)
        assert isinstance(trump, drills.ChoiceQuestion)
        mask = bc.cards.mask_of(trump.hand)
        assert trump.answer.startswith(bc.cards.longest_suit(mask).symbol)
        call = ask("move-clock", "timeout-call", bc.preset("classic", "koz_maca"), seed)
        assert call.expected == "Announce none"  # nobody passes in Koz Maça: the lowest announcement


# --- house rules --------------------------------------------------------------------------------


HOUSE_KINDS = list(rule_drills.QUIZ_TOPICS["house-rules"].kinds)
NO_CHANGE = {"exact-bid-scores-bid"}  # see test_the_exact_bid_house_rule_never_changes_a_score


def test_every_house_rule_of_the_options_table_is_a_kind() -> None:
    assert set(rule_drills.HOUSE_RULES) == {o.name for o in OPTIONS if o.house}
    assert [o.name.replace("_", "-") for o in OPTIONS if o.house] == HOUSE_KINDS


@pytest.mark.parametrize("kind", HOUSE_KINDS)
@pytest.mark.parametrize("key", list(RULE_SETS))
def test_each_house_rule_is_switched_on_and_changes_the_answer(key: str, kind: str) -> None:
    option = kind.replace("-", "_")
    for seed in range(3):
        on = rule_drills.house_rule_question(kind, RULE_SETS[key], seed, random.Random(seed))
        off = rule_drills.house_rule_question(kind, RULE_SETS[key], seed, random.Random(seed), on=False)
        value, _named = rule_drills.house_value(option)
        assert getattr(on.rules, option) == value and getattr(off.rules, option) != value
        assert on.rules.differences(off.rules).keys() == {option}
        assert on == ask("house-rules", kind, RULE_SETS[key], seed)
        check_question(off, (key, kind, seed, "off"))
        assert "house rule" in on.explanation.lower(), (key, kind)
        if kind not in NO_CHANGE:
            assert right_answer(on) != right_answer(off), (key, kind, seed)


def test_a_house_rule_that_does_not_fit_is_asked_under_a_book_that_has_it_and_says_so() -> None:
    q = ask("house-rules", "overtricks-sink", bc.preset("miniokey"), 0)
    assert q.rules.announcements and "Koz Maça" in q.prompt and "does not fit your miniokey rules" in q.prompt
    q = ask("house-rules", "akq-trump-lead", bc.preset("gamelake"), 0)
    assert q.rules.name == "classic" and "does not fit your gamelake rules" in q.prompt
    q = ask("house-rules", "min-bid", bc.preset("gamelake"), 0)
    assert q.rules.name == "classic" and "play it this way anyway" in q.prompt
    q = ask("house-rules", "made-thirteen-doubles", bc.preset("danish"), 0)  # danish's own, on by default
    assert q.rules == bc.preset("danish") and "does not fit" not in q.prompt
    q = ask("house-rules", "min-bid", bc.preset("turkish", "gommeli"), 0)
    assert q.rules == bc.preset("turkish", "gommeli", min_bid=4)


def test_the_exact_bid_house_rule_never_changes_a_score() -> None:
    """The regional rule 'an exact bid scores the bid' gives the same number as counting the tricks,
    for every formula: its quiz can only say so (a change of the engine must revisit the quiz)."""
    assert OPTIONS_BY_NAME["exact_bid_scores_bid"].house
    for rules in bc.PRESETS.values():
        house = rules.replace(exact_bid_scores_bid=True)
        for bid in range(1, 14):
            for tricks in range(14):
                assert declarer_points(house, bid, tricks) == declarer_points(rules, bid, tricks)
    q = ask("house-rules", "exact-bid-scores-bid", bc.preset("turkish"), 2)
    assert "would be the same" in q.explanation
