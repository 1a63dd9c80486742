//! `grundy-lab prove`: statements about every position, decided by
//! automata (src/proof).

use super::{CliError, RulesArg, put};
use crate::Control;
use crate::proof::prove::{Outcome, Verdict};
use crate::proof::session::{self, Report, Request, SessionError};
use crate::proof::{Limits, Numeration, ProofError, walnut};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `prove`.
#[derive(Args, Debug)]
pub struct ProveArgs {
    /// The game.
    #[command(flatten)]
    pub rules: RulesArg,
    /// The numeration of the automata: fibonacci (Zeckendorf) or a base from 2 to 16.
    #[arg(long, default_value = "fibonacci", value_name = "fibonacci|2|3|...|16")]
    pub numeration: String,
    /// A statement in Walnut's syntax, e.g. 'A x,y P(x,y) <=> W(x,y)'. Predicates: P(x,y) (a P-position
    /// of this game), G(k,x,y) (Grundy value k), W(x,y) (a P-position of Wythoff's game), M(x,y,u,v) (a
    /// move). Without it: prove the P-positions.
    #[arg(long)]
    pub statement: Option<String>,
    /// The side of the table from which automata are guessed (default 2000 for two coordinates).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// The most states of one automaton while it is built.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_states)]
    pub max_states: usize,
    /// Write the proved automata and a command file that reproduces the proof: walnut (Walnut's format)
    /// or dot (Graphviz), into DIR.
    #[arg(long, num_args = 2, value_names = ["walnut|dot", "DIR"])]
    pub export: Option<Vec<String>>,
}

/// A format of `--export`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExportFormat {
    Walnut,
    Dot,
}

/// Run `prove`: exit 0 proved, 1 refuted, 3 not proved, 2 bad input.
pub fn prove(args: ProveArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    let numeration = Numeration::parse(&args.numeration)
        .ok_or_else(|| format!("unknown numeration `{}`: use fibonacci or a base from 2 to 16", args.numeration))?;
    let export = match &args.export {
        None => None,
        Some(v) => {
            let format = ExportFormat::from_str(&v[0], true)
                .map_err(|_| format!("unknown export format `{}`: use walnut or dot", v[0]))?;
            let dir = PathBuf::from(&v[1]);
            if dir.exists() && !dir.is_dir() {
                return Err(format!("`{}` is not a folder", dir.display()).into());
            }
            Some((format, dir))
        }
    };
    // Each state costs at least its row of letters: beyond this the
    // memory, not the limit, would stop the work.
    const MOST_STATES: usize = 50_000_000;
    if !(16..=MOST_STATES).contains(&args.max_states) {
        return Err(format!("--max-states must be from 16 to {MOST_STATES}").into());
    }
    let rules = args.rules.load()?;
    let request = Request {
        statement: args.statement.clone(),
        numeration,
        side: args.size,
        limits: Limits { max_states: args.max_states, ..Limits::default() },
    };
    if let Some(side) = args.size
        && !(16..=crate::grundy::MAX_SIDE).contains(&side)
    {
        return Err(format!("--size must be from 16 to {}", crate::grundy::MAX_SIDE).into());
    }
    let control = Control::new();
    let report = match super::progress::watch("proving", &control, || session::prove(&rules, &request, &control)) {
        Ok(r) => r,
        Err(SessionError::Proof(e)) if is_limit(&e) => {
            put(out, &format!("NOT PROVED: {e}\n"))?;
            return Ok(3);
        }
        Err(SessionError::Proof(ProofError::NotExpressible { reason })) => {
            put(
                out,
                &format!("NOT PROVED: the moves of {} cannot be written as a formula: {reason}\n", rules.label()),
            )?;
            return Ok(3);
        }
        Err(e) => return Err(e.to_string().into()),
    };
    put(out, &sentence(&report))?;
    if let Some((format, dir)) = export {
        let files = write_export(&report, format, &dir)?;
        put(out, &format!("Wrote {files} files into {}\n", dir.display()))?;
    }
    Ok(match report.verdict {
        Verdict::Proved { .. } => 0,
        Verdict::Refuted { .. } => 1,
        Verdict::NotProved { .. } => 3,
    })
}

