//! Knight's tours of one region: the `Tour` type, checking a tour, finding
//! one (heuristic first, then an exact search that can prove there is none),
//! and counting them.

use super::board::{Board, Pos, Region};
use super::graph::LeaperGraph;
use super::leaper::Leaper;
use super::obstruction::obstruction;
use super::reason::NoTourReason;
use super::search::{Dfs, RunEnd};
use super::warnsdorff::{TieBreak, walk};
use crate::Control;

/// A tour: every cell of a region once, consecutive cells one leaper move
/// apart; `closed` (re-entrant) tours also return from the last cell to the
/// first in one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tour {
    /// The cells in visiting order.
    pub cells: Vec<Pos>,
    /// Whether the last cell is one move from the first.
    pub closed: bool,
}

/// The first fault that makes a list of cells not a tour (see
/// [`Tour::verify`]); steps count from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourFault {
    /// The cell of this step is off the board.
    OffBoard {
        /// The step.
        step: usize,
        /// The cell.
        cell: Pos,
    },
    /// The cell of this step is a hole or in the other region.
    OutsideRegion {
        /// The step.
        step: usize,
        /// The cell.
        cell: Pos,
        /// The region toured.
        region: Region,
    },
    /// The cell of this step was visited before.
    VisitedTwice {
        /// The step.
        step: usize,
        /// The cell.
        cell: Pos,
    },
    /// The step from `from` to `to` is not one leaper move.
    NotAMove {
        /// The step.
        step: usize,
        /// The cell before.
        from: Pos,
        /// The cell of the step.
        to: Pos,
        /// The leaper.
        leaper: Leaper,
    },
    /// The tour visits `visited` cells but the region has `cells`.
    WrongLength {
        /// Cells visited.
        visited: usize,
        /// Cells of the region.
        cells: usize,
    },
    /// A closed tour without cells.
    EmptyClosed,
    /// A closed tour whose last cell is not one move from the first.
    NotClosed {
        /// The first cell.
        first: Pos,
        /// The last cell.
        last: Pos,
    },
}

impl std::fmt::Display for TourFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TourFault::OffBoard { step, cell } => write!(f, "step {step}: cell {cell} is off the board"),
            TourFault::OutsideRegion { step, cell, region } => {
                write!(f, "step {step}: cell {cell} is not in region {region:?}")
            }
            TourFault::VisitedTwice { step, cell } => write!(f, "step {step}: cell {cell} is visited twice"),
            TourFault::NotAMove { step, from, to, leaper } => {
                write!(f, "step {step}: {from} to {to} is not a {leaper} move")
            }
            TourFault::WrongLength { visited, cells } => {
                write!(f, "the tour visits {visited} cells, the region has {cells}")
            }
            TourFault::EmptyClosed => write!(f, "an empty tour cannot be closed"),
            TourFault::NotClosed { first, last } => {
                write!(f, "the last cell {last} is not one move from the first {first}")
            }
        }
    }
}

impl std::error::Error for TourFault {}

impl Tour {
    /// Checks move by move and cell by cell that this is a tour of `region`
    /// of `board` for `leaper`: every cell in the region, no cell twice,
    /// every cell of the region present, every step (and for a closed tour
    /// the step home) a leaper move. The error names the first fault.
    pub fn verify(&self, board: &Board, region: Region, leaper: Leaper) -> Result<(), TourFault> {
        let want = board.count(region);
        let mut seen = vec![false; board.width() * board.height()];
        for (i, &p) in self.cells.iter().enumerate() {
            if !board.contains(p) {
                return Err(TourFault::OffBoard { step: i, cell: p });
            }
            if board.at(p) != region.cell() {
                return Err(TourFault::OutsideRegion { step: i, cell: p, region });
            }
            let k = p.y as usize * board.width() + p.x as usize;
            if seen[k] {
                return Err(TourFault::VisitedTwice { step: i, cell: p });
            }
            seen[k] = true;
            if i > 0 {
                let q = self.cells[i - 1];
                if !leaper.is_move(p.x as i64 - q.x as i64, p.y as i64 - q.y as i64) {
                    return Err(TourFault::NotAMove { step: i, from: q, to: p, leaper });
                }
            }
        }
        if self.cells.len() != want {
            return Err(TourFault::WrongLength { visited: self.cells.len(), cells: want });
        }
        if self.closed {
            let (Some(&f), Some(&l)) = (self.cells.first(), self.cells.last()) else {
                return Err(TourFault::EmptyClosed);
            };
            if self.cells.len() < 3 || !leaper.is_move(f.x as i64 - l.x as i64, f.y as i64 - l.y as i64) {
                return Err(TourFault::NotClosed { first: f, last: l });
            }
        }
        Ok(())
    }

