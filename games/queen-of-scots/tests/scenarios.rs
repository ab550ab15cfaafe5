//! Every worked example of the spec (§13 Q1–Q15), driven through records with stacked deals,
//! plus the named variants.
//!
//! The examples show small hands (four cards, say). A hand is dealt 11 cards, so each scenario
//! first plays a turn that lays most of the hand down in sets, or pads the hand with cards
//! that match nothing involved, as noted at each test.

use parlour_cards::CardSet;
use parlour_core::{Audit, Game, Seat, ToAct, Viewer};
use parlour_queen_of_scots::{Deck, Phase, RoundEnd, State};
use parlour_record::StepError;
use parlour_testkit::Scenario;

/// Short names for the kinds of the spec's deck table (§2).
const KINDS: &[(&str, &str, i32)] = &[
    ("seton", "mary-seton", 5),
    ("knox", "john-knox", 5),
    ("douglas", "george-douglas", 5),
    ("ruthven", "lord-ruthven", 5),
    ("rizzio", "david-rizzio", 10),
    ("moray", "earl-of-moray", 10),
    ("norfolk", "duke-of-norfolk", 10),
    ("babington", "anthony-babington", 10),
    ("cecil", "william-cecil", 15),
    ("walsingham", "francis-walsingham", 15),
    ("bothwell", "earl-of-bothwell", 20),
    ("mary", "mary-queen-of-scots", 50),
    ("elizabeth", "elizabeth-i", 50),
    ("darnley", "lord-darnley", 30),
    ("guise", "mary-of-guise", 30),
    ("james", "king-james", 25),
    ("cj", "crown-jewels", 25),
];

fn slug(alias: &str) -> &'static str {
    KINDS
        .iter()
        .find(|k| k.0 == alias)
        .unwrap_or_else(|| panic!("no kind `{alias}`"))
        .1
}

/// The spec's value of a card id (`john-knox-3`), from the table above, not from the engine.
fn value(card_id: &str) -> i32 {
    let (kind, _) = card_id.rsplit_once('-').unwrap();
    KINDS.iter().find(|k| k.1 == kind).unwrap().2
}

fn kind_of(card_id: &str) -> &str {
    card_id.rsplit_once('-').unwrap().0
}

/// A stacked deal: hands (short kind names, seat by seat; a hand shorter than 11 is filled
/// from the unused cards), the turned-up card, the first stock cards in drawing order, and the
/// last stock cards.
struct Stack<'a> {
    players: u8,
    dealer: u8,
    hands: &'a [&'a str],
    up: &'a str,
    top: &'a str,
    bottom: &'a str,
}

impl Stack<'_> {
    fn deal_entry(&self) -> String {
        let deck = Deck::standard().unwrap();
        let mut used = CardSet::EMPTY;
        let mut take = |alias: &str| {
            let kind = deck.parse_kind(slug(alias)).unwrap();
            let c = deck
                .mask(kind)
                .minus(used)
                .first()
                .unwrap_or_else(|| panic!("no copy of {alias} left"));
            used.insert(c);
            c
        };
        let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        let n = usize::from(self.players);
        let mut hands: Vec<Vec<u8>> = (0..n)
            .map(|s| {
                let list = self.hands.get(s).copied().unwrap_or("");
                let cards: Vec<u8> = words(list).iter().map(|a| take(a)).collect();
                assert!(cards.len() <= 11, "hand {s} has more than 11 cards");
                cards
            })
            .collect();
        let up = take(self.up);
        let top: Vec<u8> = words(self.top).iter().map(|a| take(a)).collect();
        let bottom: Vec<u8> = words(self.bottom).iter().map(|a| take(a)).collect();
        let mut spare = deck.all().minus(used).iter();
        for hand in &mut hands {
            while hand.len() < 11 {
                hand.push(spare.next().unwrap());
            }
        }
        let mut order = Vec::new();
        for i in 0..11 * n {
            let seat = (usize::from(self.dealer) + 1 + i) % n;
            order.push(hands[seat][i / n]);
        }
        order.push(up);
        order.extend(top);
        order.extend(spare);
        order.extend(bottom);
        let ids: Vec<&str> = order.iter().map(|&c| deck.card_id(c)).collect();
        format!("chance: deal {}", ids.join(" "))
    }

    fn start(&self, options: &str) -> Scenario<State> {
        let dealer = format!("chance: dealer {}", self.dealer);
        let deal = self.deal_entry();
        Scenario::new(self.players, options, 0, &[dealer, deal])
    }
}

fn legal_starting(m: &Scenario<State>, word: &str) -> Vec<String> {
    m.legal(m.seat_to_act())
        .into_iter()
        .filter(|a| a.starts_with(word))
        .collect()
}

/// The kinds in a seat's hand, sorted (omniscient).
fn hand_kinds(m: &Scenario<State>, seat: u8) -> Vec<String> {
    let view = m.state().view(Some(Seat(seat)));
    let mut kinds: Vec<String> = view.seats[usize::from(seat)]
        .hand
        .clone()
        .unwrap()
        .iter()
        .map(|c| kind_of(c).to_owned())
        .collect();
    kinds.sort();
    kinds
}

fn kinds(aliases: &str) -> Vec<String> {
    let mut v: Vec<String> = aliases
        .split_whitespace()
        .map(|a| slug(a).to_owned())
        .collect();
    v.sort();
    v
}

