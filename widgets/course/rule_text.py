"""The learner's own rules in words, with the other rule books one click away.

A beginner reads the rule of the rule set they chose on the start page ("Under your rules
(miniokey): ..."); how the five sources differ sits in an "Other rule books" box that opens on
request, each source's rule in the engine's words with the source's own wording. Everything comes
from ``describe()``, which reads the options table: the one place every rule is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import batak_core as bc
from batak_core import RuleSet
from batak_core.i18n import _
from batak_core.options import OPTIONS_BY_NAME
from batak_core.rules import variants_of
from batak_core.teaching.describe import INFERRED, RuleDescription

from .page import Shown, current_rules


def _by_option(rules: RuleSet) -> dict[str, RuleDescription]:
    return {d.option: d for d in rules.describe()}


def _sure(item: RuleDescription) -> str:
    """How sure the engine's reading is, for a learner: only said when it is an inference."""
    if item.basis != INFERRED:
        return ""
    reason = item.reason or item.source.split("inferred:", 1)[-1].strip()
    note = escape(_("(inferred: the source does not say it in so many words)"), quote=False)
    return f' <span class="batak-inferred" title="{escape(reason)}">{note}</span>'


def your_rules(*option_names: str, rules: RuleSet | None = None, title: str = "") -> Shown:
    """The options named, in words, under the learner's rules; then the other rule books' versions in
    a box that opens on request. ValueError for a name that is not an option."""
    unknown = [n for n in option_names if n not in OPTIONS_BY_NAME]
    if unknown or not option_names:
        raise ValueError(f"name one or more rule options, not {unknown or 'none'}; `batak rules` lists them")
    rules = rules or current_rules()
    mine = _by_option(rules)
    items = rule_items(option_names, rules)
    heading = escape(title) if title else escape(_("Under your rules"))
    html = (f'<div class="batak-your-rules"><div class="batak-your-rules-title">{heading} '
            f"(<b>{escape(rules.name)}</b>)</div><ul>{items}</ul>{other_books(option_names, rules)}</div>")
    text = f"{rules.name}: " + " ".join(mine[n].text for n in option_names)
    return Shown(html, text)


def rule_items(option_names: Sequence[str], rules: RuleSet) -> str:
    """The options as list items in words, each inference marked as one."""
    mine = _by_option(rules)
    return "".join(f"<li>{escape(mine[n].text)}{_sure(mine[n])}</li>" for n in option_names)


def other_books(option_names: Sequence[str], rules: RuleSet) -> str:
    """The "Other rule books" box: each source's version of the options (in the same form of the
    game where the source describes it), with the source's own words."""
    rows = []
    for name in bc.PRESETS:
        variant = rules.variant if rules.variant in variants_of(name) else bc.Variant.IHALELI
        theirs = _by_option(bc.preset(name, variant))
        cells = []
        for option in option_names:
            item = theirs[option]
            quote = f'<div class="batak-quote">“{escape(item.quote)}”</div>' if item.quote else ""
            cells.append(f'<td class="batak-left">{escape(item.text)}{_sure(item)}{quote}</td>')
        mark = ' class="batak-your-book"' if name == rules.name else ""
        rows.append(f"<tr{mark}><th>{escape(name)}</th>{''.join(cells)}</tr>")
    heads = "".join(f'<th class="batak-left">{escape(_(OPTIONS_BY_NAME[o].title))}</th>' for o in option_names)
    summary = escape(_("Other rule books: how the five sources say it"))
    book = escape(_("rule book"))
    return (f'<details class="batak-other-books"><summary>{summary}</summary>'
            f'<table class="batak-compare"><tr><th>{book}</th>{heads}</tr>{"".join(rows)}</table></details>')
