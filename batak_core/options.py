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

from .errors import shorten
from .frozen import constructor_arguments

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
    group: str
    title: str
    kind: type
    presets: Mapping[str, Any]
    text: Callable[[RuleSet], str]
    quotes: Mapping[str, str] = field(default_factory=dict)
    inferred: Mapping[str, str] = field(default_factory=dict)
    house: Mapping[Any, str] = field(default_factory=dict)
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
                raise ValueError(f"{self.name} must be one of {', '.join(repr(c) for c in self.choices)}, "
                                 f"not {shorten(value)}") from None
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false, not {shorten(value)}")
            return value
        if kind is int:
            return self._number(value)
        if kind is tuple:
            if not isinstance(value, (list, tuple)) or len(value) > 20:
                raise ValueError(f"{self.name} must be a list of at most 20 whole numbers, not {shorten(value)}")
            return tuple(self._number(v) for v in value)
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices) if self.choices else "text"
            raise ValueError(f"{self.name} must be {allowed}, not {shorten(value)}")
        return value

    def _number(self, value: Any) -> int:
        low, high = self.low, self.high
        span = f" from {low} to {high}" if low is not None and high is not None else ""
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.name} takes whole numbers{span}, not {shorten(value)}")
        if (low is not None and value < low) or (high is not None and value > high) or (
                self.choices and value not in self.choices):
            allowed = f"one of {', '.join(map(str, self.choices))}" if self.choices else f"a whole number{span}"
            raise ValueError(f"{self.name} must be {allowed}, not {shorten(value)}")
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
                raise ValueError(f"{self.name} must be true or false, not {shorten(text)}")
            return flags[word.lower()]
        if self.kind is int:
            return self.check(_whole_number(self.name, word))
        if self.kind is tuple:
            parts = word.strip("[]()").replace(",", " ").split()
            if not all(_is_whole_number(p) for p in parts):
                raise ValueError(f"{self.name} takes a list of whole numbers like 3,5,7, not {shorten(text)}")
            return self.check([int(p) for p in parts])
        return self.check(word.lower() if issubclass(self.kind, StrEnum) else word)


def _is_whole_number(word: str) -> bool:
    """Up to six digits, signed or not (larger values are never an option's)."""
    digits = word[1:] if word[:1] in "+-" else word
    return digits.isdigit() and digits.isascii() and len(digits) <= 6


def _whole_number(name: str, word: str) -> int:
    if not _is_whole_number(word):
        raise ValueError(f"{name} takes a whole number, not {shorten(word)}")
    return int(word)


def _enum(kind: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in kind)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _maker(r: RuleSet) -> str:
    """Who a made contract scores for: the declarer, or in Koz Maça every player against their number."""
    return "A player who makes their number" if r.announcements else "A declarer who makes the bid"


def _number(r: RuleSet) -> str:
    return "number" if r.announcements else "bid"


_OWN_NUMBER: Final = "Nobody defends: every player scores against their own announcement."


def _same(value: Any, **others: Any) -> dict[str, Any]:
    """Each source's value: ``value`` unless named otherwise."""
    return {name: others.get(name, value) for name in SOURCES}


