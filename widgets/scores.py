"""ScoreSheet: the game's score table and a chart of the running totals.

The rows come straight from ``Game.records`` (computed from the finished deals), so the sheet
can never disagree with the engine. Each deal gets a line in words (who bid what, the trump,
made or down; or that the cards were thrown in) and two rows of numbers under the players'
names: the points of this deal, and the running total after it. Koz Maça deals add a row of
each player's tricks against the announcement; Eşli lines name the declaring side.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from batak_core import DealRecord, Game
from batak_core.i18n import _, format_number, pgettext
from batak_core.seats import partner

from .bidding import call_text
from .style import root, set_classes, style_widget
from .table import NAMES, seat_names

_LINE_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#ef6c00")


def _points(n: int) -> str:
    css = "batak-points batak-minus" if n < 0 else "batak-points"
    # the hyphen-minus the sheet has always shown (format_number writes a true minus sign, "−70")
    return f'<span class="{css}">{format_number(n, signed=True).replace("−", "-")}</span>'


class ScoreSheet(w.VBox):
    """Each deal in words, then its points and the running totals for four players, plus a line
    chart of the totals."""

    def __init__(self, records: Sequence[DealRecord] = (), *, names: Sequence[str] = NAMES) -> None:
        self.names = seat_names(names)
        if len(self.names) != 4:
            raise ValueError(f"names is four player names, one a seat; not {len(self.names)}")
        self.table = w.HTML()
        set_classes(self.table, ("batak-scores",))
        self.chart = w.HTML()
        set_classes(self.chart, ("batak-chart",))
        super().__init__([style_widget(), self.table, self.chart])
        root(self, "batak-score-sheet")
        self.records: tuple[DealRecord, ...] = ()
        self.show(records)

    def show_game(self, game: Game) -> None:
        self.show(game.records)

    def show(self, records: Sequence[DealRecord]) -> None:
        records = tuple(records)
        if records == self.records and self.table.value:
            return
        self.records = records
        self.table.value = self._table_html()
        self.chart.value = self._chart_svg()

    def _table_html(self) -> str:
        width = 1 + len(self.names)
        head = "".join(f'<th scope="col">{n}</th>' for n in self.names)
        rows = []
        for r in self.records:
            if r.thrown_in:
                rows.append(f'<tr class="batak-thrown-in batak-score-row"><td class="batak-left batak-deal-line" '
                            f'colspan="{width}">' + _("The cards were thrown in and dealt again: nobody scored.")
                            + "</td></tr>")
                continue
            rows.append(f'<tr class="batak-score-row" data-deal="{r.number}"><td class="batak-left batak-deal-line" '
                        f'colspan="{width}"><b>' + _("Deal {number}:").format(number=r.number)
                        + f"</b> {self._contract(r)}</td></tr>")
            if r.declarer is None:
                said = "".join(f"<td>{self._said(r, s)}</td>" for s in range(len(self.names)))
                rows.append('<tr class="batak-said-row"><th scope="row" class="batak-left">'
                            + _("tricks / announced") + f"</th>{said}</tr>")
            points = "".join(f"<td>{_points(p)}</td>" for p in r.scores)
            running = "".join(f'<td class="batak-total">{t}</td>' for t in r.totals)
            rows.append('<tr class="batak-deal-points"><th scope="row" class="batak-left">'
                        + pgettext("score sheet row", "this deal") + f"</th>{points}</tr>")
            rows.append('<tr class="batak-running-total"><th scope="row" class="batak-left">'
                        + pgettext("score sheet row", "total") + f"</th>{running}</tr>")
        totals = self.records[-1].totals if self.records else (0, 0, 0, 0)
        foot = "".join(f'<td class="batak-total">{t}</td>' for t in totals)
        body = "".join(rows) or f'<tr><td colspan="{width}">' + _("No deal finished yet.") + "</td></tr>"
        return ('<table><thead><tr><th class="batak-left" scope="col">' + pgettext("score sheet column", "Deal")
                + f'</th>{head}</tr></thead><tbody>{body}</tbody><tfoot><tr class="batak-totals-row">'
                '<th class="batak-left" scope="row">' + _("Total now") + f"</th>{foot}</tr></tfoot></table>")

    def _contract(self, r: DealRecord) -> str:
        """The deal in words: who bid what, the trump, and whether the contract was made."""
        assert r.trump is not None
        symbol = f'<span class="batak-suit-{r.trump.letter}">{r.trump.symbol}</span>'
        # Translators: the trump of a deal on the score sheet, "♥ hearts trump"; {suit} is the suit's plural name.
        trump = _("{symbol} {suit} trump").format(symbol=symbol, suit=r.trump.word())
        if r.declarer is None:
            return _("everyone announced their tricks, {trump}.").format(trump=trump)
        who, tricks = self.names[r.declarer], r.tricks[r.declarer]
        # Translators: a deal on the score sheet, "Ayşe bid 7, ♥ hearts trump; took 8 and made it.";
        # {who} may be the learner's own name, You.
        if r.partnership:
            mate = self.names[partner(r.declarer)]
            tricks += r.tricks[partner(r.declarer)]
            line = (_("{who} and {mate} bid {contract}, {trump}; took {tricks} together and made it.") if r.made else
                    _("{who} and {mate} bid {contract}, {trump}; took {tricks} together and went down."))
            return line.format(who=who, mate=mate, contract=r.contract, trump=trump, tricks=tricks)
        line = (_("{who} bid {contract}, {trump}; took {tricks} and made it.") if r.made else
                _("{who} bid {contract}, {trump}; took {tricks} and went down."))
        return line.format(who=who, contract=r.contract, trump=trump, tricks=tricks)

    @staticmethod
    def _said(r: DealRecord, seat: int) -> str:
        """A Koz Maça player's tricks against the announcement."""
        said = r.announcements[seat]
        if said is None:
            return ""
        return f'<span class="batak-announced">{r.tricks[seat]} / {call_text(said)}</span>'

    def _chart_svg(self) -> str:
        played = [r for r in self.records if not r.thrown_in]
        if not played:
            return ""
        series = [[0, *(r.totals[s] for r in played)] for s in range(4)]
        low, high = min(min(v) for v in series), max(max(v) for v in series)
        span = max(high - low, 1)
        width, height, pad = 360, 170, 30
        step = (width - 2 * pad) / max(len(played), 1)

        def xy(i: int, v: int) -> str:
            return f"{pad + i * step:.1f},{height - pad - (v - low) / span * (height - 2 * pad):.1f}"

        zero_y = height - pad - (0 - low) / span * (height - 2 * pad)
        lines = "".join(
            f'<polyline fill="none" stroke="{_LINE_COLOURS[s]}" stroke-width="2.5" '
            f'points="{" ".join(xy(i, v) for i, v in enumerate(series[s]))}"/>' for s in range(4))
        legend = "".join(f'<text x="{pad + s * 82}" y="16" font-size="12" fill="{_LINE_COLOURS[s]}">'
                         f"■ {self.names[s]}</text>" for s in range(4))
        ticks = "".join(f'<text x="{pad + i * step:.1f}" y="{height - 10}" font-size="11" text-anchor="middle">{i}'
                        "</text>" for i in range(len(played) + 1))
        label = _("Running totals by deal")
        return (f'<svg role="img" aria-label="{label}" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" style="background:#fffdf5;border-radius:8px;max-width:100%;'
                f'height:auto">{legend}'
                f'<line x1="{pad}" x2="{width - pad}" y1="{zero_y:.1f}" y2="{zero_y:.1f}" stroke="#bbb"/>'
                f"{lines}{ticks}</svg>")