/// The cards of one of a seat's sets, as sorted kinds, and its type name.
fn set_of(m: &Scenario<State>, seat: u8, set: usize) -> (String, Vec<String>, i32) {
    let view = m.state().view(None);
    let s = &view.seats[usize::from(seat)].sets[set];
    let mut k: Vec<String> = s.cards.iter().map(|c| kind_of(c).to_owned()).collect();
    k.sort();
    (s.kind.clone(), k, s.value)
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

// ---------------------------------------------------------------------------------------------

/// Q1: a plain take. Seat 1 starts; seat 0 brings its hand down to [Rizzio, Rizzio, Knox, Mary]
/// by laying down 7 cards, and the pile becomes [Knox, Cecil, CJ, Rizzio].
fn q1_position() -> Scenario<State> {
    let stack = Stack {
        players: 2,
        dealer: 0,
        hands: &[
            "rizzio rizzio knox mary cj seton seton seton ruthven ruthven ruthven",
            "cecil rizzio moray norfolk babington walsingham bothwell douglas douglas guise elizabeth",
        ],
        up: "knox",
        top: "walsingham ruthven walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "1: draw stock",
        "1: discard william-cecil",
        "0: draw stock",
        "0: meld mary-seton mary-seton mary-seton",
        "0: meld lord-ruthven lord-ruthven lord-ruthven",
        "0: add 1 lord-ruthven",
        "0: discard crown-jewels",
        "1: draw stock",
        "1: discard david-rizzio",
    ]);
    m
}

#[test]
fn q1_plain_take_lays_the_top_card_down_and_takes_the_rest() {
    let mut m = q1_position();
    let view = m.state().view(None);
    let pile: Vec<&str> = view.pile.iter().map(|c| kind_of(c)).collect();
    assert_eq!(
        pile,
        ["john-knox", "william-cecil", "crown-jewels", "david-rizzio"]
    );
    assert_eq!(hand_kinds(&m, 0), kinds("rizzio rizzio knox mary"));
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&["draw stock", "take pile david-rizzio david-rizzio"])
    );
    m.act("0: take pile david-rizzio david-rizzio");
    assert_eq!(
        set_of(&m, 0, 2),
        ("david-rizzio".to_owned(), kinds("rizzio rizzio rizzio"), 30)
    );
    assert_eq!(hand_kinds(&m, 0), kinds("knox mary knox cecil cj"));
    assert_eq!(m.state().pile().len(), 0);
    assert_eq!(m.state().phase(), Phase::Play);
    assert!(
        m.legal(m.seat_to_act())
            .contains(&"meld john-knox john-knox crown-jewels".to_owned())
    );
    // The rest of the pile was seen face up: everyone knows it is in seat 0's hand.
    let mut known: Vec<String> = m.state().view(Some(Seat(1))).seats[0]
        .known
        .iter()
        .map(|c| kind_of(c).to_owned())
        .collect();
    known.sort();
    assert_eq!(known, kinds("knox cecil cj"));
}

/// Q2: the wild card does not count toward the pair. Same preparation as Q1 (the hand is laid
/// down to [Rizzio, CJ, CJ, Knox]).
#[test]
fn q2_take_refused_wild_does_not_count() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "rizzio cj cj knox moray seton seton seton ruthven ruthven ruthven",
            "rizzio cecil norfolk babington walsingham bothwell douglas douglas guise elizabeth moray",
        ],
        up: "bothwell",
        top: "ruthven walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld mary-seton mary-seton mary-seton",
        "0: meld lord-ruthven lord-ruthven lord-ruthven",
        "0: add 1 lord-ruthven",
        "0: discard earl-of-moray",
        "1: draw stock",
        "1: discard david-rizzio",
    ]);
    assert_eq!(hand_kinds(&m, 0), kinds("rizzio cj cj knox"));
    assert_eq!(m.legal(m.seat_to_act()), strs(&["draw stock"]));
    assert_eq!(
        m.refused("0: take pile david-rizzio david-rizzio"),
        "take-uses-cards-in-hand"
    );
    assert_eq!(
        m.refused("0: take pile david-rizzio crown-jewels"),
        "take-needs-matching-naturals"
    );
    assert_eq!(m.refused("0: take jewels add 0"), "crown-jewels-take");
}

/// Q3: cards on the table never count toward the pair.
#[test]
fn q3_take_refused_table_does_not_count() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "cecil cecil cecil cecil knox seton seton seton douglas douglas douglas",
            "cecil rizzio norfolk babington walsingham bothwell ruthven ruthven guise elizabeth moray",
        ],
        up: "bothwell",
        top: "moray walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld william-cecil william-cecil william-cecil",
        "0: meld mary-seton mary-seton mary-seton",
        "0: meld george-douglas george-douglas george-douglas",
        "0: discard earl-of-moray",
        "1: draw stock",
        "1: discard william-cecil",
    ]);
    assert_eq!(set_of(&m, 0, 0).1, kinds("cecil cecil cecil"));
    assert_eq!(hand_kinds(&m, 0), kinds("cecil knox"));
    assert_eq!(m.legal(m.seat_to_act()), strs(&["draw stock"]));
    assert_eq!(
        m.refused("0: take pile william-cecil william-cecil"),
        "take-uses-cards-in-hand"
    );
}

