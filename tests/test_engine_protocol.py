"""The engine protocol (docs/engine-protocol.md): its messages, ``batak engine`` and the referee
(``batak match --engine``), with small engines of the test suite's own in other processes: one
that plays randomly, and ones that answer illegally, hang, die, babble or refuse the handshake."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest

import batak_core as bc
from batak_core import protocol
from batak_core.ai.bots import get
from batak_core.ai.engine import serve
from batak_core.ai.match import match
from batak_core.ai.referee import EngineFailed, Limits, Player, engine_match
from batak_core.cli import main
from batak_core.rules import VARIANTS

TEST_ENGINE = Path(__file__).parent / "engines" / "random_player.py"
OURS = f"{shlex.quote(sys.executable)} -m batak_core.cli engine"
FAST = Limits(move_ms=2_000, grace_ms=500, start_ms=20_000)


def test_engine(mode: str = "random") -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(TEST_ENGINE))} --mode {mode}"


test_engine.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test

FORMS = [(name, "ihaleli") for name in bc.PRESETS] + [(name, v.value) for name, v in VARIANTS]


def club_views(rules: bc.RuleSet, seed: int):
    """Every seat's view at every decision of a club-bot deal, and the decider's legal actions."""
    deal = bc.Deal.random(rules, seed=seed, dealer=seed % 4)
    bots = [get("club", seed * 4 + s) for s in range(4)]
    while not deal.is_finished:
        yield deal, [deal.view(s) for s in range(4)]
        deal.act(bots[deal.decider].choose(deal.view(deal.decider)))


@pytest.mark.parametrize(("name", "variant"), FORMS)
def test_a_view_survives_the_wire_in_every_preset_and_variant(name: str, variant: str) -> None:
    rules = bc.preset(name, variant)
    for seed in range(3):
        for _deal, views in club_views(rules, seed):
            for view in views:
                wire = json.loads(protocol.encode(protocol.view_to_json(view)))
                assert protocol.view_from_json(wire, rules) == view


@pytest.mark.parametrize(("name", "variant"), FORMS)
def test_the_legal_list_is_exactly_what_the_deal_accepts(name: str, variant: str) -> None:
    rules = bc.preset(name, variant)
    for deal, views in club_views(rules, 11):
        view = views[deal.decider]
        legal = protocol.legal_actions(view)
        if view.phase is bc.Phase.BURY:
            assert legal == ["bury"]
            continue
        for text in legal:
            trial = deal.copy()
            trial.apply(text)  # raises if the list held an illegal action
        if view.phase is bc.Phase.PLAY:
            assert {t.removeprefix("play ") for t in legal} == {str(c) for c in deal.legal_plays()}
        assert all(protocol.legal_actions(v) == [] for s, v in enumerate(views) if s != deal.decider)


@pytest.mark.parametrize(("line", "said"), [
    (b"not json", "one JSON object"),
    (b"[1, 2]", "a JSON object"),
    (b'{"kind": "hello"}', "text 'type'"),
    (b"\xff\xfe", "UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nests at most"),
    (b'{"type": "log", "text": "' + b"x" * 70_000 + b'"}', "at most 65,536 bytes"),
])
def test_a_malformed_line_is_refused_saying_what_is_allowed(line: bytes, said: str) -> None:
    with pytest.raises(protocol.ProtocolError, match=said) as refused:
        protocol.decode(line)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize(("field", "value", "said"), [
    ("hand", ["AS", "ZZ"], "'ZZ', which is not a card"),
    ("phase", "dancing", "phase must be one of"),
    ("seat", 7, "seat, 0 to 3"),
    ("tricks_won", [1, 2, 3], "a list of four"),
    ("auction", [[0, 5], [1, "x"]], "[seat, bid or null]"),
    ("trump", "X", "suit letter"),
    ("hand", "AS KS", "a list of at most 52 cards"),
])
def test_a_malformed_view_is_refused_naming_the_field(field: str, value: object, said: str) -> None:
    rules = bc.preset("classic")
    deal = bc.Deal.random(rules, seed=4)
    data = protocol.view_to_json(deal.view(deal.decider))
    data[field] = value
    with pytest.raises(protocol.ProtocolError, match=said.replace("[", r"\[").replace("]", r"\]")):
        protocol.view_from_json(data, rules)
    del data[field]
    with pytest.raises(protocol.ProtocolError, match=f"no '{field}' field"):
        protocol.view_from_json(data, rules)


def converse(lines: list[dict | bytes], level: str = "club") -> list[dict]:
    source = io.BytesIO(b"".join(line if isinstance(line, bytes) else protocol.encode(line) for line in lines))
    sink = io.BytesIO()
    assert serve(level, source, sink) == 0
    return [json.loads(line) for line in sink.getvalue().splitlines()]


def test_our_engine_shakes_hands_and_answers_each_decision_with_a_legal_action() -> None:
    rules = bc.preset("miniokey")
    deal = bc.Deal.random(rules, seed=9, dealer=2)
    seat = deal.decider
    answers = converse([protocol.hello(), protocol.new_deal(rules, 0, 1, seat, 2, 77),
                        protocol.decide(5, deal.view(seat), 1000), {"type": "deal_over_v9"}, protocol.quit_message()])
    assert answers[0] == {"type": "hello", "protocol": "batak-engine", "version": 1, "name": "batak-tutor club",
                          "author": "batak-tutor"}
    assert answers[1]["type"] == "action" and answers[1]["id"] == 5
    assert answers[1]["action"] == str(get("club", 77).choose(deal.view(seat)))
    assert len(answers) == 2  # the unknown message type is ignored; quit ends the engine


def test_our_engine_answers_a_bad_message_with_an_error_and_reads_on() -> None:
    rules = bc.preset("classic")
    deal = bc.Deal.random(rules, seed=2)
    seat = deal.decider
    view = protocol.view_to_json(deal.view(seat))
    answers = converse([
        {"type": "hello", "protocol": "batak-engine", "versions": [2, 3]},
        protocol.decide(1, deal.view(seat), 100),
        b"{broken\n",
        {"type": "new_deal", "deal": 0, "table": 1, "seat": seat, "dealer": 0, "seed": 1, "rules": {"name": "chess"}},
        protocol.new_deal(rules, 0, 1, seat, 0, 1),
        {"type": "decide", "id": 2, "view": {**view, "hand": ["QQ"]}, "legal": [], "time_ms": 10},
        {"type": "decide", "id": 3, "view": protocol.view_to_json(deal.view((seat + 1) % 4)), "legal": [],
         "time_ms": 1},
        protocol.decide(4, deal.view(seat), 100),
    ])
    assert answers[0]["type"] == "error" and "version 1" in answers[0]["message"]
    assert answers[1] == {"type": "error", "id": 1, "message": answers[1]["message"]}
    assert "before any new_deal" in answers[1]["message"]
    assert answers[2]["type"] == "error" and "one JSON object" in answers[2]["message"]
    assert answers[3]["type"] == "error" and "rules are invalid" in answers[3]["message"]
    assert answers[4]["id"] == 2 and "'QQ', which is not a card" in answers[4]["message"]
    assert answers[5]["id"] == 3 and "only on its own turn" in answers[5]["message"]
    assert answers[6]["type"] == "action" and answers[6]["id"] == 4


@pytest.mark.parametrize(("level", "name"), [("club", "miniokey"), ("random", "gommeli")])
def test_a_match_through_the_protocol_plays_the_same_cards_as_in_one_process(level: str, name: str) -> None:
    rules = bc.preset("turkish", "gommeli") if name == "gommeli" else bc.preset(name)
    through = engine_match(rules, Player(command=f"{OURS} --bot {level}"), Player(level="club"), 4, seed=21,
                           limits=FAST)
    direct = match(rules, level, "club", 4, seed=21)
    assert through.diffs == direct.diffs
    assert through.names == (f"batak-tutor {level}", "club")
    assert not through.faults


@pytest.mark.slow
def test_the_expert_through_the_protocol_agrees_with_the_expert_in_process() -> None:
    rules = bc.preset("miniokey", defender_zero="minus_ten_bid")
    through = engine_match(rules, Player(command=f"{OURS} --bot expert"), Player(command=f"{OURS} --bot club"), 3,
                           seed=5, workers=2, limits=Limits(move_ms=20_000))
    assert through.diffs == match(rules, "expert", "club", 3, seed=5).diffs


def test_an_outside_engine_plays_a_whole_match_without_faults() -> None:
    seen = []
    result = engine_match(bc.preset("turkish"), Player(command=test_engine()), Player(level="club"), 3, seed=2,
                          limits=FAST, progress=lambda outcome, done: seen.append(done))
    assert seen == [1, 2, 3]
    assert result.names == ("test random", "club") and not result.faults
    assert len(result.deals) == 3 and all(len(d.tables) == 2 for d in result.deals)


def test_an_illegal_answer_is_reported_with_its_position_and_the_table_plays_the_lowest_card() -> None:
    result = engine_match(bc.preset("classic"), Player(command=test_engine("illegal")), Player(level="club"), 1,
                          seed=3, limits=FAST)
    faults = result.faults
    assert faults and {f.kind for f in faults} == {"illegal"} and {f.side for f in faults} == {"A"}
    first = faults[0]
    assert first.answer == "play 1X" and "is not an action" in first.detail
    assert first.position.startswith("trick 1,") and "hand" in first.position
    assert first.played.startswith("play ")
    # every card of side A's two seats at both tables was a fault, and both deals were played to their end
    assert len(faults) == 2 * 2 * 13


def test_a_hanging_engine_times_out_is_restarted_and_the_match_goes_on() -> None:
    limits = Limits(move_ms=50, grace_ms=50, start_ms=20_000)
    result = engine_match(bc.preset("danish"), Player(command=test_engine("hang")), Player(level="random"), 1,
                          seed=1, limits=limits)
    assert result.faults and {f.kind for f in result.faults} == {"timeout"}
    assert all(f.played for f in result.faults)
    assert len(result.deals) == 1


def test_a_dying_engine_is_restarted_with_the_deal_and_its_last_words_are_kept() -> None:
    result = engine_match(bc.preset("miniokey"), Player(level="club"), Player(command=test_engine("die")), 1,
                          seed=6, limits=FAST)
    died = [f for f in result.faults if f.kind == "died"]
    assert died and {f.side for f in died} == {"B"}
    assert "exited with status 3" in died[0].detail and "going away now" in died[0].detail
    # a restarted process plays on: it dies at its third decision again, not at every one
    decisions_of_b = sum(1 for f in result.faults)
    assert decisions_of_b < 2 * 13


def test_a_babbling_engine_is_restarted_and_its_line_quoted() -> None:
    result = engine_match(bc.preset("classic"), Player(command=test_engine("garbage")), Player(level="club"), 1,
                          seed=8, limits=FAST)
    assert {f.kind for f in result.faults} == {"malformed"}
    assert result.faults[0].answer == "this is not json"


def test_an_engine_that_refuses_the_handshake_stops_the_match_saying_why() -> None:
    with pytest.raises(EngineFailed, match="refused the handshake: I speak version 99 only"):
        engine_match(bc.preset("classic"), Player(command=test_engine("version")), Player(level="club"), 1,
                     limits=FAST)
    with pytest.raises(EngineFailed, match="cannot start"):
        engine_match(bc.preset("classic"), Player(command="/no/such/engine"), Player(level="club"), 1, limits=FAST)


def test_workers_do_not_change_the_result() -> None:
    rules = bc.preset("gamelake")
    one = engine_match(rules, Player(command=test_engine()), Player(level="club"), 4, seed=12, limits=FAST)
    two = engine_match(rules, Player(command=test_engine()), Player(level="club"), 4, seed=12, workers=2, limits=FAST)
    assert one.diffs == two.diffs


def test_batak_match_with_engines_prints_the_results_the_auction_split_and_the_faults(capsys) -> None:
    status = main(["match", "--engine", test_engine("illegal"), "--engine", test_engine(), "--rules", "classic",
                   "--deals", "2", "--seed", "4", "--move-time", "2000"])
    out, err = capsys.readouterr()
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("classic   test illegal vs test random: ")
    assert any("declared at" in line and line.strip().startswith("test illegal") for line in lines)
    assert any(line.strip().startswith("test illegal:") and "illegal)" in line for line in lines)
    assert "fault: A (test illegal), deal 0, table 1, seat" in err and "the table played 'play" in err
    assert "] 2/2 deals, mean so far" in err


def test_batak_match_engine_flags_refuse_bad_values(capsys) -> None:
    assert main(["match", "--engine", "'unbalanced", "--deals", "1"]) == 2
    assert "cannot read the engine command" in capsys.readouterr().err
    assert main(["match", "--engine", "a", "--engine", "b", "--engine", "c", "--deals", "1"]) == 2
    assert "once or twice" in capsys.readouterr().err
    assert main(["match", "--engine", "/no/such/engine", "--deals", "1", "--rules", "classic"]) == 1
    assert "cannot start" in capsys.readouterr().err
    assert main(["match", "--set", "defender_zero=sometimes", "--deals", "1"]) == 2


def test_the_example_engine_of_the_protocol_page_plays_a_clean_match(tmp_path: Path) -> None:
    page = (Path(__file__).parents[1] / "docs" / "engine-protocol.md").read_text(encoding="utf-8")
    example = page.split("```python\n", 1)[1].split("```", 1)[0]
    engine = tmp_path / "example_engine.py"
    engine.write_text(example, encoding="utf-8")
    result = engine_match(bc.preset("turkish", "gommeli"), Player(command=f"{shlex.quote(sys.executable)} {engine}"),
                          Player(level="club"), 2, seed=1, limits=FAST)
    assert result.names == ("random", "club") and not result.faults