    /// The cells as one line, `x,y x,y ...`.
    pub fn to_line(&self) -> String {
        let v: Vec<String> = self.cells.iter().map(|p| p.to_string()).collect();
        v.join(" ")
    }

    /// The number (0-based) at which each cell is visited, row by row over
    /// a `width` x `height` board (`None` for cells not on the tour).
    pub fn numbering(&self, width: usize, height: usize) -> Vec<Option<u32>> {
        let mut out = vec![None; width * height];
        for (i, p) in self.cells.iter().enumerate() {
            if (p.x as usize) < width && (p.y as usize) < height {
                out[p.y as usize * width + p.x as usize] = Some(i as u32);
            }
        }
        out
    }

    /// The image of this tour under the generator of `sym` on a `width` x
    /// `height` board (`None` if a cell would leave the board). Leaper
    /// moves map to leaper moves, so the image is a tour of the image region.
    pub fn mapped(&self, sym: super::board::Symmetry, width: usize, height: usize) -> Option<Tour> {
        let cells = self.cells.iter().map(|&p| sym.map(p, width, height)).collect::<Option<Vec<Pos>>>()?;
        Some(Tour { cells, closed: self.closed })
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TourSpec {
    /// Closed (re-entrant) tours only.
    pub closed: bool,
    /// The tour must start at this cell.
    pub start: Option<Pos>,
}

/// The answer of a tour search: always one of these three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourResult {
    /// A tour (verified by construction; see [`Tour::verify`]).
    Found(Tour),
    /// Proved: no tour exists, for this reason (an argument, or an
    /// exhaustive search).
    None(NoTourReason),
    /// Not decided within the time limit, or cancelled.
    Undecided,
}

fn to_tour(g: &LeaperGraph, path: &[u32], closed: bool) -> Tour {
    Tour { cells: path.iter().map(|&v| g.cell(v as usize)).collect(), closed }
}

/// Why a tour search or count could not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourError {
    /// The start cell asked for is not a cell of the region.
    StartNotInRegion {
        /// The start cell.
        start: Pos,
    },
}

impl std::fmt::Display for TourError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TourError::StartNotInRegion { start } => write!(f, "the start cell {start} is not a cell of the region"),
        }
    }
}

impl std::error::Error for TourError {}

/// The vertex of `start`, or an error naming the cell.
fn start_vertex(g: &LeaperGraph, start: Option<Pos>) -> Result<Option<usize>, TourError> {
    match start {
        None => Ok(None),
        Some(p) => g.vertex(p).map(Some).ok_or(TourError::StartNotInRegion { start: p }),
    }
}

/// Start cells worth trying for an open tour: the given one, or every
/// cell, the most constrained (fewest moves, far from the centre) first.
fn open_starts(g: &LeaperGraph, start: Option<usize>) -> Vec<usize> {
    if let Some(s) = start {
        return vec![s];
    }
    let ones: Vec<usize> = (0..g.len()).filter(|&v| g.degree(v) == 1).collect();
    if !ones.is_empty() {
        // A cell with one move is an end; start there (reverse if needed).
        return vec![ones[0]];
    }
    let mut v: Vec<usize> = (0..g.len()).collect();
    if g.leaper().changes_colour() {
        let white = |v: usize| super::obstruction::is_light(g.cell(v));
        let w = v.iter().filter(|&&u| white(u)).count();
        let b = v.len() - w;
        if w != b {
            v.retain(|&u| white(u) == (w > b));
        }
    }
    v.sort_by_key(|&u| (g.degree(u), u64::MAX - super::warnsdorff::centre_distance(g, u)));
    v
}

/// The cell a closed-tour search fixes as its first cell: one with the
/// fewest moves (both its moves are then forced).
fn closed_anchor(g: &LeaperGraph) -> usize {
    (0..g.len()).min_by_key(|&v| g.degree(v)).unwrap_or(0)
}

/// Rotates a closed tour so it begins at `s`.
fn rotate_to(path: &mut [u32], s: usize) {
    if let Some(i) = path.iter().position(|&v| v as usize == s) {
        path.rotate_left(i);
    }
}

