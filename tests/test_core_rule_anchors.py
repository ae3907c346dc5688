"""Every answer the referee gives names the paragraph of the rules it applies, and that
paragraph is on the game's rules page: a legal meld, a broken contract, a lay-off or joker swap
refused, a buy or rummy ruling, a refused step of a followed hand, Hand and Foot's opening and
going-out checks, the arranger's answer. A refusal that breaks no rule names none."""

from __future__ import annotations

import pytest

from referee.core.cards import parse_card, parse_cards
from referee.core.rummy.contracts import check_contract
from referee.core.melds import MeldKind, MeldRules
from referee.core.rule_anchors import RuleAnchor
from referee.core.games.registry import get_ruleset
from referee.core.games.eversol.hand.errors import IllegalStepError
from referee.core.games.followed_hands import LiveHand
from referee.core.games.eversol.hand.steps import BuyClaimed, Discarded, Drew, WentDown
from referee.core.games.hand_and_foot import check_going_out, check_meld, check_opening
from referee.core.model.reference import rules_reference
from referee.core.rummy.solver import arrange
from referee.core.table import TableMeld


def on_page(key: str, rule: RuleAnchor) -> bool:
    """Whether /rules/<key> has an element with the anchor's id (a section or a paragraph)."""
    sections = rules_reference(get_ruleset(key))
    return rule.value in {s.anchor.value for s in sections} | {
        p.anchor for s in sections for p in s.paragraphs}


@pytest.mark.parametrize("key, cards, rule", [
    ("eversol", "7D 8D 9D 10D", RuleAnchor.RUNS),
    ("500", "7D 7S 7C", RuleAnchor.BOOKS),
    ("eversol", "7D 7S JK", RuleAnchor.BOOKS),
    ("hand-and-foot", "KS KC KD", RuleAnchor.BOOKS),
])
def test_a_legal_meld_names_the_paragraph_it_meets(key, cards, rule):
    verdict = get_ruleset(key).configure().check_meld(parse_cards(cards))
    assert verdict.valid and verdict.rule is rule and on_page(key, rule)


def test_a_meld_with_too_many_wild_cards_names_the_jokers_paragraph():
    check = check_meld(parse_cards("KS KC 2D 2H"))
    assert not check.legal and check.rule is RuleAnchor.WILD
    verdict = get_ruleset("hand-and-foot").configure().check_meld(parse_cards("KS KC 2D 2H"))
    assert verdict.rule is RuleAnchor.WILD and on_page("hand-and-foot", RuleAnchor.WILD)


def test_a_contract_names_the_contract_or_the_broken_melds_rule():
    table = get_ruleset("eversol").configure()
    met = check_contract([parse_cards("7D 7S 7C"), parse_cards("9H 9S 9C")], table, 1)
    assert met.valid and met.rule is RuleAnchor.CONTRACTS
    wrong_shape = check_contract([parse_cards("7D 7S 7C")], table, 1)
    assert wrong_shape.rule is RuleAnchor.CONTRACTS and on_page("eversol", RuleAnchor.CONTRACTS)
    broken = check_contract([parse_cards("7D 7S 7C"), parse_cards("5H 6H 7H")], table, 2)
    assert broken.broken_meld == 1 and broken.rule is RuleAnchor.RUNS


def test_a_refused_lay_off_or_joker_swap_names_its_paragraph():
    rules = MeldRules(game="Eversol Rummy", min_run=4, joker_swap=True)
    run = TableMeld.lay(parse_cards("7D JK 9D 10D"), rules)
    assert run.extend(parse_cards("QD"), rules).rule is RuleAnchor.RUNS
    assert run.extend(parse_cards("JD"), rules).rule is None  # laid off: no refusal
    assert run.swap_joker(parse_card("9C"), rules).rule is RuleAnchor.WILD
    book = TableMeld.lay(parse_cards("7D 7S 7C"), rules)
    assert book.kind is MeldKind.BOOK and book.extend(parse_cards("8D"), rules).rule is (
        RuleAnchor.BOOKS)


def refusal(hand: LiveHand, step) -> IllegalStepError:
    with pytest.raises(IllegalStepError) as caught:
        hand.apply(step)
    return caught.value


def test_a_followed_hands_refusals_name_the_rule_they_apply():
    hand = LiveHand(["Abe", "Ben", "Carl"], dealer="Abe", hand=1, upcard="QC")
    assert refusal(hand, BuyClaimed("Ben")).rule is RuleAnchor.CALLS  # Ben's turn: free
    hand.apply(Drew("Ben", "stock", "8C"))
    assert refusal(hand, Drew("Ben", "stock", "9C")).rule is None  # one draw: no paragraph
    wrong = refusal(hand, WentDown("Ben", [["8C", "8S", "8D"]]))
    assert wrong.rule is RuleAnchor.CONTRACTS
    hand.apply(Discarded("Ben", "KC"))
    hand.apply(BuyClaimed("Abe"))
    assert refusal(hand, BuyClaimed("Abe")).rule is RuleAnchor.CALLS
    assert hand.pending_buy.rule is RuleAnchor.CALLS and on_page("eversol", RuleAnchor.CALLS)


def test_hand_and_foot_answers_name_opening_and_going_out():
    short = check_opening([parse_cards("KS KC KD")], 1)
    assert not short.valid and short.rule is RuleAnchor.OPENING
    broken = check_opening([parse_cards("KS KC QD")], 1)
    assert broken.rule is RuleAnchor.BOOKS
    out = check_going_out(0, 0, 0, {"Ann": True}, True)
    assert not out.may_go_out and out.rule is RuleAnchor.GOING_OUT
    assert on_page("hand-and-foot", RuleAnchor.OPENING)
    assert on_page("hand-and-foot", RuleAnchor.GOING_OUT)


def test_rummy_calls_name_the_calls_paragraph():
    for key in ("eversol", "500"):
        ruleset = get_ruleset(key)
        table = ruleset.configure()
        question = parse_card("9H") if key == "eversol" else parse_cards("2C 9H")
        answer = ruleset.rummy_call.check(question, [parse_cards("5H 6H 7H 8H")], table)
        assert answer.rummy and answer.rule is RuleAnchor.CALLS and on_page(key, answer.rule)


@pytest.mark.parametrize("key, cards, hand, rule", [
    ("eversol", "7D 7S 7C 9H 9S 9C 2D", 1, RuleAnchor.CONTRACTS),
    ("eversol", "7D 8S 2C", 1, RuleAnchor.CONTRACTS),
    ("basic", "7D 7S 7C 2H", None, RuleAnchor.MELDS),
])
def test_the_arrangers_answer_names_the_contract_where_there_is_one(key, cards, hand, rule):
    answer = arrange(parse_cards(cards), get_ruleset(key).configure(), hand)
    assert answer.rule is rule and on_page(key, rule)
