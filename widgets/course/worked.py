"""Worked examples: the sources' own examples and the all-pass outcomes, each judged by the engine
under every preset.

A learner sees the verdict under their own rules; every rule book's verdict sits in an "Other rule
books" box that opens on request. The plain text (what nbval compares) lists every preset; its
check lines ("engine allows", "DIFFERS FROM THE SOURCE") stay English, as log lines do.
"""


from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet, Suit
from batak_core.cards import sorted_hand
from batak_core.i18n import _, format_number, upper_first
from batak_core.options import OPTIONS_BY_NAME
from batak_core.teaching.examples import SCORE_EXAMPLES, PlayExample
from batak_core.teaching.position import describe_trump

from ..cards import card_svg, faces
from ..picker import CardPicker
from ..style import set_classes, show
from .page import Shown, current_rules, lesson_page


def other_books_box(summary: str, inner: str) -> str:
    """A comparison of the rule books, closed until the learner opens it (``summary`` translated)."""
    # Translators: the summary of a box that compares the rule books; {summary} says what it compares.
    title = _("Other rule books: {summary}").format(summary=summary)
    return f'<details class="batak-other-books"><summary>{escape(title)}</summary>{inner}</details>'



def source_note(source: str) -> str:
    """Where an example comes from, in words: a rule book's own example keeps that book's names."""
    if source in bc.PRESETS:
        # Translators: {source} is a rule book's name ("classic"), which stays as it is.
        return _("The {source} rules' own example, with the names the source uses").format(source=source)
    text = _(source)  # "where the sources disagree, case 1", marked in batak_core.teaching.examples
    return upper_first(text)


def _example_rules(example: PlayExample, name: str) -> RuleSet:
    return bc.preset(name).replace(**example.options) if example.options else bc.preset(name)


def example_verdicts(example: PlayExample) -> dict[str, list[Card]]:
    """Per preset, the cards the engine allows in a worked example (as the example's rules set them)."""
    return {name: sorted_hand(bc.legal_plays(_example_rules(example, name), example.hand, example.trick,
                                             example.trump, example.trump_broken))
            for name in example.legal}


def play_examples(*examples: PlayExample, rules: RuleSet | None = None) -> Shown:
    """Worked play examples with the engine's verdict under the learner's rules, and under each source's
    in a box that opens on request."""
    mine = rules or current_rules()
    lines, rows = [], []
    for example in examples:
        verdicts = example_verdicts(example)
        agree = all(set(verdicts[n]) == set(example.legal[n]) for n in verdicts)
        allowed = "; ".join(f"{name}: {' '.join(c.label for c in cards)}" for name, cards in verdicts.items())
        lines.append(f"{example.title} [{example.source}]\n  engine allows: {allowed}"
                     f"{'' if agree else '  <- DIFFERS FROM THE SOURCE'}")
        cells = "".join(f"<td>{faces(cards, scale=0.45)}</td>" for cards in verdicts.values())
        heads = "".join(f"<th>{name}</th>" for name in verdicts)
        if mine.name in verdicts:
            # Translators: {rules} is a rule book's name ("classic"); {cards} shows the cards as pictures.
            yours = "<p>" + _("Under your rules (<b>{rules}</b>) you may play: {cards}").format(
                rules=mine.name, cards=faces(verdicts[mine.name], scale=0.6)) + "</p>"
            shown_rules: RuleSet | list[RuleSet] = _example_rules(example, mine.name)
        else:
            # Translators: {rules} lists rule books' names ("classic, turkish").
            yours = "<p>" + _("This example is about the {rules} rules.").format(rules=", ".join(verdicts)) + "</p>"
            shown_rules = [_example_rules(example, n) for n in example.legal]
        # Translators: the headings of a table of what each rule book allows: "rules" over the books' names.
        rules_head, may_play = _("rules"), _("may play")
        table = (f'<table class="batak-compare"><tr><th>{rules_head}</th>{heads}</tr><tr><th>{may_play}</th>{cells}'
                 "</tr></table>")
        rows.append(f'<div class="batak-example-title">{escape(_(example.title))}</div>'
                    f'<div class="batak-source">{escape(source_note(example.source))}</div>'
                    f"{_trick_line(example, shown_rules, example.hand)}{yours}"
                    + other_books_box(_("what each allows here"), table))
    return Shown("".join(f'<div class="batak-panel batak-example">{r}</div>' for r in rows), "\n".join(lines))


