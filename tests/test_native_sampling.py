"""The hidden hands drawn in C (``batak_core/ai/sampling.c`` through ``native.sample_layouts``) are
``knowledge.sample_hands``'s, draw for draw: the same layouts from the same generator, which both
leave in the same state, so a seed plays the same game with or without the native library."""

from __future__ import annotations

import dataclasses
import random

import pytest

from batak_core import Deal, preset
from batak_core.ai import compiled, native
from batak_core.ai.bots import get
from batak_core.ai.bots.knowledge import (
    CLUE_SPREAD,
    DRAWS_PER_SAMPLE,
    AuctionClue,
    Knowledge,
    knowledge,
    sample_hands,
    sample_layouts,
)
from batak_core.deal import Phase
from batak_core.rules import PRESETS

pytestmark = pytest.mark.skipif(compiled.native_library() is None,
                                reason="the native library is not built here (no C compiler, or pure Python asked for)")

Layout = tuple[int, int, int, int]


def python_layouts(know: Knowledge, rng: random.Random, samples: int) -> list[Layout]:
    out = []
    for _ in range(samples):
        hands = sample_hands(know, rng)
        if hands is None:
            break
        out.append(hands)
    return out


def native_layouts(know: Knowledge, rng: random.Random, samples: int, spread: float = CLUE_SPREAD) -> list[Layout]:
    clues = [(clue.seat, clue.bid, clue.declined, clue.trump) for clue in know.clues]
    return native.sample_layouts(rng, know.seat, know.mine, know.unseen, know.counts, know.excluded, know.played_by,
                                 clues, spread, DRAWS_PER_SAMPLE, samples)


def views_of_play(name: str, count: int, seed: int) -> list[Knowledge]:
    """What the player to move knows at points of club-bid deals: mid-auction, at the first lead,
    and after 0 to 43 random cards."""
    rules = preset(*name.split("/"))
    rng = random.Random(seed)
    club = get("club")
    out = []
    while len(out) < count:
        deal = Deal.random(rules, seed=rng.randrange(10**6))
        calls = rng.randrange(1, 6)
        while deal.phase in (Phase.AUCTION, Phase.TRUMP):
            seat = deal.to_move or 0
            if deal.phase is Phase.AUCTION and len(deal.auction) == calls:
                out.append(knowledge(deal.view(seat)))
            deal.act(club.choose(deal.view(seat)))
        if deal.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(0, 44)):
            deal.play(rng.choice(deal.legal_plays()))
        out.append(knowledge(deal.view(deal.to_move or 0)))
    return out


@pytest.mark.parametrize("name", [*PRESETS, "turkish/esli"])
def test_the_native_sampler_draws_the_python_layouts_and_leaves_the_generator_alike(name: str) -> None:
    knows = views_of_play(name, 16, seed=len(name))
    assert sum(1 for know in knows if know.clues) >= 8  # the auction's odds are exercised
    for number, know in enumerate(knows):
        python_rng, native_rng = random.Random(number), random.Random(number)
        python = python_layouts(know, python_rng, 30)
        assert len(python) == 30
        assert native_layouts(know, native_rng, 30) == python
        assert native_rng.getstate() == python_rng.getstate()


def test_the_native_sampler_reads_the_clue_spread() -> None:
    """The comparison above can fail: the same draws with the clues read at another spread differ."""
    know = next(k for k in views_of_play("miniokey", 8, seed=3) if k.clues)
    assert native_layouts(know, random.Random(1), 30, spread=0.3) != python_layouts(know, random.Random(1), 30)


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
    assert native_layouts(know, native_rng, 20) == python_layouts(know, python_rng, 20)
    assert native_rng.getstate() == python_rng.getstate()


def test_when_no_layout_fits_both_stop_at_the_same_point() -> None:
    know = views_of_play("classic", 1, seed=8)[0]
    other = next(seat for seat in range(4) if seat != know.seat and know.counts[seat])
    crowded = [*know.excluded]
    crowded[other] = know.unseen  # a seat with cards to hold that may hold none of them
    impossible = dataclasses.replace(know, excluded=(crowded[0], crowded[1], crowded[2], crowded[3]))
    python_rng, native_rng = random.Random(2), random.Random(2)
    assert python_layouts(impossible, python_rng, 5) == native_layouts(impossible, native_rng, 5) == []
    assert native_rng.getstate() == python_rng.getstate()


def test_sample_layouts_gives_the_same_layouts_with_the_library_or_without(monkeypatch: pytest.MonkeyPatch) -> None:
    know = views_of_play("gamelake", 1, seed=5)[0]
    built = sample_layouts(know, random.Random(9), 12)
    monkeypatch.setattr(native, "sampler_built", lambda: False)
    assert sample_layouts(know, random.Random(9), 12) == built
