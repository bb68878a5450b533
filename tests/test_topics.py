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
from batak_core.teaching import (
    course_drills,
    drills,
    guided,
    judgement_drills,
    rule_drills,
    topics,
    variant_drills,
)
from batak_core.teaching.names import SEAT_NAMES
from batak_core.teaching.position import Position

RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def right_answer(q: drills.Question) -> object:
    if isinstance(q, drills.LegalCardsQuestion):
        return sorted(q.answer)
    if isinstance(q, drills.ScoreQuestion):
        return list(q.answer)
    if isinstance(q, drills.PlayQuestion):
        return min(q.answer)
    return q.answer  # type: ignore[attr-defined]


def wrong_answers(q: drills.Question) -> list[object]:
    """Every single-step wrong answer a learner could give."""
    if isinstance(q, drills.LegalCardsQuestion):
        return [[c] for c in q.position.hand if frozenset([c]) != q.answer] + [[]]
    if isinstance(q, drills.TrickWinnerQuestion):
        return [c for c in q.trick if c != q.answer]
    if isinstance(q, drills.PlayQuestion):
        return [c for c, _value in q.values if c not in q.answer]
    if isinstance(q, drills.ScoreQuestion):
        out: list[object] = []
        for seat in range(4):
            wrong = list(q.answer)
            wrong[seat] += 1
            out.append(wrong)
        return out
    assert isinstance(q, drills.ChoiceQuestion)
    return [c for c in q.choices if c != q.answer]


TOPIC_MODULES = (drills, course_drills, judgement_drills, rule_drills, variant_drills, guided)
OWN_RULES_TOPICS = {*drills.QUIZ_TOPICS, *course_drills.QUIZ_TOPICS}
"""Topics asked under exactly the learner's rules (a house-rule or variant topic changes them)."""


def test_one_question_and_one_topics_table_for_the_whole_course() -> None:
    """Each module's QUIZ_TOPICS, merged: every topic once, with its title and kinds."""
    merged: dict[str, drills.Topic] = {}
    for module in TOPIC_MODULES:
        assert isinstance(module.QUIZ_TOPICS, dict), module.__name__
        assert not merged.keys() & module.QUIZ_TOPICS.keys(), module.__name__
        merged.update(module.QUIZ_TOPICS)
    assert list(topics.TOPICS) == list(merged)
    for name, topic in merged.items():
        assert KEBAB.match(name) and topics.TOPICS[name] == topic.title and topic.kinds
        assert topics.KINDS[name] == tuple(topic.kinds) and all(KEBAB.match(k) for k in topic.kinds), name
    assert {"follow", "ruff", "trump-lead", "winner", "score", "bidding", "edge"} == set(drills.QUIZ_TOPICS)
    assert {"ranks", "play-order", "trump-choice"} == set(course_drills.QUIZ_TOPICS)
    for module in TOPIC_MODULES:
        assert not hasattr(module, "TOPICS") and not hasattr(module, "question")
    with pytest.raises(ValueError, match="unknown topic"):
        topics.question("juggling")
    with pytest.raises(ValueError, match="unknown kind"):
        topics.question("follow", kind="juggling")


