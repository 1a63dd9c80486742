//! The `knight` subcommand: solve or count tours of a board from the
//! command line, optionally writing the picture.

use crate::Control;
use crate::knight::board::{Board, MAX_SIDE, Pos, Region};
use crate::knight::design::Design;
use crate::knight::graph::LeaperGraph;
use crate::knight::leaper::{Leaper, MAX_STEP};
use crate::knight::picture::{ViewOptions, scene};
use crate::knight::tour::{TourCount, TourResult, TourSpec, count_tours, find_tour};
use std::path::PathBuf;

use std::time::Duration;

/// `grundy-lab knight --board FILE|--rect MxN [--closed] [--start X,Y]
/// [--count] [--out FILE.png|FILE.svg] [--px N] [--limit SECONDS]`
#[derive(clap::Args, Debug, Clone, PartialEq)]
pub struct KnightArgs {
    /// A design file (JSON, as saved by the Knight tab).
    #[arg(long, value_name = "FILE", conflicts_with = "rect", required_unless_present = "rect")]
    pub board: Option<PathBuf>,
    /// A full rectangle of WIDTH x HEIGHT cells, e.g. 8x8; at most 256x256.
    /// (The README's 1000 x 1000 tour is from `grundy-lab bench --only
    /// knight`, which searches the bare knight graph of that rectangle.)
    #[arg(long, value_name = "MxN")]
    pub rect: Option<String>,
    /// Closed (re-entrant) tours only.
    #[arg(long)]
    pub closed: bool,
    /// Start the tour at this cell (column,row from the top-left, from 0).
    #[arg(long, value_name = "X,Y")]
    pub start: Option<String>,
    /// Count the tours instead of finding one.
    #[arg(long)]
    pub count: bool,
    /// Write the picture (knight graph and tours) to a .png or .svg file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Long side of the PNG in pixels.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub px: u32,
    /// Time limit per region, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub limit: f64,
    /// Another leaper instead of the design's (or the knight), as A,B.
    #[arg(long, value_name = "A,B")]
    pub leaper: Option<String>,
}

/// The largest `--limit`: a day, in seconds.
pub const MAX_LIMIT_SECONDS: f64 = 86_400.0;

/// Exit code: every region has a tour (or the count is complete).
pub const EXIT_FOUND: i32 = 0;
/// Exit code: some region has no tour (proved); this wins over undecided.
pub const EXIT_NONE: i32 = 1;
/// Exit code: some question was not decided within the limit.
pub const EXIT_UNDECIDED: i32 = 3;

fn parse_pair(s: &str, what: &str, seps: &[char]) -> Result<(u64, u64), String> {
    let bad = || format!("{what} must look like {}, not \"{s}\"", if seps.contains(&'x') { "8x8" } else { "1,2" });
    let mut it = s.trim().split(|c| seps.contains(&c));
    let a = it.next().ok_or_else(bad)?.trim().parse().map_err(|_| bad())?;
    let b = it.next().ok_or_else(bad)?.trim().parse().map_err(|_| bad())?;
    if it.next().is_some() {
        return Err(bad());
    }
    Ok((a, b))
}

/// Runs the subcommand. Returns the text for standard output (one line per
/// non-empty region: the tour as `x,y x,y ...`, or `none`, or `undecided`,
/// or with `--count` the number of tours) and the exit code; `Err` for
/// mistakes in the arguments or files, with a message for the user.
pub fn run(args: &KnightArgs) -> Result<(String, i32), String> {
    let mut design = match (&args.board, &args.rect) {
        (Some(path), None) => Design::load(path).map_err(|e| e.to_string())?,
        (None, Some(r)) => {
            let (w, h) = parse_pair(r, "--rect", &['x', 'X'])?;
            if w > MAX_SIDE as u64 || h > MAX_SIDE as u64 {
                return Err(format!(
                    "--rect {w}x{h}: a board is at most {MAX_SIDE} x {MAX_SIDE} cells; the 1000 x 1000 tour \
                     in the README comes from `grundy-lab bench --only knight`, which searches the bare graph"
                ));
            }
            let board = Board::rect(w as usize, h as usize).map_err(|e| e.to_string())?;
            Design { board, ..Design::default() }
        }
        _ => return Err("give exactly one of --board FILE or --rect MxN".into()),
    };
    if let Some(l) = &args.leaper {
        let (a, b) = parse_pair(l, "--leaper", &[','])?;
        // The steps as typed, before they are narrowed to a leaper's.
        let step = |v: u64| u8::try_from(v).ok().filter(|&v| v <= MAX_STEP);
        let (Some(sa), Some(sb)) = (step(a), step(b)) else {
            return Err(format!("--leaper: the leaper ({a},{b}) jumps too far; steps go up to {MAX_STEP}"));
        };
        design.leaper = Leaper::new(sa, sb).map_err(|e| format!("--leaper: {e}"))?;
    }
    if !(args.limit.is_finite() && args.limit > 0.0 && args.limit <= MAX_LIMIT_SECONDS) {
        return Err(format!(
            "--limit must be more than 0 and at most {MAX_LIMIT_SECONDS} seconds (a day), not {}",
            args.limit
        ));
    }
    let start = match &args.start {
        None => None,
        Some(s) => {
            let (x, y) = parse_pair(s, "--start", &[','])?;
            let p = Pos::new(x.min(u16::MAX as u64) as u16, y.min(u16::MAX as u64) as u16);
            if design.board.at(p) == crate::knight::Cell::Hole {
                return Err(format!("--start {s} is not a cell of the board"));
            }
            Some(p)
        }
    };
    let regions: Vec<Region> = Region::BOTH.into_iter().filter(|&r| design.board.count(r) > 0).collect();
    if regions.is_empty() {
        return Err("the board has no cells".into());
    }
    // Each region gets the whole time limit.
    let time_limit = || Control::with_time_limit(Duration::from_secs_f64(args.limit));
    let mut lines = Vec::new();
    let mut code = EXIT_FOUND;
    let mut tours = [None, None];
    for &region in &regions {
        let g = LeaperGraph::of_region(&design.board, region, design.leaper);
        let spec = TourSpec { closed: args.closed, start: start.filter(|&p| design.board.at(p) == region.cell()) };
        if args.count {
            match count_tours(&g, &spec, &time_limit()).map_err(|e| e.to_string())? {
                TourCount::Exact(n) => lines.push(n.to_string()),
                TourCount::AtLeast(n) => {
                    lines.push(format!("undecided (at least {n})"));
                    code = EXIT_UNDECIDED;
                }
            }
            continue;
        }
        match find_tour(&g, &spec, &time_limit()).map_err(|e| e.to_string())? {
            TourResult::Found(t) => {
                // Never print a tour that does not check out.
                t.verify(&design.board, region, design.leaper).map_err(|e| format!("internal error, bad tour: {e}"))?;
                lines.push(t.to_line());
                tours[region.index()] = Some(t);
            }
            TourResult::None(_) => {
                lines.push("none".into());
                code = EXIT_NONE;
            }
            TourResult::Undecided => {
                lines.push("undecided".into());
                if code != EXIT_NONE {
                    code = EXIT_UNDECIDED;
                }
            }
        }
    }
    if let Some(out) = &args.out {
        let view = ViewOptions { graph: true, tours: [tours[0].as_ref(), tours[1].as_ref()], numbered: false };
        crate::draw::export(&scene(&design, &view), out, args.px).map_err(|e| e.to_string())?;
    }
    let mut text = lines.join("\n");
    text.push('\n');
    Ok((text, code))
}
