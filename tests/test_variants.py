"""Variants and house rules: Koz Maça, Eşli, Gömmeli, and what the sources leave open."""

import pytest

import batak_core as bc
from batak_core.rules import NotSpecifiedError
from tests.conftest import auction, suit_hands


class TestSelection:
    def test_pairings_the_sources_describe(self) -> None:
        for name in ("classic", "turkish"):
            assert bc.preset(name, "koz_maca").variant is bc.Variant.KOZ_MACA
        for name in ("classic", "turkish", "danish", "gamelake"):
            assert bc.preset(name, variant="esli").partnership
        assert bc.preset("turkish", "gommeli").kitty == 4

    @pytest.mark.parametrize("name,variant,message", [
        ("miniokey", "esli", "the miniokey rules do not describe esli; it is described by: classic, turkish"),
        ("gamelake", "gommeli", "it is described by: turkish"),
        ("turkish", "bridge", "unknown variant 'bridge'"),
    ])
    def test_undescribed_pairings_are_refused(self, name: str, variant: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            bc.preset(name, variant)

    def test_invalid_combinations_are_refused(self) -> None:
        with pytest.raises(ValueError, match=r"partnership belongs to the form of the game"):
            bc.preset("turkish", "gommeli", partnership=True)
        with pytest.raises(ValueError, match="partnership belongs to the form of the game"):
            bc.preset("classic", "koz_maca", partnership=True)
        with pytest.raises(ValueError, match="dummy belongs to the form of the game"):
            bc.preset("classic", dummy=True)
        with pytest.raises(ValueError, match="max_bid must be at most 12"):
            bc.preset("turkish", "gommeli", max_bid=13)

    @pytest.mark.parametrize("call", [
        lambda: bc.preset("turkish", two_or_fewer_sinks=True),
        lambda: bc.preset("danish", "gonullu"),
        lambda: bc.preset("danish", "koz_maca"),
    ])
    def test_rules_the_sources_leave_open_are_not_invented(self, call: object) -> None:
        with pytest.raises(NotSpecifiedError, match="not specified"):
            call()  # type: ignore[operator]

    def test_describe_lists_the_unspecified_rules_and_variant_sources(self) -> None:
        items = {i.option: i for i in bc.preset("classic", "koz_maca").describe()}
        assert items["two_or_fewer_sinks"].source == "not specified"
        assert items["gonullu"].source == "not specified"
        assert "Pik ist immer Trumpf" in items["fixed_trump"].quote
        assert "spades" in items["fixed_trump"].text


class TestKozMaca:
    def test_announcements_replace_the_auction(self) -> None:
        deal = bc.Deal.random(bc.preset("classic", "koz_maca"), seed=1, dealer=3)
        assert deal.trump == bc.Suit.SPADES and deal.phase == "auction" and not deal.can_pass
        assert deal.to_move == 0 and deal.legal_bids() == list(range(0, 14))
        auction(deal, "0 3 2 4")
        assert deal.announcements == [0, 3, 2, 4]
        assert (deal.phase, deal.to_move, deal.declarer) == ("play", 0, None)

    def test_turkish_announces_at_least_one(self) -> None:
        deal = bc.Deal.random(bc.preset("turkish", "koz_maca"), seed=1)
        with pytest.raises(bc.IllegalMove, match="Announce a number of tricks from 1 to 13"):
            deal.bid(0)
        with pytest.raises(bc.IllegalMove) as error:
            deal.pass_bid()
        assert error.value.rule == "must-announce" and "nobody passes" in error.value.reason

    def test_first_trick_may_not_be_led_with_a_spade(self) -> None:
        deal = bc.Deal.random(bc.preset("classic", "koz_maca"), seed=2, dealer=0)
        auction(deal, "1 1 1 1")
        leader = deal.to_move
        assert leader == 1
        spades = [c for c in deal.hand(leader) if c.suit == bc.Suit.SPADES]
        if spades and len(spades) < 13:
            assert deal.explain(spades[0]).rule == "trump-not-broken"

    @pytest.mark.parametrize("announced,tricks,points", [
        (3, 3, 30), (3, 4, 30), (3, 2, -30),  # "10 × die Zahl" either way
        (2, 5, -20),  # three or more over: yandan batmak
        (0, 0, 50), (0, 1, -50),  # "keinen"
    ])
    def test_classic_scoring(self, announced: int, tricks: int, points: int) -> None:
        from batak_core.scoring import announcement_points
        assert announcement_points(bc.preset("classic", "koz_maca"), announced, tricks) == points

    def test_overtricks_sinking_is_a_table_rule(self) -> None:
        from batak_core.scoring import announcement_points
        assert announcement_points(bc.preset("classic", "koz_maca", overtricks_sink=0), 2, 5) == 20

    def test_turkish_scoring(self) -> None:
        rules = bc.preset("turkish", "koz_maca")
        assert bc.scoring.score_announcements(rules, [3, 2, 4, 1], [5, 1, 4, 3]) == [5, -2, 4, 3]


class TestEsli:
    def test_classic_lowest_bid_and_all_pass(self) -> None:
        deal = bc.Deal.random(bc.preset("classic", "esli"), seed=1, dealer=2)
        assert deal.legal_bids()[0] == 8
        auction(deal, "p p p p")
        assert (deal.declarer, deal.contract) == (2, 7)

    def test_gamelake_lowest_bid_seven(self) -> None:
        assert bc.Deal.random(bc.preset("gamelake", "esli"), seed=1).legal_bids()[0] == 7

    @pytest.mark.parametrize("name,tricks,scores", [
        ("classic", [5, 2, 4, 2], [90, 40, 90, 40]),  # made: 10 per team trick
        ("classic", [3, 4, 4, 2], [-80, 60, -80, 60]),  # failed: −10 × bid
        ("turkish", [5, 2, 4, 2], [9, 4, 9, 4]),  # each partner + the team's tricks
        ("turkish", [3, 4, 4, 2], [-8, 6, -8, 6]),
        ("danish", [5, 2, 4, 2], [81, 4, 81, 4]),  # scores once as a team; pair 1 per trick
        ("gamelake", [5, 2, 4, 2], [9, 4, 9, 4]),
    ])
    def test_team_scoring(self, name: str, tricks: list[int], scores: list[int]) -> None:
        assert bc.score_deal(bc.preset(name, "esli"), 0, 8, tricks) == scores

    def test_classic_dummy_is_played_by_the_declarer(self) -> None:
        deal = bc.Deal(bc.preset("classic", "esli"), suit_hands("S"), dealer=3)
        auction(deal, "8 p p p")  # seat 0 declares; seat 2 is the dummy
        assert deal.dummy is None, "the dummy is laid open only after trump is named"
        deal.declare_trump("S")
        assert deal.dummy == 2 and deal.view(1).dummy_hand == tuple(bc.sorted_hand(deal.hand(2)))
        deal.play("AS")
        deal.play("2H")
        assert deal.to_move == 2 and deal.decider == 0
        assert deal.view(0).my_turn and not deal.view(2).my_turn
        assert deal.view(0).legal_plays == tuple(deal.legal_plays())
        deal.play(deal.legal_plays()[0])
        assert deal.decider == deal.to_move == 3

    def test_turkish_partner_winning_exemption(self) -> None:
        rules = bc.preset("turkish", "esli")
        hand = bc.parse_cards("QC 4C 2D")
        # Partner's K♣ wins so far: following suit is enough, no need to overtake.
        assert set(bc.legal_plays(rules, hand, bc.parse_cards("9C KC"), bc.Suit.HEARTS, False,
                                  partner_winning=True)) == set(bc.parse_cards("QC 4C"))
        assert bc.legal_plays(rules, hand, bc.parse_cards("9C"), bc.Suit.HEARTS, False) == bc.parse_cards("QC")
        void = bc.parse_cards("3H 2D")
        verdict = bc.explain_play(rules, void, bc.parse_cards("9C KC"), bc.Suit.HEARTS, False,
                                  bc.Card.parse("2D"), partner_winning=True)
        assert verdict.legal and verdict.rule == "partner-winning"
        classic = bc.preset("classic", "esli")
        assert bc.legal_plays(classic, void, bc.parse_cards("9C KC"), bc.Suit.HEARTS, False,
                              partner_winning=True) == bc.parse_cards("3H")

    def test_partner_exemption_inside_a_deal(self) -> None:
        hands = [bc.parse_cards(h) for h in (
            "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")]
        deal = bc.Deal(bc.preset("turkish", "esli"), hands, dealer=0)
        auction(deal, "5 p p p")  # seat 1 (clubs) declares
        deal.declare_trump("H")
        deal.play("2C")  # seat 1 leads a club; seat 2 has only hearts (trump) and must ruff
        deal.play("2H")
        # seat 3 holds only diamonds: any card anyway; seat 0's partner (seat 2) is winning.
        deal.play("2D")
        assert set(deal.legal_plays()) == set(deal.hand(0))

    def test_game_winners_are_a_team(self) -> None:
        from batak_core.game import leaders
        assert leaders([40, 10, 40, 10]) == [0, 2]


class TestGommeli:
    def test_deal_bury_and_play(self) -> None:
        rules = bc.preset("turkish", "gommeli")
        deal = bc.Deal.random(rules, seed=7)
        assert all(len(deal.hand(s)) == 12 for s in range(4)) and len(deal.kitty) == 4
        assert deal.legal_bids()[-1] == 12
        assert deal.view(1).kitty == ()
        auction(deal, "6 p p p")
        declarer = deal.declarer
        assert declarer is not None
        kitty = deal.kitty
        deal.declare_trump("H")
        assert deal.phase == "bury" and len(deal.hand(declarer)) == 16
        assert set(kitty) <= set(deal.hand(declarer))
        assert deal.view(declarer).kitty == tuple(kitty) and deal.view((declarer + 1) % 4).kitty == ()
        before = deal.snapshot()
        with pytest.raises(bc.IllegalMove, match="Bury exactly 4"):
            deal.bury(deal.hand(declarer)[:3])
        with pytest.raises(bc.IllegalMove, match="not in your hand"):
            deal.bury([*deal.hand(declarer)[:3], deal.hand((declarer + 1) % 4)[0]])
        assert deal.snapshot() == before
        buried = deal.hand(declarer)[-4:]
        deal.bury(buried)
        assert deal.buried == sorted(buried) and deal.phase == "play" and deal.to_move == declarer
        assert deal.view(declarer).buried == tuple(sorted(buried)) and deal.view((declarer + 2) % 4).buried == ()
        while deal.phase == "play":
            deal.play(deal.legal_plays()[0])
        assert sum(deal.tricks_won) == 12
        assert sum(len(t.cards) for t in deal.tricks) + len(deal.buried) == 52
        taken = deal.tricks_won[declarer]
        assert deal.scores()[declarer] == (taken if taken >= 6 else -6)
        loaded = bc.load_deal(bc.to_json(deal))
        assert loaded.snapshot() == deal.snapshot()

    def test_kitty_is_checked(self) -> None:
        rules = bc.preset("turkish", "gommeli")
        hands = [h[:12] for h in suit_hands()]
        with pytest.raises(ValueError, match="the kitty has 0 cards; these rules need 4"):
            bc.Deal(rules, hands)
        kitty = [h[12] for h in suit_hands()]
        assert bc.Deal(rules, hands, kitty=kitty).kitty == sorted(kitty)


class TestHouseRules:
    def test_weak_hand_may_demand_a_redeal(self) -> None:
        weak = bc.parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H 4H 5H")
        rest = [c for c in bc.cards.CARDS if c not in weak]
        hands = [rest[0:13], weak, rest[13:26], rest[26:39]]
        deal = bc.Deal(bc.preset("classic", weak_hand_redeal=True), hands, dealer=0)
        assert deal.to_move == 1 and deal.can_demand_redeal
        deal.demand_redeal()
        assert deal.phase == "redeal" and [str(a) for a in deal.history] == ["redeal"]
        deal.undo()
        assert deal.phase == "auction"
        strict = bc.Deal(bc.preset("classic"), hands, dealer=0)
        with pytest.raises(bc.IllegalMove, match="no weak-hand redeal"):
            strict.demand_redeal()
        strong = bc.Deal(bc.preset("classic", weak_hand_redeal=True), hands, dealer=3)
        with pytest.raises(bc.IllegalMove, match="you hold a card above 10"):
            strong.demand_redeal()

    def test_akq_of_trump_may_lead_the_ace(self) -> None:
        rules = bc.preset("classic", akq_trump_lead=True)
        hand = bc.parse_cards("AH KH QH 2H 3S")
        assert set(bc.legal_plays(rules, hand, [], bc.Suit.HEARTS, False)) == set(bc.parse_cards("AH 3S"))
        verdict = bc.explain_play(rules, hand, [], bc.Suit.HEARTS, False, bc.Card.parse("2H"))
        assert verdict.rule == "trump-not-broken" and "A-K-Q" in verdict.reason
        assert bc.legal_plays(rules, bc.parse_cards("AH KH 2H 3S"), [], bc.Suit.HEARTS, False) == \
            bc.parse_cards("3S")
        with pytest.raises(ValueError, match="akq_trump_lead is described with trump broken by any trump"):
            bc.preset("gamelake", akq_trump_lead=True)