def test_the_existing_topics_have_their_kinds() -> None:
    """Enough kinds that every lesson's round reaches four (``rounds``)."""
    wanted = {"follow": 4, "ruff": 4, "winner": 4, "score": 4, "trump-choice": 2, "bidding": 3, "trump-lead": 2}
    for topic, count in wanted.items():
        assert len(topics.KINDS[topic]) >= count, topic
    assert len(topics.KINDS["ranks"]) + len(topics.KINDS["play-order"]) >= 4


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_kind_works_under_every_preset_and_variant(key: str) -> None:
    """Every kind of every topic: the right answer is right, every wrong answer wrong."""
    rules = RULE_SETS[key]
    for topic, kinds in topics.KINDS.items():
        for kind in kinds:
            for seed in range(2):
                q = topics.question(topic, rules, seed, kind=kind)
                assert q.topic == topic and q.prompt
                assert q.rules == rules or topic not in OWN_RULES_TOPICS, (topic, kind)
                result = q.check(right_answer(q))
                assert result.correct and result.rule and result.explanation, (key, topic, kind, seed)
                assert q.check(q.expected if isinstance(q, (drills.ChoiceQuestion, drills.TrickWinnerQuestion))
                               else right_answer(q)).correct
                for wrong in wrong_answers(q):
                    assert not q.check(wrong).correct, (key, topic, kind, seed, wrong)
                if isinstance(q, drills.LegalCardsQuestion):
                    assert len(q.position.hand) <= q.rules.hand_size
                    if q.rules.fixed_trump:
                        assert q.position.trump is bc.Suit.SPADES
                if isinstance(q, drills.ScoreQuestion):
                    assert sum(q.tricks) == q.rules.tricks_per_deal


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
        assert trump.rule == "fixed-trump" and trump.hand
        order = topics.question("play-order", rules, seed, kind="first-call")
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
        q = topics.question("follow", rules, seed, kind="overtake")
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
        for kind in topics.KINDS[topic]:
            q = topics.question(topic, rules, 4, kind=kind)
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
        q = topics.question("trump-choice", bc.preset("classic"), seed, kind="longest-suit")
        assert isinstance(q, drills.ChoiceQuestion)
        mask = mask_of(q.hand)
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


# --- the kinds of the second edition: each kind asks its own case -----------------------------


def kind_questions(topic: str, kind: str, keys: list[str] | None = None, seeds: int = 3) -> list[drills.Question]:
    return [topics.question(topic, RULE_SETS[key], seed, kind=kind)
            for key in keys or list(RULE_SETS) for seed in range(seeds)]


def led_top(p: Position) -> bc.Card:
    return max(c for c in p.trick if c.suit == p.trick[0].suit)


def test_follow_kinds_ask_their_cases() -> None:
    for q in kind_questions("follow", "cannot-overtake"):
        assert isinstance(q, drills.LegalCardsQuestion)
        p, top = q.position, led_top(q.position)
        mine = {c for c in p.hand if c.suit == top.suit}
        assert mine and all(c < top for c in mine) and q.answer == mine
    for q in kind_questions("follow", "trump-led"):
        assert isinstance(q, drills.LegalCardsQuestion) and q.position.trick[0].suit == q.position.trump
    trumped = kind_questions("follow", "trick-trumped")
    for q in trumped:
        assert isinstance(q, drills.LegalCardsQuestion)
        p = q.position
        assert p.trick[0].suit != p.trump and any(c.suit == p.trump for c in p.trick)
        assert any(c.suit == p.trick[0].suit and c > led_top(p) for c in p.hand)
    # the duty to overtake a trumped trick is where the rule books part
    rules = {q.rule for q in trumped if not q.rules.partnership}
    assert {"overtake", "no-overtake-when-trumped"} <= rules


def test_ruff_kinds_ask_their_cases() -> None:
    for kind, rule in (("must-ruff", {"ruff", "no-ruff-duty"}), ("overtrump", {"overtrump", "ruff", "no-ruff-duty"})):
        for q in kind_questions("ruff", kind):
            assert isinstance(q, drills.LegalCardsQuestion)
            assert not any(c.suit == q.position.trick[0].suit for c in q.position.hand)
            assert q.rule in rule | {"partner-winning"}, (kind, q.rule)
    cannot = kind_questions("ruff", "cannot-overtrump", ["classic/ihaleli", "turkish/ihaleli"], seeds=4)
    for q in cannot:
        assert isinstance(q, drills.LegalCardsQuestion)
        p = q.position
        top = max(c for c in p.trick if c.suit == p.trump)
        assert all(c < top for c in p.hand if c.suit == p.trump)
        if q.rules.name == "turkish":  # unable to overtrump: any card
            assert q.answer == set(p.hand)
        else:
            assert q.answer == {c for c in p.hand if c.suit == p.trump}
    for q in kind_questions("ruff", "no-trump-left"):
        assert isinstance(q, drills.LegalCardsQuestion)
        assert q.answer == set(q.position.hand) and len(q.position.hand) > 1


