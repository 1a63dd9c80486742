//! The command line: the same library code as the app, headless, so every
//! result on screen can be reproduced in a script.
//!
//! Results go to stdout, written as they are made (a large table is
//! streamed, not built in memory); messages and progress go to stderr. A
//! closed pipe (`| head`) ends the run quietly; any other failure to write
//! is a message and exit code 2.

pub mod knight;
mod progress;
mod takebreak;

pub use knight::KnightArgs;

use crate::Control;
use crate::conjecture::Formula;
use crate::grundy::{MAX_SIDE, Table, compute_box};
use crate::rules::{Convention, Rules, load_spec};
use crate::theory;
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Grundy Lab: play and research Wythoff's game and its relatives.
/// With no subcommand, opens the desktop app.
#[derive(Parser, Debug)]
#[command(name = "grundy-lab", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Which game: a preset name, a rules file or a rules program, optionally
/// misère and with a pass.
#[derive(Args, Debug, Clone)]
pub struct RulesArg {
    /// A preset (nim, queen, dragon-king, dragon-horse, ryuoh:P, queen-t2, bishop, king, knight, nim-1, nim-3,
    /// queen-3, queen-3-all, or an example program: chocolate-2d, chocolate-3d, restricted-nim,
    /// subtraction-1-3-4, fraenkel-3, queen-program), a rules file (.json) or a rules program (.rhai).
    /// Take-and-break games (for sequence, value, table and ppos): octal:0.07, hex:0.F, subtraction:1,3,4,
    /// split:2:unequal, kayles, dawsons-kayles, dawsons-chess, treblecross, grundy-game, or a .rhai file
    /// with `fn splits(n)`
    #[arg(long, value_name = "SPEC")]
    pub rules: String,
    /// Play misère: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Allow a one-time pass (either player, once per game, not where the game is over).
    #[arg(long)]
    pub pass: bool,
}

