"""The golden playthroughs still come out the same (see tests/playthrough.py for how to regenerate)."""

from __future__ import annotations

import difflib

import pytest

import batak_core as bc
from tests.playthrough import FOLDER, combinations, document, file_name


@pytest.mark.parametrize(("name", "variant"), combinations(), ids=lambda v: str(v))
def test_playthrough_is_unchanged(name: str, variant: bc.Variant) -> None:
    stored = (FOLDER / file_name(name, variant)).read_text(encoding="utf-8")
    now = document(name, variant)
    if now != stored:
        diff = "\n".join(list(difflib.unified_diff(stored.splitlines(), now.splitlines(), "stored", "now",
                                                   lineterm=""))[:40])
        pytest.fail(f"the engine now plays {file_name(name, variant)} differently; if that is a deliberate "
                    f"rule change, run `python -m tests.playthrough` and review the diff:\n{diff}")


def test_every_preset_and_variant_has_a_stored_playthrough() -> None:
    stored = {p.name for p in FOLDER.glob("*.txt")}
    assert stored == {file_name(n, v) for n, v in combinations()}
