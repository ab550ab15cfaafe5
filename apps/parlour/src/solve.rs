use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use parlour_core::{Game, Options, Seat, ToAct};
use parlour_kings_feast::{SolveLimits, State, solve};
use parlour_record::Match;
use serde_json::json;

/// `parlour solve kings-feast`: deals from the seed, searches the dealt layout with full
/// information, and saves the plan as a record that `parlour replay` accepts.
pub fn run(
    options: Options,
    seed: u64,
    seconds: u64,
    save: Option<PathBuf>,
    json_out: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let mut m = Match::<State>::new(1, options, seed)?;
    m.draw_due_chance();
    if m.to_act() == ToAct::Terminal {
        bail!("the deal ended the game before any decision");
    }
    let limits = SolveLimits {
        time_limit: Duration::from_secs(seconds),
        ..SolveLimits::default()
    };
    let plan = solve(m.state(), &limits);
    for (i, action) in plan.actions.iter().enumerate() {
        m.apply_entry(&format!("0: {action}"))
            .with_context(|| format!("the plan's action {i} `{action}` does not replay"))?;
    }
    m.draw_due_chance();
    let reached = m.state().outcome().map(|o| o.scores[0]);
    let save = save.unwrap_or_else(|| PathBuf::from(format!("kings-feast-{seed}-plan.json")));
    std::fs::write(&save, m.to_record().to_json())
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
        writeln!(out, "{}", m.state().view(Some(Seat(0))))?;
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
