"""Judgement lessons: counting a hand (top tricks, when they are sure), declarer play and defence
on solver-judged endings, under every preset and variant, and their widgets."""

from __future__ import annotations

import itertools
import random

import pytest

import batak_core as bc
from batak_core.ai.bots.evaluate import best_trump, bid_choice
from batak_core.cards import mask_of, suit_length
from batak_core.teaching import counting, drills, endings, judgement_drills, topics
from batak_core.teaching.lessons import LESSONS_BY_ID
from batak_core.trick import winning_index

RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
MINE = ("hand-count", "sure-tricks", "trumps-out", "declarer-play", "defence")
ENDING_TOPICS = ("declarer-play", "defence")
S, H, D, C = bc.Suit.SPADES, bc.Suit.HEARTS, bc.Suit.DIAMONDS, bc.Suit.CLUBS


# --- regression: "an ace is a sure trick" is false where a void player must ruff ------------------


def test_an_ace_is_not_a_sure_trick_before_the_play() -> None:
    """The old course counted every ace (and A-K, A-K-Q ...) as sure; a side-suit ace can be ruffed."""
    hand = bc.parse_cards("AS KS QS 2S 3S AH KD AD 4C 5C 6C 7C 8C")
    count = judgement_drills.hand_count(bc.preset("miniokey"), hand, S)
    assert count.top == {S: 3, H: 1, D: 2, C: 0}
    assert count.sure == {S: 3, H: 0, D: 0, C: 0}


def test_sure_is_never_claimed_for_a_side_ace_a_void_opponent_with_trumps_could_ruff() -> None:
    """Before the play: a side suit counted sure has no opponent, in the real deal, out of it with a trump."""
    for key, rules in RULE_SETS.items():
        for seed in range(6):
            q = topics.question("sure-tricks", rules, seed, "before-play")
            assert isinstance(q, drills.ChoiceQuestion)
            count = judgement_drills.hand_count(rules, q.hand)
            assert int(q.answer) == sum(count.sure.values()) == count.top[count.trump], (key, seed)


def test_a_sure_answer_on_lead_holds_in_the_real_deal() -> None:
    """On lead mid-deal: when the lesson says "sure", no opponent of the real deal can ruff the card."""
    checked = 0
    for key, rules in RULE_SETS.items():
        for seed in range(3):
            for deal, seat in endings.bot_moments(rules, seed):
                if seat != 0 or deal.current_trick or deal.to_move != 0 or not deal.tricks:
                    continue
                trump = deal.trump
                assert trump is not None
                seen = counting.seen_by(deal, 0)
                sure = counting.sure_tricks(seen, trump)
                for suit in bc.Suit:
                    verdict = judgement_drills.sure_verdict(seen, suit, trump)
                    really_ruffed = any(
                        not any(c.suit == suit for c in deal.hand(p)) and any(c.suit == trump for c in deal.hand(p))
                        for p in seen.opponents)
                    if (verdict is not None and verdict[0] != judgement_drills.RUFF) or sure[suit]:
                        assert suit == trump or not really_ruffed, (key, seed, suit)
                        checked += 1
    assert checked > 20
    for key, rules in RULE_SETS.items():
        q = topics.question("sure-tricks", rules, 1, "on-lead")
        assert isinstance(q, drills.ChoiceQuestion)
        assert q.why.startswith("Sure" if q.answer.startswith("Yes") else "Not sure"), key


def _seen(hand: str, unseen: str, voids: dict[int, frozenset[bc.Suit]]) -> counting.Seen:
    """Seat 0's knowledge late in a deal: its hand, the unseen cards in three hands of equal size."""
    mine, out = bc.parse_cards(hand), bc.parse_cards(unseen)
    gone = frozenset(c for c in (bc.Card(s, r) for s in bc.Suit for r in range(2, 15)) if c not in mine + out)
    n = len(out) // 3
    return counting.Seen(0, tuple(mine), (1, 2, 3), (len(mine), n, n, n), gone, voids=voids)


