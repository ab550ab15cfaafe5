use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde_json::json;

/// `parlour solve GAME`: deals from the seed, lets the game's registered solver search the dealt
/// position with full information, and saves the plan as a record that `parlour replay` accepts.
pub fn run(
    game: &str,
    options: parlour_core::Options,
    seed: u64,
    seconds: u64,
    save: Option<PathBuf>,
    json_out: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let parlour_games::Solution {
        seat,
        plan,
        game: m,
    } = parlour_games::solve(game, options, seed, Duration::from_secs(seconds))?;
    let reached = m.outcome().map(|o| o.scores[seat.index()]);
    let save = save.unwrap_or_else(|| PathBuf::from(format!("{game}-{seed}-plan.json")));
    std::fs::write(&save, m.record().to_json())
        .with_context(|| format!("writing {}", save.display()))?;
    if json_out {
        writeln!(
            out,
            "{}",
            json!({
                "seed": seed,
                "score": plan.score,
                "turns": plan.turns,
                "score_proven": plan.score_proven,
                "turns_proven": plan.turns_proven,
                "method": plan.method,
                "nodes": plan.nodes,
                "seconds": plan.elapsed.as_secs_f64(),
                "actions": plan.actions,
                "record": save,
            })
        )?;
    } else {
        writeln!(out, "{}", m.view_text(Some(seat)))?;
        writeln!(out)?;
        writeln!(
            out,
            "best score {} in {} turns ({}{}) · {} search, {} states, {:.2} s",
            plan.score,
            plan.turns,
            if plan.score_proven {
                "score proven optimal"
            } else {
                "best found, not proven"
            },
            if plan.turns_proven {
                ", fewest turns"
            } else {
                ""
            },
            plan.method,
            plan.nodes,
            plan.elapsed.as_secs_f64()
        )?;
        for (i, a) in plan.actions.iter().enumerate() {
            writeln!(out, "  {:>3}. {a}", i + 1)?;
        }
        writeln!(
            out,
            "record written to {} (`parlour replay {}`)",
            save.display(),
            save.display()
        )?;
    }
    if reached != Some(plan.score) {
        bail!(
            "the plan replays to score {reached:?}, not the claimed {}",
            plan.score
        );
    }
    Ok(())
}