/// Q4: a royal top card is matched by any two royals.
#[test]
fn q4_royal_take_with_any_two_royals() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "mary james james knox seton seton seton douglas douglas douglas douglas",
            "elizabeth rizzio norfolk babington walsingham bothwell ruthven ruthven cecil cecil moray",
        ],
        up: "bothwell",
        top: "moray walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld mary-seton mary-seton mary-seton",
        "0: meld george-douglas george-douglas george-douglas",
        "0: add 1 george-douglas",
        "0: discard earl-of-moray",
        "1: draw stock",
        "1: discard elizabeth-i",
    ]);
    assert_eq!(hand_kinds(&m, 0), kinds("mary james james knox"));
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&[
            "draw stock",
            "take pile mary-queen-of-scots king-james",
            "take pile king-james king-james",
        ])
    );
    let mut other = m.clone();
    m.act("0: take pile mary-queen-of-scots king-james");
    assert_eq!(
        set_of(&m, 0, 2),
        ("royal".to_owned(), kinds("elizabeth mary james"), 125)
    );
    other.act("0: take pile king-james king-james");
    assert_eq!(
        set_of(&other, 0, 2),
        ("royal".to_owned(), kinds("elizabeth james james"), 100)
    );
    assert_eq!(hand_kinds(&other, 0), kinds("mary knox bothwell moray"));
}

/// Q5: Crown Jewels on top. Seat 0's first turn, so it has no set; its hand is padded with
/// seven single characters that match nothing.
#[test]
fn q5_crown_jewels_on_top_need_a_place() {
    let pad = "seton douglas ruthven moray norfolk babington";
    let stack = |seat0: &str| {
        Stack {
            players: 2,
            dealer: 0,
            hands: &[],
            up: "bothwell",
            top: "",
            bottom: "",
        }
        .with_hands(seat0)
    };
    // Without a pair: refused.
    let mut m = stack(&format!("cj cj knox rizzio cecil {pad}"));
    m.acts(&["1: draw stock", "1: discard crown-jewels"]);
    let pile: Vec<String> = m
        .state()
        .view(None)
        .pile
        .iter()
        .map(|c| kind_of(c).to_owned())
        .collect();
    assert_eq!(pile, strs(&["earl-of-bothwell", "crown-jewels"]));
    assert_eq!(m.legal(m.seat_to_act()), strs(&["draw stock"]));
    assert_eq!(m.refused("0: take jewels add 0"), "place-taken-jewels");
    assert_eq!(
        m.refused("0: take jewels new john-knox john-knox"),
        "take-uses-cards-in-hand"
    );
    assert_eq!(
        m.refused("0: take pile crown-jewels crown-jewels"),
        "crown-jewels-take"
    );

    // With a second Knox: a new set [Knox, Knox, CJ]; the two shown CJ stay in hand.
    let mut m = stack(&format!("cj cj knox knox rizzio {pad}"));
    m.acts(&["1: draw stock", "1: discard crown-jewels"]);
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&["draw stock", "take jewels new john-knox john-knox"])
    );
    m.act("0: take jewels new john-knox john-knox");
    assert_eq!(
        set_of(&m, 0, 0),
        ("john-knox".to_owned(), kinds("knox knox cj"), 35)
    );
    assert_eq!(
        hand_kinds(&m, 0),
        kinds(&format!("cj cj rizzio bothwell {pad}"))
    );
    let seen_by_1 = &m.state().view(Some(Seat(1))).seats[0].known;
    let mut known: Vec<String> = seen_by_1.iter().map(|c| kind_of(c).to_owned()).collect();
    known.sort();
    assert_eq!(
        known,
        kinds("cj cj bothwell"),
        "shown jewels and the taken pile are public"
    );
    assert!(
        m.log(Viewer::Seat(Seat(1)))
            .iter()
            .any(|l| l.contains("shows crown-jewels"))
    );
}

impl<'a> Stack<'a> {
    fn with_hands(self, seat0: &str) -> Scenario<State> {
        let hands = [
            seat0,
            "walsingham walsingham cecil cj elizabeth guise darnley",
        ];
        Stack {
            hands: &hands,
            ..self
        }
        .start("")
    }
}

/// Q5, last part: with a set on the table and no Knox pair, the Crown Jewels join the set.
#[test]
fn q5_crown_jewels_join_an_existing_set() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "cecil cecil cecil cj cj knox rizzio moray norfolk babington walsingham",
            "cj elizabeth guise darnley bothwell bothwell ruthven ruthven seton seton mary",
        ],
        up: "bothwell",
        top: "douglas walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld william-cecil william-cecil william-cecil",
        "0: discard george-douglas",
        "1: draw stock",
        "1: discard crown-jewels",
    ]);
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&["draw stock", "take jewels add 0"])
    );
    m.act("0: take jewels add 0");
    assert_eq!(
        set_of(&m, 0, 0),
        (
            "william-cecil".to_owned(),
            kinds("cecil cecil cecil cj"),
            70
        )
    );
    assert_eq!(
        hand_kinds(&m, 0),
        kinds("cj cj knox rizzio moray norfolk babington walsingham bothwell douglas")
    );
}

/// Variant `crown_jewel_top_takes_single`: only the Crown Jewels are taken.
#[test]
fn crown_jewel_top_takes_single_leaves_the_rest_of_the_pile() {
    let hands = [
        "cj cj knox knox rizzio seton douglas ruthven moray norfolk babington",
        "walsingham walsingham cecil cj elizabeth guise darnley",
    ];
    let stack = Stack {
        players: 2,
        dealer: 0,
        hands: &hands,
        up: "bothwell",
        top: "",
        bottom: "",
    };
    let mut m = stack.start("crown_jewel_top_takes_single");
    m.acts(&[
        "1: draw stock",
        "1: discard crown-jewels",
        "0: take jewels new john-knox john-knox",
    ]);
    assert_eq!(
        hand_kinds(&m, 0),
        kinds("cj cj rizzio seton douglas ruthven moray norfolk babington")
    );
    let pile: Vec<String> = m
        .state()
        .view(None)
        .pile
        .iter()
        .map(|c| kind_of(c).to_owned())
        .collect();
    assert_eq!(pile, strs(&["earl-of-bothwell"]));
}

