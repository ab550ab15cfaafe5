use std::io::Write;

use parlour_core::OptionKind;
use serde_json::json;

/// `parlour games`: every game with its player counts and options.
pub fn run(json_out: bool, out: &mut dyn Write) -> std::io::Result<()> {
    let games = parlour_games::games();
    if json_out {
        let list: Vec<_> = games
            .iter()
            .map(|g| {
                json!({
                    "id": g.id,
                    "name": g.name,
                    "players": [g.players.start(), g.players.end()],
                    "summary": g.summary,
                    "first_player": g.first_player.id(),
                    "simultaneous": g.simultaneous,
                    "max_steps": g.max_steps(),
                    "options": g.options.iter().map(|o| json!({
                        "id": o.id,
                        "help": o.help,
                        "values": o.values_hint(),
                        "default": if matches!(o.kind, OptionKind::Text { .. } | OptionKind::Data { .. }) && o.default_text().len() > 40 { "(long text)".to_owned() } else { o.default_text() },
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        return writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&list).expect("json values serialise")
        );
    }
    for g in &games {
        writeln!(
            out,
            "{:<18} {}  ({}–{} players)",
            g.id,
            g.name,
            g.players.start(),
            g.players.end()
        )?;
        for o in g.options {
            let file = if g.file_options.contains(&o.id) {
                format!(" (or from a file: --option-file {}=PATH)", o.id)
            } else {
                String::new()
            };
            writeln!(
                out,
                "    {:<36} {:<14} default {:<8} {}{file}",
                o.id,
                o.values_hint(),
                o.default_text(),
                o.help
            )?;
        }
    }
    if games.is_empty() {
        writeln!(out, "no games are compiled in")?;
    }
    Ok(())
}