def _trick_line(example: PlayExample, rules: RuleSet | Sequence[RuleSet], hand: Sequence[Card] = ()) -> str:
    """The trick so far, the hand, and trump broken or not as the engine counts it under ``rules``
    (the trick's own cards may have broken it)."""
    trump_text = describe_trump(example.trump, example.trick, example.trump_broken, rules)
    played = (faces(example.trick, scale=0.8) if example.trick
              else '<span class="batak-muted">' + escape(_("nothing yet: you lead")) + "</span>")
    mine = "<span>" + escape(_("Your hand:")) + f"</span> {faces(sorted_hand(hand), scale=0.8)}" if hand else ""
    so_far = escape(_("The trick so far:"))
    return (f'<div class="batak-example-trick"><span>{so_far}</span> {played}{mine}'
            f"<span>{escape(trump_text)}</span></div>")


class WorkedPlay(w.VBox):
    """The sources' worked play examples: the trick, your hand to try every card on, and each preset's verdict."""

    def __init__(self, *examples: PlayExample, rules: RuleSet | None = None) -> None:
        if not examples:
            raise ValueError("give at least one worked example (see batak_core.examples)")
        self.examples = examples
        self.rules = rules or current_rules()
        self.chooser = w.Dropdown(options=[(_(e.title), i) for i, e in enumerate(examples)], value=0,
                                  description=_("Example"), layout=w.Layout(width="760px"))
        self.chooser.observe(lambda change: self.show(change["new"]), "value")
        show(self.chooser, len(examples) > 1)
        self.heading = w.HTML()
        self.trick = w.HTML()
        self.picker = CardPicker(teach=True, on_play=self._played)
        self.verdicts = w.HTML()
        set_classes(self.verdicts, ("batak-example-verdicts",))
        felt = w.VBox([self.trick, self.picker])
        set_classes(felt, ("batak-felt",))
        super().__init__([self.chooser, self.heading, felt, self.verdicts])
        lesson_page(self, "batak-panel", "batak-worked-play")
        self.show(0)

    def show(self, index: int) -> None:
        example = self.examples[index]
        self.example = example
        rules = _example_rules(example, self.rules.name) if self.rules.name in example.legal else self.rules
        self.shown_rules = rules
        # Translators: {rules} is a rule book's name ("classic"); keep the <b> tags.
        click = _("Click any card of your hand to ask the engine whether you may play it under the <b>{rules}</b> "
                  "rules.").format(rules=rules.name)
        self.heading.value = (f'<div class="batak-example-title">{escape(_(example.title))}</div>'
                              f'<div class="batak-source">{escape(source_note(example.source))}. {click}</div>')
        self.trick.value = _trick_line(example, rules)
        self.picker.show_position(list(example.hand), list(example.trick), example.trump, example.trump_broken,
                                  rules)
        rows = "".join(f"<tr><th>{name}</th><td>{faces(cards, scale=0.5) or '—'}</td></tr>"
                       for name, cards in example_verdicts(example).items())
        self.verdicts.value = other_books_box(_("what each allows here"), f"<table>{rows}</table>")

    def _played(self, card: Card) -> None:
        ex = self.example
        verdict = bc.explain_play(self.shown_rules, ex.hand, ex.trick, ex.trump, ex.trump_broken, card)
        ok = _("{card} may be played.").format(card=card.label)
        self.picker.message.value = (f'<div class="batak-ok"><b>{escape(ok)}</b> '
                                     f"{escape(verdict.reason)}</div>")


def all_pass_outcomes() -> Shown:
    """Every preset's all-pass outcome, replayed by the engine (``all_pass_outcome``: the auction lesson's
    worked example)."""
    outcomes = {name: bc.all_pass_outcome(rules).text for name, rules in bc.PRESETS.items()}
    rows = "".join(f"<tr><th>{name}</th><td class='batak-left'>{escape(text)}</td></tr>"
                   for name, text in outcomes.items())
    rules_head, when = _("rules"), _("when everyone passes")
    head = f'<tr><th>{rules_head}</th><th class="batak-left">{when}</th></tr>'
    mine = current_rules()
    # Translators: {rules} is a rule book's name ("classic"); {outcome} what its rules do when everyone passes.
    yours = ("<p>" + _("Under your rules (<b>{rules}</b>): {outcome}").format(
        rules=mine.name, outcome=escape(bc.all_pass_outcome(mine).text)) + "</p>" if not mine.announcements else "")
    box = other_books_box(when, f'<table class="batak-compare">{head}{rows}</table>')
    return Shown(yours + box, "\n".join(f"{name}: {text}" for name, text in outcomes.items()))