def test_winner_kinds_ask_their_cases() -> None:
    def trumps(q: drills.TrickWinnerQuestion) -> list[bc.Card]:
        return [c for c in q.trick if c.suit == q.trump]

    for kind in topics.KINDS["winner"]:
        for q in kind_questions("winner", kind):
            assert isinstance(q, drills.TrickWinnerQuestion)
            led = q.trick[0].suit
            if kind == "trumped":
                assert led != q.trump and trumps(q) and q.answer == max(trumps(q))
            elif kind == "trump-led":
                assert led == q.trump and q.answer == max(trumps(q))
            elif kind == "high-discard":
                assert not trumps(q) and any(c.suit != led and c.rank > q.answer.rank for c in q.trick)
            else:
                assert not trumps(q) and q.answer == max(c for c in q.trick if c.suit == led)


def test_score_kinds_ask_their_cases() -> None:
    for kind in topics.KINDS["score"]:
        for key in RULE_SETS:
            rules = RULE_SETS[key]
            q = topics.question("score", rules, 2, kind=kind)
            assert isinstance(q, drills.ScoreQuestion)
            if rules.announcements:
                pairs = [(n, t) for n, t in zip(q.announced, q.tricks, strict=True) if n]
                test = {"made-exactly": lambda n, t: t == n, "overtricks": lambda n, t: t > n,
                        "went-down": lambda n, t: t < n}.get(kind)
                assert test is None or any(test(n, t) for n, t in pairs), (key, kind)
                if kind == "no-trick":
                    assert 0 in q.tricks
                continue
            assert q.declarer is not None and q.contract is not None
            side = sum(q.tricks[s] for s in range(4) if s in (q.declarer, q.declarer ^ 2 if rules.partnership else -1))
            alone = q.tricks[q.declarer]
            expected = {"made-exactly": side == q.contract, "overtricks": side > q.contract,
                        "went-down": side < q.contract}
            if kind in expected:
                assert expected[kind], (key, kind)
            elif rules.partnership:  # no-trick stands in for partners-together here
                assert alone < q.contract <= side, (key, kind)
            elif kind == "no-trick":
                assert any(t == 0 for s, t in enumerate(q.tricks) if s != q.declarer), key
            else:  # partners-together without partners: a made bid
                assert side == q.contract, key


def test_bidding_kinds_ask_their_cases() -> None:
    for key in [k for k in RULE_SETS if "koz_maca" not in k]:
        rules = RULE_SETS[key]
        for seed in range(4):
            first = topics.question("bidding", rules, seed, kind="lowest-bid")
            assert isinstance(first, drills.ChoiceQuestion) and first.rule == "lowest-bid"
            assert first.answer == str(rules.min_bid) and not re.search(r"bid \d", first.prompt)
            beat = topics.question("bidding", rules, seed, kind="beat-the-bid")
            assert isinstance(beat, drills.ChoiceQuestion) and beat.rule == "bid-too-low"
            highest = max(int(n) for n in re.findall(r"bid (\d+)", beat.prompt))
            assert beat.answer == str(highest + 1)
            assert topics.question("bidding", rules, seed, kind="all-pass").rule == "all-pass"


def test_ranks_and_play_order_kinds() -> None:
    for seed in range(20):
        order = topics.question("ranks", bc.preset("classic"), seed, kind="order")
        assert isinstance(order, drills.ChoiceQuestion) and len(order.hand) == 4
        ranks = sorted(order.hand, reverse=True)
        assert order.answer == " > ".join(c.rank_text for c in ranks)
        assert len(set(order.choices)) == 4 and all(order.verdicts[i] for i, c in enumerate(order.choices)
                                                     if c != order.answer)
    tens = [q for s in range(20) if isinstance(q := topics.question("ranks", bc.preset("classic"), s, kind="order"),
                                                drills.ChoiceQuestion) and {10, 11} <= {c.rank for c in q.hand}]
    assert tens and all("J > 10" in q.answer for q in tens)
    for key, rules in RULE_SETS.items():
        for seed in range(3):
            q = topics.question("play-order", rules, seed, kind="next-dealer")
            assert isinstance(q, drills.ChoiceQuestion) and q.choices == SEAT_NAMES
            dealer = SEAT_NAMES.index(q.prompt.split(" dealt.")[0])
            thrown = "thrown in" in q.prompt
            assert q.answer == SEAT_NAMES[dealer if thrown else (dealer + 1) % 4], key