def test_a_known_void_opponent_with_trumps_can_ruff() -> None:
    seen = _seen("AH KH 2S", "3S 4S 5S 2H 6D 7D 8D 2C 3C", {1: frozenset({H})})
    assert counting.can_ruff(seen, 1, H, S)
    assert counting.sure_tricks(seen, S) == {S: 0, H: 0, D: 0, C: 0}
    drawn = _seen("AH KH 2S", "4D 5D 9C 2H 6D 7D 8D 2C 3C", {1: frozenset({H})})
    assert not any(counting.can_ruff(drawn, p, H, S) for p in (1, 2, 3))
    assert counting.sure_tricks(drawn, S) == {S: 1, H: 2, D: 0, C: 0}
    with pytest.raises(ValueError, match="do not agree"):
        counting.can_ruff(counting.Seen(0, (), (1, 2, 3), (3, 3, 3, 3)), 1, H, S)


def _layouts(seen: counting.Seen) -> list[dict[int, list[bc.Card]]]:
    """Every way the unseen cards can lie with the hidden holders (brute force, for small cases)."""
    known = set(seen.hand) | seen.gone
    unseen = [c for c in (bc.Card(s, r) for s in bc.Suit for r in range(2, 15)) if c not in known]
    holders = [s for s in range(4) if s != seen.seat] + ([4] if seen.hidden else [])
    sizes = {**{s: seen.sizes[s] for s in range(4)}, 4: seen.hidden}
    out = []
    for owners in itertools.product(holders, repeat=len(unseen)):
        if any(owners.count(h) != sizes[h] for h in holders):
            continue
        layout: dict[int, list[bc.Card]] = {h: [] for h in holders}
        for card, h in zip(unseen, owners, strict=True):
            layout[h].append(card)
        if all(not any(c.suit in seen.voids.get(h, ()) for c in cards) for h, cards in layout.items()):
            out.append(layout)
    return out


def test_the_ruff_test_agrees_with_every_layout_of_the_unseen_cards() -> None:
    rng = random.Random(4)
    deck = [bc.Card(s, r) for s in bc.Suit for r in range(2, 15)]
    for _ in range(150):
        rng.shuffle(deck)
        hidden = rng.choice((0, 1))
        hand, rest = deck[:3], deck[3:3 + 6 + hidden]
        gone = frozenset(deck[3 + 6 + hidden:])
        voids = {p: frozenset(s for s in bc.Suit if rng.random() < 0.2
                              and not any(c.suit == s for c in rest[2 * (p - 1):2 * p])) for p in (1, 2, 3)}
        seen = counting.Seen(0, tuple(hand), (1, 2, 3), (3, 2, 2, 2), gone, voids=voids, hidden=hidden)
        layouts = _layouts(seen)
        assert layouts
        for p, suit, trump in itertools.product((1, 2, 3), bc.Suit, bc.Suit):
            for rounds in (1, 2):
                truth = suit != trump and any(sum(c.suit == suit for c in lay[p]) < rounds
                                              and any(c.suit == trump for c in lay[p]) for lay in layouts)
                assert counting.can_ruff(seen, p, suit, trump, rounds) == truth, (p, suit, trump, rounds)
            assert counting.can_be_out(seen, p, suit) == any(
                not any(c.suit == suit for c in lay[p]) for lay in layouts)
            assert counting.can_hold_trump(seen, p, trump) == any(
                any(c.suit == trump for c in lay[p]) for lay in layouts)


def test_top_tricks_count_the_cards_that_beat_everything_still_out() -> None:
    hand = bc.parse_cards("KS QS 9S AH")
    assert counting.top_tricks(hand) == {S: 0, H: 1, D: 0, C: 0}
    assert counting.top_tricks(hand, bc.parse_cards("AS JS TS"))[S] == 3


# --- every kind of every topic, under every preset and variant ------------------------------------


def _wrong(q: drills.Question) -> list[object]:
    if isinstance(q, drills.PlayQuestion):
        return [c for c, _v in q.values if c not in q.answer]
    assert isinstance(q, drills.ChoiceQuestion)
    return [c for c in q.choices if c != q.answer]


