"""Plain-English descriptions of a rule set, each option with the source its value comes from.

Used by the rule lab, the lessons and ``batak rules``: a learner reads "Lowest bid: 5 (from
the miniokey rules: 'Das erste Gebot ist mindestens 5')" and can check the original text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from ..cards import Suit

if TYPE_CHECKING:
    from ..rules import RuleSet

SOURCE_FILES: Final = {
    "miniokey": "000_ddc2b6324dcf2c7a.txt (German, an online game's how-to page)",
    "classic": "001_16be6e02cb7f8126.txt (German, detailed rules with variants)",
    "danish": "002_06f287762bd6642f.txt (Danish rules and scoring)",
    "turkish": "003_31d529adc61f09fb.txt (Turkish rules site)",
    "gamelake": "004_5cb5988a517bed62.txt (Spanish, an online game's rules page)",
}

# The original words behind each preset value, quoted so a rules argument can be settled
# against the source text itself.
QUOTES: Final[dict[tuple[str, str], str]] = {
    ("miniokey", "min_bid"): "Das erste Gebot ist mindestens 5",
    ("classic", "min_bid"): "Das niedrigste Gebot ist 5",
    ("danish", "min_bid"): "Åbningsbuddet skal være mindst fem",
    ("turkish", "min_bid"): "En düşük ihale 5'tir (ayarlanabilir)",
    ("gamelake", "min_bid"): "La puja mínima es 4",
    ("miniokey", "all_pass"): "Passen alle, spielt der Spieler rechts vom Geber mit Gebot 4",
    ("classic", "all_pass"): "Bietet niemand, wird der Geber Alleinspieler mit einem Gebot von 4",
    ("danish", "all_pass"): "Melder alle pas, kastes hånden, og der gives om",
    ("turkish", "all_pass"): "Dört oyuncu da pas geçerse ihale 5 ile dağıtana kalır",
    ("gamelake", "all_pass"): "Si los tres primeros jugadores pasan, quien reparte tiene que "
                              "quedársela con la puja mínima o más",
    ("miniokey", "trump_lead_restricted"): "Bis der erste Trumpf gespielt wurde, darf niemand mit "
                                           "Trumpf ausspielen",
    ("classic", "trump_lead_restricted"): "Trumpf darf erst ausgespielt werden, wenn in einem "
                                          "früheren Stich schon Trumpf gespielt wurde",
    ("turkish", "trump_lead_restricted"): "koz kırılmadan koz ile ele başlayamaz",
    ("gamelake", "trump_lead_restricted"): "No se puede salir con triunfo hasta que alguien haya "
                                           "fallado con un triunfo sobre otro palo",
    ("gamelake", "trump_broken_by"): "hasta que alguien haya fallado con un triunfo sobre otro palo",
    ("turkish", "trump_broken_by"): "Koz, herhangi bir oyuncu tarafından ilk kez oynandığında "
                                    "kırılmış sayılır",
    ("miniokey", "must_overtake"): "Kannst du die höchste Karte dieser Farbe auf dem Tisch "
                                   "schlagen, musst du höher spielen",
    ("classic", "must_overtake"): "die höchste Karte dieser Farbe im Stich überstechen, wenn du kannst",
    ("danish", "must_overtake"): "Bekend farve, hvis du kan (nothing more)",
    ("turkish", "must_overtake"): "yerdeki en büyük kartı geçebiliyorsanız geçmek zorundasınız",
    ("gamelake", "must_overtake"): "Si puedes superar la carta más alta de ese palo que ya está "
                                   "en la baza, debes hacerlo",
    ("miniokey", "overtake_when_trumped"): "Wurde der Stich schon mit Trumpf gestochen, entfällt "
                                           "die Pflicht zum Überstechen",
    ("turkish", "overtake_when_trumped"): "Yerde koz varsa (el zaten çakılmışsa) yükseltme "
                                          "zorunluluğu kalkar",
    ("classic", "overtake_when_trumped"): "Bedienen, wenn du kannst, und die höchste Karte dieser "
                                          "Farbe im Stich überstechen, wenn du kannst (no exception)",
    ("gamelake", "overtake_when_trumped"): "Si puedes superar la carta más alta de ese palo que ya "
                                           "está en la baza, debes hacerlo (no exception)",
    ("miniokey", "must_overtrump"): "Liegt schon ein Trumpf auf dem Tisch und du kannst ihn "
                                    "schlagen, spielst du einen höheren",
    ("classic", "must_overtrump"): "musst du höher trumpfen, wenn du kannst",
    ("danish", "must_overtrump"): "skal du trumfe, hvis du har en trumf (nothing more)",
    ("turkish", "must_overtrump"): "Yerde koz varsa daha büyük koz oynamak zorunludur",
    ("gamelake", "must_overtrump"): "uno más alto que cualquier triunfo que ya esté en la baza si puedes",
    ("turkish", "any_card_when_cannot_overtrump"): "Daha büyük kozunuz yoksa küçük koz dâhil "
                                                   "herhangi bir kartı atabilirsiniz",
    ("classic", "any_card_when_cannot_overtrump"): "sonst genügt irgendein Trumpf",
    ("miniokey", "declarer_made"): "Gebot geschafft: Stiche × 10",
    ("classic", "declarer_made"): "70 + 1 = 71",
    ("danish", "declarer_made"): "score B × 10 + (T − B) × 1",
    ("turkish", "declarer_made"): "İhale tutarsa: Alınan el kadar +",
    ("gamelake", "declarer_made"): "Quien ganó la subasta y cumple suma sus bazas",
    ("miniokey", "defender_zero"): "Kein einziger Stich: −50",
    ("classic", "defender_zero"): "Dan bleibt ohne Stich und geht unter: −70",
    ("danish", "defender_per_trick"): "1 point pr. vundet stik",
    ("miniokey", "deals"): "3, 5, 7, 9 oder 11 Runden (Standard 5)",
    ("classic", "deals"): "oft 5, 7, 11, 15 oder 21",
    ("gamelake", "deals"): "en GameLake 3, 5 o 10",
    ("danish", "target"): "typisk 151, eller 501 for en længere aften",
    ("turkish", "target"): "Yaygın hedefler 51 ve 101'dir",
    ("miniokey", "tie_rule"): "bei Gleichstand teilen sich die Spieler den Platz",
    ("danish", "tie_rule"): "Er to spillere lige på eller over målet, gives der om, indtil det er afgjort",
    ("gamelake", "tie_rule"): "si hay empate en cabeza, se juega una mano más",
    ("miniokey", "move_seconds"): "Jeder Zug dauert 30 Sekunden, bei Bedarf gibt es einmal 30 Sekunden extra",
}

VARIANT_QUOTES: Final[dict[tuple[str, str], str]] = {
    ("classic", "koz_maca"): "Es wird nicht gereizt; Pik ist immer Trumpf. Reihum sagt jeder an, wie viele "
                             "Stiche er machen wird (oder „keinen“)",
    ("turkish", "koz_maca"): "Koz maçada ihale yoktur; herkes sırayla kaç el alacağını söyler (en az 1)",
    ("classic", "esli"): "das Mindestgebot ist 8 (passen alle, spielt der Geber 7). Nach der Trumpfwahl legt "
                         "der Partner des Alleinspielers seine Karten offen auf den Tisch",
    ("turkish", "esli"): "Eşli batakta ortağınız o an eli alıyorsa yükseltme ve koz kesme zorunluluğu yoktur",
    ("danish", "esli"): "I makkerspil lægger spilførerens side sine to stiktal sammen op mod buddet",
    ("gamelake", "esli"): "La puja mínima es 4 (7 en el Batak por parejas)",
    ("turkish", "gommeli"): "gömmeli batakta 12'şer kart dağıtılır ve 4 kart gömülür",
}

HOUSE_RULES: Final[dict[tuple[str, object], str]] = {
    ("every_trick_counts", True): "classic (Jeder Stich zählt)",
    ("double_penalty", True): "danish (dobbeltstraf)",
    ("made_thirteen_doubles", True): "danish (et lykkedes bud på alle tretten stik som dobbelt værd)",
    ("exact_bid_scores_bid", True): "turkish regional rule (tam söylediği kadar el alırsa ihale kadar)",
    ("weak_hand_redeal", True): "classic (Neu geben: keine Karte höher als eine 10)",
    ("akq_trump_lead", True): "classic (Trumpf mit A-K-D)",
    ("min_bid", 4): "classic (Mindestgebot 4)",
    ("all_pass", "redeal"): "turkish regional and danish (kimse ihale vermezse kartlar yeniden dağıtılır)",
    ("trump_lead_restricted", False): "miniokey's table setting 'Trumpf muss gebrochen sein' switched off",
    ("overtricks_sink", 3): "classic Koz Maça (an vielen Tischen: yandan batmak)",
}
"""House rules the sources name, by option and value."""


@dataclass(frozen=True)
class RuleDescription:
    """One option of a rule set explained: its value in words and where that value comes from."""

    option: str
    value: Any
    text: str
    source: str


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


_TEXTS: Final[dict[str, Callable[[RuleSet], str]]] = {
    "direction": lambda r: f"Play goes {r.direction.value} (the next player sits to your "
                           f"{'right' if r.direction.value == 'counterclockwise' else 'left'}).",
    "min_bid": lambda r: f"Lowest bid: {r.min_bid}.",
    "max_bid": lambda r: f"Highest bid: {r.max_bid} (it ends the auction at once).",
    "all_pass": lambda r: {
        "first_bidder_plays": f"If everyone passes, the player after the dealer must play at {r.all_pass_bid}.",
        "dealer_plays": f"If everyone passes, the dealer must play at {r.all_pass_bid}.",
        "redeal": "If everyone passes, the cards are thrown in and dealt again.",
        "dealer_must_bid": "If the first three pass, the dealer may not pass and must bid "
                           f"{r.min_bid} or more.",
    }[r.all_pass.value],
    "all_pass_bid": lambda r: (f"The forced contract after four passes is {r.all_pass_bid}."
                               if r.all_pass.value in ("first_bidder_plays", "dealer_plays")
                               else "No forced contract after four passes."),
    "trump_lead_restricted": lambda r: ("Trump may not be led until it is broken, unless you hold only trumps."
                                        if r.trump_lead_restricted else "Trump may be led at any time."),
    "trump_broken_by": lambda r: ("Trump is broken only by a ruff (a trump played on another suit's lead)."
                                  if r.trump_broken_by.value == "ruff_only"
                                  else "Trump is broken by the first trump anyone plays."),
    "must_overtake": lambda r: ("You must beat the highest card of the led suit if you can (overtake duty)."
                                if r.must_overtake else "You must follow suit but need not beat the cards played."),
    "overtake_when_trumped": lambda r: (
        "The overtake duty holds even when the trick is already trumped." if r.overtake_when_trumped
        else "Once the trick is trumped, you need not overtake (following suit is enough)."),
    "must_ruff": lambda r: f"Void in the led suit, you must play a trump if you have one: {_yes(r.must_ruff)}.",
    "must_overtrump": lambda r: ("Void in the led suit, you must beat a trump already in the trick if you can."
                                 if r.must_overtrump else "Void in the led suit, any trump will do."),
    "any_card_when_cannot_overtrump": lambda r: (
        "If you cannot overtrump, you may play any card, a small trump included."
        if r.any_card_when_cannot_overtrump else "If you cannot overtrump, you must still play a trump."),
    "declarer_made": lambda r: {
        "ten_per_trick": "A declarer who makes the bid scores 10 per trick taken.",
        "ten_per_bid": "A player who makes the number scores 10 × the number (extra tricks add nothing).",
        "ten_per_bid_plus_overtricks": "A declarer who makes the bid scores 10 × bid + 1 per extra trick.",
        "one_per_trick": "A declarer who makes the bid scores 1 per trick taken.",
    }[r.declarer_made.value],
    "declarer_failed_per_bid": lambda r: f"A declarer who fails loses {r.declarer_failed_per_bid} × the bid.",
    "defender_per_trick": lambda r: f"The other players score {r.defender_per_trick} per trick.",
    "defender_zero": lambda r: {
        "nothing": "A player other than the declarer who takes no trick scores 0.",
        "minus_50": "A player other than the declarer who takes no trick loses 50.",
        "minus_ten_bid": "A player other than the declarer who takes no trick 'sinks' and loses 10 × the bid.",
    }[r.defender_zero.value],
    "every_trick_counts": lambda r: ("House rule 'every trick counts' (10 per trick for a made bid): "
                                     f"{_yes(r.every_trick_counts)}."),
    "double_penalty": lambda r: f"House rule 'double penalty' for a failed bid: {_yes(r.double_penalty)}.",
    "made_thirteen_doubles": lambda r: f"House rule 'a made bid of 13 counts double': {_yes(r.made_thirteen_doubles)}.",
    "exact_bid_scores_bid": lambda r: f"House rule 'exact bid scores the bid': {_yes(r.exact_bid_scores_bid)}.",
    "game_end": lambda r: ("The game lasts a fixed number of deals." if r.game_end.value == "fixed_deals"
                           else "The game ends when someone reaches the target score."),
    "deals": lambda r: f"Number of deals: {r.deals}" + (
        f" (the table may choose {', '.join(map(str, r.deal_choices))})." if r.deal_choices else "."),
    "deal_choices": lambda r: ("Game lengths on offer: " + ", ".join(map(str, r.deal_choices)) + " deals."
                               if r.deal_choices else "Any number of deals may be agreed."),
    "target": lambda r: (f"Target score: {r.target}." if r.game_end.value == "target_score"
                         else "No target score (fixed number of deals)."),
    "target_choices": lambda r: ("Common targets: " + ", ".join(map(str, r.target_choices)) + "."
                                 if r.target_choices else "No usual targets named."),
    "tie_rule": lambda r: {
        "share": "Players tied for first share the place.",
        "extra_deal": "A tie for first is broken by playing one more deal (again while still tied).",
        "deal_until_decided": "A tie for first at or over the target: deal again until it is decided.",
    }[r.tie_rule.value],
    "move_seconds": lambda r: (f"Move clock: {r.move_seconds} s, once {r.extra_seconds} s extra; on timeout "
                               "pass, the longest suit becomes trump, the lowest legal card is played."
                               if r.move_seconds else "No move clock."),
    "extra_seconds": lambda r: f"Extra time once per game: {r.extra_seconds} s.",
    "variant": lambda r: {
        "ihaleli": "İhaleli Batak: an auction, every player for themselves.",
        "koz_maca": "Koz Maça: no auction, spades are always trump, everyone announces a number of tricks.",
        "esli": "Eşli Batak: partners sit opposite (seats 0+2 against 1+3) and count their tricks together.",
        "gommeli": "Gömmeli Batak: 12 cards each and 4 face down, which the declarer takes and buries 4.",
    }[r.variant.value],
    "announcements": lambda r: ("Instead of an auction each player in turn announces how many tricks they "
                                "will take; the player after the dealer leads." if r.announcements
                                else "Contracts are won in an auction."),
    "announce_min": lambda r: ("Announcing 0 ('none') is allowed." if r.announce_min == 0
                               else "Every announcement is at least 1 trick."),
    "nil_points": lambda r: (f"'None' announced: +{r.nil_points} with no trick, otherwise −{r.nil_points}."
                             if r.announcements and r.announce_min == 0 else "No 'none' announcement."),
    "overtricks_sink": lambda r: (f"Taking {r.overtricks_sink} or more tricks over your announcement also sinks "
                                  "(yandan batmak)." if r.overtricks_sink else "Overtricks never sink."),
    "fixed_trump": lambda r: (f"Trump is always {Suit.parse(r.fixed_trump).plural}."
                              if r.fixed_trump else "The declarer chooses trump."),
    "partnership": lambda r: ("Partners' tricks count together, also against the bid; both partners get "
                              "their side's score." if r.partnership else "Every player for themselves."),
    "partner_winning_exempt": lambda r: (
        "While your partner is winning the trick you need only follow suit (no overtake or ruff duty)."
        if r.partner_winning_exempt else "The overtake and ruff duties hold even when your partner is winning."),
    "dummy": lambda r: ("After trump is named the declarer's partner lays the hand open and the declarer "
                        "plays both hands." if r.dummy else "Every player plays their own hand."),
    "kitty": lambda r: (f"{r.kitty} cards lie face down; the declarer takes them after naming trump and buries "
                        f"{r.kitty} (any cards); {r.tricks_per_deal} tricks." if r.kitty
                        else "The whole deck is dealt: 13 tricks."),
    "weak_hand_redeal": lambda r: ("A player holding no card above 10 may demand a redeal." if r.weak_hand_redeal
                                   else "No redeal for weak hands."),
    "akq_trump_lead": lambda r: ("Holding A-K-Q of trump, a player may lead the ace (and then the others) "
                                 "before trump is broken." if r.akq_trump_lead
                                 else "No A-K-Q exception to the trump-lead rule."),
}


def _source(rules: RuleSet, option: str) -> str:
    from ..rules import PRESETS, preset

    base = preset(rules.name, rules.variant) if rules.name in PRESETS else None
    value = getattr(rules, option)
    if base is not None and getattr(base, option) == value:
        if getattr(PRESETS[rules.name], option) != value:
            quote = VARIANT_QUOTES.get((rules.name, rules.variant.value))
            return f"{rules.name} {rules.variant.value} rules" + (f": “{quote}”" if quote else "")
        quote = QUOTES.get((rules.name, option))
        return f"{rules.name} rules" + (f": “{quote}”" if quote else "")
    sharing = [name for name, other in PRESETS.items() if getattr(other, option) == value]
    also = f"; as in the {', '.join(sharing)} rules" if sharing else ""
    house = HOUSE_RULES.get((option, value.value if isinstance(value, Enum) else value))
    if house:
        return f"house rule named by {house}{also}"
    if sharing:
        return f"changed from {rules.name}{also}"
    return f"changed from {rules.name} (a table setting no source names)"


def describe(rules: RuleSet) -> list[RuleDescription]:
    """Every option except the name, in plain English with its source, then the rules the
    sources name but leave unspecified."""
    from ..rules import NOT_SPECIFIED

    options = rules.options()
    out = [RuleDescription(option, options[option], text(rules), _source(rules, option))
           for option, text in _TEXTS.items()]
    out += [RuleDescription(name, None, text, "not specified") for name, text in NOT_SPECIFIED.items()]
    return out
