//! A game's "How to play" for pages: the Markdown the game declares
//! ([`parlour_core::Registration::how_to_play`]) rendered to HTML here, with the help for each
//! kind of choice picked out, so a page keeps no copy of the rules.

use parlour_protocol::{ChoiceHelp, GameRules};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

/// `parts` (Markdown, read one after another) as HTML plus the help for each kind of choice: a
/// level-3 heading with classes (`### Playing a card {.play}`) starts the help for the actions
/// whose texts start with those words, and runs to the next heading of level 3 or above.
pub fn render(parts: &[&str]) -> GameRules {
    let mut rules = GameRules {
        html: String::new(),
        choices: Vec::new(),
    };
    for part in parts {
        let events: Vec<Event> = Parser::new_ext(
            part,
            Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_TABLES,
        )
        .map(no_raw_html)
        .collect();
        for (i, e) in events.iter().enumerate() {
            if let Event::Start(Tag::Heading {
                level: HeadingLevel::H3,
                classes,
                ..
            }) = e
                && !classes.is_empty()
            {
                rules.choices.push(choice(&events[i + 1..], classes));
            }
        }
        html::push_html(&mut rules.html, events.into_iter().map(no_classes));
    }
    rules
}

/// The choice whose heading's classes are `verbs`, from the events after its heading's start.
fn choice(after: &[Event], verbs: &[CowStr]) -> ChoiceHelp {
    let title_end = after
        .iter()
        .position(|e| matches!(e, Event::End(TagEnd::Heading(_))))
        .unwrap_or(after.len());
    let title = after[..title_end]
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            _ => None,
        })
        .collect();
    let body = after.get(title_end + 1..).unwrap_or_default();
    let body_end = body
        .iter()
        .position(
            |e| matches!(e, Event::Start(Tag::Heading { level, .. }) if *level <= HeadingLevel::H3),
        )
        .unwrap_or(body.len());
    let mut html = String::new();
    html::push_html(&mut html, body[..body_end].iter().cloned().map(no_classes));
    ChoiceHelp {
        verbs: verbs.iter().map(ToString::to_string).collect(),
        title,
        html,
    }
}

/// The texts are the games' own, but a page inserts this HTML: raw HTML in them shows as text.
fn no_raw_html(e: Event) -> Event {
    match e {
        Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
        e => e,
    }
}

/// The choice keys are for [`render`], not the page's style sheet.
fn no_classes(e: Event) -> Event {
    match e {
        Event::Start(Tag::Heading { level, id, .. }) => Event::Start(Tag::Heading {
            level,
            id,
            classes: Vec::new(),
            attrs: Vec::new(),
        }),
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use parlour_core::Options;

    use super::*;

    #[test]
    fn choices_are_picked_out_and_their_keys_left_out_of_the_page() {
        let r = render(&[
            "## Goal\n\nWin.\n\n## Your choices\n\n### Playing a card {.play .pass}\n\nPlay one \
             <b>card</b>.\n\n### Ending {.end}\n\nStop.\n\n## After\n\nMore.",
            "## The deck\n\nCards.",
        ]);
        assert_eq!(r.choices.len(), 2);
        assert_eq!(r.choices[0].verbs, ["play", "pass"]);
        assert_eq!(r.choices[0].title, "Playing a card");
        assert_eq!(
            r.choices[0].html,
            "<p>Play one &lt;b&gt;card&lt;/b&gt;.</p>\n"
        );
        assert_eq!(r.choices[1].html, "<p>Stop.</p>\n");
        assert!(r.html.contains("<h3>Playing a card</h3>"), "{}", r.html);
        assert!(r.html.contains("<h2>The deck</h2>"));
        assert!(!r.html.contains("<b>"));
    }

    /// The first words of every action a few seeded random games of `id` offer.
    fn verbs_met(id: &str, players: u8, options: &Options) -> BTreeSet<String> {
        let mut verbs = BTreeSet::new();
        for seed in 0..3_u64 {
            let mut m = parlour_games::new_match(id, players, options.clone(), seed).unwrap();
            let mut pick = seed;
            for _ in 0..3000 {
                m.draw_due_chance();
                let Some(seat) = m.to_act().first_seat() else {
                    break;
                };
                let legal = m.legal(seat);
                verbs.extend(
                    legal
                        .iter()
                        .filter_map(|a| a.split(' ').next().map(str::to_owned)),
                );
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let a = &legal[usize::try_from(pick >> 33).unwrap() % legal.len()];
                m.apply_action_text(seat, a).unwrap();
            }
        }
        verbs
    }

    #[test]
    fn every_game_explains_its_rules_and_every_choice_met_in_play() {
        for g in parlour_games::games() {
            let r = render(g.how_to_play);
            assert!(r.html.matches("<h2>").count() >= 3, "{}: {}", g.id, r.html);
            assert!(r.html.contains(g.name), "{} is not named", g.id);
            let words: usize = g
                .how_to_play
                .iter()
                .map(|p| p.split_whitespace().count())
                .sum();
            assert!((250..=1400).contains(&words), "{}: {words} words", g.id);
            let helped: BTreeSet<&str> = r
                .choices
                .iter()
                .flat_map(|c| c.verbs.iter().map(String::as_str))
                .collect();
            let defaults = Options::defaults(g.options);
            for verb in verbs_met(g.id, g.default_players(), &defaults) {
                assert!(
                    helped.contains(verb.as_str()),
                    "{}: no help for `{verb}`",
                    g.id
                );
            }
        }
    }
}