def score_examples(rules: RuleSet | None = None) -> Shown:
    """Every scoring example of the sources, each score computed by the engine: your rule book's own
    first, all of them in a box that opens on request."""
    mine = rules or current_rules()
    lines, rows, yours = [], [], []
    for ex in SCORE_EXAMPLES:
        rules_used = bc.preset(ex.preset).replace(**ex.options) if ex.options else bc.preset(ex.preset)
        scores = bc.score_deal(rules_used, ex.declarer, ex.bid, list(ex.tricks))
        agree = tuple(scores) == ex.scores
        house = f" + {', '.join(ex.options)}" if ex.options else ""
        lines.append(f"{ex.preset}{house}: {ex.title}. Tricks {list(ex.tricks)} -> "
                     f"{' '.join(f'{p:+d}' for p in scores)}{'' if agree else '  <- DIFFERS FROM THE SOURCE'}")
        titles = ", ".join(_(OPTIONS_BY_NAME[o].title) for o in ex.options)
        # Translators: {titles} names one or more house rules.
        house_rule = _("house rule: {titles}").format(titles=titles)
        note = f'<div class="batak-source">{escape(house_rule)}</div>' if ex.options else ""
        cells = "".join(f"<td>{t}</td><td><b>{format_number(p, signed=True)}</b></td>"
                        for t, p in zip(ex.tricks, scores, strict=True))
        row = (f"<tr><th>{ex.preset}</th><td class='batak-left'>{escape(_(ex.title))}{note}</td>"
               f"<td>{ex.bid}</td>{cells}</tr>")
        rows.append(row)
        if ex.preset == mine.name and not ex.options:
            yours.append(row)
    # Translators: the headings of the scoring examples' table; "<br>" breaks the heading in two lines.
    rules_head, example_head, bid_head = _("rules"), _("example"), _("bid")
    declarer, defender, points = _("declarer<br>tricks"), _("defender<br>tricks"), _("points")
    head = (f'<tr><th>{rules_head}</th><th class="batak-left">{example_head}</th><th>{bid_head}</th>'
            + "".join(f"<th>{who}</th><th>{points}</th>" for who in (declarer, defender, defender, defender))
            + "</tr>")
    if yours:
        # Translators: {rules} is a rule book's name ("classic"), which stays as it is.
        said = _("The {rules} rules' own examples, with the names the source uses:").format(rules=mine.name)
        own = f'<p class="batak-source">{said}</p><table class="batak-compare">{head}{"".join(yours)}</table>'
    else:
        # Translators: {rules} is a rule book's name ("classic"), which stays as it is.
        said = _("The {rules} rules give no scoring example of their own.").format(rules=mine.name)
        own = f'<p class="batak-source">{said}</p>'
    table = f'<table class="batak-compare">{head}{"".join(rows)}</table>'
    return Shown(own + other_books_box(_("every scoring example, scored by the engine"), table), "\n".join(lines))


def rank_ladder(suit: str = "S") -> Shown:
    """One suit from the highest card to the lowest, in the engine's order."""
    cards = sorted_hand(Card(Suit.parse(suit), rank) for rank in range(2, 15))
    # Translators: {cards} are the cards of one suit in order ("A♠ K♠ Q♠ ...").
    return Shown(f'<div class="batak-example-trick">{faces(cards, scale=0.7)}</div>',
                 _("highest to lowest: {cards}").format(cards=" ".join(c.label for c in cards)))


def winner_of(trick: str, trump: str | None = None) -> Shown:
    """A whole trick with its winner highlighted, as the engine decides it."""
    cards = bc.parse_cards(trick)
    suit = None if trump is None else Suit.parse(trump)
    win = bc.trick_winner(cards, suit)
    cells = "".join(card_svg(c, scale=0.8, extra="batak-win" if i == win else "batak-dim")
                    for i, c in enumerate(cards))
    played = " ".join(c.label for c in cards)
    # Translators: {cards} are a trick's four cards ("9♣ Q♣ 3♥ 7♥"), {card} the winning one; {suit} is the
    # trump suit's plural name ("hearts").
    text = (_("{cards} with no trump: {card} wins") if suit is None
            else _("{cards} with {suit} trump: {card} wins")).format(
        cards=played, card=cards[win].label, suit=suit.word() if suit is not None else "")
    return Shown(f'<div class="batak-felt batak-example-trick">{cells}</div><p>{escape(text)}.</p>', text)