/// A limit of the proof room or a stop: "not proved", not bad input.
fn is_limit(e: &ProofError) -> bool {
    matches!(
        e,
        ProofError::TooManyStates { .. }
            | ProofError::TooManyLetters { .. }
            | ProofError::Cancelled
            | ProofError::WitnessTooLarge
    )
}

/// The verdict in words, with the theorem that makes it a proof.
pub fn sentence(r: &Report) -> String {
    let sizes =
        |sets: &[(String, usize)]| sets.iter().map(|(n, s)| format!("{n}: {s} states")).collect::<Vec<_>>().join(", ");
    let why = format!(
        "By induction on the sum of the coordinates (every move lowers it), each set named is exactly the set \
         it stands for, and by the Büchi–Bruyère theorem the statement is decided by automata in {}.",
        r.numeration
    );
    match &r.verdict {
        Verdict::Proved { statement, sets } if statement.is_empty() => format!(
            "PROVED: the P-positions of {} are exactly the positions read by an automaton of {} states in {}.\n{why}\n",
            r.game,
            sets.first().map_or(0, |s| s.1),
            r.numeration
        ),
        Verdict::Proved { statement, sets } => format!(
            "PROVED for {}: {statement}\nAutomata: {}.\n{why}\n",
            r.game,
            if sets.is_empty() { "none".to_string() } else { sizes(sets) }
        ),
        Verdict::Refuted { statement, counterexample } if counterexample.is_empty() => {
            format!("REFUTED for {}: {statement}\nNo values of the variables make it true.\n", r.game)
        }
        Verdict::Refuted { statement, counterexample } => format!(
            "REFUTED for {}: {statement}\nLeast counterexample: {}.\n",
            r.game,
            counterexample.iter().map(|(n, v)| format!("{n} = {v}")).collect::<Vec<_>>().join(", ")
        ),
        Verdict::NotProved { why, .. } => {
            let hint = match why {
                Outcome::NoAutomaton { .. } => " Try another --numeration or a larger --size.",
                _ => " Try a larger --size.",
            };
            format!("NOT PROVED for {}: {why}.{hint}\n", r.game)
        }
    }
}

/// Write the export files; the number written.
fn write_export(r: &Report, format: ExportFormat, dir: &std::path::Path) -> Result<usize, CliError> {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    match format {
        ExportFormat::Walnut => {
            let library = PathBuf::from("Automata Library");
            for (name, a) in &r.sets {
                files.push((library.join(format!("{name}.txt")), walnut::automaton_text(a)));
                // A statement says P(x, y) for the P-positions, which in
                // normal play are the set of value 0.
                if name == "G0" {
                    files.push((library.join("P.txt"), walnut::automaton_text(a)));
                }
            }
            let statement = match &r.verdict {
                Verdict::Proved { statement, .. } | Verdict::Refuted { statement, .. } if !statement.is_empty() => {
                    Some(statement.as_str())
                }
                _ => None,
            };
            let mut defs = Vec::new();
            for (name, formula) in &r.defs {
                defs.push((name.clone(), walnut::move_definition(formula).map_err(|e| e.to_string())?));
            }
            let text = walnut::command_text(&r.numeration.walnut_name(), &defs, &r.conditions, statement);
            files.push((PathBuf::from("prove.txt"), text));
        }
        ExportFormat::Dot => {
            for (name, a) in &r.sets {
                files.push((PathBuf::from(format!("{name}.dot")), walnut::dot_text(name, a)));
            }
        }
    }
    for (path, text) in &files {
        let full = dir.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create `{}`: {e}", parent.display()))?;
        }
        crate::fsutil::atomic_write(&full, |w| w.write_all(text.as_bytes())).map_err(|e| e.to_string())?;
    }
    Ok(files.len())
}