def _right(q: drills.Question) -> object:
    if isinstance(q, drills.PlayQuestion):
        return min(q.answer)
    assert isinstance(q, drills.ChoiceQuestion)
    return q.answer


def _check_play(q: drills.PlayQuestion) -> None:
    """The values are the solver's: re-solved from the shown hands, they differ from it only by the
    tricks already taken; no forced move, and every other card gives a trick away."""
    assert q.to_move == 0 and 3 <= len(q.hands[0]) <= 5
    assert q.trump is not None
    again = endings.card_values(q.rules, q.hands, q.trump, q.leader, q.trick)
    values = dict(q.values)
    # In Eşli with the partner-winning exemption, a partner winning the trick frees the card.
    winner = (q.leader + winning_index([c.index for c in q.trick], int(q.trump))) % 4 if q.trick else -1
    legal = bc.legal_plays(q.rules, q.hands[0], q.trick, q.trump, True,
                           partner_winning=q.rules.partnership and winner == 2)
    assert set(again) == set(values) == set(legal)
    offsets = {values[c] - again[c] for c in values}
    assert len(offsets) == 1 and offsets.pop() >= 0
    assert 0 < len(q.answer) < len(values)
    assert q.rule in endings.THEMES and q.why


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_kind_of_every_judgement_topic_is_judged_by_the_engine(key: str) -> None:
    rules = RULE_SETS[key]
    for topic in MINE:
        for kind in topics.KINDS[topic]:
            for seed in range(1 if topic in ENDING_TOPICS else 3):
                q = topics.question(topic, rules, seed, kind)
                assert q.topic == topic and q.prompt and q.rule
                assert q.check(_right(q)).correct, (key, topic, kind, seed)
                for wrong in _wrong(q):
                    assert not q.check(wrong).correct, (key, topic, kind, seed, wrong)
                if isinstance(q, drills.PlayQuestion):
                    _check_play(q)
                else:
                    assert isinstance(q, drills.ChoiceQuestion) and q.hand, (topic, kind)
                    labels = [c.label for c in q.hand]
                    assert sum(label in q.prompt for label in labels) <= 1, q.prompt  # the hand is drawn
                    assert "seat " not in q.prompt.lower()


def test_the_lessons_quiz_topics_are_this_modules() -> None:
    assert LESSONS_BY_ID["hand-count"].topics == ("hand-count", "sure-tricks")
    assert LESSONS_BY_ID["strategy"].topics == ("declarer-play", "trumps-out")
    assert LESSONS_BY_ID["defence"].topics == ("defence",)
    assert len(topics.KINDS["hand-count"]) + len(topics.KINDS["sure-tricks"]) >= 4
    assert len(topics.KINDS["sure-tricks"]) > 1
    assert len(topics.KINDS["declarer-play"]) >= 3 and len(topics.KINDS["defence"]) >= 4


def test_the_hand_count_answers_are_the_engines() -> None:
    rules = bc.preset("classic")
    for seed in range(5):
        q = topics.question("hand-count", rules, seed, "best-trump")
        assert isinstance(q, drills.ChoiceQuestion)
        assert q.answer.endswith(best_trump(mask_of(q.hand), rules)[0].plural)
        q = topics.question("hand-count", rules, seed, "other-trumps")
        assert isinstance(q, drills.ChoiceQuestion)
        trump = next(s for s in bc.Suit if s.plural.capitalize() in q.prompt)
        assert int(q.answer) == 13 - suit_length(mask_of(q.hand), trump)
        q = topics.question("hand-count", rules, seed, "top-tricks")
        assert isinstance(q, drills.ChoiceQuestion)
        assert int(q.answer) == sum(counting.top_tricks(q.hand).values())


