"""RuleLab: set up any position and see, for every preset side by side, which cards are legal and why.

The position (four hands, trump, who led, the trick so far, trump broken or not) is typed in
as card text, picked from the positions where the sources disagree, or drawn from a random deal; it saves to and
loads from JSON. Every verdict is the engine's. Rules that are not a preset as its source gives
it (house rules, or a variant) get a column of their own, "your rules", beside the presets.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

import batak_core as bc
from batak_core import RuleSet, SaveFileError, Suit, Verdict
from batak_core.i18n import N_, _, pgettext
from batak_core.legality import RULE_TITLES, rule_title
from batak_core.teaching.drills import EDGE_CASES, random_position
from batak_core.teaching.names import SEAT_NAMES as NAMES
from batak_core.teaching.names import seat_name
from batak_core.teaching.position import Position, compare_presets

from .cards import card_svg
from .style import control, root, set_classes, style_widget

YOUR_RULES = N_("your rules")
"""The heading of the lab's own rules' column (its rule set is named after its preset, like that preset's),
in English: the column's key, shown as ``_(YOUR_RULES)``."""


def _trumps() -> list[tuple[str, str]]:
    """The trump menu in the active language: "♠ spades" ... and "no trump"."""
    return [(f"{s.symbol} {s.word()}", s.letter) for s in Suit] + [(_("no trump"), "")]


class RuleLab(w.VBox):
    """A position editor and a side-by-side table of every preset's verdicts, and of ``rules`` too
    when they are not a preset as its source gives it. After changing ``rules``, ``set_position``
    (or any edit) redraws the table."""

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.rules = rules or bc.preset(bc.DEFAULT_PRESET)
        self._quiet = False
        # Translators: the cards are typed as codes (A K Q J for the faces, S H D C for the suits) in every language.
        hint = _("cards like AS KS 10H 3C")
        self.hands = [w.Text(description=seat_name(seat), placeholder=hint, layout=w.Layout(width="520px"))
                      for seat in range(len(NAMES))]
        self.trump = w.Dropdown(options=_trumps(), value="H", description=_("Trump"))
        self.leader = w.Dropdown(options=[(seat_name(s), s) for s in range(len(NAMES))], value=0,
                                 description=_("Led by"))
        self.trick = w.Text(description=_("Trick"), placeholder=_("cards played so far, in order: 9C QH"),
                            layout=w.Layout(width="520px"))
        self.broken = w.Checkbox(description=_("Trump already broken"), indent=False)
        for widget in (*self.hands, self.trump, self.leader, self.trick, self.broken):
            widget.observe(lambda _c: self._update(), "value")
        self.examples = w.Dropdown(options=[(_("(choose an example)"), ""), *((_(name), name) for name in EDGE_CASES)],
                                   value="", description=_("Examples"),
                                   layout=w.Layout(width="520px"))
        self.examples.observe(self._example, "value")
        self.random_button = control(_("Random position"), _("A position from a random deal"),
                                     "batak-random-position")
        self.random_button.on_click(lambda _b: self.set_position(random_position(self.rules)))
        self.json = w.Textarea(placeholder=_("Saved positions appear here; paste one and press Load"),
                               layout=w.Layout(width="520px", height="120px"))
        self.save_button = control(_("Save to JSON"), _("Write this position as JSON below"), "batak-save")
        self.load_button = control(_("Load from JSON"), _("Read the JSON below into the lab"), "batak-load")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.error = w.HTML()
        set_classes(self.error, ("batak-error",))
        self.result = w.HTML()
        set_classes(self.result, ("batak-lab-result",))
        editor = w.VBox([self.examples, w.HBox([self.random_button]), *self.hands,
                         w.HBox([self.trump, self.leader]), self.trick, self.broken,
                         w.HBox([self.save_button, self.load_button]), self.json])
        heading = escape(_("Rule lab"))
        super().__init__([style_widget(), w.HTML(f'<div class="batak-panel-title">{heading}</div>'),
                          editor, self.error, self.result])
        root(self, "batak-panel", "batak-rule-lab")
        self.position: Position | None = None
        self.set_position(next(iter(EDGE_CASES.values())))

    # --- the position ----------------------------------------------------------------------

    def set_position(self, position: Position) -> None:
        self._quiet = True
        try:
            for box, hand in zip(self.hands, position.hands, strict=True):
                box.value = " ".join(c.code for c in bc.cards.sorted_hand(hand))
            self.trump.value = position.trump.letter if position.trump is not None else ""
            self.leader.value = position.leader
            self.trick.value = " ".join(c.code for c in position.trick)
            self.broken.value = position.trump_broken
        finally:
            self._quiet = False
        self._update()

    def _read(self) -> Position:
        return Position(tuple(tuple(bc.parse_cards(box.value)) for box in self.hands),
                        Suit.parse(self.trump.value) if self.trump.value else None, self.leader.value,
                        tuple(bc.parse_cards(self.trick.value)), self.broken.value)

    def _example(self, change: dict[str, object]) -> None:
        name = change["new"]
        if isinstance(name, str) and name in EDGE_CASES:
            self.set_position(EDGE_CASES[name])

    def save(self) -> str:
        """Write the position as JSON into the text box, and return it."""
        if self.position is not None:
            self.json.value = self.position.to_json()
        return str(self.json.value)

    def load(self, text: str | None = None) -> None:
        try:
            position = Position.from_json(self.json.value if text is None else text)
        except SaveFileError as error:
            self.error.value = str(error)
            return
        self.set_position(position)

    # --- the verdicts ------------------------------------------------------------------------

    def _update(self) -> None:
        if self._quiet:
            return
        try:
            self.position = position = self._read()
        except ValueError as error:
            self.error.value = str(error)
            self.result.value = ""
            return
        self.error.value = ""
        self.result.value = self._table(position)

    def _columns(self, position: Position) -> list[tuple[str, RuleSet, list[Verdict]]]:
        """(heading, rules, verdicts) per column: every preset, then the lab's rules unless they are
        a preset as its source gives it. ``compare_presets`` keys its columns by ``rules.name``, which
        the lab's rules share with their preset, so their column is judged here, beside it."""
        presets = compare_presets(position)
        columns = [(name, bc.PRESETS[name], verdicts) for name, verdicts in presets.items()]
        if self.rules not in bc.PRESETS.values():
            columns.append((YOUR_RULES, self.rules, position.verdicts(self.rules)))
        return columns

    def _context(self, position: Position, columns: list[tuple[str, RuleSet, list[Verdict]]]) -> str:
        """The position in a sentence under the presets; trump counts as broken by the trick's own
        cards where the rules say so, and your rules are named when the sentence does not already
        say how they see it."""
        text = position.describe(tuple(bc.PRESETS.values()))
        if position.trump is None or all(name != YOUR_RULES for name, _rules, _verdicts in columns):
            return text
        said = {position.trump_broken_under(r) for r in bc.PRESETS.values()}
        mine = position.trump_broken_under(self.rules)
        if len(said) > 1 or mine not in said:
            text += " " + (_("Under your rules trump is broken.") if mine else _("Under your rules trump is not broken "
                                                                                  "yet."))
        return text

    def _table(self, position: Position) -> str:
        columns = self._columns(position)
        head = "".join(f'<th class="batak-your-rules" title="{self._your_rules_title()}">{escape(_(name))}</th>'
                       if name == YOUR_RULES else f"<th>{name}</th>" for name, _rules, _verdicts in columns)
        # broken already, by an earlier trick or by a card of this one: then no card breaks it now
        broken = [position.trump_broken_under(rules) for _name, rules, _verdicts in columns]
        rows = []
        for i, card in enumerate(bc.cards.sorted_hand(position.hand)):
            cells = []
            for (_name, rules, verdicts), already in zip(columns, broken, strict=True):
                v = verdicts[i]
                breaks = (" · " + _("breaks trump") if v.legal and position.trump == card.suit and not already
                          and position.breaks_trump(rules, card) else "")
                if v.legal:
                    mark = "✓ " + pgettext("card may be played", "legal")
                else:
                    mark = "✗ " + (rule_title(v.rule) if v.rule in RULE_TITLES else v.rule)
                cells.append(f'<td class="{"batak-legal-cell" if v.legal else "batak-illegal-cell"}" '
                             f'title="{escape(v.reason)}">{mark}{breaks}</td>')
            differs = len({verdicts[i].legal for _name, _rules, verdicts in columns}) > 1
            rows.append(f'<tr class="{"batak-differs" if differs else ""}"><th>{card_svg(card, scale=0.55)}</th>'
                        f"{''.join(cells)}</tr>")
        who = (_("You are to move.") if position.to_move == 0
               else _("{name} is to move.").format(name=seat_name(position.to_move)))
        hint = _("Rows the rule sets disagree on are shaded; hover a cell for the engine's reason.")
        card_head = pgettext("table heading", "card")
        return (f"<p>{who} {self._context(position, columns)} {hint}</p>"
                f'<table class="batak-lab-table"><thead><tr><th>{card_head}</th>{head}</tr></thead>'
                f"<tbody>{''.join(rows)}</tbody></table>")

    def _your_rules_title(self) -> str:
        """What "your rules" are: the preset, its variant, and the house rules changed from it."""
        rules = self.rules
        label = rules.name if rules.variant.value == "ihaleli" else f"{rules.name} {rules.variant.value}"
        changed = rules.differences(bc.preset(rules.name, rules.variant))
        if changed:
            # Translators: {rules} is a rule source and variant as ids (classic esli), {options} option names.
            label = _("{rules} + house rules: {options}").format(rules=label, options=", ".join(changed))
        return escape(label)
