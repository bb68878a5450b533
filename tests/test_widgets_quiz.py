"""Quiz: questions from drills, answered by clicking, judged by the engine, with a tally; hands and
tricks drawn, answers marked, players named, rules by their plain titles."""

from __future__ import annotations

import random
import re
from pathlib import Path

import batak_core as bc
import widgets
from batak_core.ai.solver import Position as SolverPosition
from batak_core.ai.solver import solve_position
from batak_core.seats import side_mask
from batak_core.teaching import drills
from batak_core.teaching.names import SEAT_NAMES
from widgets.course.page import COURSE_CSS


def test_right_then_wrong_answer_with_feedback_classes() -> None:
    quiz = widgets.Quiz("follow", seed=1)
    q = quiz.question
    assert isinstance(q, drills.LegalCardsQuestion)
    for card in q.answer:
        quiz.card_button(card).click()
    quiz.check_button.click()
    assert {"batak-feedback", "batak-correct"} <= set(quiz.feedback._dom_classes)
    assert "Right!" in quiz.feedback.value and q.rule in quiz.feedback.value
    assert quiz.tally.value == "1 of 1 right"
    assert all(quiz.card_button(c).disabled for c in q.answer)

    quiz.new_button.click()
    q2 = quiz.question
    assert isinstance(q2, drills.LegalCardsQuestion) and q2 != q
    assert "batak-correct" not in quiz.feedback._dom_classes and quiz.feedback.value == ""
    wrong = next(c for c in q2.position.hand if c not in q2.answer)
    quiz.card_button(wrong).click()
    assert "batak-selected" in quiz.card_button(wrong)._dom_classes
    quiz.check_button.click()
    assert "batak-wrong" in quiz.feedback._dom_classes and "batak-correct" not in quiz.feedback._dom_classes
    verdict = bc.explain_play(q2.rules, q2.position.hand, q2.position.trick, q2.position.trump,
                              q2.position.trump_broken, wrong)
    assert verdict.reason in quiz.feedback.value and verdict.rule in quiz.feedback.value
    assert quiz.tally.value == "1 of 2 right"
    quiz.check_button.click()  # a second try does not count
    assert quiz.tally.value == "1 of 2 right"


def test_same_seed_same_questions() -> None:
    a, b = widgets.Quiz("ruff", seed=8), widgets.Quiz("ruff", seed=8)
    assert a.question == b.question and a.prompt.value == b.prompt.value


def test_trick_winner_is_one_click() -> None:
    quiz = widgets.Quiz("winner", rules=bc.preset("classic"), seed=3)
    q = quiz.question
    assert isinstance(q, drills.TrickWinnerQuestion)
    assert quiz.check_button.layout.display == "none"
    quiz.card_button(q.answer).click()
    assert "batak-correct" in quiz.feedback._dom_classes


def test_scores_are_typed_in() -> None:
    quiz = widgets.Quiz("score", rules=bc.preset("gamelake"), seed=2)
    q = quiz.question
    assert isinstance(q, drills.ScoreQuestion)
    for box, points in zip(quiz.score_inputs, q.answer, strict=True):
        box.value = points
    quiz.check_button.click()
    assert "batak-correct" in quiz.feedback._dom_classes
    quiz.new_button.click()
    quiz.check_button.click()  # all zeros: wrong
    assert "batak-wrong" in quiz.feedback._dom_classes


def test_choice_questions_and_topic_switch() -> None:
    quiz = widgets.Quiz("bidding", rules=bc.preset("danish"), seed=5)
    q = quiz.question
    assert isinstance(q, drills.ChoiceQuestion)
    wrong = next(c for c in q.choices if c != q.answer)
    quiz.choice_button(wrong).click()
    assert "batak-wrong" in quiz.feedback._dom_classes and q.answer in quiz.feedback.value
    quiz.topic.value = "trump-lead"
    assert isinstance(quiz.question, drills.LegalCardsQuestion) and quiz.choice_box.layout.display == "none"


def test_quiz_feedback_states_the_whole_duty_chain() -> None:
    """Wrong answer on a ruff-then-overtrump position: the feedback names both duties."""
    from batak_core.teaching.position import Position

    quiz = widgets.Quiz("ruff", seed=1)
    position = Position.around("4C 10C JC 5D 8S", "7H 9C", "C", leader=2)
    quiz.question = drills.LegalCardsQuestion("ruff", 0, quiz.rules, "", position)
    quiz.answer(["4C"])
    assert "must play a trump (clubs)" in quiz.feedback.value and "must overtrump" in quiz.feedback.value
    assert "10♣ and J♣" in quiz.feedback.value


def test_quiz_offers_every_course_topic() -> None:
    from batak_core.teaching import topics

    quiz = widgets.Quiz("sure-tricks", seed=2)
    assert [key for _title, key in quiz.topic.options] == list(topics.TOPICS)
    assert quiz.question is not None and quiz.question.topic == "sure-tricks"