/// Searches for a tour of `g` (open or closed, from a given start or any).
/// First quick proofs of impossibility (connectivity, degrees, colours,
/// matchings), then Warnsdorff walks with several tie-breaks, then
/// backtracking runs with growing move caps and varied tie-breaks; a run
/// that ends without reaching its cap has explored everything from its
/// start, so when every start is exhausted the answer is a proof of none.
/// `Err` only when the start cell is not in the graph.
pub fn find_tour(g: &LeaperGraph, spec: &TourSpec, ctl: &Control) -> Result<TourResult, TourError> {
    let start = start_vertex(g, spec.start)?;
    let closed = spec.closed;
    if let Some(why) = obstruction(g, closed, start) {
        return Ok(TourResult::None(why));
    }
    let finish = |mut path: Vec<u32>| {
        if closed && let Some(s) = start {
            rotate_to(&mut path, s);
        }
        Ok(TourResult::Found(to_tour(g, &path, closed)))
    };
    let starts = if closed { vec![start.unwrap_or_else(|| closed_anchor(g))] } else { open_starts(g, start) };
    // 1. Warnsdorff walks.
    let ties = [TieBreak::FarFromCentre, TieBreak::Pohl, TieBreak::Random(1), TieBreak::Random(2)];
    let walks = if g.len() > 100_000 { 2 } else { 8 };
    for (i, &s) in starts.iter().cycle().take(walks.max(starts.len().min(walks))).enumerate() {
        if ctl.must_stop() {
            return Ok(TourResult::Undecided);
        }
        if let Some(p) = walk(g, s, closed, ties[(i / starts.len().max(1)) % ties.len()]) {
            return finish(p);
        }
    }
    // 2. Backtracking with growing caps; `open` holds the starts not yet
    // exhausted.
    let mut dfs = Dfs::new(g, closed);
    let mut open: Vec<usize> = starts;
    let mut cap: u64 = 2_000;
    let mut round: u64 = 0;
    while !open.is_empty() {
        let mut still = Vec::with_capacity(open.len());
        for &s in &open {
            match dfs.run(s, round, cap, false, ctl) {
                RunEnd::Found(p) => return finish(p),
                RunEnd::Exhausted(_) => {}
                RunEnd::Capped(_) => still.push(s),
                RunEnd::Stopped(_) => return Ok(TourResult::Undecided),
            }
        }
        open = still;
        round += 1;
        cap = cap.saturating_mul(3);
    }
    Ok(TourResult::None(NoTourReason::ExhaustiveSearch { closed, from_start: start.is_some() && !closed }))
}

/// The answer of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourCount {
    /// The exact number of tours.
    Exact(u64),
    /// Stopped (limit or cancel) after finding at least this many.
    AtLeast(u64),
}

/// Counts tours of `g` by exhaustive search. Open with a start: tours
/// beginning there. Open without a start: tours as sets of moves (a path
/// and its reverse count once). Closed: distinct closed tours as cycles
/// (the start makes no difference; direction and rotation do not count).
pub fn count_tours(g: &LeaperGraph, spec: &TourSpec, ctl: &Control) -> Result<TourCount, TourError> {
    let start = start_vertex(g, spec.start)?;
    let closed = spec.closed;
    if g.is_empty() || (closed && g.len() < 3) {
        return Ok(TourCount::Exact(0));
    }
    if g.len() == 1 {
        return Ok(TourCount::Exact(1));
    }
    // Only the quick arguments that hold for every start may cut the count.
    if obstruction(g, closed, start).is_some() {
        return Ok(TourCount::Exact(0));
    }
    let mut dfs = Dfs::new(g, closed);
    let (starts, halve) = match (closed, start) {
        (true, _) => (vec![closed_anchor(g)], true),
        (false, Some(s)) => (vec![s], false),
        (false, None) => ((0..g.len()).collect(), true),
    };
    let mut total = 0u64;
    for s in starts {
        match dfs.run(s, 0, u64::MAX, true, ctl) {
            RunEnd::Exhausted(k) => total += k,
            RunEnd::Stopped(k) | RunEnd::Capped(k) => {
                total += k;
                return Ok(TourCount::AtLeast(if halve { total / 2 } else { total }));
            }
            RunEnd::Found(_) => {}
        }
    }
    Ok(TourCount::Exact(if halve { total / 2 } else { total }))
}

/// Convenience: the graph of `region` of `board` and a tour search on it.
pub fn find_region_tour(
    board: &Board,
    region: Region,
    leaper: Leaper,
    spec: &TourSpec,
    ctl: &Control,
) -> Result<TourResult, TourError> {
    find_tour(&LeaperGraph::of_region(board, region, leaper), spec, ctl)
}