impl RulesArg {
    /// The rules this argument names.
    pub fn load(&self) -> Result<Rules, String> {
        if let Some(game) = crate::takebreak::TakeBreak::parse_spec(&self.rules) {
            let name = game.map_err(|e| e.to_string())?.label();
            return Err(format!(
                "{name} is a take-and-break game (a row of heaps): use `sequence`, `value`, `table` or `ppos`"
            ));
        }
        let mut r = load_spec(&self.rules)?;
        if self.misere {
            r.convention = Convention::Misere;
        }
        if self.pass {
            r.pass = true;
        }
        Ok(r)
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the Grundy table as CSV: line y holds g(0,y), g(1,y), ... (misère: P or N).
    Table {
        #[command(flatten)]
        rules: RulesArg,
        /// N for N in every coordinate, or WxH, or WxHxD.
        #[arg(long, value_name = "N[xM[xK]]")]
        size: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// List the P-positions in the box, one "x", "x y" or "x y z" per line (with --pass: those where the
    /// pass is still there).
    Ppos {
        #[command(flatten)]
        rules: RulesArg,
        #[arg(long, value_name = "N[xM[xK]]")]
        size: String,
    },
    /// The Grundy value (misère: P or N) of one position: by a closed form where one exists, else from
    /// the smallest box that holds it.
    Value {
        #[command(flatten)]
        rules: RulesArg,
        /// The coordinates: X, X Y or X Y Z, as many as the game has (a take-and-break game: any number of
        /// heaps).
        #[arg(required = true, num_args = 1..)]
        position: Vec<u64>,
    },
    /// Check a formula against the computed table, cell by cell. Exit 0 if it holds everywhere, 1 if not.
    Check {
        #[command(flatten)]
        rules: RulesArg,
        #[arg(long, value_name = "N[xM]")]
        size: String,
        /// An integer formula (compared with g) or a boolean one (compared with "is P"), in x and y.
        #[arg(long)]
        formula: String,
        /// The longest the whole check may take, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET_SECONDS)]
        budget: f64,
    },
    /// The values g(0), ..., g(N) of one heap of a take-and-break game, and its period: proved by the
    /// periodicity theorem for a finite code, or "no period up to N".
    Sequence {
        /// A take-and-break game (octal:0.07, kayles, grundy-game, ...) or a game of one heap.
        #[arg(long, value_name = "SPEC")]
        rules: String,
        /// The largest heap.
        #[arg(long, value_name = "N")]
        up_to: u64,
        /// Go on from the values in this file (when it holds this game's), and save them to it every
        /// minute and at the end.
        #[arg(long, value_name = "PATH")]
        file: Option<PathBuf>,
        /// Print the values, one line "n g(n)" per heap, before the report.
        #[arg(long)]
        values: bool,
    },
    /// The n-th Wythoff pair (floor(n phi), floor(n phi^2)), exact, with its Fibonacci form.
    Wythoff {
        /// n >= 0 (any 64-bit number).
        n: u64,
    },
    /// Whether (X, Y) is a P-position: exact by a closed form where one exists, else from a table.
    IsP {
        #[command(flatten)]
        rules: RulesArg,
        x: u64,
        y: u64,
    },
    /// Export the Grundy map of the whole table as a PNG poster.
    Render {
        #[command(flatten)]
        rules: RulesArg,
        #[arg(long, value_name = "N[xM]")]
        size: String,
        /// The PNG file to write (its name ends in .png).
        #[arg(long)]
        out: PathBuf,
        /// viridis, cyclic, grey or highlight (highlight shows the values of --highlight).
        #[arg(long, default_value = "viridis")]
        palette: String,
        /// The values the highlight palette shows strongly, comma-separated (e.g. 0,1,5).
        #[arg(long, value_name = "LIST", default_value = "0")]
        highlight: String,
        /// Pixels per cell (a fraction such as 0.5 shrinks large tables).
        #[arg(long, default_value_t = 1.0)]
        cell: f64,
        /// Add a legend, axes and a title around the map.
        #[arg(long)]
        legend: bool,
    },
    /// Knight's tours and knight-graph pictures of a board: prints the tour of each region
    /// ("x,y x,y ..."), "none" or "undecided", or the number of tours.
    Knight(KnightArgs),
    /// Print engine benchmark figures (ratios measured in one run).
    Bench {
        /// Table side for the engine figures.
        #[arg(long, default_value_t = 8192)]
        size: usize,
        /// Side of the queen table whose peak memory is measured (0: skip).
        #[arg(long, default_value_t = 16384)]
        memory_size: usize,
        /// Which figures: engine, map, knight, families (with frames), frames, takebreak or all.
        #[arg(long, default_value = "all")]
        only: String,
    },
}

/// Parse `N` or `WxH`.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let [w, h, _] = parse_box(s, 2)?;
    Ok((w, h))
}

/// Parse the box of a game with `dimension` coordinates: `N` (N in each
/// coordinate), or one side per coordinate (`W`, `WxH`, `WxHxD`). The sides
/// of coordinates the game does not have are 1.
pub fn parse_box(s: &str, dimension: u8) -> Result<[usize; 3], String> {
    let d = dimension.clamp(1, 3) as usize;
    let example = ["64", "64 or 100x40", "64 or 100x40x20"][d - 1];
    let bad = || {
        format!("`{s}` is not a size for a game of {d} coordinates: write N or one side per coordinate, e.g. {example}")
    };
    let sides: Vec<usize> =
        s.split(['x', 'X']).map(|t| t.trim().parse::<usize>().map_err(|_| bad())).collect::<Result<_, _>>()?;
    let mut dims = [1; 3];
    match sides.len() {
        1 => dims[..d].fill(sides[0]),
        n if n == d => dims[..d].copy_from_slice(&sides),
        _ => return Err(bad()),
    }
    if dims.contains(&0) {
        return Err(bad());
    }
    Ok(dims)
}

/// The default of `check --budget`, in seconds.
pub const DEFAULT_BUDGET_SECONDS: f64 = 120.0;

/// Why a subcommand stopped.
#[derive(Debug)]
enum CliError {
    /// A message for the user (bad input, a file that cannot be written, ...).
    Message(String),
    /// The results could not be written to stdout.
    Output(std::io::Error),
}

impl From<String> for CliError {
    fn from(m: String) -> Self {
        CliError::Message(m)
    }
}

impl From<crate::fsutil::FileError> for CliError {
    fn from(e: crate::fsutil::FileError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<crate::map::export::ExportError> for CliError {
    fn from(e: crate::map::export::ExportError) -> Self {
        CliError::Message(e.to_string())
    }
}

/// Write results to stdout; a failure is [`CliError::Output`].
fn put(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes()).map_err(CliError::Output)
}

/// A note on stderr (a warning, not a result). Errors writing it are
/// ignored: there is nowhere left to report them.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "grundy-lab: {text}");
}

/// Compute the table of `rules` on the box `dims`, warning first when it
/// will take minutes and showing progress on a terminal.
fn compute_table(rules: &Rules, dims: [usize; 3]) -> Result<Table, String> {
    let seconds = crate::grundy::estimate_seconds(rules, dims);
    if seconds > 60.0 {
        note(&format!(
            "{} of {} will take about {:.0} minutes (a rough estimate); Ctrl+C stops it",
            crate::grundy::size_text(dims),
            rules.label(),
            (seconds / 60.0).ceil()
        ));
    }
    let control = Control::new();
    progress::watch("computing the table", &control, || compute_box(rules, dims, &control)).map_err(|e| e.to_string())
}

fn table_for(rules: &RulesArg, size: &str) -> Result<Table, String> {
    let r = rules.load()?;
    compute_table(&r, parse_box(size, r.dimension)?)
}

/// `x`, `x y` or `x y z`: the first `d` coordinates.
fn coordinates(p: [usize; 3], d: u8) -> String {
    p[..d.clamp(1, 3) as usize].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// Refuse an output file whose name does not end in `.ext`, so that the
/// name never promises another format than the bytes.
fn require_extension(path: &Path, ext: &str) -> Result<(), String> {
    let given = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    if given.as_deref() == Some(ext) {
        Ok(())
    } else {
        Err(format!("`{}`: this command writes {}; name the file *.{ext}", path.display(), ext.to_ascii_uppercase()))
    }
}

/// Run one subcommand; returns the process exit code (0 ok, 1 "no" answers
/// such as a formula that fails, 2 errors). Output goes to stdout, errors to
/// stderr.
pub fn run(command: Command) -> i32 {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = execute(command, &mut out).and_then(|code| out.flush().map(|()| code).map_err(CliError::Output));
    match result {
        Ok(code) => code,
        // The reader went away (`| head`): what it wanted, it has.
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(CliError::Output(e)) => {
            note(&format!("cannot write the output: {e}"));
            2
        }
        Err(CliError::Message(m)) => {
            note(&m);
            2
        }
    }
}

/// Run a subcommand and return what it prints and its exit code.
pub fn run_inner(command: Command) -> Result<(String, i32), String> {
    let mut out = Vec::new();
    match execute(command, &mut out) {
        Ok(code) => Ok((String::from_utf8_lossy(&out).into_owned(), code)),
        Err(CliError::Message(m)) => Err(m),
        Err(CliError::Output(e)) => Err(format!("cannot write the output: {e}")),
    }
}

fn execute(command: Command, out: &mut dyn Write) -> Result<i32, CliError> {
    match command {
        Command::Table { rules, size, out: path } => {
            if let Some(game) = takebreak::game_of(&rules.rules, rules.misere, rules.pass)? {
                return match path {
                    Some(path) => {
                        let mut text = Vec::new();
                        takebreak::table(&game, &size, &mut text)?;
                        crate::fsutil::atomic_write(&path, |w| w.write_all(&text))?;
                        put(out, &format!("wrote {}\n", path.display()))?;
                        Ok(0)
                    }
                    None => takebreak::table(&game, &size, out),
                };
            }
            let t = table_for(&rules, &size)?;
            match path {
                Some(path) => {
                    crate::fsutil::atomic_write(&path, |w| t.write_csv(w))?;
                    put(out, &format!("wrote {} ({} x {})\n", path.display(), t.width(), t.height()))?;
                }
                None => t.write_csv(out).map_err(CliError::Output)?,
            }
            Ok(0)
        }
        Command::Ppos { rules, size } => {
            if let Some(game) = takebreak::game_of(&rules.rules, rules.misere, rules.pass)? {
                return takebreak::ppos(&game, &size, out);
            }
            let t = table_for(&rules, &size)?;
            let d = t.rules().dimension;
            for p in t.p_positions_at(t.start_layer()) {
                put(out, &(coordinates(p, d) + "\n"))?;
            }
            Ok(0)
        }
        Command::Value { rules, position } => {
            if let Some(game) = takebreak::game_of(&rules.rules, rules.misere, rules.pass)? {
                return takebreak::value(&game, &position, out);
            }
            let r = rules.load()?;
            put(out, &value(&r, &position)?)?;
            Ok(0)
        }
        Command::Check { rules, size, formula, budget } => {
            if !(budget.is_finite() && budget > 0.0) {
                return Err(format!("--budget {budget}: give a number of seconds above 0").into());
            }
            // The formula first: a typo is reported before any table is built.
            let formula = Formula::compile(&formula).map_err(|e| format!("error in the formula: {e}"))?;
            let t = table_for(&rules, &size)?;
            let (text, code) = check(&t, &formula, std::time::Duration::from_secs_f64(budget))?;
            put(out, &text)?;
            Ok(code)
        }
        Command::Sequence { rules, up_to, file, values } => {
            takebreak::sequence(&rules, up_to, file.as_deref(), values, out)
        }
        Command::Wythoff { n } => {
            let (a, b) = theory::wythoff_pair(n);
            let ks = theory::wythoff_fibonacci_form(n);
            let terms = |shift: usize| ks.iter().map(|k| format!("F({})", k + shift)).collect::<Vec<_>>().join(" + ");
            let mut s = format!("n = {n}\n({a}, {b})\n");
            if n > 0 {
                s += &format!("n = {}\nx = {} = {a}\ny = {} = {b}\n", terms(0), terms(1), terms(2));
            }
            put(out, &s)?;
            Ok(0)
        }
        Command::IsP { rules, x, y } => {
            let r = rules.load()?;
            if let Some(cf) = theory::closed_form(&r) {
                let p = cf.is_p(x, y);
                put(out, &format!("{}\n({x}, {y}) in {}: {}\n", if p { "P" } else { "N" }, r.label(), cf.describe()))?;
                return Ok(0);
            }
            if x >= MAX_SIDE as u64 || y >= MAX_SIDE as u64 {
                return Err(format!(
                    "({x}, {y}) is beyond what can be computed: {} has no closed form, and a computed table \
                     reaches at most {} on a side",
                    r.label(),
                    MAX_SIDE - 1
                )
                .into());
            }
            let t = compute_table(&r, [x as usize + 1, y as usize + 1, 1])
                .map_err(|e| format!("{} has no closed form here and the table is too large: {e}", r.label()))?;
            let p = t.is_p(x as usize, y as usize);
            put(
                out,
                &format!("{}\n({x}, {y}) in {}: from the computed table\n", if p { "P" } else { "N" }, r.label()),
            )?;
            Ok(0)
        }
        Command::Render { rules, size, out: path, palette, highlight, cell, legend } => {
            require_extension(&path, "png")?;
            if rules.load()?.dimension != 2 {
                return Err("render draws games of two coordinates; use `table` for the others".to_string().into());
            }
            let kind = crate::map::PaletteKind::parse(&palette)?;
            let highlight = parse_values(&highlight).map_err(|e| format!("--highlight {highlight}: {e}"))?;
            if !(cell.is_finite() && cell > 0.0) {
                return Err(format!("--cell {cell}: pixels per cell must be a positive number").into());
            }
            let t = table_for(&rules, &size)?;
            let poster =
                crate::map::export::Poster { palette: kind, highlight, pixels_per_cell: cell, legend, texts: None };
            let (w, h) = crate::map::export::write_poster(&t, &poster, &path)?;
            put(out, &format!("wrote {} ({w} x {h} pixels)\n", path.display()))?;
            Ok(0)
        }
        Command::Knight(args) => {
            let (text, code) = knight::run(&args)?;
            put(out, &text)?;
            Ok(code)
        }
        Command::Bench { size, memory_size, only } => {
            if !["all", "engine", "map", "knight", "families", "frames", "takebreak"].contains(&only.as_str()) {
                return Err(
                    format!("--only {only}: choose engine, map, knight, families, frames, takebreak or all").into()
                );
            }
            bench_sizes_fit(size, memory_size)?;
            let big = (memory_size > 0).then_some(memory_size);
            // Each group prints as soon as it is measured.
            if only == "all" || only == "engine" {
                put(out, "== engine ==\n")?;
                put(out, &crate::bench::engine_report(size, big))?;
            }
            if only == "all" || only == "map" {
                put(out, "== Grundy map ==\n")?;
                put(out, &crate::bench::map_report(big.unwrap_or(size), size))?;
            }
            if only == "all" || only == "knight" {
                put(out, "== knight ==\n")?;
                put(out, &crate::bench::knight::bench_report())?;
            }
            if only == "all" || only == "families" {
                put(out, "== game families ==\n")?;
                put(out, &crate::bench::families::families_report(512))?;
            }
            if only == "all" || only == "families" || only == "frames" {
                put(out, "== the map's frames while the families compute ==\n")?;
                put(out, &crate::bench::frames::frames_report(&[("queen-3-all", 256), ("chocolate-2d", 128)], 512))?;
            }
            if only == "all" || only == "takebreak" {
                put(out, "== take-and-break games ==\n")?;
                put(out, &crate::bench::takebreak::takebreak_report())?;
            }
            Ok(0)
        }
    }
}

/// The value of one position: by a closed form where one exists, else from
/// the smallest box that holds it (grown when a program's move leaves it).
fn value(rules: &Rules, position: &[u64]) -> Result<String, String> {
    let d = rules.dimension as usize;
    if position.len() != d {
        return Err(format!("{} has {d} coordinates; give {d} numbers, not {}", rules.label(), position.len()));
    }
    let mut p = [0u64; 3];
    p[..d].copy_from_slice(position);
    let shown = crate::rules::position_text(p, rules.dimension);
    let misere = rules.convention == Convention::Misere;
    if d == 2
        && let Some(cf) = theory::closed_form(rules)
    {
        let what = match cf.grundy(p[0], p[1]) {
            Some(g) if !misere => g.to_string(),
            _ => (if cf.is_p(p[0], p[1]) { "P" } else { "N" }).to_string(),
        };
        return Ok(format!("{what}\n{shown} in {}: {}\n", rules.label(), cf.describe()));
    }
    if p.iter().any(|&c| c >= MAX_SIDE as u64) {
        return Err(format!(
            "{shown} is beyond what can be computed: {} has no closed form here, and a computed table reaches at \
             most {} in each coordinate",
            rules.label(),
            MAX_SIDE - 1
        ));
    }
    let control = Control::new();
    let t = progress::watch("computing the table", &control, || {
        crate::grundy::compute_covering(rules, p.map(|c| c as usize), &control)
    })
    .map_err(|e| format!("{} has no closed form here and the table failed: {e}", rules.label()))?;
    let v = t.get_at(p.map(|c| c as usize), t.start_layer());
    let what = match t.kind() {
        crate::grundy::TableKind::Grundy => v.to_string(),
        crate::grundy::TableKind::Outcome => (if v == 0 { "P" } else { "N" }).to_string(),
    };
    let size = t.dims()[..d].iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" x ");
    Ok(format!("{what}\n{shown} in {}: from the computed {size} table\n", rules.label()))
}

/// The smallest `bench --size`: below it the timings are noise.
const MIN_BENCH_SIDE: usize = 64;

/// Refuse bench sizes that mean nothing or do not fit in memory, before
/// anything is allocated.
fn bench_sizes_fit(size: usize, memory_size: usize) -> Result<(), String> {
    if !(MIN_BENCH_SIDE..=MAX_SIDE).contains(&size) {
        return Err(format!("--size {size}: choose a side from {MIN_BENCH_SIDE} to {MAX_SIDE}"));
    }
    if memory_size != 0 && !(MIN_BENCH_SIDE..=MAX_SIDE).contains(&memory_size) {
        return Err(format!(
            "--memory-size {memory_size}: choose 0 (skip) or a side from {MIN_BENCH_SIDE} to {MAX_SIDE}"
        ));
    }
    let queen = crate::rules::preset("queen")?;
    for n in [size, memory_size].into_iter().filter(|&n| n > 0) {
        // The engine's table plus the one-thread fill it is compared with.
        let needed = crate::grundy::estimate_bytes(&queen, n, n).saturating_add((n * n * 4) as u64);
        crate::grundy::check_fits(&format!("the benchmark at {n} x {n}"), needed)?;
    }
    Ok(())
}

/// "0,1,5" -> [0, 1, 5]: Grundy values separated by commas (spaces allowed).
fn parse_values(list: &str) -> Result<Vec<u32>, String> {
    let values = list
        .split(',')
        .map(|v| v.trim().parse::<u32>().map_err(|_| format!("`{}` is not a value (a whole number ≥ 0)", v.trim())))
        .collect::<Result<Vec<u32>, String>>()?;
    if values.is_empty() { Err("give at least one value".into()) } else { Ok(values) }
}

/// Check `formula` on the whole table within `budget`: the summary and the
/// exit code (0 holds, 1 does not), or the formula's error.
fn check(t: &Table, formula: &Formula, budget: std::time::Duration) -> Result<(String, i32), String> {
    let control = Control::new();
    progress::watch("checking the formula", &control, || {
        crate::conjecture::run_check(t, formula, &control, Some(budget))
    })
    .map_err(|e| format!("error in the formula: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::compute;

    fn run_args(args: &[&str]) -> Result<(String, i32), String> {
        let cli = Cli::try_parse_from(std::iter::once("grundy-lab").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        run_inner(cli.command.expect("a subcommand"))
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("64").unwrap(), (64, 64));
        assert_eq!(parse_size("100x40").unwrap(), (100, 40));
        assert!(parse_size("0").is_err());
        assert!(parse_size("ten").unwrap_err().contains("not a size"));
    }

    #[test]
    fn table_csv_rows_are_y() {
        let (s, code) = run_args(&["table", "--rules", "nim", "--size", "4x2"]).unwrap();
        assert_eq!(code, 0);
        assert_eq!(s, "0,1,2,3\n1,0,3,2\n");
        let (s, _) = run_args(&["table", "--rules", "queen", "--misere", "--size", "3"]).unwrap();
        assert_eq!(s, "N,P,N\nP,N,N\nN,N,P\n");
    }

    #[test]
    fn ppos_and_is_p() {
        let (s, _) = run_args(&["ppos", "--rules", "queen", "--size", "6"]).unwrap();
        assert_eq!(s, "0 0\n2 1\n1 2\n5 3\n3 5\n");
        let (s, _) = run_args(&["is-p", "--rules", "queen", "1000000000000000", "1618033988749894"]).unwrap();
        assert!(s.starts_with('N') || s.starts_with('P'));
        let (a, b) = theory::wythoff_pair(10u64.pow(15));
        let (s, _) = run_args(&["is-p", "--rules", "queen", &a.to_string(), &b.to_string()]).unwrap();
        assert!(s.starts_with("P\n"), "{s}");
        let (s, _) = run_args(&["is-p", "--rules", "dragon-horse", "10", "7"]).unwrap();
        assert!(s.contains("computed table"));
    }

    #[test]
    fn wythoff_prints_the_fibonacci_form() {
        let (s, _) = run_args(&["wythoff", "4"]).unwrap();
        assert!(s.contains("(6, 10)"), "{s}");
        assert!(s.contains("n = F(4) + F(1)"), "{s}");
    }

    #[test]
    fn check_exit_codes() {
        let f = "(x + y) % 3 + 3 * ((x / 3) ^ (y / 3))";
        let (s, code) = run_args(&["check", "--rules", "dragon-king", "--size", "60", "--formula", f]).unwrap();
        assert_eq!(code, 0, "{s}");
        let (s, code) = run_args(&["check", "--rules", "queen", "--size", "60", "--formula", f]).unwrap();
        assert_eq!(code, 1, "{s}");
        // A formula that does not parse is an error (stderr, exit 2).
        let e = run_args(&["check", "--rules", "queen", "--size", "10", "--formula", "x +"]).unwrap_err();
        assert!(e.contains("error in the formula"), "{e}");
    }

    #[test]
    fn knight_prints_a_verified_tour() {
        let (s, code) = run_args(&["knight", "--rect", "5x5"]).unwrap();
        assert_eq!(code, 0, "{s}");
        let cells: Vec<&str> = s.split_whitespace().collect();
        assert_eq!(cells.len(), 25, "{s}");
        let (s, code) = run_args(&["knight", "--rect", "4x4", "--closed"]).unwrap();
        assert_eq!((s.trim(), code), ("none", 1));
    }

    #[test]
    fn render_writes_a_poster_with_the_highlighted_values() {
        use crate::map::{Palette, PaletteKind};
        use crate::rules::preset;
        let dir = std::env::temp_dir().join(format!("grundy-lab-cli-render-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("queen.png");
        let path = out.to_str().unwrap();
        let args = ["render", "--rules", "queen", "--size", "40", "--out", path, "--cell", "3"];
        let (s, code) = run_args(&[&args[..], &["--palette", "highlight", "--highlight", "1, 5"]].concat()).unwrap();
        assert_eq!(code, 0, "{s}");
        assert!(s.contains("(120 x 120 pixels)"), "{s}");
        let img = image::open(&out).unwrap().to_rgba8();
        assert_eq!(img.dimensions(), (120, 120));
        let t = compute(&preset("queen").unwrap(), 40, 40, &Control::new()).unwrap();
        let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &[1, 5], false);
        // Every cell is one 3 x 3 block of its colour: values 1 and 5 in
        // their strong colours, every other value (0 too) greyed out.
        for y in 0..40 {
            for x in 0..40 {
                let g = t.get(x, y);
                let got = img.get_pixel(3 * x as u32 + 1, 3 * y as u32 + 1).0;
                assert_eq!(got, pal.colour(g), "({x}, {y}) with g = {g}");
                if g == 0 {
                    assert_ne!(got, pal.colour(1));
                }
            }
        }
        assert_ne!(pal.colour(1), pal.colour(5));
        assert_ne!(pal.colour(1), pal.colour(0));
        // Viridis: the P-positions are in the palette's colour for 0.
        let (s, code) = run_args(&[&args[..], &["--palette", "viridis"]].concat()).unwrap();
        assert_eq!(code, 0, "{s}");
        let img = image::open(&out).unwrap().to_rgba8();
        let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[0], false);
        let p_colour = pal.colour(0);
        for (x, y) in t.p_positions() {
            assert_eq!(img.get_pixel(3 * x as u32 + 1, 3 * y as u32 + 1).0, p_colour, "P-position ({x}, {y})");
        }
        assert_ne!(img.get_pixel(3 * 2 + 1, 3 * 2 + 1).0, p_colour, "(2, 2) is an N-position");
        // Bad lists are messages.
        let e = run_args(&[&args[..], &["--palette", "highlight", "--highlight", "1,x"]].concat()).unwrap_err();
        assert!(e.contains("`x` is not a value"), "{e}");
        assert!(run_args(&[&args[..], &["--highlight", ""]].concat()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_are_messages() {
        assert!(run_args(&["table", "--rules", "castle", "--size", "4"]).unwrap_err().contains("unknown rules"));
        assert!(run_args(&["table", "--rules", "missing.json", "--size", "4"]).unwrap_err().contains("cannot read"));
    }
}
