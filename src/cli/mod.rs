//! The command line: the same library code as the app, headless, so every
//! result on screen can be reproduced in a script.
//!
//! Results go to stdout, written as they are made (a large table is
//! streamed, not built in memory); messages and progress go to stderr. A
//! closed pipe (`| head`) ends the run quietly; any other failure to write
//! is a message and exit code 2.

mod check;
mod genus;
mod heaps;
mod hints;
pub mod knight;
mod paper;
mod progress;
mod prove;
mod quotient;
mod takebreak;

pub use hints::HintsArgs;
pub use knight::KnightArgs;
pub use paper::FormatArg;

use crate::Control;
use crate::game_table::{GameTable, TableError, TableShape};
use crate::grundy::{MAX_SIDE, Table};
use crate::rules::{Convention, Rules, load_spec};
use crate::theory;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// Grundy Lab: play and research Wythoff's game and its relatives.
/// With no subcommand, opens the desktop app.
#[derive(Parser, Debug)]
#[command(name = "grundy-lab", version, about)]
pub struct Cli {
    /// The subcommand; none opens the desktop app.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Which game: a preset name, a rules file or a rules program, optionally
/// misère and with a pass.
#[derive(Args, Debug, Clone)]
pub struct RulesArg {
    /// A preset (nim, queen, dragon-king, dragon-horse, ryuoh:P, queen-t2, bishop, king, knight, nim-1, nim-3,
    /// queen-3, queen-3-all; of 4 to 8 heaps: nim-N, moore-N-K, greedy-nim-N, restricted-nim-ceil-N,
    /// welter-N; or an example program: chocolate-2d, chocolate-3d, restricted-nim, subtraction-1-3-4,
    /// fraenkel-3, ho-wythoff, imitation-nim, imitation-nim-2, chocolate-hexagon, queen-program), with
    /// +pass, +passes:K or +pass-at-end after it if wanted (nim-4+passes:2), a rules file (.json) or a
    /// rules program (.rhai).
    /// Take-and-break games (for sequence, value, table and ppos): octal:0.07, hex:0.F, subtraction:1,3,4,
    /// split:2:unequal, kayles, dawsons-kayles, dawsons-chess, treblecross, grundy-game, or a .rhai file
    /// with `fn splits(n)`
    #[arg(long, value_name = "SPEC")]
    pub rules: String,
    /// Play misère: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Allow a one-time pass (either player, once per game, not where the game is over): Gale's pass,
    /// the same as --passes 1.
    #[arg(long, conflicts_with = "passes")]
    pub pass: bool,
    /// K passes per game, shared by the players (0 to 8); the table has K + 1 layers, one per number of
    /// passes left.
    #[arg(long, value_name = "K", value_parser = passes_count)]
    pub passes: Option<u8>,
    /// Allow a pass also where no other move is left (with at least one pass); the game ends when neither
    /// a move nor a pass is left.
    #[arg(long)]
    pub pass_at_end: bool,
    /// The limits of one position of a program.
    #[command(flatten)]
    pub limits: LimitsArg,
}

/// `--max-options` and `--seconds-per-position`: the limits of one position
/// of a program (a rules program's `moves`, a take-and-break `fn splits`).
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct LimitsArg {
    /// The most options a program's `moves` (or `splits`) may list at one position (default 65536, at
    /// most 4194304).
    #[arg(long, value_name = "N")]
    pub max_options: Option<u32>,
    /// The time one position of a program is given, in seconds (default 0.5, at most 600): 2 000 000
    /// steps a second, so the verdict does not depend on the machine's load, and a safety clock at ten
    /// times the time (at least 5 s).
    #[arg(long, value_name = "SECONDS", value_parser = seconds_per_position)]
    pub seconds_per_position: Option<u32>,
}

impl LimitsArg {
    /// Whether either flag is given.
    pub fn any(&self) -> bool {
        self.max_options.is_some() || self.seconds_per_position.is_some()
    }

    /// `limits` with the flags given.
    pub fn apply(&self, mut limits: crate::rules::Limits) -> crate::rules::Limits {
        if let Some(n) = self.max_options {
            limits.max_options = n;
        }
        if let Some(ms) = self.seconds_per_position {
            limits.millis_per_position = ms;
        }
        limits
    }
}

/// `--passes`: a whole number from 0 to [`crate::rules::MAX_PASSES`].
fn passes_count(text: &str) -> Result<u8, String> {
    let max = crate::rules::MAX_PASSES;
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|&k| k <= max)
        .ok_or_else(|| format!("`{text}` is not a number of passes from 0 to {max}"))
}

/// `--seconds-per-position`: seconds to the millisecond, as milliseconds.
fn seconds_per_position(text: &str) -> Result<u32, String> {
    crate::rules::Limits::millis_of_seconds(text)
        .ok_or_else(|| format!("`{text}` is not a number of seconds such as 2 or 0.5 (to the millisecond)"))
}

impl RulesArg {
    /// Whether a flag asks for a pass (`--pass`, `--passes K` with K > 0,
    /// `--pass-at-end`).
    pub fn any_pass(&self) -> bool {
        self.pass || self.passes.is_some_and(|k| k > 0) || self.pass_at_end
    }