# --- the second edition: drawn hands, marked answers, names, plain rule titles ------------------


def ask(quiz: widgets.Quiz, question: drills.Question) -> None:
    """Show ``question`` as the quiz's next one (as a lesson's round would)."""
    quiz.ask = lambda _seed: question  # type: ignore[method-assign]
    quiz.new_question()


def test_choice_answers_are_marked_with_a_colour_and_a_written_mark() -> None:
    quiz = widgets.Quiz("bidding", rules=bc.preset("danish"), seed=5)
    q = quiz.question
    assert isinstance(q, drills.ChoiceQuestion)
    wrong = next(c for c in q.choices if c != q.answer)
    quiz.choice_button(wrong).click()
    picked, right = quiz.choice_button(wrong), quiz.choice_button(q.answer)
    assert "batak-wrong-pick" in picked._dom_classes and picked.description == f"✗ {wrong} (your answer)"
    assert "batak-right" in right._dom_classes and right.description == f"✓ {q.answer} (the right answer)"
    others = [quiz.choice_button(c) for c in q.choices if c not in (wrong, q.answer)]
    assert all(not set(b._dom_classes) & {"batak-right", "batak-wrong-pick"} and b.disabled for b in others)

    quiz.new_button.click()  # the marks go with the answer
    q2 = quiz.question
    assert isinstance(q2, drills.ChoiceQuestion)
    for text in q2.choices:
        button = quiz.choice_button(text)
        assert button.description == text and not button.disabled
        assert not set(button._dom_classes) & {"batak-right", "batak-wrong-pick"}
    quiz.choice_button(q2.answer).click()
    assert quiz.choice_button(q2.answer).description == f"✓ {q2.answer} (your answer: right)"


def test_the_marks_are_styled_for_every_quiz() -> None:
    """Regression: no stylesheet coloured a marked choice, so a wrong pick looked like any other button."""
    css = (Path(widgets.__file__).parent / "course" / "quiz.css").read_text(encoding="utf-8")
    for mark in ("batak-right", "batak-wrong-pick"):
        rule = re.search(rf"button\.batak-choice\.{mark}[^{{]*\{{([^}}]*)\}}", css)
        assert rule and "background" in rule.group(1) and "border" in rule.group(1), mark
    assert css in COURSE_CSS  # course pages load it with the course stylesheet
    quiz = widgets.Quiz("ranks", seed=1)
    assert any(isinstance(c, type(quiz.prompt)) and css in c.value for c in quiz.children)  # so does a plain quiz


def test_a_hand_is_drawn_as_cards_never_written_out() -> None:
    quiz = widgets.Quiz("trump-choice", rules=bc.preset("classic"), seed=4)
    q = quiz.question
    assert isinstance(q, drills.ChoiceQuestion) and len(q.hand) == 13
    assert quiz.context.value.count("<svg") == len(q.hand)
    for card in q.hand:
        assert f"batak-card-{card.code}" in quiz.context.value
        assert card.label not in quiz.prompt.value
    quiz.topic.value = "follow"
    q2 = quiz.question
    assert isinstance(q2, drills.LegalCardsQuestion) and q2.position.trick
    assert quiz.context.value.count("<svg") == len(q2.position.trick)  # the trick so far, with who played it
    for i, card in enumerate(q2.position.trick):
        assert f"batak-card-{card.code}" in quiz.context.value
        assert SEAT_NAMES[(q2.position.leader + i) % 4] in quiz.context.value
    assert {b.card for b in quiz.cards if b.layout.display != "none"} == set(q2.position.hand)


def small_ending() -> drills.PlayQuestion:
    """A solver-judged ending three tricks from the end where a card loses a trick and one may not be played."""
    rules = bc.preset("classic")
    for seed in range(200):
        rng = random.Random(seed)
        deal = drills.ready_to_play(rules, seed, rng)
        while len(deal.tricks) < 10 or len(deal.current_trick) < 1:
            deal.play(rng.choice(deal.legal_plays()))
        mover = deal.to_move
        assert mover is not None and deal.trick_leader is not None
        solution = solve_position(SolverPosition.of_deal(deal, side=side_mask(rules, mover)))
        values = tuple(solution.card_values.items())
        if len({v for _c, v in values}) > 1 and len(values) < len(deal.hand(mover)):
            return drills.PlayQuestion("declarer-play", seed, rules, "Which card do you play?",
                                       tuple(tuple(deal.hand(s)) for s in range(4)), mover, deal.trick_leader,
                                       tuple(deal.current_trick), deal.trump, values, "keep-high",
                                       "Keep the card that still wins.")
    raise AssertionError("no fitting ending")