def _deal_with(rules: bc.RuleSet, hand: tuple[bc.Card, ...]) -> bc.Deal:
    """A fresh deal in which seat 0 holds ``hand`` and calls first."""
    rest = [c for c in (bc.Card(s, r) for s in bc.Suit for r in range(2, 15)) if c not in hand]
    size = rules.hand_size
    return bc.Deal(rules, [list(hand), rest[:size], rest[size:2 * size], rest[2 * size:3 * size]], dealer=3)


def test_bid_or_pass_follows_the_bots_rule() -> None:
    rules = bc.preset("miniokey")
    answers = set()
    for seed in range(12):
        q = topics.question("hand-count", rules, seed, "bid-or-pass")
        assert isinstance(q, drills.ChoiceQuestion)
        answers.add(q.answer)
        count = judgement_drills.hand_count(rules, q.hand)
        assert f"{count.estimate:.1f}" in q.why
        verdict = bid_choice(_deal_with(rules, q.hand).view(0), count.estimate)
        assert (q.answer == "Pass") == (verdict is None), seed
    assert answers == {"Pass", f"Bid {rules.min_bid}"}


def test_koz_maca_asks_the_number_to_announce_and_no_trick_penalty() -> None:
    for rules in (bc.preset("classic", "koz_maca"), bc.preset("turkish", "koz_maca")):
        q = topics.question("hand-count", rules, 1, "bid-or-pass")
        assert "announce" in q.prompt and q.rule == judgement_drills.HAND_VALUE
        assert not endings.trickless_penalty(rules)
    assert endings.trickless_penalty(bc.preset("miniokey"))
    assert not endings.trickless_penalty(bc.preset("danish"))
    assert not endings.trickless_penalty(bc.preset("classic", "esli"))


def test_the_save_trick_idea_states_the_learners_rule() -> None:
    for name in ("miniokey", "classic"):
        rules = bc.preset(name)
        text = endings.idea("save-trick", rules)
        assert endings.trickless_rule(rules) in text
    assert endings.trickless_rule(bc.preset("miniokey")) != endings.trickless_rule(bc.preset("classic"))


# --- the hand-written endings ---------------------------------------------------------------------

ALL_ENDINGS = endings.DECLARER_ENDINGS + endings.DEFENCE_ENDINGS


@pytest.mark.parametrize("name", list(bc.PRESETS))
def test_every_written_endings_stated_best_card_is_the_solvers(name: str) -> None:
    rules = bc.preset(name)
    for ending in ALL_ENDINGS:
        values = ending.values(rules)
        assert set(values) == set(ending.legal(rules)), ending.title
        best = max(values.values())
        right = {c for c, v in values.items() if v == best}
        assert ending.best_card in right, (name, ending.title, values)
        assert len(right) < len(values), (name, ending.title)


def test_written_endings_are_well_formed() -> None:
    for ending in ALL_ENDINGS:
        cards = [c for hand in ending.cards for c in hand] + list(ending.trick_cards)
        assert len(cards) == len(set(cards)), ending.title
        sizes = [len(h) + (1 if (s - ending.leader) % 4 < len(ending.trick_cards) else 0)
                 for s, h in enumerate(ending.cards)]
        assert len(set(sizes)) == 1 and 3 <= sizes[0] <= 5, ending.title
        assert ending.mover == 0
    assert all(e.declarer == 0 for e in endings.DECLARER_ENDINGS)
    assert all(e.declarer not in (0, None) for e in endings.DEFENCE_ENDINGS)


def test_the_themes_tag_the_written_endings() -> None:
    rules = bc.preset("miniokey")
    draw, cash, count, ruff = (e.spot(rules) for e in endings.DECLARER_ENDINGS)
    assert endings.draws_trumps(draw) and not endings.cashes(draw)
    assert endings.cashes(cash) and not endings.draws_trumps(cash)
    assert endings.counts_suit(count) and not endings.cashes(count)
    assert endings.ruffs(ruff) and not endings.overtrumps(ruff)
    save, high, discard = (e.spot(rules) for e in endings.DEFENCE_ENDINGS)
    assert endings.saves_trickless(save) and not endings.saves_trickless(save.__class__(
        bc.preset("danish"), save.hands, save.trump, save.leader, save.trick, save.declarer, save.won, save.values))
    assert endings.keeps_high(high) and not endings.ducks(high)
    assert endings.discards(discard) and not endings.ruffs(discard)


