//! Reading and validating the card table.

use std::collections::BTreeMap;

use parlour_cards::CardSet;

use super::{
    CardInfo, CardType, DataError, Deck, Effect, Kind, MAX_CARDS, MIN_ESSENTIALS, Provenance,
};

fn letters_key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

struct RawLine<'a> {
    line: usize,
    head: Vec<&'a str>,
    name: &'a str,
    data: Vec<&'a str>,
}

fn split_line(line: usize, text: &str) -> Result<RawLine<'_>, DataError> {
    let err = |m: &str| DataError {
        line,
        message: m.to_owned(),
    };
    let open = text.find('"').ok_or_else(|| err("missing quoted name"))?;
    let close = text[open + 1..]
        .find('"')
        .map(|i| open + 1 + i)
        .ok_or_else(|| err("unterminated quoted name"))?;
    let head: Vec<&str> = text[..open].split_whitespace().collect();
    let name = &text[open + 1..close];
    let rest = text[close + 1..].trim();
    let (tags, data) = match rest.split_once(':') {
        Some((t, d)) => (t, d),
        None => (rest, ""),
    };
    let mut head = head;
    head.extend(tags.split_whitespace());
    Ok(RawLine {
        line,
        head,
        name,
        data: data.split_whitespace().collect(),
    })
}