/// Q6: which new sets are legal. Seat 0's first turn after drawing a Walsingham.
#[test]
fn q6_new_set_legality() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &["cecil cecil cj cj mary james james james knox knox rizzio"],
        up: "bothwell",
        top: "walsingham",
        bottom: "",
    };
    let mut m = stack.start("");
    m.act("0: draw stock");
    assert_eq!(
        legal_starting(&m, "meld"),
        strs(&[
            "meld john-knox john-knox crown-jewels",
            "meld william-cecil william-cecil crown-jewels",
            "meld mary-queen-of-scots king-james king-james",
            "meld mary-queen-of-scots king-james crown-jewels",
            "meld king-james king-james king-james",
            "meld king-james king-james crown-jewels",
        ])
    );
    // ✘ cases.
    assert_eq!(
        m.refused("0: meld william-cecil crown-jewels crown-jewels"),
        "new-set-needs-two-naturals"
    );
    assert_eq!(
        m.refused("0: meld mary-queen-of-scots crown-jewels crown-jewels"),
        "new-set-needs-two-naturals"
    );
    assert_eq!(
        m.refused("0: meld john-knox john-knox david-rizzio"),
        "new-set-naturals-must-match"
    );
    assert_eq!(
        m.refused("0: meld mary-queen-of-scots john-knox john-knox"),
        "new-set-naturals-must-match"
    );
    assert!(matches!(
        m.apply_entry("0: meld king-james king-james"),
        Err(StepError::Parse(_))
    ));
    // ✔ cases, each from the same position.
    let mut a = m.clone();
    a.acts(&[
        "0: meld william-cecil william-cecil crown-jewels",
        "0: add 0 crown-jewels",
    ]);
    assert_eq!(
        set_of(&a, 0, 0),
        ("william-cecil".to_owned(), kinds("cecil cecil cj cj"), 80)
    );
    let mut b = m.clone();
    b.act("0: meld mary-queen-of-scots king-james crown-jewels");
    assert_eq!(set_of(&b, 0, 0).0, "royal");
    m.act("0: meld king-james king-james king-james");
    assert_eq!(
        set_of(&m, 0, 0),
        ("royal".to_owned(), kinds("james james james"), 75)
    );
}

/// Q7: adding to one's own sets. The pinned hand [Rizzio, CJ, King James, Elizabeth, Knox] plus
/// a Mary Seton that fits neither set (a 5-card hand beside exactly these two sets cannot arise
/// from an 11-card deal). Seat 1 has sets of its own, which seat 0 cannot add to.
#[test]
fn q7_adding_only_to_own_fitting_sets() {
    let stack = Stack {
        players: 2,
        dealer: 0,
        hands: &[
            "rizzio rizzio rizzio rizzio mary darnley cj cj james elizabeth knox",
            "douglas douglas douglas ruthven ruthven ruthven norfolk norfolk norfolk moray walsingham",
        ],
        up: "bothwell",
        top: "babington seton",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "1: draw stock",
        "1: meld george-douglas george-douglas george-douglas",
        "1: meld lord-ruthven lord-ruthven lord-ruthven",
        "1: meld duke-of-norfolk duke-of-norfolk duke-of-norfolk",
        "1: discard anthony-babington",
        "0: draw stock",
        "0: meld david-rizzio david-rizzio david-rizzio",
        "0: meld mary-queen-of-scots lord-darnley crown-jewels",
    ]);
    assert_eq!(
        hand_kinds(&m, 0),
        kinds("rizzio cj james elizabeth knox seton")
    );
    assert_eq!(
        legal_starting(&m, "add"),
        strs(&[
            "add 0 david-rizzio",
            "add 0 crown-jewels",
            "add 1 elizabeth-i",
            "add 1 king-james",
            "add 1 crown-jewels",
        ])
    );
    assert_eq!(m.refused("0: add 0 john-knox"), "add-must-fit-set");
    assert_eq!(m.refused("0: add 1 john-knox"), "add-must-fit-set");
    assert_eq!(m.refused("0: add 2 crown-jewels"), "add-to-own-sets-only");
    assert_eq!(m.refused("1: add 0 george-douglas"), "turn-order");
    assert!(matches!(
        m.apply_entry("0: take 1 crown-jewels"),
        Err(StepError::Parse(_))
    ));
    m.act("0: add 1 crown-jewels");
    assert_eq!(set_of(&m, 0, 1).1, kinds("mary darnley cj cj"));
}