# --- widgets ---------------------------------------------------------------------------------------


def shown_cards(board: object) -> list[bc.Card]:
    """Your cards as the board shows them, in order."""
    return [b.card for b in board.buttons if b.card is not None and b.layout.display != "none"]  # type: ignore[attr-defined]


def test_hand_counter_counts_as_the_hint_and_redeals() -> None:
    from widgets.course import HandCounter

    rules = bc.preset("miniokey")
    demo = HandCounter(rules, seed=5)
    for _ in range(3):
        count = judgement_drills.hand_count(rules, demo.hand, bc.Suit.parse(demo.trump.value))
        assert f"about <b>{count.estimate:.1f}</b>" in demo.view.value
        assert f"<b>{sum(count.sure.values())} sure</b>" in demo.view.value
        verdict = bid_choice(demo.game.view(0), count.estimate)
        assert ("so <b>pass</b>" in demo.view.value) == (verdict is None)
        first = demo.view.value
        other = next(s for s in bc.Suit if s.letter != demo.trump.value)
        demo.trump.value = other.letter
        assert demo.view.value != first
        demo.deal_button.click()
    koz = HandCounter(bc.preset("classic", "koz_maca"), seed=5)
    assert koz.trump.disabled and koz.trump.value == "S" and "announce" in koz.view.value


def test_ending_board_lets_you_try_cards_and_shows_the_solvers_best() -> None:
    from widgets.course import EndingBoard

    rules = bc.preset("classic")
    board = EndingBoard(endings.DEFENCE_ENDINGS, rules)
    for index, ending in enumerate(endings.DEFENCE_ENDINGS):
        board.chooser.value = index
        assert ending.title in board.heading.value
        values = ending.values(rules)
        wrong = next(c for c, v in values.items() if v < max(values.values()))
        board.button(wrong).click()
        assert "gives away" in board.message.value
        assert "batak-wrong-pick" in board.button(wrong)._dom_classes
        board.button(ending.best_card).click()
        assert "is best" in board.message.value and "✓" in board.message.value
        board.best_button.click()
        assert ending.best_card.label in board.message.value
        assert ending.idea in board.message.value
        shown = [b for b in board.buttons if b.card is not None and b.layout.display != "none"]
        assert [b.card for b in shown if not b.disabled] == [c for c in shown_cards(board) if c in values]
    assert board.new_button.layout.display == "none"


def test_ending_board_deals_endings_from_real_deals() -> None:
    from widgets.course import EndingBoard

    rules = bc.preset("miniokey")
    board = EndingBoard((), rules, topic="declarer-play", seed=3)
    first = board.heading.value
    assert "From a real deal" in first
    best = min(board.board.best)
    board.button(best).click()
    assert "is best" in board.message.value
    board.new_button.click()
    assert "From a real deal" in board.heading.value
    with pytest.raises(ValueError, match="at least one ending"):
        EndingBoard((), rules)
    with pytest.raises(ValueError, match="unknown topic"):
        EndingBoard((), rules, topic="juggling")


def test_a_declarer_play_round_under_danish_always_finds_its_endings() -> None:
    """Regression: under danish (many deals thrown in, many endings where every card is as good) the
    declarer-play quiz raised "no deal gave an ending for declarer play" for 3 of 20 seeded rounds,
    and the page lost its quiz."""
    from batak_core.shuffle import derive_seed
    from batak_core.teaching.rounds import QuizRound

    for number in (3, 5, 11):
        quiz = QuizRound(LESSONS_BY_ID["strategy"].topics, bc.preset("danish"), derive_seed(2026, number))
        for index in range(quiz.count):
            question = quiz.question(index)
            assert question.check(min(question.answer) if isinstance(question, drills.PlayQuestion)
                                  else question.answer).correct  # type: ignore[attr-defined]