    /// The rules this argument names.
    /// A preset name means the preset even beside a file of that name; a
    /// note on stderr says how to reach the file.
    pub fn load(&self) -> Result<Rules, String> {
        if let Some(game) = crate::takebreak::TakeBreak::parse_spec(&self.rules) {
            let name = game.map_err(|e| e.to_string())?.label();
            return Err(format!(
                "{name} is a take-and-break game (a row of heaps): use `sequence`, `value`, `table` or `ppos`"
            ));
        }
        let mut r = load_spec(&self.rules).map_err(|e| e.to_string())?;
        if let Some(file) = crate::rules::file_beside_preset(&self.rules) {
            note(&format!(
                "`{}` is the preset of that name; for the file in this folder, write --rules {}",
                self.rules,
                file.display()
            ));
        }
        if self.misere {
            r.convention = Convention::Misere;
        }
        if self.pass {
            r.passes.count = 1;
        }
        if let Some(k) = self.passes {
            r.passes.count = k;
        }
        if self.pass_at_end {
            r.passes = crate::rules::Passes { count: r.passes.count.max(1), at_end: true };
        }
        r.limits = self.limits.apply(r.limits);
        r.validate().map_err(|e| e.to_string())?;
        Ok(r)
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the Grundy table as CSV: line y holds g(0,y), g(1,y), ... (misère: the misère Grundy values); a game of 4 to 8
    /// heaps: one line x1,...,xN,g a position.
    Table {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// N for N in every coordinate, or one side per coordinate: WxH, WxHxD, up to 8 (16x16x16x16).
        #[arg(long, value_name = "N[xM...]")]
        size: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// csv, latex (a tabular), mathematica (a list Get reads) or oeis (a b-file read by antidiagonals).
        #[arg(long, value_enum, default_value_t = FormatArg::Csv)]
        format: FormatArg,
        /// Only this part: X0,Y0,W,H (the top-left cell, width, height); X0,W for one coordinate.
        #[arg(long, value_name = "X0,Y0,W,H")]
        window: Option<String>,
        /// The plane z of a game of three coordinates.
        #[arg(long, value_name = "Z")]
        slice: Option<usize>,
        /// A game of 4 to 8 heaps treated alike: every position, not only the sorted ones.
        #[arg(long)]
        full: bool,
    },
    /// List the P-positions in the box, one per line, its coordinates separated by spaces ("x y", "x1 x2 x3
    /// x4", ...; with passes: those where every pass is still there).
    Ppos {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// N for N in every coordinate, or one side per coordinate: WxH, WxHxD, up to 8 (16x16x16x16).
        #[arg(long, value_name = "N[xM...]")]
        size: String,
        /// A game of 4 to 8 heaps treated alike: every position, not only the sorted ones (largest heap
        /// first).
        #[arg(long)]
        full: bool,
    },
    /// The Grundy value (misère: the misère Grundy value) of one position: by a closed form where one exists, else from
    /// the smallest box that holds it.
    Value {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// The coordinates, as many as the game has: X, X Y, X Y Z, up to 8 (a take-and-break game: any
        /// number of heaps).
        #[arg(required = true, num_args = 1..)]
        position: Vec<u64>,
        /// The longest it may take.
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// Conway's genus of one position (a game of 1 to 3 coordinates, or a row of heaps of a take-and-break game):
    /// its Grundy value g and the misère Grundy values of the position plus k copies of *2 (k = 0 to 6), written
    /// g^(γ0 γ1 γ2 ...). With --size, the genus of every position of a box (or of every heap below N), laid
    /// out as `table` lays out values.
    Genus {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// The coordinates, as many as the game has: X, X Y or X Y Z (a take-and-break game: any number of
        /// heaps).
        #[arg(required_unless_present = "size", num_args = 1..)]
        position: Vec<u64>,
        /// Every position of the box: N for N in every coordinate, or WxH, WxHxD (a take-and-break game: the
        /// heaps 0 to N - 1).
        #[arg(long, value_name = "N[xM...]", conflicts_with = "position")]
        size: Option<String>,
        /// The longest it may take.
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// The misère quotient (Plambeck and Siegel) of a take-and-break game, for rows of heaps of 1 to N stones:
    /// its elements (each with a row of its class), the class of each heap, the P-portion and, with --table,
    /// the products. Proved where the app can (and it says how), else checked against the search.
    Quotient {
        /// The game (a take-and-break game; played misère whatever the convention asked for).
        #[command(flatten)]
        rules: RulesArg,
        /// The largest heap, 1 to 200.
        #[arg(long, value_name = "N")]
        up_to: u64,
        /// Also the product of every two elements.
        #[arg(long)]
        table: bool,
        /// The longest it may take.
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// Check a formula or a statement against the computed table, cell by cell. Exit 0 if it holds at every
    /// cell checked, 1 if not.
    Check {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// N for N in every coordinate, or one side per coordinate: WxH, WxHxD, up to 8 (16x16x16x16); for a
        /// take-and-break game, N heaps: n = 0 to N - 1.
        #[arg(long, value_name = "N[xM...]")]
        size: String,
        /// An integer formula (compared with g) or a boolean one (compared with "is P"), in x, y, z (as many
        /// as the game has; every coordinate is also x1, x2, ..., up to x8) and pass (the number of passes
        /// left); for a take-and-break game, in n (also x), the heap.
        #[arg(long, required_unless_present = "holds", conflicts_with = "holds")]
        formula: Option<String>,
        /// A statement, true or false at each cell, that must be true at every cell checked; it may read the
        /// table: g (the value here), g(x, y) (another cell; one more argument names the pass layer, the
        /// number of passes left: with one pass 1 still there, 0 used), g_of("SPEC", x, y) (another game on the same box; "misere:SPEC" for misère).
        /// For a take-and-break game: g(n + 12), g_of("octal:0.07", n); when the periods are proved and n is
        /// read only as g(n + c), g_of("SPEC", n + c), n % m and comparisons such as n >= c, a check long
        /// enough proves it for every n.
        #[arg(long, value_name = "STATEMENT")]
        holds: Option<String>,
        /// Check only the cells where this condition is true (the same language); the others are left out.
        #[arg(long = "where", value_name = "CONDITION")]
        condition: Option<String>,
        /// Also save the result as a short paragraph: FILE.md (Markdown) or FILE.tex (LaTeX).
        #[arg(long, value_name = "FILE.md|FILE.tex")]
        report: Option<PathBuf>,
        /// The longest the whole check may take, building the tables included, in seconds (at most 86400).
        #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET_SECONDS)]
        budget: f64,
        /// A game of 4 to 8 heaps treated alike: check every position, not only the sorted ones.
        #[arg(long)]
        full: bool,
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
        /// After the report, every exception of the proved period: a line "n g(n) periodic" per heap below
        /// the preperiod whose value is not the periodic one.
        #[arg(long)]
        exceptions: bool,
        /// Compare with the terms of a b-file (the OEIS's format: lines "n a(n)", # comments) and name the
        /// first difference (exit 1 when there is one, or when terms lie beyond what is known and are not compared).
        #[arg(long, value_name = "FILE")]
        compare: Option<PathBuf>,
        /// The limits of one heap of a program.
        #[command(flatten)]
        limits: LimitsArg,
    },
    /// Prove a statement about every position (or the P-positions) by automata: exit 0 PROVED, 1 REFUTED (with
    /// the least counterexample), 3 NOT PROVED (with why), 2 bad input.
    Prove(prove::ProveArgs),
    /// The n-th Wythoff pair (floor(n phi), floor(n phi^2)), exact, with its Fibonacci form.
    Wythoff {
        /// n >= 0 (any 64-bit number).
        n: u64,
    },
    /// Whether a position is a P-position: exact by a closed form where one exists, else from the
    /// smallest box that holds it.
    IsP {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// The coordinates, as many as the game has: X, X Y, X Y Z, up to 8 (a take-and-break game: any
        /// number of heaps).
        #[arg(required = true, num_args = 1..)]
        position: Vec<u64>,
        /// The longest it may take.
        #[command(flatten)]
        budget: BudgetArg,
    },
    /// Print the program of a preset written as one (nim-5, moore-4-2, greedy-nim-6, chocolate-2d, ...), to
    /// read it or to change it and use it with --rules FILE.rhai.
    Program {
        /// The preset's name.
        name: String,
    },
    /// Export the Grundy map of the whole table as a PNG or SVG poster, its title and legend in the
    /// language of --lang (the system's by default) and the game named as the app names it.
    Render {
        /// The game.
        #[command(flatten)]
        rules: RulesArg,
        /// N for N by N, or WxH.
        #[arg(long, value_name = "N[xM]")]
        size: String,
        /// The file to write: a PNG (its name ends in .png) or an SVG (.svg), whose texts are the outlines
        /// of the glyphs, so that it looks the same on every computer.
        #[arg(long)]
        out: PathBuf,
        /// The language of the title and the legend: en or ja (default: the system's, from LC_ALL,
        /// LC_MESSAGES or LANG).
        #[arg(long, value_enum, ignore_case = true)]
        lang: Option<LangArg>,
        /// The colours (highlight shows the values of --highlight).
        #[arg(long, value_enum, ignore_case = true, default_value_t = PaletteArg::Viridis)]
        palette: PaletteArg,
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
    /// What the workbench finds in the table: periodic rows, columns and diagonals, the block form, and the
    /// P-positions as sequences (a difference rule, the mex construction, a Beatty form), each with a formula
    /// checked on the whole table.
    Hints(HintsArgs),
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
        /// Which figures (families includes frames).
        #[arg(long, value_enum, default_value_t = BenchGroup::All)]
        only: BenchGroup,
    },
}

/// `render --lang`: the language of a poster's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English.
    En,
    /// Japanese (日本語).
    Ja,
}

impl From<LangArg> for crate::ui::i18n::Language {
    fn from(lang: LangArg) -> Self {
        match lang {
            LangArg::En => crate::ui::i18n::Language::English,
            LangArg::Ja => crate::ui::i18n::Language::Japanese,
        }
    }
}

/// `render --palette`: the map's palettes by their names
/// ([`crate::map::PaletteKind::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaletteArg {
    /// Dark blue-purple through green to yellow.
    Viridis,
    /// Hues around the colour wheel, repeating every 24 values.
    Cyclic,
    /// Black for 0, then dark grey to white.
    Grey,
    /// The values of --highlight strong, the rest faint.
    Highlight,
}

impl From<PaletteArg> for crate::map::PaletteKind {
    fn from(p: PaletteArg) -> Self {
        use crate::map::PaletteKind;
        match p {
            PaletteArg::Viridis => PaletteKind::Viridis,
            PaletteArg::Cyclic => PaletteKind::Cyclic,
            PaletteArg::Grey => PaletteKind::Grey,
            PaletteArg::Highlight => PaletteKind::Highlight,
        }
    }
}

/// `bench --only`: which group of figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchGroup {
    /// Every group.
    All,
    /// The engine against filling the same table with x ^ y.
    Engine,
    /// The Grundy map's raster and pyramid.
    Map,
    /// Knight's tour searches and pictures.
    Knight,
    /// The game families, then the map's frames while they compute.
    Families,
    /// The map's frames while the families compute.
    Frames,
    /// Take-and-break games: values by the sparse method, proved periods.
    Takebreak,
    /// Checks that read the table (g(...)) or have a condition (--where), against the same check without.
    Check,
    /// Proofs by automata: Wythoff's theorem and the terminal triangle's.
    Proofs,
}

impl BenchGroup {
    /// Whether `--only self` prints the figures of `group`.
    fn includes(self, group: BenchGroup) -> bool {
        self == BenchGroup::All || self == group || (self == BenchGroup::Families && group == BenchGroup::Frames)
    }
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
/// The largest `--budget` (of `check`, `value`, `is-p`, `genus`): a day, in
/// seconds.
pub const MAX_BUDGET_SECONDS: f64 = 86_400.0;

/// `--budget` of a command whose time cannot be told before it runs (a
/// search of a take-and-break game in misère play or with passes, a box
/// grown until it holds a program's moves): the longest the whole command
/// may take.
#[derive(Args, Debug, Clone, Copy)]
pub struct BudgetArg {
    /// The longest the whole command may take, in seconds (above 0, at most 86400); without it, it runs
    /// until done or until the memory limit.
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,
}

/// `--budget SECONDS` checked as every command checks it.
fn budget_duration(seconds: f64) -> Result<std::time::Duration, CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_BUDGET_SECONDS) {
        // 1e300 as typed, not as three hundred digits.
        let shown = if seconds.abs() >= 1e9 { format!("{seconds:e}") } else { seconds.to_string() };
        return Err(format!(
            "--budget {shown}: give a number of seconds above 0 and at most {MAX_BUDGET_SECONDS} (a day)"
        )
        .into());
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// Run a command's `work` within its `--budget`, if it has one: every
/// watched run of the work stops when the budget is spent, and the command
/// then says so (its work says only that it was cancelled).
fn within_budget(budget: BudgetArg, work: impl FnOnce() -> Result<i32, CliError>) -> Result<i32, CliError> {
    let Some(seconds) = budget.budget else {
        return work();
    };
    let guard = progress::CommandBudget::start(budget_duration(seconds)?);
    match (work(), guard.spent()) {
        (Err(CliError::Message(_)), Some(spent)) => Err(format!(
            "the command took longer than its time budget of {} s and was stopped; raise it with --budget SECONDS",
            spent.as_secs_f64()
        )
        .into()),
        (result, _) => result,
    }
}

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

impl From<crate::takebreak::LoadError> for CliError {
    fn from(e: crate::takebreak::LoadError) -> Self {
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
    let _ = writeln!(std::io::stderr(), "grundy-lab: {}", printable(text));
}

/// `text` with every control character but line feed and tab written out
/// (`\u{1b}`): a message may quote what was typed or read (a spec, a
/// field of a file), and a terminal must never receive an escape raw.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() && c != '\n' && c != '\t' { c.escape_unicode().to_string() } else { c.to_string() })
        .collect()
}

/// A rough duration for a person: `12 minutes`, `5 hours`, `300 days`,
/// `more than a million years`.
pub(super) fn duration_text(seconds: f64) -> String {
    let minutes = (seconds / 60.0).ceil();
    let hours = (seconds / 3600.0).ceil();
    let days = (seconds / 86_400.0).ceil();
    if minutes <= 120.0 {
        format!("{minutes:.0} minutes")
    } else if hours <= 48.0 {
        format!("{hours:.0} hours")
    } else if days <= 1000.0 {
        format!("{days:.0} days")
    } else if days <= 365.0 * 1e6 {
        format!("{:.0} years", days / 365.0)
    } else {
        "more than a million years".to_string()
    }
}

/// Refuse a table that cannot be computed (its size, the rules, the
/// memory), then warn when it will take minutes: never an estimate for a
/// size that is refused anyway.
fn refuse_or_announce(rules: &Rules, sides: &[usize], full: bool) -> Result<(), String> {
    GameTable::check(rules, sides, full).map_err(|e| e.to_string())?;
    announce_time(rules, sides, full);
    Ok(())
}

/// A note on stderr when the table of `rules` on `sides` (of any shape,
/// already checked) will take minutes, from the one door's estimate.
fn announce_time(rules: &Rules, sides: &[usize], full: bool) {
    let Some(seconds) = crate::game_table::GameTable::estimate_seconds(rules, sides, full).filter(|&s| s > 60.0) else {
        return;
    };
    let d = rules.dimension.clamp(1, 8) as usize;
    note(&format!(
        "{} of {} will take about {} (a rough estimate); Ctrl+C stops it",
        crate::grundy::heaps::sides_text(&sides[..d.min(sides.len())]),
        rules.label(),
        duration_text(seconds)
    ));
}

/// The message of a failed table: a table stopped by the control's time
/// limit (the engine sees only "cancelled") says it ran out of budget.
fn table_error(e: TableError, control: &Control) -> String {
    match e {
        TableError::Engine(crate::grundy::EngineError::Cancelled) if control.is_out_of_time() => format!(
            "building the table took longer than the time budget of {} s and was stopped; raise it with \
             --budget SECONDS",
            control.time_limit().unwrap_or_default().as_secs_f64()
        ),
        e => e.to_string(),
    }
}

/// Compute the table of `rules` on `sides` (one side per coordinate)
/// under `control` (its time limit, if any, stops the work) through the
/// one door of every shape, [`GameTable`]: what cannot be computed is
/// refused first, a note says when it will take minutes, and a terminal
/// shows progress.
fn compute_table(rules: &Rules, sides: &[usize], full: bool, control: &Control) -> Result<GameTable, String> {
    refuse_or_announce(rules, sides, full)?;
    progress::watch("computing the table", control, || GameTable::compute(rules, sides, full, control))
        .map_err(|e| table_error(e, control))
}

/// [`compute_table`] of a game of one to three coordinates on the box
/// `dims`: the engine's table, which the formats of a box read.
fn compute_box_table(rules: &Rules, dims: [usize; 3], control: &Control) -> Result<Arc<Table>, String> {
    GameTable::refuse_other_shape(rules, TableShape::Box, &dims).map_err(|e| e.to_string())?;
    compute_table(rules, &dims, false, control)?.into_box(rules, &dims).map_err(|e| e.to_string())
}

fn table_for(rules: &RulesArg, size: &str) -> Result<Arc<Table>, String> {
    let r = rules.load()?;
    compute_box_table(&r, parse_box(size, r.dimension)?, &Control::new())
}

/// `x`, `x y` or `x y z`: the first `d` coordinates.
fn coordinates(p: [usize; 3], d: u8) -> String {
    p[..d.clamp(1, 3) as usize].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// Run one subcommand; returns the process exit code (0 ok, 1 "no" answers
/// such as a formula that fails, 2 errors). Output goes to stdout, errors to
/// stderr.
pub fn run(command: Command) -> i32 {
    // A limit that is not a size is not used: say so before anything runs.
    if let Err(e) = crate::system::memory::environment_limit() {
        note(&e.to_string());
    }
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

/// `table` of a game written line by line (a row of take-and-break heaps,
/// or positions of many heaps): its lines written by `write`, to `path`
/// (atomically) or to `out` as they come; `--format`, `--window` and
/// `--slice` (not `plain`) are refused with `refusal`.
fn table_lines(
    plain: bool,
    refusal: &str,
    path: Option<std::path::PathBuf>,
    out: &mut dyn Write,
    write: impl Fn(&mut dyn Write) -> Result<i32, CliError>,
) -> Result<i32, CliError> {
    if !plain {
        return Err(refusal.to_string().into());
    }
    match path {
        Some(path) => {
            let mut text = Vec::new();
            write(&mut text)?;
            crate::fsutil::atomic_write(&path, |w| w.write_all(&text))?;
            put(out, &format!("wrote {}\n", path.display()))?;
            Ok(0)
        }
        None => write(out),
    }
}

/// `--out`, before any work: not the rules file the command reads (the
/// table would replace the user's rules), and in a folder that exists.
fn check_out(path: &std::path::Path, rules: &RulesArg) -> Result<(), String> {
    let same = |a: &std::path::Path, b: &std::path::Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    // A preset's name means the preset, even beside a file of that name.
    let a_file =
        crate::rules::preset(&rules.rules).is_err() && crate::takebreak::TakeBreak::parse_spec(&rules.rules).is_none();
    if a_file && same(path, std::path::Path::new(&rules.rules)) {
        return Err(format!(
            "--out {}: that is the rules file this command reads; write the table to another file",
            path.display()
        ));
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        && !folder.is_dir()
    {
        return Err(format!("cannot write `{}`: the folder `{}` does not exist", path.display(), folder.display()));
    }
    Ok(())
}

/// The game a `--rules` spec names, sorted once into the kinds the
/// commands answer in different ways.
enum Game {
    /// A row of heaps of a take-and-break game in misère play or with
    /// passes: answered by a search of the rows it reaches.
    SearchedRow(crate::takebreak::TakeBreak, crate::takebreak::search::Play),
    /// A row of heaps of a take-and-break game in normal play: the XOR of
    /// its heaps' values, from its sequence.
    Row(crate::takebreak::TakeBreak),
    /// A game of 4 to 8 heaps.
    Heaps(Rules),
    /// A game of 1 to 3 coordinates: a box of the engine.
    Box(Rules),
}

impl Game {
    /// The game of `rules` (a spec and its flags), or why there is none.
    fn of(rules: &RulesArg) -> Result<Game, String> {
        if let Some((game, play)) = takebreak::searched_game_of(rules)? {
            return Ok(Game::SearchedRow(game, play));
        }
        if let Some(game) = takebreak::game_of(rules)? {
            return Ok(Game::Row(game));
        }
        let r = rules.load()?;
        Ok(match crate::game_table::TableShape::of(&r) {
            crate::game_table::TableShape::Box => Game::Box(r),
            crate::game_table::TableShape::Heaps => Game::Heaps(r),
            crate::game_table::TableShape::Row => {
                Game::Row(crate::game_table::row_game(&r).map_err(|e| e.to_string())?)
            }
        })
    }
}

fn execute(command: Command, out: &mut dyn Write) -> Result<i32, CliError> {
    match command {
        Command::Table { rules, size, out: path, format, window, slice, full } => {
            if let Some(path) = &path {
                check_out(path, &rules)?;
            }
            let plain = format == FormatArg::Csv && window.is_none() && slice.is_none();
            const ROW: &str = "--format, --window and --slice are for tables; a take-and-break game writes its \
                               values with `sequence --values`";
            let r = match Game::of(&rules)? {
                Game::Box(r) => r,
                Game::SearchedRow(game, play) => {
                    return table_lines(plain, ROW, path, out, |o| takebreak::searched_table(&game, play, &size, o));
                }
                Game::Row(game) => return table_lines(plain, ROW, path, out, |o| takebreak::table(&game, &size, o)),
                Game::Heaps(r) => {
                    let refusal = "--format, --window and --slice are for tables of 1 to 3 coordinates; a game of \
                                   more writes one line per position";
                    return table_lines(plain, refusal, path, out, |o| heaps::table(&r, &size, full, o));
                }
            };
            let t = compute_box_table(&r, parse_box(&size, r.dimension)?, &Control::new())?;
            if !plain {
                let text = paper::table_text(&t, format, window.as_deref(), slice)?;
                return match path {
                    Some(path) => {
                        crate::fsutil::atomic_write(&path, |w| w.write_all(text.as_bytes()))?;
                        put(out, &format!("wrote {}\n", path.display()))?;
                        Ok(0)
                    }
                    None => put(out, &text).map(|()| 0),
                };
            }
            match path {
                Some(path) => {
                    crate::fsutil::atomic_write(&path, |w| t.write_csv(w))?;
                    put(out, &format!("wrote {} ({} x {})\n", path.display(), t.width(), t.height()))?;
                }
                None => t.write_csv(out).map_err(CliError::Output)?,
            }
            Ok(0)
        }
        Command::Ppos { rules, size, full } => {
            let r = match Game::of(&rules)? {
                Game::SearchedRow(game, play) => return takebreak::searched_ppos(&game, play, &size, out),
                Game::Row(game) => return takebreak::ppos(&game, &size, out),
                Game::Heaps(r) => return heaps::ppos(&r, &size, full, out),
                Game::Box(r) => r,
            };
            let t = compute_box_table(&r, parse_box(&size, r.dimension)?, &Control::new())?;
            let d = t.rules().dimension;
            for p in t.p_positions_at(t.start_layer()) {
                put(out, &(coordinates(p, d) + "\n"))?;
            }
            Ok(0)
        }
        Command::Value { rules, position, budget } => within_budget(budget, || match Game::of(&rules)? {
            Game::SearchedRow(game, play) => takebreak::searched_row(&game, play, &position, false, out),
            Game::Row(game) => takebreak::value(&game, &position, out),
            Game::Heaps(r) => heaps::value(&r, &position, out),
            Game::Box(r) => put(out, &value(&r, &position, Question::Value)?).map(|()| 0),
        }),
        Command::Check { rules, size, formula, holds, condition, report, budget, full } => {
            let (text, mode) = match (formula, holds) {
                (Some(f), _) => (f, crate::conjecture::CheckMode::Formula),
                (None, Some(h)) => (h, crate::conjecture::CheckMode::Holds),
                (None, None) => return Err("give --formula or --holds".to_string().into()),
            };
            let game = Game::of(&rules)?;
            let args = check::CheckArgs { rules, size, text, mode, condition, report, budget };
            match game {
                Game::SearchedRow(game, _) => {
                    Err(crate::takebreak::TakeBreakError::NotNormalPlay { name: game.label() }.to_string().into())
                }
                Game::Row(game) => takebreak::check(&game, &args, out),
                Game::Heaps(r) => heaps::check(&r, &args, full, out),
                Game::Box(_) => check::run(args, out),
            }
        }
        Command::Sequence { rules, up_to, file, values, exceptions, compare, limits } => {
            let asks = takebreak::SequenceAsks { values, exceptions, compare: compare.as_deref() };
            takebreak::sequence(&rules, &limits, up_to, file.as_deref(), asks, out)
        }
        Command::Prove(args) => prove::prove(args, out),
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
        Command::Genus { rules, position, size, budget } => within_budget(budget, || match (Game::of(&rules)?, size) {
            (Game::SearchedRow(game, crate::takebreak::search::Play::Misere) | Game::Row(game), None) => {
                genus::row(&game, &position, out)
            }
            (Game::SearchedRow(game, crate::takebreak::search::Play::Misere) | Game::Row(game), Some(size)) => {
                genus::heaps_below(&game, &size, out)
            }
            (Game::SearchedRow(game, _), _) => {
                Err(format!("{}: the genus is not computed for games with a pass", game.label()).into())
            }
            (Game::Heaps(r) | Game::Box(r), None) => put(out, &genus::board(&r, &position)?).map(|()| 0),
            (Game::Heaps(r) | Game::Box(r), Some(size)) => genus::board_box(&r, &size, out),
        }),
        Command::Quotient { rules, up_to, table, budget } => within_budget(budget, || match Game::of(&rules)? {
            Game::Row(game) | Game::SearchedRow(game, crate::takebreak::search::Play::Misere) => {
                quotient::quotient(&game, up_to, table, out)
            }
            Game::SearchedRow(game, _) => {
                Err(format!("{}: the misère quotient is computed for games without a pass", game.label()).into())
            }
            Game::Heaps(r) | Game::Box(r) => Err(format!(
                "{}: the misère quotient is computed for take-and-break games (a row of heaps: kayles, octal:0.07, \
                 grundy-game, ...)",
                r.label()
            )
            .into()),
        }),
        Command::IsP { rules, position, budget } => within_budget(budget, || match Game::of(&rules)? {
            Game::SearchedRow(game, play) => takebreak::searched_row(&game, play, &position, true, out),
            Game::Row(game) => takebreak::is_p(&game, &position, out),
            Game::Heaps(r) => heaps::is_p(&r, &position, out),
            Game::Box(r) => put(out, &value(&r, &position, Question::IsP)?).map(|()| 0),
        }),
        Command::Program { name } => {
            let r = crate::rules::preset(&name).map_err(|e| e.to_string())?;
            let Some(program) = r.program else {
                return Err(format!(
                    "{} is a piece (slides and jumps), not a program; `grundy-lab table --rules {name}` computes it",
                    r.name
                )
                .into());
            };
            put(out, program.source())?;
            Ok(0)
        }
        Command::Render { rules, size, out: path, lang, palette, highlight, cell, legend } => {
            use crate::map::export::{ExportWindow, PictureFormat, Poster};
            let Some(format) = PictureFormat::of_path(&path) else {
                return Err(format!(
                    "`{}`: this command writes PNG or SVG; name the file *.png or *.svg",
                    path.display()
                )
                .into());
            };
            if rules.load()?.dimension != 2 {
                return Err("render draws games of two coordinates; use `table` for the others".to_string().into());
            }
            let kind = crate::map::PaletteKind::from(palette);
            let highlight = crate::map::palette::parse_highlight(&highlight)
                .map_err(|e| format!("--highlight {highlight}: {e}"))?;
            if !(cell.is_finite() && cell > 0.0) {
                return Err(format!("--cell {cell}: pixels per cell must be a positive number").into());
            }
            let t = table_for(&rules, &size)?;
            // The poster's words as the app writes them, in the language
            // asked for (this thread's).
            crate::ui::i18n::set_language(lang.map_or_else(crate::ui::i18n::Language::from_environment, Into::into));
            let win = ExportWindow::whole(&t, cell);
            let texts = Some(crate::ui::words::posters::poster_texts(&t, win));
            let poster = Poster { palette: kind, highlight, pixels_per_cell: cell, legend, texts };
            let control = crate::control::Control::new();
            let (w, h) = crate::map::export::write_window_as(&t, &poster, win, (&path, format), &control)?;
            put(out, &format!("wrote {} ({w} x {h} pixels)\n", path.display()))?;
            Ok(0)
        }
        Command::Hints(args) => {
            put(out, &hints::run(&args)?)?;
            Ok(0)
        }
        Command::Knight(args) => {
            let (text, code) = knight::run(&args)?;
            put(out, &text)?;
            Ok(code)
        }
        Command::Bench { size, memory_size, only } => {
            bench_sizes_fit(size, memory_size)?;
            let big = (memory_size > 0).then_some(memory_size);
            // Each group prints as soon as it is measured.
            if only.includes(BenchGroup::Engine) {
                put(out, "== engine ==\n")?;
                put(out, &crate::bench::engine_report(size, big))?;
            }
            if only.includes(BenchGroup::Map) {
                put(out, "== Grundy map ==\n")?;
                put(out, &crate::bench::map_report(big.unwrap_or(size), size))?;
            }
            if only.includes(BenchGroup::Knight) {
                put(out, "== knight ==\n")?;
                put(out, &crate::bench::knight::bench_report())?;
            }
            if only.includes(BenchGroup::Families) {
                put(out, "== game families ==\n")?;
                put(out, &crate::bench::families::families_report(512))?;
            }
            if only.includes(BenchGroup::Frames) {
                put(out, "== the map's frames while the families compute ==\n")?;
                put(out, &crate::bench::frames::frames_report(&[("queen-3-all", 256), ("chocolate-2d", 128)], 512))?;
            }
            if only.includes(BenchGroup::Takebreak) {
                put(out, "== take-and-break games ==\n")?;
                put(out, &crate::bench::takebreak::takebreak_report())?;
            }
            if only.includes(BenchGroup::Check) {
                put(out, "== checks that read the table ==\n")?;
                put(out, &crate::bench::check::check_report(size))?;
            }
            if only.includes(BenchGroup::Proofs) {
                put(out, "== proofs by automata ==\n")?;
                put(out, &crate::bench::proofs::proofs_report())?;
            }
            Ok(0)
        }
    }
}

/// What is asked of a position: its value (misère: the misère Grundy value), or whether it
/// is a P-position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Value,
    IsP,
}

/// How many times [`crate::grundy::compute_covering`] grows the box.
const COVERING_TRIES: usize = 8;

/// The value of one position, or whether it is a P-position: by a closed
/// form where one exists, else from the smallest box that holds it (grown
/// when a program's move leaves it).
/// `position` as a position of `rules` (a game of one to three
/// coordinates), or why not.
fn position_of(rules: &Rules, position: &[u64]) -> Result<[u64; 3], String> {
    let d = rules.dimension as usize;
    if position.len() != d {
        let (coordinates, numbers) = if d == 1 { ("coordinate", "number") } else { ("coordinates", "numbers") };
        return Err(format!("{} has {d} {coordinates}; give {d} {numbers}, not {}", rules.label(), position.len()));
    }
    let mut p = [0u64; 3];
    p[..d].copy_from_slice(position);
    Ok(p)
}

fn value(rules: &Rules, position: &[u64], question: Question) -> Result<String, String> {
    let d = rules.dimension as usize;
    let p = position_of(rules, position)?;
    let shown = crate::rules::position_text(p, rules.dimension);
    let p_or_n = |is_p: bool| (if is_p { "P" } else { "N" }).to_string();
    let fits = p.iter().all(|&c| c < MAX_SIDE as u64);
    let first_box = {
        let mut dims = [1; 3];
        for i in 0..d {
            dims[i] = p[i].min(MAX_SIDE as u64) as usize + 1;
        }
        dims
    };
    if let Some(cf) = theory::closed_form_of_heaps(rules) {
        let answer = match (cf.grundy_at(position), question) {
            (Some(g), Question::Value) => Some((g.to_string(), "")),
            // Only the outcome has a formula: the value from a table,
            // where one fits (below); beyond, the outcome.
            (None, Question::Value) if fits && GameTable::check(rules, &first_box, false).is_ok() => None,
            (None, Question::Value) => Some((
                p_or_n(cf.is_p_at(position)),
                " (the value itself needs a table larger than this machine can hold; the formula gives P or N)",
            )),
            (_, Question::IsP) => Some((p_or_n(cf.is_p_at(position)), "")),
        };
        if let Some((what, beyond)) = answer {
            return Ok(format!("{what}\n{shown} in {}: {}{beyond}\n", rules.label(), cf.describe_in(rules.dimension)));
        }
    }
    if !fits {
        return Err(format!(
            "{shown} is beyond what can be computed: {} has no closed form here, and a computed table reaches at \
             most {} in each coordinate",
            rules.label(),
            MAX_SIDE - 1
        ));
    }
    refuse_or_announce(rules, &first_box, false)
        .map_err(|e| format!("{} has no closed form here and the table cannot be computed: {e}", rules.label()))?;
    let control = Control::new();
    let t = progress::watch("computing the table", &control, || GameTable::covering(rules, &p[..d], &control))
        .map_err(|e| match e {
            TableError::Engine(crate::grundy::EngineError::Program(crate::rules::ProgramError::OutsideBox {
                option,
                dims,
                ..
            })) => {
                format!(
                    "{shown} in {}: the program's moves leave every box tried: the box was grown {COVERING_TRIES} \
                 times, the last time to {} for the option {}, which lies outside the box before. \
                 `grundy-lab table --rules ... --size ...` computes a box you choose and names the first move \
                 that leaves it",
                    rules.label(),
                    crate::grundy::size_text(dims),
                    crate::rules::position_text(option, rules.dimension)
                )
            }
            e => format!("{} has no closed form here and the table failed: {e}", rules.label()),
        })?;
    let v = t.value(&p[..d], t.start_layer()).ok_or_else(|| format!("{shown} lies outside the table computed"))?;
    if v == crate::grundy::NOT_A_POSITION {
        return Err(format!(
            "{shown} is not a position of {} (its program's `fn position` is false there)",
            rules.label()
        ));
    }
    let what = match question {
        Question::Value => v.to_string(),
        Question::IsP => p_or_n(v == 0),
    };
    let size = t.sides().iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" x ");
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
    let queen = crate::rules::preset("queen").map_err(|e| e.to_string())?;
    for n in [size, memory_size].into_iter().filter(|&n| n > 0) {
        // The engine's table plus the one-thread fill it is compared with.
        let needed = crate::grundy::estimate_bytes(&queen, n, n).saturating_add((n * n * 4) as u64);
        crate::grundy::check_fits(crate::grundy::Allocation::Benchmark { side: n }, needed)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
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
    fn palettes_and_bench_groups_are_clap_choices() {
        use clap::CommandFactory;
        // The CLI's names are the palettes' own names.
        for p in PaletteArg::value_variants() {
            let name = p.to_possible_value().expect("no variant is skipped").get_name().to_string();
            assert_eq!(crate::map::PaletteKind::from(*p).name(), name);
        }
        let names = |group: &[BenchGroup]| -> Vec<String> {
            group.iter().filter_map(|g| g.to_possible_value()).map(|v| v.get_name().to_string()).collect()
        };
        assert_eq!(
            names(BenchGroup::value_variants()),
            ["all", "engine", "map", "knight", "families", "frames", "takebreak", "check", "proofs"]
        );
        // `--help` lists them; a wrong one is refused before anything runs.
        let mut cli = Cli::command();
        let help = cli.find_subcommand_mut("render").expect("render").render_long_help().to_string();
        assert!(["viridis", "cyclic", "grey", "highlight"].iter().all(|n| help.contains(n)), "{help}");
        let e = run_args(&["bench", "--only", "nope"]).unwrap_err();
        assert!(e.contains("possible values: all, engine, map, knight, families, frames"), "{e}");
        let e = run_args(&["render", "--rules", "queen", "--size", "8", "--out", "x.png", "--palette", "jet"]);
        assert!(e.unwrap_err().contains("possible values: viridis, cyclic, grey, highlight"));
        // Names are read in any case, as before.
        let cli = Cli::try_parse_from([
            "grundy-lab",
            "render",
            "--rules",
            "q",
            "--size",
            "8",
            "--out",
            "x.png",
            "--palette",
            "GREY",
        ]);
        assert!(matches!(cli.map(|c| c.command), Ok(Some(Command::Render { palette: PaletteArg::Grey, .. }))));
        assert!(
            BenchGroup::Families.includes(BenchGroup::Frames) && !BenchGroup::Frames.includes(BenchGroup::Families)
        );
    }

    #[test]
    fn table_csv_rows_are_y() {
        let (s, code) = run_args(&["table", "--rules", "nim", "--size", "4x2"]).unwrap();
        assert_eq!(code, 0);
        assert_eq!(s, "0,1,2,3\n1,0,3,2\n");
        let (s, _) = run_args(&["table", "--rules", "queen", "--misere", "--size", "3"]).unwrap();
        // Misère Grundy values: (0, 0) has no move (1); (1, 0) reaches only
        // it (mex {1} = 0); (2, 2) reaches values 1 and 2 only (0, a P-position).
        assert_eq!(s, "1,0,2\n0,2,1\n2,1,0\n");
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
        assert!(s.starts_with("N\n(10, 7) in dragon-horse: from the computed 11 x 8 table"), "{s}");
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
        let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &[1, 5]);
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
        let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[0]);
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
