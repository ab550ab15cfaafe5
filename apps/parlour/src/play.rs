use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use parlour_bots::{Bot, Observation, make_bot};
use parlour_core::{Game, Options, Search, Seat, ToAct, Viewer};
use parlour_record::Match;

use crate::clip::clip_quotes;
use crate::common::report_error;

/// A terminal game: one person at `seat`, bots elsewhere.
pub struct PlayConfig {
    pub players: u8,
    pub seat: Seat,
    pub bots: Vec<String>,
    pub seed: u64,
    pub options: Options,
    pub save: PathBuf,
}

/// Plays in the terminal. `input` gives the person's lines; everything is written to `out`.
/// The record is saved at the end, and on quit or end of input.
pub fn play<G: Search>(
    cfg: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    if cfg.seat.0 >= cfg.players {
        bail!(
            "--seat {} does not exist in a {}-player game",
            cfg.seat,
            cfg.players
        );
    }
    let mut m = Match::<G>::new(cfg.players, cfg.options.clone(), cfg.seed)?;
    let others: Vec<Seat> = Seat::all(cfg.players).filter(|s| *s != cfg.seat).collect();
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
    for s in Seat::all(cfg.players) {
        if s == cfg.seat {
            bots.push(None);
            continue;
        }
        let i = others.iter().position(|o| *o == s).expect("another seat");
        let name = if cfg.bots.is_empty() {
            "greedy"
        } else {
            &cfg.bots[i % cfg.bots.len()]
        };
        bots.push(Some(make_bot::<G>(name, cfg.seed, u64::from(s.0) + 1)?));
    }
    let played = session(&mut m, &mut bots, cfg, input, out);
    // The record is saved on every way out: the end, `q`, end of input, and errors.
    let saved = std::fs::write(&cfg.save, m.to_record().to_json())
        .with_context(|| format!("saving the record to {}", cfg.save.display()));
    match (played, saved) {
        (Ok(()), Ok(())) => {
            saved_note(cfg, out)?;
            Ok(())
        }
        (Err(e), Ok(())) => {
            // The error is what matters; the note may not get through (a closed output).
            let _ = saved_note(cfg, out);
            Err(e)
        }
        (Ok(()), Err(e)) => Err(e),
        (Err(e), Err(save)) => {
            report_error(format_args!("{save:#}"));
            Err(e)
        }
    }
}

fn saved_note(cfg: &PlayConfig, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "record saved to {} (replay it with `parlour replay {}`)",
        cfg.save.display(),
        cfg.save.display()
    )?;
    out.flush()
}

/// The game itself, from the table's introduction to the end, `q` or end of input.
fn session<G: Game>(
    m: &mut Match<G>,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    cfg: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let me = Viewer::Seat(cfg.seat);
    writeln!(
        out,
        "{} · {} players · you are seat {} · seed {}",
        G::NAME,
        cfg.players,
        cfg.seat,
        cfg.seed
    )?;
    for s in Seat::all(cfg.players).filter(|s| *s != cfg.seat) {
        writeln!(
            out,
            "seat {s}: {}",
            bots[s.index()].as_ref().expect("bot").name()
        )?;
    }
    writeln!(
        out,
        "type a number or the action's notation; `q` saves and quits, `?` shows the table again"
    )?;
    let mut buf = Vec::new();
    let mut bytes = Vec::new();
    let quit = loop {
        match m.to_act() {
            ToAct::Terminal => break false,
            ToAct::Chance => {
                m.draw_chance();
                print_events(m, me, out)?;
            }
            ToAct::Seats(seats) => {
                let seat = seats.first().expect("a player node names a seat");
                if let Some(bot) = bots[seat.index()].as_mut() {
                    let a = bot.choose(&Observation::new(m.state(), seat));
                    m.apply_action(seat, a)
                        .context("a bot chose an illegal action")?;
                    print_events(m, me, out)?;
                    continue;
                }
                writeln!(out, "\n{}", m.state().view(Some(seat)))?;
                m.state().legal_actions(seat, &mut buf);
                let texts: Vec<String> = buf.iter().map(|a| m.state().action_text(*a)).collect();
                for (i, t) in texts.iter().enumerate() {
                    writeln!(out, "  {:>3}) {t}", i + 1)?;
                }
                let applied = loop {
                    write!(out, "your move> ")?;
                    out.flush()?;
                    bytes.clear();
                    if input.read_until(b'\n', &mut bytes)? == 0 {
                        writeln!(out)?;
                        break false;
                    }
                    // Lines are read as bytes: one that is not UTF-8 is a bad answer, not the end.
                    let Ok(line) = std::str::from_utf8(&bytes) else {
                        writeln!(out, "not allowed: the line is not UTF-8 text")?;
                        continue;
                    };
                    let line = match line.trim() {
                        // Enter plays a forced move: it is still asked and recorded.
                        "" if buf.len() == 1 => "1",
                        other => other,
                    };
                    match line {
                        "" => continue,
                        "q" | "quit" | "exit" => break false,
                        "?" | "help" => {
                            writeln!(out, "{}", m.state().view(Some(seat)))?;
                            for (i, t) in texts.iter().enumerate() {
                                writeln!(out, "  {:>3}) {t}", i + 1)?;
                            }
                            continue;
                        }
                        _ => {}
                    }
                    let chosen = match line.parse::<usize>() {
                        Ok(k) if (1..=buf.len()).contains(&k) => Ok(buf[k - 1]),
                        Ok(k) => Err(format!("choose 1 to {}, not {k}", buf.len())),
                        Err(_) => m
                            .state()
                            .parse_action(seat, line)
                            .map_err(|e| e.to_string()),
                    };
                    match chosen.and_then(|a| m.apply_action(seat, a).map_err(|e| e.to_string())) {
                        Ok(()) => break true,
                        Err(e) => writeln!(out, "not allowed: {}", clip_quotes(&e))?,
                    }
                };
                if !applied {
                    break true;
                }
                print_events(m, me, out)?;
            }
        }
    };
    if !quit {
        let o = m.state().outcome().expect("finished games have an outcome");
        writeln!(out, "\n{}", m.state().view(Some(cfg.seat)))?;
        writeln!(out, "game over · scores {:?}", o.scores)?;
        let winners: Vec<String> = o
            .winners
            .iter()
            .map(|s| {
                if s == cfg.seat {
                    "you".to_owned()
                } else {
                    format!("seat {s}")
                }
            })
            .collect();
        writeln!(out, "won by {}", winners.join(" and "))?;
    }
    Ok(())
}

fn print_events<G: Game>(m: &Match<G>, me: Viewer, out: &mut dyn Write) -> Result<()> {
    for e in m.last_events(me) {
        writeln!(out, "· {e}")?;
    }
    Ok(())
}