def test_a_play_question_draws_every_hand_and_answers_with_one_click() -> None:
    q = small_ending()
    quiz = widgets.Quiz("follow", seed=1)
    ask(quiz, q)
    others = [s for s in range(4) if s != q.to_move]
    for seat in others:
        assert SEAT_NAMES[seat] in quiz.context.value
        for card in q.hands[seat]:
            assert f"batak-card-{card.code}" in quiz.context.value
    assert q.trump is not None and f"Trump: <b><span class=\"batak-suit-{q.trump.letter}\">" in quiz.context.value
    assert quiz.context.value.count("<svg") == sum(len(q.hands[s]) for s in others) + len(q.trick)
    assert quiz.check_button.layout.display == "none"
    legal = dict(q.values)
    for card in q.hands[q.to_move]:
        button = quiz.card_button(card)
        assert button.disabled == (card not in legal)
        assert ("batak-illegal" in button._dom_classes) == (card not in legal)
    loser = next(c for c, v in q.values if c not in q.answer)
    quiz.card_button(loser).click()
    assert "batak-wrong" in quiz.feedback._dom_classes and "Not quite." in quiz.feedback.value
    assert "The answer:" in quiz.feedback.value and "Keep the card that still wins." in quiz.feedback.value
    assert "batak-wrong-pick" in quiz.card_button(loser)._dom_classes
    assert all("batak-right" in quiz.card_button(c)._dom_classes for c in q.answer)
    assert quiz.tally.value == "0 of 1 right"

    ask(quiz, q)
    best = min(q.answer)
    quiz.card_button(best).click()
    assert "batak-correct" in quiz.feedback._dom_classes and quiz.tally.value == "1 of 2 right"


def learner_html(quiz: widgets.Quiz) -> str:
    """Everything of the quiz a learner reads, tooltips left out."""
    parts = [quiz.prompt.value, quiz.context.value, quiz.feedback.value]
    parts += [b.description for b in quiz.score_inputs] + [b.description for b in quiz.choices]
    return re.sub(r'title="[^"]*"', "", " ".join(parts))


def test_no_learner_text_says_seat_or_shows_a_bare_rule_id() -> None:
    """Regression: score boxes were labelled "Seat 0".."Seat 3" and the feedback showed ids like
    'follow-suit'; now the names and the rule's plain title, the id only as a tooltip."""
    quiz = widgets.Quiz("score", rules=bc.preset("classic"), seed=3)
    assert [b.description for b in quiz.score_inputs] == list(SEAT_NAMES)
    for topic in ("score", "follow", "ruff", "bidding", "play-order", "trump-choice", "ranks", "winner"):
        quiz.topic.value = topic
        for _ in range(3):
            q = quiz.question
            assert q is not None
            if isinstance(q, drills.ScoreQuestion):
                quiz.check_button.click()  # all zeros: wrong
            elif isinstance(q, drills.LegalCardsQuestion):
                quiz.card_button(next(c for c in q.position.hand if c not in q.answer)).click()
                quiz.check_button.click()
            elif isinstance(q, drills.TrickWinnerQuestion):
                quiz.card_button(next(c for c in q.trick if c != q.answer)).click()
            else:
                assert isinstance(q, drills.ChoiceQuestion)
                quiz.choice_button(next(c for c in q.choices if c != q.answer)).click()
            assert quiz.result is not None and not quiz.result.correct
            text = learner_html(quiz)
            assert not re.search(r"\bseats? ?\d", text, re.IGNORECASE), text
            rule = quiz.result.rule
            assert f'title="{rule}">{drills.rule_title(rule)}</span>' in quiz.feedback.value
            if "-" in rule:
                assert rule not in text, (rule, text)
            quiz.new_button.click()


def test_the_course_endings_are_shown_as_play_questions() -> None:
    quiz = widgets.Quiz("declarer-play", seed=2)
    q = quiz.question
    assert isinstance(q, drills.PlayQuestion)
    assert quiz.context.value.count("<svg") == sum(len(q.hands[s]) for s in range(4) if s != q.to_move) + len(q.trick)
    quiz.card_button(min(q.answer)).click()
    assert "batak-correct" in quiz.feedback._dom_classes


def test_a_choice_question_s_hand_is_drawn_sorted_by_suit_high_to_low() -> None:
    """Regression: a question's hand was drawn in the order its generator held it (2♠ 7♠ … A♠), while
    every other hand of the course reads high to low by suit."""
    quiz = widgets.Quiz("trump-choice", seed=1)
    hand = tuple(bc.parse_cards("2S 7S AS 9H KH 2C AC"))
    ask(quiz, drills.ChoiceQuestion("trump-choice", 1, quiz.rules, "Which suit?", ("a", "b"), "a", "x", "why",
                                    hand=hand))
    drawn = re.findall(r'aria-label="([^"]+)"', quiz.context.value)
    assert drawn == [c.name for c in bc.cards.sorted_hand(hand)] and drawn[0] == "ace of spades"