/// Q8: round scoring through a real round. Seat 2 ("P2", 3 players) lays down [Bothwell ×3],
/// [Mary, Elizabeth, CJ] and [Seton ×3] and keeps [Knox, CJ]; seat 0 goes out next; seat 1,
/// with no sets, scores minus its hand. (The literal Q8 position cannot arise from an 11-card
/// deal; `scoring::tests` checks its numbers, 185 − 30 = +155 and −85, on the cards.)
#[test]
fn q8_round_scoring_table_minus_hand() {
    let stack = Stack {
        players: 3,
        dealer: 1,
        hands: &[
            "douglas douglas douglas ruthven ruthven ruthven norfolk norfolk norfolk norfolk walsingham",
            "mary bothwell cecil guise james rizzio babington babington cecil knox darnley",
            "bothwell bothwell bothwell mary elizabeth cj cj knox seton seton seton",
        ],
        up: "walsingham",
        top: "moray norfolk",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "2: draw stock",
        "2: meld earl-of-bothwell earl-of-bothwell earl-of-bothwell",
        "2: meld mary-queen-of-scots elizabeth-i crown-jewels",
        "2: meld mary-seton mary-seton mary-seton",
        "2: discard earl-of-moray",
    ]);
    assert_eq!(set_of(&m, 2, 0).2, 60);
    assert_eq!(set_of(&m, 2, 1).2, 125);
    assert_eq!(hand_kinds(&m, 2), kinds("knox cj"));
    m.acts(&[
        "0: draw stock",
        "0: meld george-douglas george-douglas george-douglas",
        "0: meld lord-ruthven lord-ruthven lord-ruthven",
        "0: meld duke-of-norfolk duke-of-norfolk duke-of-norfolk",
        "0: add 2 duke-of-norfolk",
        "0: add 2 duke-of-norfolk",
        "0: discard francis-walsingham",
    ]);
    let s = m.state();
    let r = s.last_round().expect("the round is scored");
    assert_eq!(r.reason, RoundEnd::WentOut(Seat(0)));
    assert_eq!(r.score[Seat(2)], 60 + 125 + 15 - 30);
    assert_eq!(r.score[Seat(0)], 15 + 15 + 50);
    let seat1: i32 = s.view(None).seats[1].known.iter().map(|c| value(c)).sum();
    assert_eq!(
        s.view(None).seats[1].known.len(),
        11,
        "hands are open after the round"
    );
    assert_eq!(r.score[Seat(1)], -seat1);
    assert_eq!(seat1, 50 + 20 + 15 + 30 + 25 + 10 + 10 + 10 + 15 + 5 + 30);
    assert_eq!(s.totals(), &[80, -220, 170]);
}

/// Q9: going out by melding, with no discard.
#[test]
fn q9_going_out_by_melding() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "knox knox knox seton seton seton seton seton cecil cecil cj",
            "walsingham rizzio norfolk babington bothwell bothwell ruthven ruthven guise elizabeth moray",
        ],
        up: "douglas",
        top: "moray walsingham knox",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld john-knox john-knox john-knox",
        "0: meld mary-seton mary-seton mary-seton",
        "0: add 1 mary-seton",
        "0: add 1 mary-seton",
        "0: discard earl-of-moray",
        "1: draw stock",
        "1: discard francis-walsingham",
    ]);
    assert_eq!(hand_kinds(&m, 0), kinds("cecil cecil cj"));
    m.acts(&[
        "0: draw stock",
        "0: add 0 john-knox",
        "0: meld william-cecil william-cecil crown-jewels",
    ]);
    let s = m.state();
    assert_eq!(
        s.to_act(),
        ToAct::Chance,
        "the round ends at once: the next deal is due"
    );
    assert_eq!(s.hand(Seat(0)).len(), 0);
    assert_eq!(s.hand(Seat(1)).len(), 11, "seat 1 takes no further turn");
    let r = s.last_round().unwrap();
    assert_eq!(r.reason, RoundEnd::WentOut(Seat(0)));
    assert_eq!(r.score[Seat(0)], 4 * 5 + 5 * 5 + 15 + 15 + 25);
    assert!(
        m.log(Viewer::Spectator)
            .iter()
            .any(|l| l == "seat 0 goes out")
    );
}

/// Q10 (and `going_out_bonus`): going out by discarding the last card.
#[test]
fn q10_going_out_by_discarding() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "seton seton seton douglas douglas douglas ruthven ruthven ruthven ruthven bothwell",
        ],
        up: "moray",
        top: "ruthven",
        bottom: "",
    };
    for (options, bonus) in [("", 0), ("going_out_bonus=50", 50)] {
        let mut m = stack.start(options);
        m.acts(&[
            "0: draw stock",
            "0: meld mary-seton mary-seton mary-seton",
            "0: meld george-douglas george-douglas george-douglas",
            "0: meld lord-ruthven lord-ruthven lord-ruthven",
            "0: add 2 lord-ruthven",
            "0: add 2 lord-ruthven",
        ]);
        assert_eq!(hand_kinds(&m, 0), kinds("bothwell"));
        assert_eq!(
            m.legal(m.seat_to_act()),
            strs(&["discard earl-of-bothwell"])
        );
        m.act("0: discard earl-of-bothwell");
        let r = m.state().last_round().unwrap();
        assert_eq!(r.reason, RoundEnd::WentOut(Seat(0)));
        assert_eq!(r.score[Seat(0)], 55 + bonus);
        assert_eq!(m.state().totals()[0], 55 + bonus);
    }
}