def test_trump_choice_between_equal_suits_is_the_stronger() -> None:
    for seed in range(20):
        q = topics.question("trump-choice", bc.preset("turkish"), seed, kind="equal-length")
        assert isinstance(q, drills.ChoiceQuestion) and q.rule == "equal-length"
        mask = mask_of(q.hand)
        lengths = sorted((suit_length(mask, s) for s in bc.Suit), reverse=True)
        assert lengths[0] == lengths[1]
        assert q.answer.startswith(longest_suit(mask).symbol)
        same = [c for c in q.choices if c != q.answer and suit_length(mask, bc.Suit.parse(c.split()[1][0])) ==
                lengths[0]]
        assert same and all("stronger" in q.check(c).explanation for c in same)


# --- learner-facing text: players by name, hands drawn, rules by title ------------------------


def learner_texts(q: drills.Question) -> list[str]:
    texts = [q.prompt, q.explanation, q.expected]
    texts += [q.check(wrong).explanation for wrong in wrong_answers(q)]
    if isinstance(q, drills.ChoiceQuestion):
        texts += q.choices
    return texts


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_no_question_calls_a_player_seat_n(key: str) -> None:
    """Regression: prompts, explanations and choices said "seat 2" where the table says "Mehmet"."""
    rules = RULE_SETS[key]
    for topic in [*drills.QUIZ_TOPICS, *course_drills.QUIZ_TOPICS]:
        for kind in topics.KINDS[topic]:
            q = topics.question(topic, rules, 3, kind=kind)
            for text in learner_texts(q):
                assert not re.search(r"\bseats? ?\d", text, re.IGNORECASE), (topic, kind, text)


@pytest.mark.parametrize("key", ["classic/ihaleli", "turkish/gommeli", "classic/koz_maca"])
def test_no_prompt_lists_a_hand(key: str) -> None:
    """Regression: trump-choice prompts wrote the hand out as a comma list; hands are drawn."""
    rules = RULE_SETS[key]
    for topic in [*drills.QUIZ_TOPICS, *course_drills.QUIZ_TOPICS]:
        for kind in topics.KINDS[topic]:
            q = topics.question(topic, rules, 5, kind=kind)
            hand = (q.position.hand if isinstance(q, drills.LegalCardsQuestion)
                    else q.hand if isinstance(q, drills.ChoiceQuestion) else ())
            named = [c for c in hand if c.label in q.prompt]
            assert len(named) <= 1, (topic, kind, q.prompt)  # the led card may be named, never the hand


def test_every_rule_id_has_a_plain_title() -> None:
    from batak_core.legality import RULE_TITLES

    for rule in RULE_TITLES:
        assert drills.rule_title(rule)[0].isupper() and "-" not in drills.rule_title(rule)
    assert drills.rule_title("follow-suit") == "Follow suit"
    seen = {topics.question(t, RULE_SETS[k], 1, kind=kind).rule
            for k in RULE_SETS for t in [*drills.QUIZ_TOPICS, *course_drills.QUIZ_TOPICS] for kind in topics.KINDS[t]}
    for rule in seen:
        assert drills.rule_title(rule) != rule and "-" not in drills.rule_title(rule), rule


def test_you_inside_a_sentence_is_written_small() -> None:
    """Regression: the learner's name "You" stood capitalised mid-sentence ("You bid 8, and You and
    Mehmet took 4 tricks")."""
    seen = 0
    for name in bc.PRESETS:
        for variant in bc.variants_of(name):
            for kind in topics.KINDS["house-rules"]:
                for seed in range(3):
                    q = topics.question("house-rules", bc.preset(name, variant), seed, kind=kind)
                    for text in (q.prompt, q.explanation, q.check(right_answer(q)).explanation):
                        assert not re.search(r"[a-zçğıöşü] You\b", text), text
                        seen += "and you and" in text
    assert seen, "the case the bug showed was asked"
