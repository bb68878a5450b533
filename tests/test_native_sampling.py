"""The hidden hands drawn in C (``batak_core/ai/sampling.c`` through ``native.sample_layouts``) are
``knowledge.sample_hands``'s, draw for draw: the same layouts from the same generator, which both
leave in the same state, so a seed plays the same game with or without the native library."""

from __future__ import annotations

import dataclasses
import random

import pytest

from batak_core import Deal, preset
from batak_core.ai import compiled, native
from batak_core.ai.bots import knowledge as knowledge_module
from batak_core.ai.bots.knowledge import (
    AuctionClue,
    Knowledge,
    knowledge,
    layouts_in_c,
    layouts_in_python,
    sample_layouts,
)
from batak_core.rules import PRESETS
from tests.conftest import load_benchmark

pytestmark = pytest.mark.skipif(compiled.native_library() is None,
                                reason="the native library is not built here (no C compiler, or pure Python asked for)")


def views_of_play(name: str, count: int, seed: int) -> list[Knowledge]:
    """What the player to move knows during club auctions and after random cards."""
    views: list[Knowledge] = load_benchmark("sampling").views_of_play(preset(*name.split("/")), count, seed)
    return views


@pytest.mark.parametrize("name", [*PRESETS, "turkish/esli"])
def test_the_native_sampler_draws_the_python_layouts_and_leaves_the_generator_alike(name: str) -> None:
    knows = views_of_play(name, 16, seed=len(name))
    assert sum(1 for know in knows if know.clues) >= 8  # the auction's odds are exercised
    for number, know in enumerate(knows):
        python_rng, native_rng = random.Random(number), random.Random(number)
        python = layouts_in_python(know, python_rng, 30)
        assert len(python) == 30
        assert layouts_in_c(know, native_rng, 30) == python
        assert native_rng.getstate() == python_rng.getstate()


def test_the_native_sampler_reads_the_clue_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above can fail: the same draws with the clues read at another spread differ."""
    know = next(k for k in views_of_play("miniokey", 8, seed=3) if k.clues)
    python = layouts_in_python(know, random.Random(1), 30)
    monkeypatch.setattr(knowledge_module, "CLUE_SPREAD", 0.3)
    assert layouts_in_c(know, random.Random(1), 30) != python


def test_unlikely_clues_keep_the_likeliest_draw_in_both() -> None:
    deal = Deal.random(preset("miniokey"), seed=3, dealer=3)
    deal.pass_bid()
    deal.bid(8)
    deal.pass_bid()
    deal.pass_bid()
    deal.declare_trump("H")
    know = dataclasses.replace(knowledge(deal.view(0)), clues=(AuctionClue(1, bid=13, declined=0, trump=-1),
                                                              AuctionClue(2, bid=0, declined=1, trump=-1)))
    python_rng, native_rng = random.Random(4), random.Random(4)
    assert layouts_in_c(know, native_rng, 20) == layouts_in_python(know, python_rng, 20)
    assert native_rng.getstate() == python_rng.getstate()


def test_when_no_layout_fits_both_stop_at_the_same_point() -> None:
    know = views_of_play("classic", 1, seed=8)[0]
    other = next(seat for seat in range(4) if seat != know.seat and know.counts[seat])
    crowded = [*know.excluded]
    crowded[other] = know.unseen  # a seat with cards to hold that may hold none of them
    impossible = dataclasses.replace(know, excluded=(crowded[0], crowded[1], crowded[2], crowded[3]))
    python_rng, native_rng = random.Random(2), random.Random(2)
    assert layouts_in_python(impossible, python_rng, 5) == layouts_in_c(impossible, native_rng, 5) == []
    assert native_rng.getstate() == python_rng.getstate()


def test_sample_layouts_draws_in_c_where_the_library_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    know = views_of_play("gamelake", 1, seed=5)[0]
    drawn_in_c: list[int] = []
    monkeypatch.setattr(knowledge_module, "layouts_in_c",
                        lambda *args: drawn_in_c.append(1) or layouts_in_c(*args))  # type: ignore[func-returns-value]
    built = sample_layouts(know, random.Random(9), 12)
    monkeypatch.setattr(native, "sampler_built", lambda: False)
    assert sample_layouts(know, random.Random(9), 12) == built and drawn_in_c == [1]
