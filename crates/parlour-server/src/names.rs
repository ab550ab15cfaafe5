//! The names people read for a table's seats: a person's own name, a bot's name from its kind
//! ("Greedy bot", "Hard bot"), numbered when two bots of one kind share a table ("Greedy bot 1",
//! "Greedy bot 2"). Derived from the stored seats alone, so a stored table keeps its names.

use parlour_protocol::SeatKind;

/// The name a bot of `spec` goes by before numbering.
fn bot_name(spec: &str) -> String {
    let kind = match spec.trim() {
        "random" => "Random",
        "greedy" => "Greedy",
        "ismcts:easy" => "Easy",
        "ismcts" | "ismcts:medium" => "Medium",
        "ismcts:hard" => "Hard",
        "solver" => "Solver",
        other => return format!("Bot ({other})"),
    };
    format!("{kind} bot")
}

/// Each seat's name, in seat order, from its kind and stored name (a person's name, a bot's
/// spec).
pub(crate) fn seat_names<'a>(seats: impl IntoIterator<Item = (SeatKind, &'a str)>) -> Vec<String> {
    let mut names: Vec<(SeatKind, String)> = seats
        .into_iter()
        .map(|(kind, name)| match kind {
            SeatKind::Human => (kind, name.to_owned()),
            SeatKind::Bot => (kind, bot_name(name)),
        })
        .collect();
    let bots: Vec<String> = names
        .iter()
        .filter(|(k, _)| *k == SeatKind::Bot)
        .map(|(_, n)| n.clone())
        .collect();
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    for (kind, name) in &mut names {
        if *kind == SeatKind::Bot && bots.iter().filter(|b| *b == name).count() > 1 {
            let k = seen.entry(name.clone()).or_default();
            *k += 1;
            *name = format!("{name} {k}");
        }
    }
    names.into_iter().map(|(_, n)| n).collect()
}

#[cfg(test)]
mod tests {
    use parlour_protocol::SeatKind::{Bot, Human};

    use super::seat_names;

    #[test]
    fn bots_of_one_kind_are_numbered_and_the_rest_named_by_kind() {
        let names = seat_names([
            (Human, "Ann"),
            (Bot, "greedy"),
            (Bot, "ismcts:hard"),
            (Bot, "greedy"),
        ]);
        assert_eq!(names, ["Ann", "Greedy bot 1", "Hard bot", "Greedy bot 2"]);
    }

    #[test]
    fn a_lone_bot_has_no_number_and_an_odd_spec_is_named_as_given() {
        assert_eq!(
            seat_names([(Bot, "random"), (Bot, "ismcts:250"), (Human, "Bo")]),
            ["Random bot", "Bot (ismcts:250)", "Bo"]
        );
    }
}