/// Q11: the stock runs out. Four players, dealer seat 3, so seat 0 starts and seat 2 draws the
/// 63rd and last stock card; everyone discards the card just drawn, so the hands stay as dealt.
fn q11_position(seat3: &str, options: &str) -> Scenario<State> {
    let stack = Stack {
        players: 4,
        dealer: 3,
        hands: &[
            "seton knox douglas ruthven moray norfolk babington cecil walsingham bothwell mary",
            "seton knox douglas ruthven moray norfolk babington cecil walsingham bothwell elizabeth",
            "seton knox douglas ruthven moray norfolk babington cecil walsingham bothwell darnley",
            seat3,
        ],
        up: "guise",
        top: "",
        bottom: "rizzio",
    };
    let mut m = stack.start(options);
    assert_eq!(m.state().view(None).stock_count, 63);
    let deck = m.state().deck();
    for i in 0..63 {
        let seat = i % 4;
        let card = *m.state().stock().first().unwrap();
        m.act(&format!("{seat}: draw stock"));
        m.act(&format!(
            "{seat}: discard {}",
            deck.slug(deck.kind_of(card))
        ));
    }
    assert_eq!(m.state().view(None).stock_count, 0);
    assert_eq!(m.state().to_act().first_seat(), Some(Seat(3)));
    m
}

#[test]
fn q11_stock_exhausted_ends_the_round() {
    let seat3 =
        "rizzio seton knox douglas ruthven moray norfolk babington cecil walsingham bothwell";
    let mut m = q11_position(seat3, "");
    assert_eq!(m.legal(m.seat_to_act()), strs(&["pass"]));
    assert_eq!(m.refused("3: draw stock"), "draw-needs-stock");
    m.act("3: pass");
    let s = m.state();
    let r = s.last_round().unwrap();
    assert_eq!(r.reason, RoundEnd::StockExhausted);
    let view = s.view(None);
    for seat in 0..4 {
        let hand: i32 = view.seats[seat].known.iter().map(|c| value(c)).sum();
        assert_eq!(r.score[Seat(seat as u8)], -hand, "seat {seat}");
    }
    assert_eq!(
        r.score[Seat(3)],
        -(10 + 5 + 5 + 5 + 5 + 10 + 10 + 10 + 15 + 15 + 20)
    );

    // With two Rizzio, taking the pile is also legal.
    let seat3 =
        "rizzio rizzio knox douglas ruthven moray norfolk babington cecil walsingham bothwell";
    let m = q11_position(seat3, "");
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&["take pile david-rizzio david-rizzio", "pass"])
    );
}

/// Variant `stock_out_reshuffle`: the pass turns the pile under its top card into a new stock
/// once; the next exhaustion ends the round.
#[test]
fn stock_out_reshuffle_refills_the_stock_once() {
    let seat3 =
        "rizzio seton knox douglas ruthven moray norfolk babington cecil walsingham bothwell";
    let mut m = q11_position(seat3, "stock_out_reshuffle");
    m.act("3: pass");
    assert_eq!(m.state().to_act(), ToAct::Chance);
    assert!(m.state().chance_hint().starts_with("reshuffle"));
    let bad = format!("chance: reshuffle {}", m.state().deck().card_id(0));
    assert_eq!(m.refused(&bad), "reshuffle-is-pile-under-top");
    m.draw_due_chance();
    let view = m.state().view(None);
    assert_eq!(view.stock_count, 63);
    assert_eq!(view.pile_count, 1);
    assert_eq!(m.state().to_act().first_seat(), Some(Seat(3)));
    assert_eq!(m.legal(m.seat_to_act()), strs(&["draw stock"]));
    let deck = m.state().deck();
    for i in 0..63 {
        let seat = (3 + i) % 4;
        let card = *m.state().stock().first().unwrap();
        m.act(&format!("{seat}: draw stock"));
        m.act(&format!(
            "{seat}: discard {}",
            deck.slug(deck.kind_of(card))
        ));
    }
    let seat = m.state().to_act().first_seat().unwrap();
    m.act(&format!("{seat}: pass"));
    assert_eq!(
        m.state().last_round().unwrap().reason,
        RoundEnd::StockExhausted
    );
}

/// Q12: the game ends after a round in which a total reaches the target; the higher total wins
/// even if both passed it; a tie shares the win, or with `tiebreak_extra_round` is played off.
/// Played with `target_score=50`: seat 0 lays down 70 and keeps a Cecil (15); seat 1 goes out
/// with 55.
fn q12_round(seat0: &str, options: &str) -> Scenario<State> {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            seat0,
            "seton seton seton douglas douglas douglas ruthven ruthven ruthven ruthven bothwell",
        ],
        up: "walsingham",
        top: "moray ruthven",
        bottom: "",
    };
    let mut m = stack.start(options);
    if seat0.starts_with("seton") {
        m.acts(&[
            "0: draw stock",
            "0: meld mary-seton mary-seton mary-seton",
            "0: meld george-douglas george-douglas george-douglas",
            "0: meld david-rizzio david-rizzio david-rizzio",
            "0: add 2 david-rizzio",
            "0: discard earl-of-moray",
        ]);
    } else {
        m.acts(&[
            "0: draw stock",
            "0: meld mary-queen-of-scots elizabeth-i lord-darnley",
            "0: add 0 mary-of-guise",
            "0: add 0 king-james",
            "0: add 0 king-james",
            "0: add 0 king-james",
            "0: add 0 king-james",
            "0: discard earl-of-moray",
        ]);
    }
    m.acts(&[
        "1: draw stock",
        "1: meld mary-seton mary-seton mary-seton",
        "1: meld george-douglas george-douglas george-douglas",
        "1: meld lord-ruthven lord-ruthven lord-ruthven",
        "1: add 2 lord-ruthven",
        "1: add 2 lord-ruthven",
        "1: discard earl-of-bothwell",
    ]);
    m
}