impl Deck {
    /// Reads and validates a card table.
    ///
    /// # Errors
    /// The first mistake found, with its line: an unknown type, tag or effect, a duplicate id, a
    /// reference to a card or kind that does not exist or has the wrong type, a card without the
    /// data its type needs, or a table with more than [`MAX_CARDS`] cards.
    pub fn parse(text: &str) -> Result<Deck, DataError> {
        let mut kinds: Vec<Kind> = Vec::new();
        let mut kind_alias: Vec<(usize, Option<String>)> = Vec::new();
        let mut raws = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let r = split_line(line, t)?;
            let err = |m: String| DataError { line, message: m };
            if r.head.first() == Some(&"kind") {
                let id = r
                    .head
                    .get(1)
                    .ok_or_else(|| err("kind without an id".into()))?;
                if r.head.len() > 2 {
                    return Err(err(format!("unexpected `{}`", r.head[2])));
                }
                if kinds.iter().any(|k| k.id == *id) {
                    return Err(err(format!("duplicate kind `{id}`")));
                }
                let alias = match r.data.as_slice() {
                    [] => None,
                    ["same-as", other] => Some((*other).to_owned()),
                    _ => return Err(err("kind data must be `same-as <kind>`".into())),
                };
                kind_alias.push((line, alias));
                kinds.push(Kind {
                    id: (*id).to_owned(),
                    name: r.name.to_owned(),
                    same_as: kinds.len() as u8,
                });
                continue;
            }
            raws.push(r);
        }
        if kinds.len() > 8 {
            return Err(DataError {
                line: 0,
                message: "at most 8 terror kinds".into(),
            });
        }
        for (k, (line, alias)) in kind_alias.iter().enumerate() {
            if let Some(a) = alias {
                let target = kinds
                    .iter()
                    .position(|x| x.id == *a)
                    .ok_or_else(|| DataError {
                        line: *line,
                        message: format!("unknown kind `{a}`"),
                    })?;
                if kind_alias[target].1.is_some() {
                    return Err(DataError {
                        line: *line,
                        message: format!("`{a}` is itself an alias"),
                    });
                }
                kinds[k].same_as = target as u8;
            }
        }
        if raws.len() > MAX_CARDS {
            return Err(DataError {
                line: 0,
                message: format!("{} cards; at most {MAX_CARDS}", raws.len()),
            });
        }
        // First pass: ids and types.
        let mut ids = BTreeMap::new();
        let mut keys = BTreeMap::new();
        let mut cards = Vec::new();
        for (idx, r) in raws.iter().enumerate() {
            let err = |m: String| DataError {
                line: r.line,
                message: m,
            };
            let [ty, id, tags @ ..] = r.head.as_slice() else {
                return Err(err("expected `<type> <id> \"<Name>\"`".into()));
            };
            let card_type =
                CardType::parse(ty).ok_or_else(|| err(format!("unknown type `{ty}`")))?;
            if !id.chars().all(|c| c.is_ascii_lowercase() || c == '-') || id.is_empty() {
                return Err(err(format!("id `{id}` is not kebab-case")));
            }
            if ids.insert((*id).to_owned(), idx as u8).is_some() {
                return Err(err(format!("duplicate id `{id}`")));
            }
            let key = letters_key(r.name);
            if key.is_empty() {
                return Err(err("name has no letters".into()));
            }
            if let Some(other) = keys.insert(key.clone(), *id) {
                return Err(err(format!("name sorts equal to `{other}`")));
            }
            let mut info = CardInfo {
                id: (*id).to_owned(),
                name: r.name.to_owned(),
                card_type,
                provenance: Provenance::Printed,
                key,
                accepts: CardSet::EMPTY,
                summons: 0,
                listed: Vec::new(),
                kind: 0,
                effect: None,
                curse: false,
                blocks_coach: false,
                reach: false,
                needs_setting: false,
                needs_focus: false,
                attack_only: false,
            };
            for tag in tags {
                match *tag {
                    "reconstructed" => info.provenance = Provenance::Reconstructed,
                    "designed" => info.provenance = Provenance::Designed,
                    "curse" => info.curse = true,
                    "blocks-coach" => info.blocks_coach = true,
                    "reach" => info.reach = true,
                    "needs-setting" => info.needs_setting = true,
                    "needs-focus" => info.needs_focus = true,
                    "attack-only" => info.attack_only = true,
                    other => return Err(err(format!("unknown tag `{other}`"))),
                }
            }
            cards.push(info);
        }
        // Second pass: data that refers to other cards and kinds.
        let kind_of = |line: usize, w: &str| -> Result<u8, DataError> {
            kinds
                .iter()
                .position(|k| k.id == w)
                .map(|i| i as u8)
                .ok_or_else(|| DataError {
                    line,
                    message: format!("unknown terror kind `{w}`"),
                })
        };
        let types: Vec<CardType> = cards.iter().map(|c: &CardInfo| c.card_type).collect();
        let card_of = |line: usize, w: &str, want: CardType| -> Result<u8, DataError> {
            let i = *ids.get(w).ok_or_else(|| DataError {
                line,
                message: format!("unknown card `{w}`"),
            })?;
            if types[i as usize] == want {
                Ok(i)
            } else {
                Err(DataError {
                    line,
                    message: format!("`{w}` is not a {want:?}"),
                })
            }
        };
        for (idx, r) in raws.iter().enumerate() {
            let line = r.line;
            let err = |m: String| DataError { line, message: m };
            let ty = cards[idx].card_type;
            let words = r.data.as_slice();
            match ty {
                CardType::Setting => {
                    if words.is_empty() {
                        return Err(err("a Setting needs the Focuses it accepts".into()));
                    }
                    let mut s = CardSet::EMPTY;
                    for w in words {
                        let f = card_of(line, w, CardType::Focus)?;
                        s.insert(f);
                        cards[idx].listed.push(f);
                    }
                    cards[idx].accepts = s;
                }
                CardType::Focus => {
                    if words.is_empty() {
                        return Err(err("a Focus needs the terror kinds it summons".into()));
                    }
                    let mut m = 0u8;
                    for w in words {
                        let k = kind_of(line, w)?;
                        m |= 1 << k;
                        cards[idx].listed.push(k);
                    }
                    cards[idx].summons = m;
                }
                CardType::Terror => {
                    let [w] = words else {
                        return Err(err("a Hidden Terror needs exactly one kind".into()));
                    };
                    cards[idx].kind = kind_of(line, w)?;
                }
                _ => {
                    let effect = Self::parse_effect(line, words, &kind_of, &card_of)?;
                    cards[idx].effect = Some(effect);
                }
            }
            let info = &cards[idx];
            if ty.is_essential()
                && (info.curse
                    || info.blocks_coach
                    || info.reach
                    || info.needs_focus
                    || info.needs_setting
                    || info.attack_only)
            {
                return Err(err("play tags belong on support cards".into()));
            }
            if info.reach && !matches!(info.effect, Some(Effect::RemoveFocus { .. })) {
                return Err(err("`reach` belongs on a remove-focus card".into()));
            }
        }
        let mut by_type = [CardSet::EMPTY; CardType::COUNT];
        let mut designed = CardSet::EMPTY;
        for (i, c) in cards.iter().enumerate() {
            by_type[c.card_type as usize].insert(i as u8);
            if c.provenance == Provenance::Designed {
                designed.insert(i as u8);
            }
        }
        for (ty, name) in [
            (CardType::Setting, "Settings"),
            (CardType::Focus, "Focuses"),
            (CardType::Terror, "Hidden Terrors"),
        ] {
            let found = by_type[ty as usize].len();
            if found < MIN_ESSENTIALS {
                return Err(DataError {
                    line: 0,
                    message: format!(
                        "{found} {name}; a deck needs at least {MIN_ESSENTIALS}, for one player's three lines"
                    ),
                });
            }
        }
        let terrors = by_type[CardType::Terror as usize];
        let summoned: [Vec<CardSet>; 2] = [false, true].map(|distinct| {
            cards
                .iter()
                .map(|f| {
                    if f.card_type != CardType::Focus {
                        return CardSet::EMPTY;
                    }
                    terrors
                        .iter()
                        .filter(|&t| {
                            let k = cards[t as usize].kind;
                            if distinct {
                                f.summons >> k & 1 == 1
                            } else {
                                let root = kinds[k as usize].same_as;
                                (0..kinds.len())
                                    .any(|j| f.summons >> j & 1 == 1 && kinds[j].same_as == root)
                            }
                        })
                        .collect()
                })
                .collect()
        });
        // A Focus no terror of the deck answers would leave its lines unfinishable.
        for (f, r) in cards.iter().zip(&raws) {
            if f.card_type == CardType::Focus && summoned[0][ids[&f.id] as usize].is_empty() {
                return Err(DataError {
                    line: r.line,
                    message: format!(
                        "Focus `{}` summons no Hidden Terror of the deck (add a terror of a kind it summons)",
                        f.id
                    ),
                });
            }
        }
        let mut order: Vec<usize> = (0..cards.len()).collect();
        order.sort_by(|&a, &b| cards[a].key.cmp(&cards[b].key));
        let mut alpha = vec![0u8; cards.len()];
        for (rank, &c) in order.iter().enumerate() {
            alpha[c] = rank as u8;
        }
        let mut names: Vec<String> = Vec::new();
        let name_of = cards
            .iter()
            .map(|c| {
                let i = names.iter().position(|n| *n == c.name).unwrap_or_else(|| {
                    names.push(c.name.clone());
                    names.len() - 1
                });
                u16::try_from(i).expect("fewer than 65536 names")
            })
            .collect();
        Ok(Deck {
            cards,
            kinds,
            by_type,
            designed,
            summoned,
            alpha,
            ids,
            names,
            name_of,
        })
    }

    fn parse_effect(
        line: usize,
        words: &[&str],
        kind_of: &dyn Fn(usize, &str) -> Result<u8, DataError>,
        card_of: &dyn Fn(usize, &str, CardType) -> Result<u8, DataError>,
    ) -> Result<Effect, DataError> {
        let err = |m: String| DataError { line, message: m };
        let Some((&head, args)) = words.split_first() else {
            return Err(err("a support card needs an effect".into()));
        };
        match head {
            "cancel" => {
                let [k] = args else {
                    return Err(err("`cancel` takes one terror kind".into()));
                };
                Ok(Effect::CancelTerror(kind_of(line, k)?))
            }
            "remove-focus" => {
                let mut any = false;
                let mut focuses = CardSet::EMPTY;
                let mut at = CardSet::EMPTY;
                let mut in_at = false;
                for w in args {
                    match *w {
                        "any" => any = true,
                        "at" => in_at = true,
                        w if in_at => at.insert(card_of(line, w, CardType::Setting)?),
                        w => focuses.insert(card_of(line, w, CardType::Focus)?),
                    }
                }
                if !any && focuses.is_empty() && at.is_empty() {
                    return Err(err(
                        "`remove-focus` needs `any`, Focuses or `at` Settings".into()
                    ));
                }
                Ok(Effect::RemoveFocus { any, focuses, at })
            }
            "remove-setting" => {
                let mut any = false;
                let mut settings = CardSet::EMPTY;
                for w in args {
                    if *w == "any" {
                        any = true;
                    } else {
                        settings.insert(card_of(line, w, CardType::Setting)?);
                    }
                }
                if !any && settings.is_empty() {
                    return Err(err("`remove-setting` needs `any` or Settings".into()));
                }
                Ok(Effect::RemoveSetting { any, settings })
            }
            w => {
                let e =
                    Effect::parse_simple(w).ok_or_else(|| err(format!("unknown effect `{w}`")))?;
                if !args.is_empty() {
                    return Err(err(format!("effect `{w}` takes no arguments")));
                }
                Ok(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::*;

    #[test]
    fn shipped_table_loads_with_81_cards() {
        let d = deck();
        assert_eq!(d.len(), 81);
        let counts: Vec<u32> = CardType::ALL.iter().map(|&t| d.of_type(t).len()).collect();
        assert_eq!(counts, [10, 15, 6, 20, 20, 10]);
        assert_eq!(d.designed().len(), 1);
        assert_eq!(d.find("fatal_possession"), d.find("fatal-possession"));
    }

    #[test]
    fn every_focus_is_accepted_by_exactly_four_settings() {
        let d = deck();
        for f in d.of_type(CardType::Focus) {
            let n = d
                .of_type(CardType::Setting)
                .iter()
                .filter(|&s| d.cards[s as usize].accepts.contains(f))
                .count();
            assert_eq!(n, 4, "{}", d.cards[f as usize].id);
        }
    }

    #[test]
    fn every_possession_reading_is_summoned_by_six_focuses() {
        let d = deck();
        for t in d.of_type(CardType::Terror) {
            let n = d
                .of_type(CardType::Focus)
                .iter()
                .filter(|&f| d.summoned_by(Card(f), false).contains(t))
                .count();
            assert_eq!(n, 6, "{}", d.cards[t as usize].id);
        }
        let fatal = d.find("fatal-possession").unwrap();
        let n = d
            .of_type(CardType::Focus)
            .iter()
            .filter(|&f| d.summoned_by(Card(f), true).contains(fatal.0))
            .count();
        assert_eq!(n, 2);
    }

    #[test]
    fn acquaintances_name_every_focus_and_setting_once() {
        let d = deck();
        let mut focuses = CardSet::EMPTY;
        let mut settings = CardSet::EMPTY;
        let mut lone_settings = CardSet::EMPTY;
        for c in &d.cards {
            match c.effect {
                Some(Effect::RemoveFocus {
                    any: false,
                    focuses: f,
                    at,
                }) => {
                    assert!(focuses.and(f).is_empty());
                    assert!(settings.and(at).is_empty());
                    focuses = focuses.or(f);
                    settings = settings.or(at);
                }
                Some(Effect::RemoveSetting {
                    any: false,
                    settings: s,
                }) => {
                    assert!(lone_settings.and(s).is_empty());
                    lone_settings = lone_settings.or(s);
                }
                _ => {}
            }
        }
        assert_eq!(focuses, d.of_type(CardType::Focus));
        assert_eq!(settings, d.of_type(CardType::Setting));
        assert_eq!(lone_settings, d.of_type(CardType::Setting));
    }

    #[test]
    fn every_kind_has_one_event_and_one_action_that_cancel_it() {
        let d = deck();
        for k in 0..d.kinds.len() as u8 {
            if d.kinds[k as usize].same_as != k {
                continue;
            }
            for ty in [CardType::Event, CardType::Action] {
                let n = d
                    .of_type(ty)
                    .iter()
                    .filter(|&c| d.cards[c as usize].effect == Some(Effect::CancelTerror(k)))
                    .count();
                assert_eq!(n, 1);
            }
        }
    }

    #[test]
    fn bad_tables_are_rejected_with_the_line() {
        let e = Deck::parse("kind a \"A\"\nsetting x \"X\" : nope\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unknown card `nope`"), "{e}");
        let e = Deck::parse("wizard x \"X\" : y\n").unwrap_err();
        assert!(e.message.contains("unknown type"), "{e}");
        let e = Deck::parse(
            "kind a \"A\"\nsetting s \"S\" : f\nfocus f \"F\" : a\nterror t \"T\" : a\nevent e \"E\" : fly\n",
        )
        .unwrap_err();
        assert!(e.message.contains("unknown effect `fly`"), "{e}");
        let e =
            Deck::parse("kind a \"A\"\nsetting s \"S\" : f\nsetting s \"T\" : f\n").unwrap_err();
        assert!(e.message.contains("duplicate id"), "{e}");
        let ok = Deck::parse(&small("event e \"E\" : lap\n")).unwrap();
        assert_eq!(ok.len(), 10);
    }

    /// The smallest playable table: two kinds, three lines' worth of essentials, and `extra`.
    fn small(extra: &str) -> String {
        format!(
            "kind a \"A\"\nkind b \"B\"\n\
             setting s \"S\" : f g\nsetting u \"U\" : f\nsetting v \"V\" : h\n\
             focus f \"F\" : a\nfocus g \"G\" : a b\nfocus h \"H\" : b\n\
             terror t \"T\" : a\nterror w \"W\" : b\nterror x \"X\" : a\n{extra}"
        )
    }

    #[test]
    fn a_deck_needs_three_lines_worth_of_each_essential_type() {
        let e = Deck::parse(&small("").replace("setting v \"V\" : h\n", "")).unwrap_err();
        assert_eq!(e.line, 0);
        assert_eq!(
            e.to_string(),
            "card table: 2 Settings; a deck needs at least 3, for one player's three lines"
        );
        let e = Deck::parse(
            &small("")
                .replace(" : f g", " : f")
                .replace("focus g \"G\" : a b\n", ""),
        )
        .unwrap_err();
        assert!(e.message.starts_with("2 Focuses;"), "{e}");
        let e = Deck::parse(&small("").replace("terror x \"X\" : a\n", "")).unwrap_err();
        assert!(e.message.starts_with("2 Hidden Terrors;"), "{e}");
    }

    #[test]
    fn a_focus_must_summon_a_terror_of_the_deck() {
        let text = small("").replace("terror w \"W\" : b", "terror w \"W\" : a");
        let e = Deck::parse(&text).unwrap_err();
        assert_eq!(e.line, 8);
        assert!(
            e.message
                .contains("Focus `h` summons no Hidden Terror of the deck"),
            "{e}"
        );
    }

    #[test]
    fn a_support_card_must_name_a_kind_the_deck_declares() {
        let e = Deck::parse(&small("action p \"P\" : cancel ghost\n")).unwrap_err();
        assert_eq!(e.line, 12);
        assert_eq!(
            e.to_string(),
            "card table line 12: unknown terror kind `ghost`"
        );
    }

    #[test]
    fn alphabetical_keys_use_letters_only() {
        let d = deck();
        let key = |id: &str| d.cards[d.find(id).unwrap().0 as usize].key.clone();
        assert_eq!(key("attacked"), "ATTACKED");
        assert_eq!(key("wealthy-relatives-mansion"), "WEALTHYRELATIVESMANSION");
        let r = |id: &str| d.alpha_rank(d.find(id).unwrap());
        assert!(r("arrested") < r("attacked"));
        assert!(r("attacked") < r("auction-of-curiosities"));
    }
}
