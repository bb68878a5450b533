"""Every rule option, declared once: its type and allowed values, each source's value, the words
that explain it, and the source's own wording behind each value (or why the value is inferred).

``RuleSet`` (its typed fields), validation, ``describe()``, the command line's ``--set`` and the
rules panel all read this table, so a new option is one entry here plus its typed field on
``RuleSet`` (a test checks the two agree). The option types (the enums) live here too, since
the table is what gives them meaning.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from .cards import Suit
from .errors import shorten
from .frozen import constructor_arguments
from .i18n import N_, _, pgettext

if TYPE_CHECKING:
    from .rules import RuleSet


class Direction(StrEnum):
    """Where the next player sits: only the drawing of the table depends on it."""

    COUNTERCLOCKWISE = "counterclockwise"  # to your right
    CLOCKWISE = "clockwise"  # to your left


class AllPass(StrEnum):
    """What happens when nobody bids."""

    FIRST_BIDDER_PLAYS = "first_bidder_plays"  # miniokey: the player after the dealer, at all_pass_bid
    DEALER_PLAYS = "dealer_plays"  # classic (4), turkish (5)
    REDEAL = "redeal"  # danish: throw in and deal again
    DEALER_MUST_BID = "dealer_must_bid"  # gamelake: after three passes the dealer may not pass


class TrumpBreak(StrEnum):
    """What counts as breaking trump, which lifts the trump-lead restriction."""

    ANY_TRUMP = "any_trump"  # the first trump played by anyone, led or not
    RUFF_ONLY = "ruff_only"  # gamelake: only a trump played on a lead of another suit


class DeclarerMade(StrEnum):
    """What a declarer who made the bid scores (B bid, T tricks)."""

    TEN_PER_TRICK = "ten_per_trick"  # 10·T
    TEN_PER_BID = "ten_per_bid"  # 10·B: classic Koz Maça ("10 × die Zahl")
    TEN_PER_BID_PLUS_OVERTRICKS = "ten_per_bid_plus_overtricks"  # 10·B + (T − B)
    ONE_PER_TRICK = "one_per_trick"  # T


class DefenderZero(StrEnum):
    """What a defender who took no trick at all scores."""

    NOTHING = "nothing"  # 0, like any other trickless count
    MINUS_50 = "minus_50"  # miniokey
    MINUS_TEN_BID = "minus_ten_bid"  # classic: "geht unter", −10·B


class Variant(StrEnum):
    """The form of Batak; each variant is a set of option values applied to a preset."""

    IHALELI = "ihaleli"  # auction Batak, every player for themselves
    KOZ_MACA = "koz_maca"  # no auction, spades always trump, everyone announces a number
    ESLI = "esli"  # partnership: seats 0+2 against 1+3
    GOMMELI = "gommeli"  # buried kitty: 12 cards each, the declarer buries 4


class GameEnd(StrEnum):
    FIXED_DEALS = "fixed_deals"
    TARGET_SCORE = "target_score"


class TieRule(StrEnum):
    """What a tie for first place at the end of the game means."""

    SHARE = "share"  # the tied players share first place
    EXTRA_DEAL = "extra_deal"  # gamelake: play one more deal (again while still tied)
    DEAL_UNTIL_DECIDED = "deal_until_decided"  # danish target games: deal again until one leads


SOURCES: Final = ("miniokey", "classic", "danish", "turkish", "gamelake")
"""The five rule sources, each a preset."""


@dataclass(frozen=True)
class Option:
    """One rule option. ``presets`` holds every source's value; ``quotes`` the source's words
    behind it; ``inferred`` why a value is the engine's reading rather than the source's word;
    ``house`` the values some source names as a house rule (value -> who names it)."""

    name: str
    group: str  # English, marked for the catalog: shown as _(option.group)
    title: str  # English, marked for the catalog: shown as _(option.title)
    kind: type
    presets: Mapping[str, Any]
    text: Callable[[RuleSet], str]
    quotes: Mapping[str, str] = field(default_factory=dict)  # the sources' own words: never translated
    inferred: Mapping[str, str] = field(default_factory=dict)  # English, marked: shown as _(reason)
    house: Mapping[Any, str] = field(default_factory=dict)  # English, marked: shown as _(who)
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    form: bool = False  # set by the variant (the form of the game), never changed as a house rule

    def __reduce__(self) -> tuple[type[Option], tuple[Any, ...]]:
        return (Option, constructor_arguments(self))  # see batak_core.frozen

    def check(self, value: Any) -> Any:
        """``value`` as this option's type (JSON-style values accepted), or ValueError saying what
        is allowed."""
        kind = self.kind
        if issubclass(kind, StrEnum):
            try:
                return kind(value)
            except (ValueError, TypeError):
                raise ValueError(_("{name} must be one of {choices}, not {value}").format(
                    name=self.name, choices=", ".join(repr(c) for c in self.choices), value=shorten(value))) from None
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(_("{name} must be true or false, not {value}").format(
                    name=self.name, value=shorten(value)))
            return value
        if kind is int:
            return self._number(value)
        if kind is tuple:
            if not isinstance(value, (list, tuple)) or len(value) > 20:
                raise ValueError(_("{name} must be a list of at most 20 whole numbers, not {value}").format(
                    name=self.name, value=shorten(value)))
            return tuple(self._number(v) for v in value)
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            if self.choices:
                # Translators: {choices} is the list of allowed values, as written in the code: '', 'S', 'H'.
                raise ValueError(_("{name} must be {choices}, not {value}").format(
                    name=self.name, choices=", ".join(repr(c) for c in self.choices), value=shorten(value)))
            raise ValueError(_("{name} must be text, not {value}").format(name=self.name, value=shorten(value)))
        return value

    def _number(self, value: Any) -> int:
        low, high = self.low, self.high
        spanned = low is not None and high is not None
        if isinstance(value, bool) or not isinstance(value, int):
            message = (_("{name} takes whole numbers from {low} to {high}, not {value}") if spanned
                       else _("{name} takes whole numbers, not {value}"))
            raise ValueError(message.format(name=self.name, low=low, high=high, value=shorten(value)))
        if (low is not None and value < low) or (high is not None and value > high) or (
                self.choices and value not in self.choices):
            if self.choices:
                message = _("{name} must be one of {choices}, not {value}")
            elif spanned:
                message = _("{name} must be a whole number from {low} to {high}, not {value}")
            else:
                message = _("{name} must be a whole number, not {value}")
            raise ValueError(message.format(name=self.name, choices=", ".join(map(str, self.choices)), low=low,
                                            high=high, value=shorten(value)))
        return value

    def parse(self, text: str) -> Any:
        """The value written as text, as on the command line ("4", "true", "redeal", "3,5,7")."""
        if not isinstance(text, str):
            raise ValueError(f"{self.name}: give the value as text, not {shorten(text)}")
        word = text.strip()
        if self.kind is bool:
            flags = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False,
                     "0": False}
            if word.lower() not in flags:
                raise ValueError(_("{name} must be true or false, not {value}").format(
                    name=self.name, value=shorten(text)))
            return flags[word.lower()]
        if self.kind is int:
            return self.check(_whole_number(self.name, word))
        if self.kind is tuple:
            parts = word.strip("[]()").replace(",", " ").split()
            if not all(_is_whole_number(p) for p in parts):
                raise ValueError(_("{name} takes a list of whole numbers like 3,5,7, not {value}").format(
                    name=self.name, value=shorten(text)))
            return self.check([int(p) for p in parts])
        return self.check(word.lower() if issubclass(self.kind, StrEnum) else word)


def _is_whole_number(word: str) -> bool:
    """Up to six digits, signed or not (larger values are never an option's)."""
    digits = word[1:] if word[:1] in "+-" else word
    return digits.isdigit() and digits.isascii() and len(digits) <= 6


def _whole_number(name: str, word: str) -> int:
    if not _is_whole_number(word):
        raise ValueError(_("{name} takes a whole number, not {value}").format(name=name, value=shorten(word)))
    return int(word)


def _enum(kind: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in kind)


def _yes(flag: bool) -> str:
    """A rule's answer in the active language, at the end of "House rule '...': yes."."""
    return pgettext("rule is on", "yes") if flag else pgettext("rule is on", "no")


def _numbers(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


def _own_number() -> str:
    return _("Nobody defends: every player scores against their own announcement.")


def _declarer_made(r: RuleSet) -> str:
    """What a made contract scores: for the declarer, or in Koz Maça every player against their number."""
    if r.announcements:
        return {
            DeclarerMade.TEN_PER_TRICK: _("A player who makes their number scores 10 per trick taken."),
            DeclarerMade.TEN_PER_BID: _("A player who makes their number scores 10 × the number (extra tricks "
                                        "add nothing)."),
            DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS: _("A player who makes their number scores 10 × the number "
                                                        "+ 1 per extra trick."),
            DeclarerMade.ONE_PER_TRICK: _("A player who makes their number scores 1 per trick taken."),
        }[r.declarer_made]
    return {
        DeclarerMade.TEN_PER_TRICK: _("A declarer who makes the bid scores 10 per trick taken."),
        DeclarerMade.TEN_PER_BID: _("A declarer who makes the bid scores 10 × the bid (extra tricks add nothing)."),
        DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS: _("A declarer who makes the bid scores 10 × the bid + 1 per extra "
                                                    "trick."),
        DeclarerMade.ONE_PER_TRICK: _("A declarer who makes the bid scores 1 per trick taken."),
    }[r.declarer_made]


def _deals(r: RuleSet) -> str:
    if r.deal_choices_only and r.deal_choices:
        message = _("Number of deals: {deals} (the game offers {lengths}).")
    elif r.deal_choices:
        message = _("Number of deals: {deals} (often {lengths}; any number may be agreed).")
    else:
        message = _("Number of deals: {deals}.")
    return message.format(deals=r.deals, lengths=_numbers(r.deal_choices))


def _deal_choices(r: RuleSet) -> str:
    if r.deal_choices and r.deal_choices_only:
        message = _("Game lengths on offer: {lengths} deals.")
    elif r.deal_choices:
        message = _("Usual game lengths: often {lengths} deals; any number may be agreed.")
    else:
        message = _("Any number of deals may be agreed.")
    return message.format(lengths=_numbers(r.deal_choices))


def _move_clock(r: RuleSet) -> str:
    if not r.move_seconds:
        return _("No move clock.")
    if r.extra_seconds:
        return _("Move clock: {seconds} s a move, plus {extra} s extra once per move if needed; when time runs "
                 "out: pass, the longest suit becomes trump, the lowest legal card is played.").format(
            seconds=r.move_seconds, extra=r.extra_seconds)
    return _("Move clock: {seconds} s a move; when time runs out: pass, the longest suit becomes trump, the lowest "
             "legal card is played.").format(seconds=r.move_seconds)


def _same(value: Any, **others: Any) -> dict[str, Any]:
    """Each source's value: ``value`` unless named otherwise."""
    return {name: others.get(name, value) for name in SOURCES}


OPTIONS: Final[tuple[Option, ...]] = (
    # --- the table --------------------------------------------------------------------------
    Option("direction", N_("The table"), N_("Direction of play"), Direction,
           _same(Direction.COUNTERCLOCKWISE, danish=Direction.CLOCKWISE, turkish=Direction.CLOCKWISE),
           lambda r: (_("Play goes counterclockwise (the next player sits to your right).")
                      if r.direction is Direction.COUNTERCLOCKWISE
                      else _("Play goes clockwise (the next player sits to your left).")),
           quotes={"miniokey": "Gespielt und gereizt wird gegen den Uhrzeigersinn",
                   "classic": "Auch gereizt und gespielt wird gegen den Uhrzeigersinn (nach rechts)",
                   "danish": "Med start til venstre for kortgiveren",
                   "turkish": "solundan başlayarak saat yönünde tek tek dağıtır",
                   "gamelake": "Empezando por el jugador a la derecha de quien reparte"},
           choices=_enum(Direction)),
    # --- the auction ------------------------------------------------------------------------
    Option("min_bid", N_("The auction"), N_("Lowest bid"), int, _same(5, gamelake=4),
           lambda r: _("Lowest bid: {n}.").format(n=r.min_bid),
           quotes={"miniokey": "Das erste Gebot ist mindestens 5", "classic": "Das niedrigste Gebot ist 5",
                   "danish": "Åbningsbuddet skal være mindst fem", "turkish": "En düşük ihale 5'tir (ayarlanabilir)",
                   "gamelake": "La puja mínima es 4"},
           house={4: N_("classic (Mindestgebot 4: 'An manchen Tischen ist das niedrigste Gebot 4 statt 5')")},
           low=1, high=13),
    Option("max_bid", N_("The auction"), N_("Highest bid"), int, _same(13),
           lambda r: _("Highest bid: {n} (it ends the auction at once).").format(n=r.max_bid),
           quotes={"miniokey": "höchstens 13", "gamelake": "la máxima, 13", "turkish": "En yüksek ihale 13'tür"},
           inferred={"classic": N_("13 tricks exist, so nobody can bid more"), "danish": N_("13 tricks exist, so "
                     "nobody can bid more (the source names no highest bid)")},
           low=1, high=13),
    Option("all_pass", N_("The auction"), N_("When everyone passes"), AllPass,
           _same(AllPass.DEALER_PLAYS, miniokey=AllPass.FIRST_BIDDER_PLAYS, danish=AllPass.REDEAL,
                 gamelake=AllPass.DEALER_MUST_BID),
           lambda r: {
               AllPass.FIRST_BIDDER_PLAYS: _("If everyone passes, nobody wins the auction: the player after the "
                                             "dealer must play at {bid}."),
               AllPass.DEALER_PLAYS: _("If everyone passes, the dealer must play at {bid}."),
               AllPass.REDEAL: _("If everyone passes, the cards are thrown in and dealt again."),
               AllPass.DEALER_MUST_BID: _("If the first three pass, the dealer may not pass and must bid "
                                          "{min_bid} or more."),
           }[r.all_pass].format(bid=r.all_pass_bid, min_bid=r.min_bid),
           quotes={"miniokey": "Passen alle, wird nicht neu gegeben und niemand gewinnt das Reizen: Der Spieler "
                               "rechts vom Geber muss mit Gebot 4 spielen und bestimmt Trumpf",
                   "classic": "Bietet niemand, wird der Geber Alleinspieler mit einem Gebot von 4",
                   "danish": "Melder alle pas, kastes hånden, og der gives om",
                   "turkish": "Dört oyuncu da pas geçerse ihale 5 ile dağıtana kalır",
                   "gamelake": "Si los tres primeros jugadores pasan, quien reparte tiene que quedársela con la "
                               "puja mínima o más"},
           house={AllPass.REDEAL: N_("turkish ('Bazı masalarda kimse ihale vermezse kartlar yeniden dağıtılır'); it "
                                     "is danish's standard rule")},
           choices=_enum(AllPass)),
    Option("all_pass_bid", N_("The auction"), N_("Forced contract after four passes"), int,
           _same(0, miniokey=4, classic=4, turkish=5),
           lambda r: (_("The forced contract after four passes is {bid}.").format(bid=r.all_pass_bid)
                      if r.all_pass in (AllPass.FIRST_BIDDER_PLAYS, AllPass.DEALER_PLAYS)
                      else _("No forced contract after four passes.")),
           quotes={"miniokey": "mit Gebot 4", "classic": "mit einem Gebot von 4", "turkish": "ihale 5 ile"},
           low=0, high=13),
    # --- leading trump ----------------------------------------------------------------------
    Option("trump_lead_restricted", N_("Leading trump"), N_("Trump must be broken before it is led"), bool,
           _same(True, danish=False),
           lambda r: (_("Trump may not be led until it is broken, unless you hold only trumps.")
                      if r.trump_lead_restricted else _("Trump may be led at any time.")),
           quotes={"miniokey": "Bis der erste Trumpf gespielt wurde, darf niemand mit Trumpf ausspielen",
                   "classic": "Trumpf darf erst ausgespielt werden, wenn in einem früheren Stich schon Trumpf "
                              "gespielt wurde",
                   "turkish": "koz kırılmadan koz ile ele başlayamaz",
                   "gamelake": "No se puede salir con triunfo hasta que alguien haya fallado con un triunfo "
                               "sobre otro palo"},
           inferred={"danish": N_("the source states no restriction on leading trump")},
           house={False: N_("miniokey, as a table setting ('Schaltest du beim Tischerstellen „Trumpf muss "
                            "gebrochen sein“ aus, darf ab dem ersten Stich mit Trumpf ausgespielt werden')")}),
    Option("trump_broken_by", N_("Leading trump"), N_("What breaks trump"), TrumpBreak,
           _same(TrumpBreak.ANY_TRUMP, gamelake=TrumpBreak.RUFF_ONLY),
           lambda r: (_("Trump is broken only by a ruff (a trump played on another suit's lead).")
                      if r.trump_broken_by is TrumpBreak.RUFF_ONLY
                      else _("Trump is broken by the first trump anyone plays.")),
           quotes={"turkish": "Koz, herhangi bir oyuncu tarafından ilk kez oynandığında kırılmış sayılır",
                   "gamelake": "hasta que alguien haya fallado con un triunfo sobre otro palo",
                   "miniokey": "Bis der erste Trumpf gespielt wurde"},
           inferred={"classic": N_("'in einem früheren Stich schon Trumpf gespielt' allows the same leads as the "
                                   "first trump played by anyone: trump is only led at the start of a trick"),
                     "danish": N_("trump may always be led there, so what breaks it changes nothing")},
           choices=_enum(TrumpBreak)),
    # --- following --------------------------------------------------------------------------
    Option("must_overtake", N_("Following suit"), N_("Overtake duty"), bool, _same(True, danish=False),
           lambda r: (_("You must beat the highest card of the led suit if you can (overtake duty).")
                      if r.must_overtake else _("You must follow suit but need not beat the cards played.")),
           quotes={"miniokey": "Kannst du die höchste Karte dieser Farbe auf dem Tisch schlagen, musst du höher "
                               "spielen",
                   "classic": "die höchste Karte dieser Farbe im Stich überstechen, wenn du kannst",
                   "danish": "Bekend farve, hvis du kan",
                   "turkish": "yerdeki en büyük kartı geçebiliyorsanız geçmek zorundasınız",
                   "gamelake": "Si puedes superar la carta más alta de ese palo que ya está en la baza, debes "
                               "hacerlo"}),
    Option("overtake_when_trumped", N_("Following suit"), N_("Overtake duty in a trumped trick"), bool,
           _same(False, classic=True, gamelake=True),
           lambda r: (_("The overtake duty holds even when the trick is already trumped.")
                      if r.overtake_when_trumped
                      else _("Once the trick is trumped, you need not overtake (following suit is enough).")),
           quotes={"miniokey": "Wurde der Stich schon mit Trumpf gestochen, entfällt die Pflicht zum Überstechen",
                   "turkish": "Yerde koz varsa (el zaten çakılmışsa) yükseltme zorunluluğu kalkar",
                   "classic": "Bedienen, wenn du kannst, und die höchste Karte dieser Farbe im Stich überstechen, "
                              "wenn du kannst",
                   "gamelake": "Si puedes superar la carta más alta de ese palo que ya está en la baza, debes "
                               "hacerlo"},
           inferred={"danish": N_("danish has no overtake duty at all, so this never applies"),
                     "classic": N_("the overtake duty is stated without an exception for a trumped trick"),
                     "gamelake": N_("the overtake duty is stated without an exception for a trumped trick")}),
    # --- void in the led suit ---------------------------------------------------------------
    Option("must_ruff", N_("Void in the led suit"), N_("Ruff duty"), bool, _same(True),
           lambda r: _("Void in the led suit, you must play a trump if you have one: {yes_or_no}.").format(
               yes_or_no=_yes(r.must_ruff)),
           quotes={"danish": "Kan du ikke bekende, skal du trumfe, hvis du har en trumf på hånden",
                   "classic": "Hast du die ausgespielte Farbe nicht, musst du trumpfen",
                   "miniokey": "Du musst bedienen; kannst du nicht, musst du Trumpf spielen",
                   "turkish": "Çıkılan renk elinizde yoksa koz oynamak zorundasınız",
                   "gamelake": "¿No tienes el palo? Falla. Tienes que jugar un triunfo"}),
    Option("must_overtrump", N_("Void in the led suit"), N_("Overtrump duty"), bool, _same(True, danish=False),
           lambda r: (_("Void in the led suit, you must beat a trump already in the trick if you can.")
                      if r.must_overtrump else _("Void in the led suit, any trump will do.")),
           quotes={"miniokey": "Liegt schon ein Trumpf auf dem Tisch und du kannst ihn schlagen, spielst du "
                               "einen höheren",
                   "classic": "musst du höher trumpfen, wenn du kannst",
                   "danish": "skal du trumfe, hvis du har en trumf på hånden",
                   "turkish": "Yerde koz varsa daha büyük koz oynamak zorunludur",
                   "gamelake": "uno más alto que cualquier triunfo que ya esté en la baza si puedes"}),
    Option("any_card_when_cannot_overtrump", N_("Void in the led suit"), N_("Free card when unable to overtrump"), bool,
           _same(False, turkish=True),
           lambda r: (_("If you cannot overtrump, you may play any card, a small trump included.")
                      if r.any_card_when_cannot_overtrump
                      else _("If you cannot overtrump, you must still play a trump.")),
           quotes={"turkish": "Daha büyük kozunuz yoksa küçük koz dâhil herhangi bir kartı atabilirsiniz",
                   "classic": "sonst genügt irgendein Trumpf"}),
    # --- scoring ----------------------------------------------------------------------------
    Option("declarer_made", N_("Scoring"), N_("A made contract scores"), DeclarerMade,
           _same(DeclarerMade.ONE_PER_TRICK, miniokey=DeclarerMade.TEN_PER_TRICK,
                 classic=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS, danish=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS),
           _declarer_made,
           quotes={"miniokey": "Gebot geschafft (so viele Stiche oder mehr) | Stiche × 10",
                   "classic": "Anna bietet 7 mit Herz als Trumpf und macht 8 Stiche: 70 + 1 = 71",
                   "danish": "score B × 10 + (T − B) × 1", "turkish": "İhaleli Alınan el kadar +",
                   "gamelake": "Quien ganó la subasta y cumple suma sus bazas"},
           choices=_enum(DeclarerMade)),
    Option("declarer_failed_per_bid", N_("Scoring"), N_("A failed contract loses, per trick bid"), int,
           _same(1, miniokey=10, classic=10, danish=10),
           lambda r: (_("A player who takes fewer tricks than announced loses {points} × the number.")
                      if r.announcements
                      else _("A declarer who fails loses {points} × the bid.")).format(
               points=r.declarer_failed_per_bid),
           quotes={"miniokey": "Gebot verfehlt (untergegangen) | Gebot × −10", "danish": "score −(B × 10)",
                   "turkish": "İhale kadar −", "gamelake": "Se hunde (batar) y pierde tantos puntos como pujó"},
           inferred={"classic": N_("the source's scoring table is missing; −10 × the bid is inferred from its "
                                   "worked example (−70 at bid 7) and its partnership rule 'verliert sie 10 × das "
                                   "Gebot'")},
           low=0, high=1000),
    Option("defender_per_trick", N_("Scoring"), N_("The others score per trick"), int,
           _same(1, miniokey=10, classic=10),
           lambda r: (_own_number() if r.announcements
                      else _("The other players score {points} per trick.").format(points=r.defender_per_trick)),
           quotes={"miniokey": "Jeder Stich | +10", "classic": "Ben holt 3 Stiche (30), Carla 2 (20)",
                   "danish": "1 point pr. vundet stik", "turkish": "İhale kadar − Alınan el kadar +",
                   "gamelake": "Los demás jugadores | cualquiera | +1 por baza"},
           low=0, high=1000),
    Option("defender_zero", N_("Scoring"), N_("A trickless defender scores"), DefenderZero,
           _same(DefenderZero.NOTHING, miniokey=DefenderZero.MINUS_50, classic=DefenderZero.MINUS_TEN_BID),
           lambda r: _own_number() if r.announcements else {
               DefenderZero.NOTHING: _("A player other than the declarer who takes no trick scores 0."),
               DefenderZero.MINUS_50: _("A player other than the declarer who takes no trick loses 50."),
               DefenderZero.MINUS_TEN_BID: _("A player other than the declarer who takes no trick 'sinks' and loses "
                                             "10 × the bid (inferred from the source's example)."),
           }[r.defender_zero],
           quotes={"miniokey": "Kein einziger Stich | −50"},
           inferred={"classic": N_("only the worked example gives it: 'Dan bleibt ohne Stich und geht unter: −70' "
                                   "at a bid of 7")},
           choices=_enum(DefenderZero)),
    # --- house rules of scoring -------------------------------------------------------------
    Option("every_trick_counts", N_("House rules"), N_("Every trick counts"), bool, _same(False),
           lambda r: _("House rule 'every trick counts' (10 per trick for a made bid): {yes_or_no}.").format(
               yes_or_no=_yes(r.every_trick_counts)),
           house={True: N_("classic (Jeder Stich zählt: 'bekommt ein erfolgreicher Alleinspieler 10 je gemachtem "
                           "Stich')")}),
    Option("double_penalty", N_("House rules"), N_("Double penalty"), bool, _same(False),
           lambda r: _("House rule 'double penalty' for a failed bid: {yes_or_no}.").format(
               yes_or_no=_yes(r.double_penalty)),
           house={True: N_("danish (dobbeltstraf: 'Nogle borde fordobler straffen for et fejlet bud')")}),
    Option("made_thirteen_doubles", N_("House rules"), N_("A made 13 counts double"), bool, _same(False, danish=True),
           lambda r: _("House rule 'a made bid of 13 counts double': {yes_or_no}.").format(
               yes_or_no=_yes(r.made_thirteen_doubles)),
           quotes={"danish": "de fleste regner et lykkedes bud på alle tretten stik som dobbelt værd"},
           house={True: N_("danish ('de fleste', most tables)")}),
    Option("exact_bid_scores_bid", N_("House rules"), N_("An exact bid scores the bid"), bool, _same(False),
           lambda r: _("House rule 'exact bid scores the bid': {yes_or_no}.").format(
               yes_or_no=_yes(r.exact_bid_scores_bid)),
           house={True: N_("turkish as a regional rule (tam söylediği kadar el alırsa ihale kadar)")}),
    # --- the game ---------------------------------------------------------------------------
    Option("game_end", N_("The game"), N_("How the game ends"), GameEnd,
           _same(GameEnd.FIXED_DEALS, danish=GameEnd.TARGET_SCORE, turkish=GameEnd.TARGET_SCORE),
           lambda r: (_("The game lasts a fixed number of deals.") if r.game_end is GameEnd.FIXED_DEALS
                      else _("The game ends when someone reaches the target score.")),
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden", "classic": "Vereinbart vorher, wie viele Spiele ihr "
                   "spielt", "danish": "typisk 151, eller 501 for en længere aften",
                   "turkish": "Yaygın hedefler 51 ve 101'dir", "gamelake": "en GameLake 3, 5 o 10"},
           house={GameEnd.FIXED_DEALS: N_("danish ('Borde, der foretrækker en fast længde, spiller simpelthen et "
                                           "aftalt antal givninger og sammenligner totalerne')")},
           choices=_enum(GameEnd)),
    Option("deals", N_("The game"), N_("Number of deals"), int, _same(5),
           _deals,
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden (Standard 5)", "classic": "oft 5, 7, 11, 15 oder 21",
                   "gamelake": "en GameLake 3, 5 o 10"},
           inferred={"classic": N_("5 is the first of the usual lengths; the table agrees its own"),
                     "gamelake": N_("5, the middle of the three lengths offered")},
           low=1, high=99),
    Option("deal_choices", N_("The game"), N_("Game lengths on offer"), tuple,
           _same((), miniokey=(3, 5, 7, 9, 11), classic=(5, 7, 11, 15, 21), gamelake=(3, 5, 10)),
           _deal_choices,
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden", "classic": "oft 5, 7, 11, 15 oder 21",
                   "gamelake": "en GameLake 3, 5 o 10"},
           low=1, high=99),
    Option("deal_choices_only", N_("The game"), N_("Only the lengths on offer"), bool,
           _same(False, miniokey=True, gamelake=True),
           lambda r: (_("Only the game lengths on offer may be played.") if r.deal_choices_only
                      else _("Any agreed number of deals may be played.")),
           quotes={"miniokey": "Wer den Tisch erstellt, wählt 3, 5, 7, 9 oder 11 Runden",
                   "gamelake": "en GameLake 3, 5 o 10", "classic": "oft 5, 7, 11, 15 oder 21"},
           inferred={"classic": N_("'oft' (often): the table may agree any number of deals")}),
    Option("target", N_("The game"), N_("Target score"), int, _same(0, danish=151, turkish=51),
           lambda r: (_("Target score: {target}.").format(target=r.target) if r.game_end is GameEnd.TARGET_SCORE
                      else _("No target score (fixed number of deals).")),
           quotes={"danish": "typisk 151, eller 501 for en længere aften", "turkish": "Yaygın hedefler 51 ve 101'dir"},
           low=0, high=100_000),
    Option("target_choices", N_("The game"), N_("Usual targets"), tuple,
           _same((), danish=(151, 501), turkish=(51, 101)),
           lambda r: (_("Common targets: {targets}.").format(targets=_numbers(r.target_choices))
                      if r.target_choices else _("No usual targets named.")),
           quotes={"danish": "typisk 151, eller 501", "turkish": "Yaygın hedefler 51 ve 101'dir"},
           low=1, high=100_000),
    Option("tie_rule", N_("The game"), N_("A tie for first"), TieRule,
           _same(TieRule.SHARE, danish=TieRule.DEAL_UNTIL_DECIDED, gamelake=TieRule.EXTRA_DEAL),
           lambda r: {
               TieRule.SHARE: _("Players tied for first share the place."),
               TieRule.EXTRA_DEAL: _("A tie for first is broken by playing one more deal (again while still tied)."),
               TieRule.DEAL_UNTIL_DECIDED: _("A tie for first at or over the target: deal again until it is decided "
                                             "(a game of a fixed number of deals just compares totals)."),
           }[r.tie_rule],
           quotes={"miniokey": "bei Gleichstand teilen sich die Spieler den Platz",
                   "danish": "Er to spillere lige på eller over målet, gives der om, indtil det er afgjort",
                   "gamelake": "si hay empate en cabeza, se juega una mano más"},
           choices=_enum(TieRule)),
    # --- timers -----------------------------------------------------------------------------
    Option("move_seconds", N_("Timers"), N_("Seconds per move"), int, _same(0, miniokey=30),
           _move_clock,
           quotes={"miniokey": "Jeder Zug dauert 30 Sekunden, bei Bedarf gibt es einmal 30 Sekunden extra"},
           low=0, high=3600),
    Option("extra_seconds", N_("Timers"), N_("Extra seconds, once per move"), int, _same(0, miniokey=30),
           lambda r: (_("Extra time when a move's clock runs out: {seconds} s, once per move.").format(
                          seconds=r.extra_seconds) if r.move_seconds and r.extra_seconds
                      else _("No extra time.") if r.move_seconds else _("No extra time (no move clock).")),
           quotes={"miniokey": "bei Bedarf gibt es einmal 30 Sekunden extra"},
           low=0, high=3600),
    # --- the form of the game (set by the variant) -----------------------------------------
    Option("variant", N_("The form of the game"), N_("Variant"), Variant, _same(Variant.IHALELI),
           lambda r: {
               Variant.IHALELI: _("İhaleli Batak: an auction, every player for themselves."),
               Variant.KOZ_MACA: _("Koz Maça: no auction, spades are always trump, everyone announces a number of "
                                   "tricks."),
               Variant.ESLI: _("Eşli Batak: partners sit opposite each other and count their tricks together."),
               Variant.GOMMELI: _("Gömmeli Batak: 12 cards each and 4 face down, which the declarer takes and "
                                  "buries 4."),
           }[r.variant],
           choices=_enum(Variant), form=True),
    Option("announcements", N_("The form of the game"), N_("Announcements instead of an auction"), bool, _same(False),
           lambda r: (_("Instead of an auction each player in turn announces how many tricks they will take.")
                      if r.announcements else _("Contracts are won in an auction.")),
           form=True),
    Option("announce_min", N_("The form of the game"), N_("Lowest announcement"), int, _same(1),
           lambda r: (_("Announcing 0 ('none') is allowed.") if r.announce_min == 0
                      else _("Every announcement is at least 1 trick.")),
           choices=(0, 1), low=0, high=1, form=True),
    Option("nil_points", N_("The form of the game"), N_("Points for 'none'"), int, _same(50),
           lambda r: (_("'None' announced: +{points} with no trick, otherwise −{points}.").format(points=r.nil_points)
                      if r.announcements and r.announce_min == 0 else _("No 'none' announcement.")),
           low=0, high=1000),
    Option("overtricks_sink", N_("House rules"), N_("Overtricks that sink"), int, _same(0),
           lambda r: (_("Taking {n} or more tricks over your announcement also sinks (yandan batmak).").format(
                          n=r.overtricks_sink) if r.overtricks_sink else _("Overtricks never sink.")),
           house={3: N_("classic Koz Maça ('An vielen Tischen geht unter, wer 3 oder mehr Stiche zu viel macht')")},
           low=0, high=13),
    Option("fixed_trump", N_("The form of the game"), N_("Fixed trump"), str, _same(""),
           lambda r: (_("Trump is always {suit}.").format(suit=Suit.parse(r.fixed_trump).word()) if r.fixed_trump
                      else _("The declarer chooses trump.")),
           choices=("", "S", "H", "D", "C"), form=True),
    Option("partnership", N_("The form of the game"), N_("Partners"), bool, _same(False),
           lambda r: (_("Partners' tricks count together, also against the bid; both partners get their side's "
                        "score.") if r.partnership else _("Every player for themselves.")),
           form=True),
    Option("partner_winning_exempt", N_("The form of the game"), N_("No duties while your partner wins"), bool,
           _same(False),
           lambda r: (_("While your partner is winning the trick you need only follow suit (no overtake or ruff "
                        "duty).") if r.partner_winning_exempt
                      else _("The overtake and ruff duties hold even when your partner is winning.")),
           form=True),
    Option("dummy", N_("The form of the game"), N_("Open dummy"), bool, _same(False),
           lambda r: (_("After trump is named the declarer's partner lays the hand open and the declarer plays "
                        "both hands.") if r.dummy else _("Every player plays their own hand.")),
           form=True),
    Option("kitty", N_("The form of the game"), N_("Cards face down (kitty)"), int, _same(0),
           lambda r: (_("{kitty} cards lie face down; the declarer takes them after naming trump and buries "
                        "{kitty} (any cards); {tricks} tricks.").format(kitty=r.kitty, tricks=r.tricks_per_deal)
                      if r.kitty else _("The whole deck is dealt: 13 tricks.")),
           choices=(0, 4), low=0, high=4, form=True),
    # --- house rules of the auction and the lead --------------------------------------------
    Option("weak_hand_redeal", N_("House rules"), N_("Redeal for a weak hand"), bool, _same(False),
           lambda r: (_("A player holding no card above 10 may demand a redeal.") if r.weak_hand_redeal
                      else _("No redeal for weak hands.")),
           house={True: N_("classic (Neu geben: 'Wer keine Karte höher als eine 10 hat, darf ein neues Austeilen "
                           "verlangen')")}),
    Option("akq_trump_lead", N_("House rules"), N_("A-K-Q may lead trump"), bool, _same(False),
           lambda r: (_("Holding A-K-Q of trump, a player may lead the ace (and then the others) before trump is "
                        "broken.") if r.akq_trump_lead else _("No A-K-Q exception to the trump-lead rule.")),
           house={True: N_("classic (Trumpf mit A-K-D: 'darf, wer Ass, König und Dame in Trumpf hat, diese "
                           "nacheinander ausspielen')")}),
)
"""Every option, in the order the rules are explained."""

OPTIONS_BY_NAME: Final[Mapping[str, Option]] = MappingProxyType({o.name: o for o in OPTIONS})


def option(name: str) -> Option:
    """The option called ``name``; unknown names raise ValueError listing the options."""
    if not isinstance(name, str) or name not in OPTIONS_BY_NAME:
        close = difflib.get_close_matches(name[:100], list(OPTIONS_BY_NAME), n=1) if isinstance(name, str) else []
        raise ValueError(unknown_option(shorten(name), close[0] if close else ""))
    return OPTIONS_BY_NAME[name]


def unknown_option(name: str, close: str) -> str:
    """The message for an option name the table does not have (``close``: the nearest name, or "")."""
    if close:
        return _("unknown rule option {name} (did you mean {close}?); every option is listed by `batak rules` and "
                 "in docs/rules.md").format(name=name, close=close)
    return _("unknown rule option {name}; every option is listed by `batak rules` and in docs/rules.md").format(
        name=name)


def parse_value(name: str, text: str) -> Any:
    """An option's value written as text ("4", "true", "redeal", "3,5,7"), checked against the table."""
    return option(name).parse(text)