#[test]
fn q12_higher_total_wins_when_both_pass_the_target() {
    let m = q12_round(
        "mary elizabeth darnley guise james james james james seton douglas knox",
        "target_score=50",
    );
    let s = m.state();
    assert_eq!(s.totals(), &[260 - 15, 55]);
    assert_eq!(s.to_act(), ToAct::Terminal);
    let o = s.outcome().unwrap();
    assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![Seat(0)]);
}

#[test]
fn q12_tied_totals_share_the_win() {
    let seat0 = "seton seton seton douglas douglas douglas rizzio rizzio rizzio rizzio cecil";
    let m = q12_round(seat0, "target_score=50");
    let s = m.state();
    assert_eq!(s.totals(), &[55, 55]);
    assert_eq!(s.outcome().unwrap().winners.len(), 2);
}

#[test]
fn q12_tiebreak_extra_round_plays_on_until_one_leads() {
    let seat0 = "seton seton seton douglas douglas douglas rizzio rizzio rizzio rizzio cecil";
    let mut m = q12_round(seat0, "target_score=50,tiebreak_extra_round");
    assert_eq!(m.state().totals(), &[55, 55]);
    assert_eq!(m.state().to_act(), ToAct::Chance, "another round is dealt");
    // Round 2: the deal passes to seat 0, so seat 1 starts, and goes out again.
    let round2 = Stack {
        players: 2,
        dealer: 0,
        hands: &[
            "walsingham walsingham bothwell bothwell cecil",
            "seton seton seton douglas douglas douglas ruthven ruthven ruthven ruthven bothwell",
        ],
        up: "moray",
        top: "ruthven",
        bottom: "",
    };
    m.act(&round2.deal_entry());
    assert_eq!(m.state().dealer(), Seat(0));
    m.acts(&[
        "1: draw stock",
        "1: meld mary-seton mary-seton mary-seton",
        "1: meld george-douglas george-douglas george-douglas",
        "1: meld lord-ruthven lord-ruthven lord-ruthven",
        "1: add 2 lord-ruthven",
        "1: add 2 lord-ruthven",
        "1: discard earl-of-bothwell",
    ]);
    let s = m.state();
    assert_eq!(s.to_act(), ToAct::Terminal);
    assert_eq!(s.totals()[1], 110);
    assert!(s.totals()[0] < 55);
    assert_eq!(
        s.outcome().unwrap().winners.iter().collect::<Vec<_>>(),
        vec![Seat(1)]
    );
}

#[test]
fn q12_game_continues_below_the_target() {
    let seat0 = "seton seton seton douglas douglas douglas rizzio rizzio rizzio rizzio cecil";
    let m = q12_round(seat0, "target_score=56");
    assert_eq!(m.state().totals(), &[55, 55]);
    assert_eq!(
        m.state().to_act(),
        ToAct::Chance,
        "nobody reached 56: the next round is dealt"
    );
}

/// Q13: the deal passes left; the player left of the dealer starts. Each round the first player
/// goes out at once.
#[test]
fn q13_dealer_rotation() {
    let out = "seton seton seton douglas douglas douglas ruthven ruthven ruthven ruthven bothwell";
    let stack = |dealer: u8, first: usize| {
        let mut hands = [""; 4];
        hands[first] = out;
        Stack {
            players: 4,
            dealer,
            hands: &[],
            up: "moray",
            top: "ruthven",
            bottom: "",
        }
        .deal_with(&hands)
    };
    let going_out = |seat: usize| -> Vec<String> {
        [
            "draw stock",
            "meld mary-seton mary-seton mary-seton",
            "meld george-douglas george-douglas george-douglas",
            "meld lord-ruthven lord-ruthven lord-ruthven",
            "add 2 lord-ruthven",
            "add 2 lord-ruthven",
            "discard earl-of-bothwell",
        ]
        .iter()
        .map(|a| format!("{seat}: {a}"))
        .collect()
    };
    let mut m = Scenario::<State>::new(4, "", 0, &["chance: dealer 2".to_owned(), stack(2, 3)]);
    for (round, dealer, first) in [(1, 2, 3), (2, 3, 0), (3, 0, 1)] {
        if round > 1 {
            m.act(&stack(dealer, first));
        }
        let view = m.state().view(None);
        assert_eq!(view.round, round);
        assert_eq!(view.dealer, Some(Seat(dealer)), "round {round}");
        assert_eq!(view.to_act, Some(Seat(first as u8)), "round {round}");
        m.acts(&going_out(first));
        assert_eq!(
            m.state().last_round().unwrap().reason,
            RoundEnd::WentOut(Seat(first as u8))
        );
    }
}

impl Stack<'_> {
    fn deal_with(self, hands: &[&str]) -> String {
        Stack { hands, ..self }.deal_entry()
    }
}

/// Q14: deal counts.
#[test]
fn q14_deal_counts() {
    for (players, stock) in [(4, 63), (3, 74), (2, 85)] {
        let m = Scenario::<State>::seeded(players, "", 5);
        let view = m.state().view(None);
        assert_eq!(view.stock_count, stock);
        assert_eq!(view.pile_count, 1);
        assert!(view.seats.iter().all(|s| s.hand_count == 11));
        assert_eq!(
            m.state().to_act().first_seat(),
            view.dealer.map(|d| d.next(players))
        );
    }
}