OPTIONS: Final[tuple[Option, ...]] = (
    # --- the table --------------------------------------------------------------------------
    Option("direction", "The table", "Direction of play", Direction,
           _same(Direction.COUNTERCLOCKWISE, danish=Direction.CLOCKWISE, turkish=Direction.CLOCKWISE),
           lambda r: f"Play goes {r.direction.value} (the next player sits to your "
                     f"{'right' if r.direction is Direction.COUNTERCLOCKWISE else 'left'}).",
           quotes={"miniokey": "Gespielt und gereizt wird gegen den Uhrzeigersinn",
                   "classic": "Auch gereizt und gespielt wird gegen den Uhrzeigersinn (nach rechts)",
                   "danish": "Med start til venstre for kortgiveren",
                   "turkish": "solundan başlayarak saat yönünde tek tek dağıtır",
                   "gamelake": "Empezando por el jugador a la derecha de quien reparte"},
           choices=_enum(Direction)),
    # --- the auction ------------------------------------------------------------------------
    Option("min_bid", "The auction", "Lowest bid", int, _same(5, gamelake=4),
           lambda r: f"Lowest bid: {r.min_bid}.",
           quotes={"miniokey": "Das erste Gebot ist mindestens 5", "classic": "Das niedrigste Gebot ist 5",
                   "danish": "Åbningsbuddet skal være mindst fem", "turkish": "En düşük ihale 5'tir (ayarlanabilir)",
                   "gamelake": "La puja mínima es 4"},
           house={4: "classic (Mindestgebot 4: 'An manchen Tischen ist das niedrigste Gebot 4 statt 5')"},
           low=1, high=13),
    Option("max_bid", "The auction", "Highest bid", int, _same(13),
           lambda r: f"Highest bid: {r.max_bid} (it ends the auction at once).",
           quotes={"miniokey": "höchstens 13", "gamelake": "la máxima, 13", "turkish": "En yüksek ihale 13'tür"},
           inferred={"classic": "13 tricks exist, so nobody can bid more", "danish": "13 tricks exist, so "
                     "nobody can bid more (the source names no highest bid)"},
           low=1, high=13),
    Option("all_pass", "The auction", "When everyone passes", AllPass,
           _same(AllPass.DEALER_PLAYS, miniokey=AllPass.FIRST_BIDDER_PLAYS, danish=AllPass.REDEAL,
                 gamelake=AllPass.DEALER_MUST_BID),
           lambda r: {
               AllPass.FIRST_BIDDER_PLAYS: f"If everyone passes, nobody wins the auction: the player after the "
                                           f"dealer must play at {r.all_pass_bid}.",
               AllPass.DEALER_PLAYS: f"If everyone passes, the dealer must play at {r.all_pass_bid}.",
               AllPass.REDEAL: "If everyone passes, the cards are thrown in and dealt again.",
               AllPass.DEALER_MUST_BID: "If the first three pass, the dealer may not pass and must bid "
                                        f"{r.min_bid} or more.",
           }[r.all_pass],
           quotes={"miniokey": "Passen alle, wird nicht neu gegeben und niemand gewinnt das Reizen: Der Spieler "
                               "rechts vom Geber muss mit Gebot 4 spielen und bestimmt Trumpf",
                   "classic": "Bietet niemand, wird der Geber Alleinspieler mit einem Gebot von 4",
                   "danish": "Melder alle pas, kastes hånden, og der gives om",
                   "turkish": "Dört oyuncu da pas geçerse ihale 5 ile dağıtana kalır",
                   "gamelake": "Si los tres primeros jugadores pasan, quien reparte tiene que quedársela con la "
                               "puja mínima o más"},
           house={AllPass.REDEAL: "turkish ('Bazı masalarda kimse ihale vermezse kartlar yeniden dağıtılır'); it is "
                                  "danish's standard rule"},
           choices=_enum(AllPass)),
    Option("all_pass_bid", "The auction", "Forced contract after four passes", int,
           _same(0, miniokey=4, classic=4, turkish=5),
           lambda r: (f"The forced contract after four passes is {r.all_pass_bid}."
                      if r.all_pass in (AllPass.FIRST_BIDDER_PLAYS, AllPass.DEALER_PLAYS)
                      else "No forced contract after four passes."),
           quotes={"miniokey": "mit Gebot 4", "classic": "mit einem Gebot von 4", "turkish": "ihale 5 ile"},
           low=0, high=13),
    # --- leading trump ----------------------------------------------------------------------
    Option("trump_lead_restricted", "Leading trump", "Trump must be broken before it is led", bool,
           _same(True, danish=False),
           lambda r: ("Trump may not be led until it is broken, unless you hold only trumps."
                      if r.trump_lead_restricted else "Trump may be led at any time."),
           quotes={"miniokey": "Bis der erste Trumpf gespielt wurde, darf niemand mit Trumpf ausspielen",
                   "classic": "Trumpf darf erst ausgespielt werden, wenn in einem früheren Stich schon Trumpf "
                              "gespielt wurde",
                   "turkish": "koz kırılmadan koz ile ele başlayamaz",
                   "gamelake": "No se puede salir con triunfo hasta que alguien haya fallado con un triunfo "
                               "sobre otro palo"},
           inferred={"danish": "the source states no restriction on leading trump"},
           house={False: "miniokey, as a table setting ('Schaltest du beim Tischerstellen „Trumpf muss gebrochen "
                         "sein“ aus, darf ab dem ersten Stich mit Trumpf ausgespielt werden')"}),
    Option("trump_broken_by", "Leading trump", "What breaks trump", TrumpBreak,
           _same(TrumpBreak.ANY_TRUMP, gamelake=TrumpBreak.RUFF_ONLY),
           lambda r: ("Trump is broken only by a ruff (a trump played on another suit's lead)."
                      if r.trump_broken_by is TrumpBreak.RUFF_ONLY
                      else "Trump is broken by the first trump anyone plays."),
           quotes={"turkish": "Koz, herhangi bir oyuncu tarafından ilk kez oynandığında kırılmış sayılır",
                   "gamelake": "hasta que alguien haya fallado con un triunfo sobre otro palo",
                   "miniokey": "Bis der erste Trumpf gespielt wurde"},
           inferred={"classic": "'in einem früheren Stich schon Trumpf gespielt' allows the same leads as the "
                                "first trump played by anyone: trump is only led at the start of a trick",
                     "danish": "trump may always be led there, so what breaks it changes nothing"},
           choices=_enum(TrumpBreak)),
    # --- following --------------------------------------------------------------------------
    Option("must_overtake", "Following suit", "Overtake duty", bool, _same(True, danish=False),
           lambda r: ("You must beat the highest card of the led suit if you can (overtake duty)."
                      if r.must_overtake else "You must follow suit but need not beat the cards played."),
           quotes={"miniokey": "Kannst du die höchste Karte dieser Farbe auf dem Tisch schlagen, musst du höher "
                               "spielen",
                   "classic": "die höchste Karte dieser Farbe im Stich überstechen, wenn du kannst",
                   "danish": "Bekend farve, hvis du kan",
                   "turkish": "yerdeki en büyük kartı geçebiliyorsanız geçmek zorundasınız",
                   "gamelake": "Si puedes superar la carta más alta de ese palo que ya está en la baza, debes "
                               "hacerlo"}),
    Option("overtake_when_trumped", "Following suit", "Overtake duty in a trumped trick", bool,
           _same(False, classic=True, gamelake=True),
           lambda r: ("The overtake duty holds even when the trick is already trumped." if r.overtake_when_trumped
                      else "Once the trick is trumped, you need not overtake (following suit is enough)."),
           quotes={"miniokey": "Wurde der Stich schon mit Trumpf gestochen, entfällt die Pflicht zum Überstechen",
                   "turkish": "Yerde koz varsa (el zaten çakılmışsa) yükseltme zorunluluğu kalkar",
                   "classic": "Bedienen, wenn du kannst, und die höchste Karte dieser Farbe im Stich überstechen, "
                              "wenn du kannst",
                   "gamelake": "Si puedes superar la carta más alta de ese palo que ya está en la baza, debes "
                               "hacerlo"},
           inferred={"danish": "danish has no overtake duty at all, so this never applies",
                     "classic": "the overtake duty is stated without an exception for a trumped trick",
                     "gamelake": "the overtake duty is stated without an exception for a trumped trick"}),
    # --- void in the led suit ---------------------------------------------------------------
    Option("must_ruff", "Void in the led suit", "Ruff duty", bool, _same(True),
           lambda r: f"Void in the led suit, you must play a trump if you have one: {_yes(r.must_ruff)}.",
           quotes={"danish": "Kan du ikke bekende, skal du trumfe, hvis du har en trumf på hånden",
                   "classic": "Hast du die ausgespielte Farbe nicht, musst du trumpfen",
                   "miniokey": "Du musst bedienen; kannst du nicht, musst du Trumpf spielen",
                   "turkish": "Çıkılan renk elinizde yoksa koz oynamak zorundasınız",
                   "gamelake": "¿No tienes el palo? Falla. Tienes que jugar un triunfo"}),
    Option("must_overtrump", "Void in the led suit", "Overtrump duty", bool, _same(True, danish=False),
           lambda r: ("Void in the led suit, you must beat a trump already in the trick if you can."
                      if r.must_overtrump else "Void in the led suit, any trump will do."),
           quotes={"miniokey": "Liegt schon ein Trumpf auf dem Tisch und du kannst ihn schlagen, spielst du "
                               "einen höheren",
                   "classic": "musst du höher trumpfen, wenn du kannst",
                   "danish": "skal du trumfe, hvis du har en trumf på hånden",
                   "turkish": "Yerde koz varsa daha büyük koz oynamak zorunludur",
                   "gamelake": "uno más alto que cualquier triunfo que ya esté en la baza si puedes"}),
    Option("any_card_when_cannot_overtrump", "Void in the led suit", "Free card when unable to overtrump", bool,
           _same(False, turkish=True),
           lambda r: ("If you cannot overtrump, you may play any card, a small trump included."
                      if r.any_card_when_cannot_overtrump else "If you cannot overtrump, you must still play a trump."),
           quotes={"turkish": "Daha büyük kozunuz yoksa küçük koz dâhil herhangi bir kartı atabilirsiniz",
                   "classic": "sonst genügt irgendein Trumpf"}),
    # --- scoring ----------------------------------------------------------------------------
    Option("declarer_made", "Scoring", "A made contract scores", DeclarerMade,
           _same(DeclarerMade.ONE_PER_TRICK, miniokey=DeclarerMade.TEN_PER_TRICK,
                 classic=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS, danish=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS),
           lambda r: {
               DeclarerMade.TEN_PER_TRICK: f"{_maker(r)} scores 10 per trick taken.",
               DeclarerMade.TEN_PER_BID: f"{_maker(r)} scores 10 × the {_number(r)} (extra tricks add nothing).",
               DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS: f"{_maker(r)} scores 10 × the {_number(r)} + 1 per extra "
                                                         "trick.",
               DeclarerMade.ONE_PER_TRICK: f"{_maker(r)} scores 1 per trick taken.",
           }[r.declarer_made],
           quotes={"miniokey": "Gebot geschafft (so viele Stiche oder mehr) | Stiche × 10",
                   "classic": "Anna bietet 7 mit Herz als Trumpf und macht 8 Stiche: 70 + 1 = 71",
                   "danish": "score B × 10 + (T − B) × 1", "turkish": "İhaleli Alınan el kadar +",
                   "gamelake": "Quien ganó la subasta y cumple suma sus bazas"},
           choices=_enum(DeclarerMade)),
    Option("declarer_failed_per_bid", "Scoring", "A failed contract loses, per trick bid", int,
           _same(1, miniokey=10, classic=10, danish=10),
           lambda r: (f"A player who takes fewer tricks than announced loses {r.declarer_failed_per_bid} × the "
                      "number." if r.announcements
                      else f"A declarer who fails loses {r.declarer_failed_per_bid} × the bid."),
           quotes={"miniokey": "Gebot verfehlt (untergegangen) | Gebot × −10", "danish": "score −(B × 10)",
                   "turkish": "İhale kadar −", "gamelake": "Se hunde (batar) y pierde tantos puntos como pujó"},
           inferred={"classic": "the source's scoring table is missing; −10 × the bid is inferred from its worked "
                                "example (−70 at bid 7) and its partnership rule 'verliert sie 10 × das Gebot'"},
           low=0, high=1000),
    Option("defender_per_trick", "Scoring", "The others score per trick", int,
           _same(1, miniokey=10, classic=10),
           lambda r: (_OWN_NUMBER if r.announcements
                      else f"The other players score {r.defender_per_trick} per trick."),
           quotes={"miniokey": "Jeder Stich | +10", "classic": "Ben holt 3 Stiche (30), Carla 2 (20)",
                   "danish": "1 point pr. vundet stik", "turkish": "İhale kadar − Alınan el kadar +",
                   "gamelake": "Los demás jugadores | cualquiera | +1 por baza"},
           low=0, high=1000),
    Option("defender_zero", "Scoring", "A trickless defender scores", DefenderZero,
           _same(DefenderZero.NOTHING, miniokey=DefenderZero.MINUS_50, classic=DefenderZero.MINUS_TEN_BID),
           lambda r: _OWN_NUMBER if r.announcements else {
               DefenderZero.NOTHING: "A player other than the declarer who takes no trick scores 0.",
               DefenderZero.MINUS_50: "A player other than the declarer who takes no trick loses 50.",
               DefenderZero.MINUS_TEN_BID: "A player other than the declarer who takes no trick 'sinks' and loses "
                                           "10 × the bid (inferred from the source's example).",
           }[r.defender_zero],
           quotes={"miniokey": "Kein einziger Stich | −50"},
           inferred={"classic": "only the worked example gives it: 'Dan bleibt ohne Stich und geht unter: −70' "
                                "at a bid of 7"},
           choices=_enum(DefenderZero)),
    # --- house rules of scoring -------------------------------------------------------------
    Option("every_trick_counts", "House rules", "Every trick counts", bool, _same(False),
           lambda r: f"House rule 'every trick counts' (10 per trick for a made bid): {_yes(r.every_trick_counts)}.",
           house={True: "classic (Jeder Stich zählt: 'bekommt ein erfolgreicher Alleinspieler 10 je gemachtem "
                        "Stich')"}),
    Option("double_penalty", "House rules", "Double penalty", bool, _same(False),
           lambda r: f"House rule 'double penalty' for a failed bid: {_yes(r.double_penalty)}.",
           house={True: "danish (dobbeltstraf: 'Nogle borde fordobler straffen for et fejlet bud')"}),
    Option("made_thirteen_doubles", "House rules", "A made 13 counts double", bool, _same(False, danish=True),
           lambda r: f"House rule 'a made bid of 13 counts double': {_yes(r.made_thirteen_doubles)}.",
           quotes={"danish": "de fleste regner et lykkedes bud på alle tretten stik som dobbelt værd"},
           house={True: "danish ('de fleste', most tables)"}),
    Option("exact_bid_scores_bid", "House rules", "An exact bid scores the bid", bool, _same(False),
           lambda r: f"House rule 'exact bid scores the bid': {_yes(r.exact_bid_scores_bid)}.",
           house={True: "turkish as a regional rule (tam söylediği kadar el alırsa ihale kadar)"}),
    # --- the game ---------------------------------------------------------------------------
    Option("game_end", "The game", "How the game ends", GameEnd,
           _same(GameEnd.FIXED_DEALS, danish=GameEnd.TARGET_SCORE, turkish=GameEnd.TARGET_SCORE),
           lambda r: ("The game lasts a fixed number of deals." if r.game_end is GameEnd.FIXED_DEALS
                      else "The game ends when someone reaches the target score."),
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden", "classic": "Vereinbart vorher, wie viele Spiele ihr "
                   "spielt", "danish": "typisk 151, eller 501 for en længere aften",
                   "turkish": "Yaygın hedefler 51 ve 101'dir", "gamelake": "en GameLake 3, 5 o 10"},
           house={GameEnd.FIXED_DEALS: "danish ('Borde, der foretrækker en fast længde, spiller simpelthen et aftalt "
                                        "antal givninger og sammenligner totalerne')"},
           choices=_enum(GameEnd)),
    Option("deals", "The game", "Number of deals", int, _same(5),
           lambda r: f"Number of deals: {r.deals}" + (
               f" (the game offers {', '.join(map(str, r.deal_choices))})." if r.deal_choices_only and r.deal_choices
               else f" (often {', '.join(map(str, r.deal_choices))}; any number may be agreed)." if r.deal_choices
               else "."),
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden (Standard 5)", "classic": "oft 5, 7, 11, 15 oder 21",
                   "gamelake": "en GameLake 3, 5 o 10"},
           inferred={"classic": "5 is the first of the usual lengths; the table agrees its own",
                     "gamelake": "5, the middle of the three lengths offered"},
           low=1, high=99),
    Option("deal_choices", "The game", "Game lengths on offer", tuple,
           _same((), miniokey=(3, 5, 7, 9, 11), classic=(5, 7, 11, 15, 21), gamelake=(3, 5, 10)),
           lambda r: ("Game lengths on offer: " + ", ".join(map(str, r.deal_choices)) + " deals."
                      if r.deal_choices and r.deal_choices_only
                      else "Usual game lengths: often " + ", ".join(map(str, r.deal_choices)) + " deals; any number "
                           "may be agreed." if r.deal_choices
                      else "Any number of deals may be agreed."),
           quotes={"miniokey": "3, 5, 7, 9 oder 11 Runden", "classic": "oft 5, 7, 11, 15 oder 21",
                   "gamelake": "en GameLake 3, 5 o 10"},
           low=1, high=99),
    Option("deal_choices_only", "The game", "Only the lengths on offer", bool,
           _same(False, miniokey=True, gamelake=True),
           lambda r: ("Only the game lengths on offer may be played." if r.deal_choices_only
                      else "Any agreed number of deals may be played."),
           quotes={"miniokey": "Wer den Tisch erstellt, wählt 3, 5, 7, 9 oder 11 Runden",
                   "gamelake": "en GameLake 3, 5 o 10", "classic": "oft 5, 7, 11, 15 oder 21"},
           inferred={"classic": "'oft' (often): the table may agree any number of deals"}),
    Option("target", "The game", "Target score", int, _same(0, danish=151, turkish=51),
           lambda r: (f"Target score: {r.target}." if r.game_end is GameEnd.TARGET_SCORE
                      else "No target score (fixed number of deals)."),
           quotes={"danish": "typisk 151, eller 501 for en længere aften", "turkish": "Yaygın hedefler 51 ve 101'dir"},
           low=0, high=100_000),
    Option("target_choices", "The game", "Usual targets", tuple, _same((), danish=(151, 501), turkish=(51, 101)),
           lambda r: ("Common targets: " + ", ".join(map(str, r.target_choices)) + "."
                      if r.target_choices else "No usual targets named."),
           quotes={"danish": "typisk 151, eller 501", "turkish": "Yaygın hedefler 51 ve 101'dir"},
           low=1, high=100_000),
    Option("tie_rule", "The game", "A tie for first", TieRule,
           _same(TieRule.SHARE, danish=TieRule.DEAL_UNTIL_DECIDED, gamelake=TieRule.EXTRA_DEAL),
           lambda r: {
               TieRule.SHARE: "Players tied for first share the place.",
               TieRule.EXTRA_DEAL: "A tie for first is broken by playing one more deal (again while still tied).",
               TieRule.DEAL_UNTIL_DECIDED: "A tie for first at or over the target: deal again until it is decided "
                                           "(a game of a fixed number of deals just compares totals).",
           }[r.tie_rule],
           quotes={"miniokey": "bei Gleichstand teilen sich die Spieler den Platz",
                   "danish": "Er to spillere lige på eller over målet, gives der om, indtil det er afgjort",
                   "gamelake": "si hay empate en cabeza, se juega una mano más"},
           choices=_enum(TieRule)),
    # --- timers -----------------------------------------------------------------------------
    Option("move_seconds", "Timers", "Seconds per move", int, _same(0, miniokey=30),
           lambda r: (f"Move clock: {r.move_seconds} s a move"
                      + (f", plus {r.extra_seconds} s extra once per move if needed" if r.extra_seconds else "")
                      + "; when time runs out: pass, the longest suit becomes trump, the lowest legal card is "
                        "played." if r.move_seconds else "No move clock."),
           quotes={"miniokey": "Jeder Zug dauert 30 Sekunden, bei Bedarf gibt es einmal 30 Sekunden extra"},
           low=0, high=3600),
    Option("extra_seconds", "Timers", "Extra seconds, once per move", int, _same(0, miniokey=30),
           lambda r: (f"Extra time when a move's clock runs out: {r.extra_seconds} s, once per move."
                      if r.move_seconds and r.extra_seconds
                      else "No extra time." if r.move_seconds else "No extra time (no move clock)."),
           quotes={"miniokey": "bei Bedarf gibt es einmal 30 Sekunden extra"},
           low=0, high=3600),
    # --- the form of the game (set by the variant) -----------------------------------------
    Option("variant", "The form of the game", "Variant", Variant, _same(Variant.IHALELI),
           lambda r: {
               Variant.IHALELI: "İhaleli Batak: an auction, every player for themselves.",
               Variant.KOZ_MACA: "Koz Maça: no auction, spades are always trump, everyone announces a number of "
                                 "tricks.",
               Variant.ESLI: "Eşli Batak: partners sit opposite each other and count their tricks "
                             "together.",
               Variant.GOMMELI: "Gömmeli Batak: 12 cards each and 4 face down, which the declarer takes and buries "
                                "4.",
           }[r.variant],
           choices=_enum(Variant), form=True),
    Option("announcements", "The form of the game", "Announcements instead of an auction", bool, _same(False),
           lambda r: ("Instead of an auction each player in turn announces how many tricks they will take."
                      if r.announcements else "Contracts are won in an auction."),
           form=True),
    Option("announce_min", "The form of the game", "Lowest announcement", int, _same(1),
           lambda r: ("Announcing 0 ('none') is allowed." if r.announce_min == 0
                      else "Every announcement is at least 1 trick."),
           choices=(0, 1), low=0, high=1, form=True),
    Option("nil_points", "The form of the game", "Points for 'none'", int, _same(50),
           lambda r: (f"'None' announced: +{r.nil_points} with no trick, otherwise −{r.nil_points}."
                      if r.announcements and r.announce_min == 0 else "No 'none' announcement."),
           low=0, high=1000),
    Option("overtricks_sink", "House rules", "Overtricks that sink", int, _same(0),
           lambda r: (f"Taking {r.overtricks_sink} or more tricks over your announcement also sinks "
                      "(yandan batmak)." if r.overtricks_sink else "Overtricks never sink."),
           house={3: "classic Koz Maça ('An vielen Tischen geht unter, wer 3 oder mehr Stiche zu viel macht')"},
           low=0, high=13),
    Option("fixed_trump", "The form of the game", "Fixed trump", str, _same(""),
           lambda r: (f"Trump is always {_suit_plural(r.fixed_trump)}." if r.fixed_trump
                      else "The declarer chooses trump."),
           choices=("", "S", "H", "D", "C"), form=True),
    Option("partnership", "The form of the game", "Partners", bool, _same(False),
           lambda r: ("Partners' tricks count together, also against the bid; both partners get their side's "
                      "score." if r.partnership else "Every player for themselves."),
           form=True),
    Option("partner_winning_exempt", "The form of the game", "No duties while your partner wins", bool,
           _same(False),
           lambda r: ("While your partner is winning the trick you need only follow suit (no overtake or ruff "
                      "duty)." if r.partner_winning_exempt
                      else "The overtake and ruff duties hold even when your partner is winning."),
           form=True),
    Option("dummy", "The form of the game", "Open dummy", bool, _same(False),
           lambda r: ("After trump is named the declarer's partner lays the hand open and the declarer plays both "
                      "hands." if r.dummy else "Every player plays their own hand."),
           form=True),
    Option("kitty", "The form of the game", "Cards face down (kitty)", int, _same(0),
           lambda r: (f"{r.kitty} cards lie face down; the declarer takes them after naming trump and buries "
                      f"{r.kitty} (any cards); {r.tricks_per_deal} tricks." if r.kitty
                      else "The whole deck is dealt: 13 tricks."),
           choices=(0, 4), low=0, high=4, form=True),
    # --- house rules of the auction and the lead --------------------------------------------
    Option("weak_hand_redeal", "House rules", "Redeal for a weak hand", bool, _same(False),
           lambda r: ("A player holding no card above 10 may demand a redeal." if r.weak_hand_redeal
                      else "No redeal for weak hands."),
           house={True: "classic (Neu geben: 'Wer keine Karte höher als eine 10 hat, darf ein neues Austeilen "
                        "verlangen')"}),
    Option("akq_trump_lead", "House rules", "A-K-Q may lead trump", bool, _same(False),
           lambda r: ("Holding A-K-Q of trump, a player may lead the ace (and then the others) before trump is "
                      "broken." if r.akq_trump_lead else "No A-K-Q exception to the trump-lead rule."),
           house={True: "classic (Trumpf mit A-K-D: 'darf, wer Ass, König und Dame in Trumpf hat, diese "
                        "nacheinander ausspielen')"}),
)
"""Every option, in the order the rules are explained."""

OPTIONS_BY_NAME: Final[Mapping[str, Option]] = MappingProxyType({o.name: o for o in OPTIONS})


def _suit_plural(letter: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[letter]


def option(name: str) -> Option:
    """The option called ``name``; unknown names raise ValueError listing the options."""
    if not isinstance(name, str) or name not in OPTIONS_BY_NAME:
        close = difflib.get_close_matches(name[:100], list(OPTIONS_BY_NAME), n=1) if isinstance(name, str) else []
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"unknown rule option {shorten(name)}{hint}; every option is listed by `batak rules` "
                         "and in docs/rules.md")
    return OPTIONS_BY_NAME[name]


def parse_value(name: str, text: str) -> Any:
    """An option's value written as text ("4", "true", "redeal", "3,5,7"), checked against the table."""
    return option(name).parse(text)
