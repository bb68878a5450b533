"""The Turkish words of the game, as data: each word, its plain meaning, the lessons where it comes
up, and the rule book's own sentence that uses it (word for word, with a translation).

The glossary page of the course is drawn from this list, and lessons link a word to its entry
(``lessons.pages.page_parts.term``), so a word is explained once. ``word`` is written in lower case
as the course writes it; it is the key a lesson links by.

The word stays Turkish in every language of the course; what explains it (``english``, ``meaning``,
``translation``) is English here, marked for the catalog, and shown in the page's language by
``Term.gloss``, ``Term.explained`` and ``Term.translated``. The quotes stay in the rule books' own
words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..i18n import N_, _, active_locale

QUOTE_LANGUAGES: Final = {"miniokey": "de", "classic": "de", "danish": "da", "turkish": "tr", "gamelake": "es"}
"""The language each rule book is written in (a source's name to a language code)."""


@dataclass(frozen=True)
class Term:
    """One word: ``english`` in a few words, ``meaning`` in a plain sentence or two, ``lessons`` the
    ids of the lessons where it comes up, and ``quote`` the rule book ``source`` (a preset name)
    using the word, with ``translation`` into English."""

    word: str
    english: str
    meaning: str
    lessons: tuple[str, ...]
    source: str = ""
    quote: str = ""
    translation: str = ""

    def gloss(self) -> str:
        """``english`` in the active language: the word in a few words."""
        return _(self.english)

    def explained(self) -> str:
        """``meaning`` in the active language."""
        return _(self.meaning)

    def translated(self) -> str:
        """The quote's ``translation`` in the active language, or '' when the rule book is written in
        that language already (or there is no quote): a Turkish quote needs none on the Turkish page."""
        if not self.quote or QUOTE_LANGUAGES.get(self.source) == active_locale():
            return ""
        return _(self.translation)


TERMS: Final[tuple[Term, ...]] = (
    Term("batak", N_("the game; “sinking”"),
         N_("The name of the game. It comes from batmak, to sink: in every deal somebody tries to make "
         "someone else go down."),
         ("cards",), "turkish", "Batak 52 kartlık standart desteyle, jokersiz oynanır.",
         N_("Batak is played with a standard deck of 52 cards, without jokers.")),
    Term("deste", N_("the deck"), N_("The pack of 52 cards: four suits of 13, no jokers."),
         ("cards",), "turkish", "Batak 52 kartlık standart desteyle, jokersiz oynanır.",
         N_("Batak is played with a standard deck of 52 cards, without jokers.")),
    Term("renk", N_("a suit"), N_("One of the four suits: maça, kupa, karo, sinek. The word also means "
         "colour."),
         ("cards", "following"), "turkish", "Kart sıralaması her renkte As en büyük, 2 en küçük olacak şekildedir.",
         N_("In every suit the ace is the highest card and the 2 the lowest.")),
    Term("as", N_("the ace"), N_("The highest card of every suit."),
         ("cards",), "turkish", "Kart sıralaması her renkte As en büyük, 2 en küçük olacak şekildedir.",
         N_("In every suit the ace is the highest card and the 2 the lowest.")),
    Term("maça", N_("spades"), N_("The suit ♠. In Koz Maça it is always trump."),
         ("cards", "variants"), "turkish", "Koz maçada koz her zaman maçadır.",
         N_("In Koz Maça, trump is always spades.")),
    Term("kupa", N_("hearts"), N_("The suit ♥."), ("cards",)),
    Term("karo", N_("diamonds"), N_("The suit ♦."), ("cards",)),
    Term("sinek", N_("clubs"), N_("The suit ♣."), ("cards",)),
    Term("dağıtmak", N_("to deal"),
         N_("To give out the cards, one at a time, until everyone has their hand. The turn to deal moves "
         "on by one player after every deal."),
         ("cards", "game-end"), "turkish", "solundan başlayarak saat yönünde tek tek dağıtır",
         N_("he deals them one by one, clockwise, starting on his left")),
    Term("dağıtan", N_("the dealer"), N_("The player who deals this time. The player after the dealer speaks "
         "first in the auction."),
         ("cards", "auction", "game-end"), "turkish", "Dağıtanın solundaki oyuncu ilk konuşur.",
         N_("The player on the dealer's left speaks first.")),
    Term("el", N_("a trick; also a deal"),
         N_("In the rules, el is one trick: four cards, one from each player, won by one of them. In "
         "everyday talk it also means one deal (a hand)."),
         ("first-deal", "winner", "scoring"), "turkish", "Sonraki ellere önceki eli alan oyuncu başlar.",
         N_("The next tricks are led by the player who won the trick before.")),
    Term("eli almak", N_("to win the trick"), N_("To take the four cards of a trick: the highest trump, or "
         "the highest card of the led suit when nobody played trump."),
         ("winner",), "turkish", "Yerde koz varsa en büyük koz eli alır.",
         N_("If there is trump on the table, the highest trump wins the trick.")),
    Term("ihale", N_("the auction; a bid"),
         N_("The bidding before the play: each player in turn bids a number of tricks or passes, and the "
         "highest bid wins. The word also means the winning bid itself."),
         ("auction",), "turkish", "En düşük ihale 5'tir (ayarlanabilir). En yüksek ihale 13'tür.",
         N_("The lowest bid is 5 (adjustable). The highest bid is 13.")),
    Term("ihaleyi alan", N_("the declarer"),
         N_("The player who won the auction: they name trump, lead the first trick and must take at least "
         "as many tricks as they bid."),
         ("auction", "trump"), "turkish", "İhaleyi alan oyuncu kozu ilan eder.",
         N_("The player who won the auction announces trump.")),
    Term("ihaleli", N_("with an auction"),
         N_("İhaleli Batak is the form with an auction, every player for themselves: the game most of this "
         "course teaches."),
         ("cards", "variants"), "turkish", "İhaleli, eşli ve koz maçada 13'er; gömmeli batakta 12'şer kart "
         "dağıtılır", N_("In İhaleli, Eşli and Koz Maça 13 cards each are dealt; in Gömmeli Batak 12 each.")),
    Term("pas", N_("pass"),
         N_("Saying no in the auction. A player who passes is out of the auction for this deal."),
         ("auction",), "turkish", "Pas geçen oyuncu o elde tekrar ihaleye giremez.",
         N_("A player who passed cannot come back into the auction in that deal.")),
    Term("koz", N_("trump"),
         N_("The suit the declarer names. Any trump beats any card of another suit."),
         ("trump", "ruffing", "winner"), "turkish", "Koz kartları diğer üç renkten büyüktür.",
         N_("Trump cards are higher than the other three suits.")),
    Term("çıkmak", N_("to lead"),
         N_("To play the first card of a trick. The suit of that card is the led suit (çıkılan renk), the "
         "suit the others must follow."),
         ("leading-trump", "following"), "turkish",
         "Çıkılan renk elinizde varsa o renkten oynamak zorunludur.",
         N_("If you hold the led suit, you must play that suit.")),
    Term("ilk çıkış", N_("the first lead"), N_("Who plays the first card of the deal: the declarer (in Koz Maça "
         "the player after the dealer)."),
         ("leading-trump", "variants"), "turkish", "İlk çıkış: İhaleyi alan oyuncu (koz maçada dağıtanın "
         "solundaki) ilk ele başlar.",
         N_("The first lead: the player who won the auction (in Koz Maça the player on the dealer's left) "
         "starts the first trick.")),
    Term("koz kırmak", N_("breaking trump"),
         N_("Trump is “broken” once someone has played a trump. Until then nobody may lead trump, unless "
         "they hold nothing else."),
         ("leading-trump", "house-rules"), "turkish",
         "Koz, herhangi bir oyuncu tarafından ilk kez oynandığında kırılmış sayılır.",
         N_("Trump counts as broken when any player plays it for the first time.")),
    Term("renge uymak", N_("following suit"),
         N_("Playing a card of the led suit. You must, whenever you hold one."),
         ("following",), "turkish", "Renge uyma: Çıkılan renk elinizde varsa o renkten oynamak zorunludur.",
         N_("Following suit: if you hold the led suit, you must play that suit.")),
    Term("yükseltme", N_("overtaking"),
         N_("Beating the highest card of the led suit in the trick. Most rule books make it a duty: if "
         "you can go higher, you must."),
         ("following", "house-rules"), "turkish", "Yükseltme: Çıkılan renkten oynarken yerdeki en büyük "
         "kartı geçebiliyorsanız geçmek zorundasınız.",
         N_("Overtaking: when you play the led suit and can beat the highest card on the table, you must.")),
    Term("çakmak", N_("to ruff, to trump"),
         N_("To play a trump on a trick of another suit because you have none of the led suit. A trick "
         "that holds a trump is “çakılmış”, trumped."),
         ("ruffing", "house-rules"), "turkish", "Yerde koz varsa (el zaten çakılmışsa) yükseltme "
         "zorunluluğu kalkar",
         N_("If there is trump on the table (the trick is already trumped), the duty to overtake is lifted")),
    Term("koz kesmek", N_("to ruff"), N_("Another word for çakmak: cutting a trick with a trump."),
         ("ruffing",), "turkish", "Koz kesme (çakma): Çıkılan renk elinizde yoksa koz oynamak zorundasınız.",
         N_("Ruffing: if you do not hold the led suit, you must play a trump.")),
    Term("serbest atış", N_("a free discard"),
         N_("With neither the led suit nor a trump you may throw any card; it cannot win the trick."),
         ("ruffing",), "turkish", "Serbest atış: Çıkılan renk de koz da yoksa istediğiniz kartı atarsınız.",
         N_("Free discard: if you have neither the led suit nor trump, you throw whatever card you like.")),
    Term("batmak", N_("to go down, to sink"),
         N_("To fail: a declarer who takes fewer tricks than the bid “sinks” and loses points. Some rule "
         "books also sink a player who takes no trick at all."),
         ("scoring", "variants"), "gamelake", "Se hunde (batar) y pierde tantos puntos como pujó.",
         N_("They sink (batar) and lose as many points as they bid.")),
    Term("yandan batmak", N_("sinking by overtricks"),
         N_("In Koz Maça on many tables: taking 3 or more tricks over your announcement also counts as "
         "going down, because it spoils the others' counts."),
         ("variants", "house-rules"), "classic", "An vielen Tischen geht unter, wer 3 oder mehr Stiche zu "
         "viel macht (yandan batmak).",
         N_("On many tables, whoever takes 3 or more tricks too many goes down (yandan batmak).")),
    Term("koz maça", N_("spades are trump"),
         N_("The form of Batak without an auction: spades are always trump and every player announces how "
         "many tricks they will take."),
         ("variants",), "turkish", "Koz maçada ihale yoktur; herkes sırayla kaç el alacağını söyler (en az 1).",
         N_("Koz Maça has no auction; everyone in turn says how many tricks they will take (at least 1).")),
    Term("eşli", N_("with partners"),
         N_("Eşli Batak is played in two teams: partners sit opposite each other and count their tricks "
         "together."),
         ("variants",), "turkish", "Eşli batakta ortağınız o an eli alıyorsa yükseltme ve koz kesme "
         "zorunluluğu yoktur; renge uymak yeterlidir.",
         N_("In Eşli Batak, while your partner is winning the trick there is no duty to overtake or ruff; "
         "following suit is enough.")),
    Term("ortak", N_("partner"), N_("Your team mate in Eşli Batak: the player opposite you."),
         ("variants",), "turkish", "Eşli batakta ortağınız o an eli alıyorsa yükseltme ve koz kesme "
         "zorunluluğu yoktur",
         N_("In Eşli Batak, while your partner is winning the trick there is no duty to overtake or ruff")),
    Term("gömmek", N_("to bury"),
         N_("To put cards face down out of the play. In Gömmeli Batak the declarer takes the 4 face-down "
         "cards and then buries 4 cards of their own."),
         ("variants",), "turkish", "Gömmeli batakta koz ilanından sonra ihaleyi alan gömüyü alır ve 4 kart "
         "geri gömer.",
         N_("In Gömmeli Batak, after trump is named the declarer takes the buried cards and buries 4 cards back.")),
    Term("gömü", N_("the buried cards"),
         N_("The 4 cards that lie face down in Gömmeli Batak (a kitty)."),
         ("variants",), "turkish", "Gömmeli batakta koz ilanından sonra ihaleyi alan gömüyü alır ve 4 kart "
         "geri gömer.",
         N_("In Gömmeli Batak, after trump is named the declarer takes the buried cards and buries 4 cards back.")),
    Term("gömmeli", N_("with buried cards"),
         N_("Gömmeli Batak: 12 cards each and 4 face down; the declarer takes the 4 and buries 4, so a "
         "deal has 12 tricks."),
         ("variants",), "turkish", "gömmeli batakta 12'şer kart dağıtılır ve 4 kart gömülür",
         N_("in Gömmeli Batak 12 cards each are dealt and 4 cards are buried")),
    Term("gönüllü", N_("volunteer"),
         N_("Gönüllü Batak is a form without an auction where a volunteer takes on the others. It is only "
         "named, never explained, so this course does not play it."),
         ("variants",), "danish", "Gönüllü Batak dropper auktionen helt til fordel for en frivillig udfordrer.",
         N_("Gönüllü Batak drops the auction altogether in favour of a volunteer challenger.")),
    Term("hedef puan", N_("the target score"),
         N_("The total that ends a game played to a target: once a player reaches it at the end of a deal, "
         "the game is over."),
         ("game-end",), "turkish", "Herhangi bir oyuncu (eşlide takım) hedef puana ulaştığında oyun biter",
         N_("The game ends when any player (in Eşli, a team) reaches the target score")),
    Term("yöresel farklar", N_("regional differences"),
         N_("House rules: the ways some tables or regions play differently from the rule book."),
         ("house-rules",), "turkish", "Bazı masalarda kimse ihale vermezse kartlar yeniden dağıtılır.",
         N_("At some tables, if nobody bids, the cards are dealt again.")),
)
"""Every Turkish word of the game the course uses, in the order a learner meets them."""

TERMS_BY_WORD: Final[dict[str, Term]] = {t.word: t for t in TERMS}
"""The entries by word (the key ``page_parts.term`` links by)."""