/// Q15: going out by a take.
#[test]
fn q15_going_out_by_taking_the_pile() {
    let stack = Stack {
        players: 2,
        dealer: 1,
        hands: &[
            "seton seton seton douglas douglas douglas ruthven ruthven cecil cecil moray",
            "moray moray cecil norfolk babington walsingham bothwell elizabeth guise knox rizzio",
        ],
        up: "walsingham",
        top: "ruthven",
        bottom: "",
    };
    let mut m = stack.start("");
    m.acts(&[
        "0: draw stock",
        "0: meld mary-seton mary-seton mary-seton",
        "0: meld george-douglas george-douglas george-douglas",
        "0: meld lord-ruthven lord-ruthven lord-ruthven",
        "0: discard earl-of-moray",
        "1: take pile earl-of-moray earl-of-moray",
        "1: discard william-cecil",
    ]);
    assert_eq!(m.state().pile().len(), 1);
    assert_eq!(hand_kinds(&m, 0), kinds("cecil cecil"));
    assert_eq!(
        m.legal(m.seat_to_act()),
        strs(&["draw stock", "take pile william-cecil william-cecil"])
    );
    m.act("0: take pile william-cecil william-cecil");
    let s = m.state();
    assert_eq!(
        set_of(&m, 0, 3),
        ("william-cecil".to_owned(), kinds("cecil cecil cecil"), 45)
    );
    assert_eq!(s.to_act(), ToAct::Chance);
    let r = s.last_round().unwrap();
    assert_eq!(r.reason, RoundEnd::WentOut(Seat(0)));
    assert_eq!(r.score[Seat(0)], 15 + 15 + 15 + 45);
}

// ---------------------------------------------------------------------------------------------

/// Hidden information (spec §10): no view shows another hand's unknown cards or the stock; a
/// drawn card is named only to the drawer.
#[test]
fn views_and_events_hide_hands_and_stock() {
    let m = q1_position();
    let s = m.state();
    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
        let json = serde_json::to_string(&s.view(viewer)).unwrap();
        let secrets = s.secrets(viewer);
        assert!(!secrets.is_empty());
        for secret in &secrets {
            assert!(
                !json.contains(&format!("\"{secret}\"")),
                "{viewer:?} sees {secret}"
            );
        }
    }
    // Seat 1's secrets are exactly seat 0's hand and the stock.
    let mut expected: Vec<String> = s.view(Some(Seat(0))).seats[0].hand.clone().unwrap();
    expected.extend(s.stock().iter().map(|&c| s.deck().card_id(c).to_owned()));
    let mut got = s.secrets(Some(Seat(1)));
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
    let drawn = m.log(Viewer::Seat(Seat(0)));
    let hidden = m.log(Viewer::Seat(Seat(1)));
    assert!(
        drawn
            .iter()
            .any(|l| l.starts_with("seat 0 draws lord-ruthven"))
    );
    assert!(hidden.iter().any(|l| l == "seat 0 draws from the stock"));
    assert!(!hidden.iter().any(|l| l.starts_with("seat 0 draws lord")));
}

/// Variant `pile_top_only_visible`: views show the top card and the count only.
#[test]
fn pile_top_only_visible_shows_the_top_card() {
    let m = Scenario::<State>::seeded(2, "pile_top_only_visible", 3);
    let view = m.view(1);
    assert_eq!(view.pile.len(), 1);
    let top = m
        .state()
        .pile()
        .last()
        .map(|&c| m.state().deck().card_id(c).to_owned());
    assert_eq!(view.pile.last(), top.as_ref());
    let mut q1 = Stack {
        players: 2,
        dealer: 0,
        hands: &[
            "rizzio rizzio knox mary cj seton seton seton ruthven ruthven ruthven",
            "cecil rizzio moray norfolk babington walsingham bothwell douglas douglas guise elizabeth",
        ],
        up: "knox",
        top: "walsingham ruthven walsingham",
        bottom: "",
    }
    .start("pile_top_only_visible");
    q1.acts(&[
        "1: draw stock",
        "1: discard william-cecil",
        "0: draw stock",
        "0: discard crown-jewels",
        "1: draw stock",
        "1: discard david-rizzio",
    ]);
    assert_eq!(q1.state().view(None).pile.len(), 1);
    assert_eq!(q1.state().view(None).pile_count, 4);
    q1.act("0: take pile david-rizzio david-rizzio");
    assert!(q1.state().view(Some(Seat(1))).seats[0].known.is_empty());
    assert!(q1.last_events(Viewer::Seat(Seat(1)))[0].contains("3 more cards"));
}

#[test]
fn stated_outcomes_must_fit_the_due_event() {
    let s = State::new(2, &parlour_core::Options::defaults(State::OPTIONS)).unwrap();
    let mut t = s.clone();
    let bad = t.parse_chance("dealer 5").unwrap();
    assert_eq!(
        t.apply_chance(bad, &mut ()).unwrap_err().rule,
        "first-dealer"
    );
    let deal = t.parse_chance("deal john-knox-1 john-knox-2").unwrap();
    assert_eq!(t.apply_chance(deal, &mut ()).unwrap_err().rule, "node-kind");
    t.apply_chance(t.parse_chance("dealer 0").unwrap(), &mut ())
        .unwrap();
    let short = t.parse_chance("deal john-knox-1 john-knox-2").unwrap();
    let e = t.apply_chance(short, &mut ()).unwrap_err();
    assert_eq!(e.rule, "deal-is-whole-deck");
    assert!(e.reason.contains("missing"), "{e}");
    assert_eq!(t.round(), 0);
    assert!(
        t.apply(Seat(0), parlour_queen_of_scots::Action::DrawStock, &mut ())
            .is_err()
    );
}
