//! Tours that are themselves symmetric: the picture of the tour is mapped
//! onto itself by a symmetry `σ` of the board (a mirror, a half turn or a
//! quarter turn about the centre).
//!
//! If `σ` maps a tour `T` onto itself, it acts on `T` as an automorphism of a
//! cycle (closed tour) or of a path (open tour). That leaves few shapes, and
//! each is fixed by a part of the tour that meets every orbit of `σ` once:
//!
//! - **Closed, turning the cycle** (`σ` of order `k`, no cell fixed by `σ`):
//!   `c_{i + N/k} = σ(c_i)`. Search a path `h_0 … h_{N/k - 1}` through one
//!   cell of every orbit ending one move from `σ(h_0)`; the tour is
//!   `h, σh, …, σ^{k-1}h`.
//! - **Closed, reflecting the cycle** (`σ` an involution): the axis of the
//!   reflection meets the cycle in two places, each a cell fixed by `σ` or an
//!   edge `{c, σ(c)}`. Search a path `p_0 … p_m` through one cell of every
//!   orbit whose two ends are such places; the tour is `p` followed by the
//!   images of `p` in reverse (fixed ends once).
//! - **Open** (`σ` an involution reversing the path; a path has no symmetry
//!   of order 4): `c_{N-1-i} = σ(c_i)`. The middle is a fixed cell or an edge
//!   `{c, σ(c)}`; search the half path from the middle outwards.
//!
//! Each half is searched by depth-first backtracking (fewest onward orbits
//! first, a connectivity check on the orbits left) with growing move caps; a
//! run that ends below its cap has tried everything from its start, so when
//! every shape and start is exhausted no symmetric tour exists. Every tour
//! returned is checked with [`Tour::verify`] and [`is_symmetric`].
//!
//! For [`Symmetry::MirrorBoth`] the symmetry asked for is its generator, the
//! half turn (as for [`Symmetry::map`]).

use super::board::{Board, Region, Symmetry};
use super::graph::LeaperGraph;
use super::leaper::Leaper;
use super::obstruction::obstruction;
use super::reason::NoTourReason;
use super::tour::{Tour, TourResult, TourSpec, find_tour};
use super::warnsdorff::{Rng, centre_distance};
use crate::Control;
use std::collections::HashSet;

/// Short randomised runs tried before the growing exhaustive ones.
const SHORT_RUNS: u64 = 200;
/// The move cap of each short run.
const SHORT_CAP: u64 = 400;

/// Whether the drawing of `tour` (its set of moves, with the move home for a
/// closed tour) is mapped onto itself by the generator of `sym` on a
/// `width` x `height` board.
pub fn is_symmetric(tour: &Tour, sym: Symmetry, width: usize, height: usize) -> bool {
    let Some(image) = tour.mapped(sym, width, height) else { return false };
    let edges = |t: &Tour| -> HashSet<(super::board::Pos, super::board::Pos)> {
        let n = t.cells.len();
        let steps = if t.closed && n >= 3 { n } else { n.saturating_sub(1) };
        (0..steps)
            .map(|i| {
                let (a, b) = (t.cells[i], t.cells[(i + 1) % n]);
                (a.min(b), a.max(b))
            })
            .collect()
    };
    let cells: HashSet<_> = tour.cells.iter().collect();
    image.cells.iter().all(|p| cells.contains(p)) && edges(tour) == edges(&image)
}

/// What the last cell of a half path must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// One move from the image of the first cell (closed, turning the cycle).
    NextToImageOfFirst,
    /// A fixed cell or one move from its own image (an axis end).
    Axis,
    /// Anything (the free end of an open tour).
    Free,
}

/// One half-path search: where it starts and how it must end.
#[derive(Clone, Copy, Debug)]
struct Task {
    start: usize,
    goal: Goal,
}

/// The symmetry seen on the vertices of one region's graph.
struct Quotient<'g> {
    g: &'g LeaperGraph,
    /// The image of each vertex under the generator.
    image: Vec<usize>,
    /// The orbit number of each vertex.
    orbit: Vec<usize>,
    /// How many orbits there are (the length of a half path).
    orbits: usize,
    /// Vertices whose orbit is shorter than the symmetry's order.
    fixed: Vec<bool>,
    /// For each orbit, the other orbits one move away (a move from one
    /// cell of an orbit has its images from every other cell).
    orbit_nbrs: Vec<Vec<usize>>,
}

impl<'g> Quotient<'g> {
    /// The quotient of `g` by `sym`, or why the region is not symmetric.
    fn new(g: &'g LeaperGraph, sym: Symmetry, order: usize) -> Result<Quotient<'g>, NoTourReason> {
        let (w, h) = (g.width(), g.height());
        let mut image = Vec::with_capacity(g.len());
        for v in 0..g.len() {
            let p = g.cell(v);
            match sym.map(p, w, h).and_then(|q| g.vertex(q)) {
                Some(u) => image.push(u),
                None => return Err(NoTourReason::RegionNotSymmetric { cell: p }),
            }
        }
        let mut orbit = vec![usize::MAX; g.len()];
        let mut fixed = vec![false; g.len()];
        let mut orbits = 0;
        for v in 0..g.len() {
            if orbit[v] != usize::MAX {
                continue;
            }
            let mut members = vec![v];
            let mut u = image[v];
            while u != v && members.len() <= order {
                members.push(u);
                u = image[u];
            }
            for &m in &members {
                orbit[m] = orbits;
                fixed[m] = members.len() < order;
            }
            orbits += 1;
        }
        let mut orbit_nbrs = vec![Vec::new(); orbits];
        for v in 0..g.len() {
            for &u in g.neighbours(v) {
                let (a, b) = (orbit[v], orbit[u as usize]);
                if a != b && !orbit_nbrs[a].contains(&b) {
                    orbit_nbrs[a].push(b);
                }
            }
        }
        Ok(Quotient { g, image, orbit, orbits, fixed, orbit_nbrs })
    }

    fn fixed_cells(&self) -> Vec<usize> {
        (0..self.g.len()).filter(|&v| self.fixed[v]).collect()
    }

    /// One vertex of each orbit that has a move to its own image.
    fn axis_edges(&self) -> Vec<usize> {
        let mut seen = vec![false; self.orbits];
        let mut out = Vec::new();
        for v in 0..self.g.len() {
            if !self.fixed[v] && !seen[self.orbit[v]] && self.g.adjacent(v, self.image[v]) {
                seen[self.orbit[v]] = true;
                out.push(v);
            }
        }
        out
    }

    fn apply(&self, v: usize, times: usize) -> usize {
        (0..times).fold(v, |u, _| self.image[u])
    }
}

/// How one half-path run ended.
enum HalfEnd {
    Found(Vec<usize>),
    Exhausted,
    Capped,
    Stopped,
}

/// Depth-first search for a half path through every orbit once.
struct HalfSearch<'q, 'g> {
    q: &'q Quotient<'g>,
    used: Vec<bool>,
    path: Vec<usize>,
    key: Vec<u64>,
    stamp: Vec<u32>,
    orbit_stamp: Vec<u32>,
    stamp_id: u32,
    goal: Goal,
}

impl<'q, 'g> HalfSearch<'q, 'g> {
    fn new(q: &'q Quotient<'g>) -> Self {
        let n = q.g.len();
        HalfSearch {
            q,
            used: vec![false; q.orbits],
            path: Vec::new(),
            key: vec![0; n],
            stamp: vec![0; n],
            orbit_stamp: vec![0; q.orbits],
            stamp_id: 0,
            goal: Goal::Free,
        }
    }

    /// The unused orbits one move from `u`'s orbit; when the cycle must
    /// close, the first cell's orbit counts too (so cells next to it are
    /// left for the end, as in Warnsdorff's rule for closed tours).
    fn onward(&self, u: usize) -> usize {
        let first = self.q.orbit[self.path[0]];
        let closing = self.goal == Goal::NextToImageOfFirst;
        self.q.orbit_nbrs[self.q.orbit[u]].iter().filter(|&&o| !self.used[o] || (closing && o == first)).count()
    }

    /// Whether every unused orbit can still be entered and left: each needs
    /// two neighbouring orbits that are unused or the end of the path (or,
    /// when the goal closes the cycle, the first cell's orbit), except one
    /// that may be the last.
    fn degrees_ok(&self, goal: Goal) -> bool {
        let cur = self.q.orbit[*self.path.last().expect("non-empty")];
        let first = self.q.orbit[self.path[0]];
        let closing = goal == Goal::NextToImageOfFirst;
        let mut ones = 0;
        for o in 0..self.q.orbits {
            if self.used[o] {
                continue;
            }
            let avail = self.q.orbit_nbrs[o]
                .iter()
                .filter(|&&n| !self.used[n] || n == cur || (closing && n == first))
                .take(2)
                .count();
            match avail {
                0 => return false,
                1 => {
                    ones += 1;
                    if closing || ones > 1 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// The next cells to try from the end of the path, best first.
    fn candidates(&self) -> Vec<usize> {
        let c = *self.path.last().expect("the path has its start");
        let last_step = self.path.len() + 1 == self.q.orbits;
        let mut out: Vec<usize> = self
            .q
            .g
            .neighbours(c)
            .iter()
            .map(|&u| u as usize)
            .filter(|&u| !self.used[self.q.orbit[u]] && (!self.q.fixed[u] || last_step))
            .filter(|&u| last_step || self.q.orbit_nbrs[self.q.orbit[u]].iter().any(|&o| !self.used[o]))
            .collect();
        out.sort_by_cached_key(|&u| (self.onward(u), self.key[u]));
        out
    }

    /// Whether every unused orbit can still be reached from the path's end
    /// through cells of unused orbits.
    fn connected(&mut self) -> bool {
        let left = self.q.orbits - self.path.len();
        if left <= 1 {
            return true;
        }
        self.stamp_id = self.stamp_id.wrapping_add(1);
        if self.stamp_id == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.orbit_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_id = 1;
        }
        let id = self.stamp_id;
        let c = *self.path.last().expect("non-empty");
        let mut queue = vec![c];
        self.stamp[c] = id;
        let mut orbits_seen = 0;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &u in self.q.g.neighbours(v) {
                let u = u as usize;
                if !self.used[self.q.orbit[u]] && self.stamp[u] != id {
                    self.stamp[u] = id;
                    let o = self.q.orbit[u];
                    if self.orbit_stamp[o] != id {
                        self.orbit_stamp[o] = id;
                        orbits_seen += 1;
                    }
                    queue.push(u);
                }
            }
        }
        orbits_seen == left
    }

    fn goal_met(&self, goal: Goal) -> bool {
        let (first, last) = (self.path[0], *self.path.last().expect("non-empty"));
        let q = self.q;
        match goal {
            Goal::NextToImageOfFirst => q.g.adjacent(last, q.image[first]),
            Goal::Axis => q.fixed[last] || q.g.adjacent(last, q.image[last]),
            Goal::Free => true,
        }
    }

    fn run(&mut self, task: Task, seed: u64, cap: u64, ctl: &Control) -> HalfEnd {
        let mut rng = Rng::new(seed);
        for (v, k) in self.key.iter_mut().enumerate() {
            // Seed 0: far from the centre first (Roth's rule); then random.
            *k = if seed == 0 { u64::MAX - centre_distance(self.q.g, v) } else { rng.next_u64() };
        }
        self.goal = task.goal;
        self.used.iter_mut().for_each(|u| *u = false);
        self.path.clear();
        self.path.push(task.start);
        self.used[self.q.orbit[task.start]] = true;
        if self.path.len() == self.q.orbits {
            return if self.goal_met(task.goal) { HalfEnd::Found(self.path.clone()) } else { HalfEnd::Exhausted };
        }
        let mut stack: Vec<(Vec<usize>, usize)> = vec![(self.candidates(), 0)];
        let mut nodes = 0u64;
        let mut pending = 0u64;
        while let Some((cands, next)) = stack.last_mut() {
            if *next == cands.len() {
                stack.pop();
                if !stack.is_empty() {
                    let v = self.path.pop().expect("advanced");
                    self.used[self.q.orbit[v]] = false;
                }
                continue;
            }
            let v = cands[*next];
            *next += 1;
            nodes += 1;
            pending += 1;
            if pending == 1024 {
                ctl.advance(pending);
                pending = 0;
                if ctl.must_stop() {
                    return HalfEnd::Stopped;
                }
            }
            if nodes > cap {
                ctl.advance(pending);
                return HalfEnd::Capped;
            }
            self.path.push(v);
            self.used[self.q.orbit[v]] = true;
            let done = self.path.len() == self.q.orbits;
            if done && self.goal_met(task.goal) {
                ctl.advance(pending);
                return HalfEnd::Found(self.path.clone());
            }
            if !done && self.degrees_ok(task.goal) && self.connected() {
                stack.push((self.candidates(), 0));
            } else {
                self.path.pop();
                self.used[self.q.orbit[v]] = false;
            }
        }
        ctl.advance(pending);
        HalfEnd::Exhausted
    }
}

/// The whole tour from a half path found by `task`.
fn unfold(q: &Quotient, half: &[usize], goal: Goal, order: usize) -> Vec<usize> {
    match goal {
        Goal::NextToImageOfFirst => (0..order).flat_map(|j| half.iter().map(move |&v| q.apply(v, j))).collect(),
        Goal::Axis => {
            let mut out = half.to_vec();
            out.extend(half.iter().rev().filter(|&&v| !q.fixed[v]).map(|&v| q.image[v]));
            out
        }
        Goal::Free => {
            let mut out: Vec<usize> = half.iter().rev().filter(|&&v| !q.fixed[v]).map(|&v| q.image[v]).collect();
            out.extend_from_slice(half);
            out
        }
    }
}

/// The searches that together cover every symmetric tour, or a proof that
/// there is none (the reason).
fn tasks(q: &Quotient, order: usize, closed: bool) -> Result<Vec<Task>, NoTourReason> {
    let fixed = q.fixed_cells();
    let mut out = Vec::new();
    if closed {
        if fixed.is_empty() {
            // Any cell can be first; the fewest moves prunes soonest.
            let anchor = (0..q.g.len()).min_by_key(|&v| q.g.degree(v)).unwrap_or(0);
            out.push(Task { start: anchor, goal: Goal::NextToImageOfFirst });
        }
        if order == 2 && fixed.len() <= 2 {
            let starts = if fixed.is_empty() { q.axis_edges() } else { vec![fixed[0]] };
            out.extend(starts.into_iter().map(|start| Task { start, goal: Goal::Axis }));
        }
        if out.is_empty() {
            return Err(if order == 4 {
                NoTourReason::QuarterTurnFixesCell { cell: q.g.cell(fixed[0]) }
            } else {
                NoTourReason::TooManyFixedCellsClosed { count: fixed.len() }
            });
        }
    } else {
        if order == 4 {
            return Err(NoTourReason::QuarterTurnOpenTour);
        }
        if fixed.len() >= 2 {
            return Err(NoTourReason::TooManyFixedCellsOpen { count: fixed.len() });
        }
        let starts = if fixed.is_empty() { q.axis_edges() } else { vec![fixed[0]] };
        if starts.is_empty() {
            return Err(NoTourReason::NoMoveAcrossAxis);
        }
        out.extend(starts.into_iter().map(|start| Task { start, goal: Goal::Free }));
    }
    Ok(out)
}

/// Searches for a tour of `region` that the generator of `sym` maps onto
/// itself (see the module documentation). The answer is a verified
/// symmetric tour, a proof that none exists, or undecided (time limit or
/// cancel). With [`Symmetry::None`] every tour is symmetric.
pub fn find_symmetric_tour(
    board: &Board,
    region: Region,
    leaper: Leaper,
    sym: Symmetry,
    closed: bool,
    ctl: &Control,
) -> TourResult {
    let g = LeaperGraph::of_region(board, region, leaper);
    let spec = TourSpec { closed, start: None };
    if sym == Symmetry::None {
        return find_tour(&g, &spec, ctl).unwrap_or(TourResult::Undecided);
    }
    if let Some(why) = obstruction(&g, closed, None) {
        return TourResult::None(why);
    }
    let order = if sym == Symmetry::Rotate90 { 4 } else { 2 };
    let q = match Quotient::new(&g, sym, order) {
        Ok(q) => q,
        Err(why) => return TourResult::None(why),
    };
    if q.fixed.iter().all(|&f| f) {
        // The symmetry moves no cell: every tour is symmetric.
        return find_tour(&g, &spec, ctl).unwrap_or(TourResult::Undecided);
    }
    let mut open = match tasks(&q, order, closed) {
        Ok(t) => t,
        Err(why) => return TourResult::None(why),
    };
    let mut search = HalfSearch::new(&q);
    let found = |half: &[usize], goal: Goal| -> Option<Tour> {
        let tour = Tour { cells: unfold(&q, half, goal, order).iter().map(|&v| g.cell(v)).collect(), closed };
        // Never report an unchecked tour.
        (tour.verify(board, region, leaper).is_ok() && is_symmetric(&tour, sym, board.width(), board.height()))
            .then_some(tour)
    };
    // Many short randomised runs first: a bad early choice is left quickly.
    for seed in 1..=SHORT_RUNS {
        for &task in &open {
            match search.run(task, seed, SHORT_CAP, ctl) {
                HalfEnd::Found(half) => {
                    if let Some(t) = found(&half, task.goal) {
                        return TourResult::Found(t);
                    }
                }
                HalfEnd::Stopped => return TourResult::Undecided,
                _ => {}
            }
        }
    }
    let (mut cap, mut round) = (2_000u64, 0u64);
    while !open.is_empty() {
        let mut still = Vec::with_capacity(open.len());
        for &task in &open {
            match search.run(task, round, cap, ctl) {
                HalfEnd::Found(half) => match found(&half, task.goal) {
                    Some(t) => return TourResult::Found(t),
                    // Never claim a proof after a fault.
                    None => still.push(task),
                },
                HalfEnd::Exhausted => {}
                HalfEnd::Capped => still.push(task),
                HalfEnd::Stopped => return TourResult::Undecided,
            }
        }
        open = still;
        round += 1;
        cap = cap.saturating_mul(3);
        if ctl.must_stop() && !open.is_empty() {
            return TourResult::Undecided;
        }
    }
    TourResult::None(NoTourReason::ExhaustiveSymmetricSearch { closed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::board::Preset;
    use std::time::Duration;

    fn solve(board: &Board, sym: Symmetry, closed: bool) -> TourResult {
        let ctl = Control::with_time_limit(Duration::from_secs(20));
        find_symmetric_tour(board, Region::A, Leaper::KNIGHT, sym, closed, &ctl)
    }

    fn assert_symmetric_tour(board: &Board, sym: Symmetry, closed: bool) -> Tour {
        match solve(board, sym, closed) {
            TourResult::Found(t) => {
                t.verify(board, Region::A, Leaper::KNIGHT).unwrap();
                assert!(is_symmetric(&t, sym, board.width(), board.height()));
                assert_eq!(t.closed, closed);
                t
            }
            other => panic!("{sym:?} closed={closed} on {}x{}: {other:?}", board.width(), board.height()),
        }
    }

    #[test]
    fn half_turn_symmetric_tours_on_rectangles() {
        for (w, h) in [(6, 6), (8, 8), (6, 8), (10, 10)] {
            let b = Board::rect(w, h).unwrap();
            assert_symmetric_tour(&b, Symmetry::Rotate180, true);
            // A cell and its image differ by (odd, odd) on an even x even
            // board: never a knight move, so no open tour crosses the centre.
            assert!(matches!(solve(&b, Symmetry::Rotate180, false), TourResult::None(_)));
        }
        for (w, h) in [(7, 8), (8, 5), (7, 6)] {
            assert_symmetric_tour(&Board::rect(w, h).unwrap(), Symmetry::Rotate180, false);
        }
        // 5 x 5: the centre is fixed, so an open tour passes it in its middle.
        let t = assert_symmetric_tour(&Board::rect(5, 5).unwrap(), Symmetry::Rotate180, false);
        assert_eq!(t.cells[12], crate::knight::Pos::new(2, 2));
    }

    #[test]
    fn quarter_turn_symmetric_closed_tours() {
        // Known: quarter-turn symmetric closed tours exist on 6 x 6 and
        // 10 x 10, not on 8 x 8 (a quarter turn changes the colour of a cell,
        // a quarter of the tour is 16 moves, which keep it).
        for n in [6, 10] {
            assert_symmetric_tour(&Board::rect(n, n).unwrap(), Symmetry::Rotate90, true);
        }
        assert!(matches!(solve(&Board::rect(8, 8).unwrap(), Symmetry::Rotate90, true), TourResult::None(_)));
        // An open tour cannot be turned a quarter.
        assert!(matches!(solve(&Board::rect(6, 6).unwrap(), Symmetry::Rotate90, false), TourResult::None(_)));
    }

    #[test]
    fn mirror_symmetric_open_knight_tours_do_not_exist() {
        // A mirror in a vertical line maps (x, y) to (w-1-x, y): the same
        // row, so no cell is a knight move from its image and an open tour
        // cannot cross the axis in its middle.
        match solve(&Board::rect(4, 5).unwrap(), Symmetry::MirrorLeftRight, false) {
            TourResult::None(why) => assert_eq!(why, NoTourReason::NoMoveAcrossAxis, "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn proofs_agree_with_brute_force_on_small_regions() {
        // Every symmetric tour found is checked; every "none" is checked
        // against all tours of the region, filtered by symmetry.
        let rects = [(3, 4), (4, 3), (3, 7), (4, 5), (5, 4), (3, 8), (5, 5), (4, 6)];
        for (w, h) in rects {
            let b = Board::rect(w, h).unwrap();
            for sym in [Symmetry::Rotate180, Symmetry::MirrorLeftRight, Symmetry::MirrorTopBottom] {
                for closed in [false, true] {
                    let got = solve(&b, sym, closed);
                    let brute = brute_force_exists(&b, sym, closed);
                    match got {
                        TourResult::Found(t) => {
                            assert!(brute, "{w}x{h} {sym:?} {closed}: found {} but brute force finds none", t.to_line())
                        }
                        TourResult::None(why) => {
                            assert!(!brute, "{w}x{h} {sym:?} {closed}: none ({why}) but one exists")
                        }
                        TourResult::Undecided => panic!("{w}x{h} {sym:?} {closed}: undecided"),
                    }
                }
            }
        }
    }

    /// Whether some tour of the whole board is symmetric, by enumerating
    /// every tour from every start.
    fn brute_force_exists(b: &Board, sym: Symmetry, closed: bool) -> bool {
        let g = LeaperGraph::of_region(b, Region::A, Leaper::KNIGHT);
        let n = g.len();
        fn go(
            g: &LeaperGraph,
            path: &mut Vec<usize>,
            seen: &mut [bool],
            done: &mut dyn FnMut(&[usize]) -> bool,
        ) -> bool {
            if path.len() == g.len() {
                return done(path);
            }
            let c = *path.last().unwrap();
            for &u in g.neighbours(c) {
                let u = u as usize;
                if !seen[u] {
                    seen[u] = true;
                    path.push(u);
                    if go(g, path, seen, done) {
                        return true;
                    }
                    path.pop();
                    seen[u] = false;
                }
            }
            false
        }
        let starts: Vec<usize> = if closed { vec![0] } else { (0..n).collect() };
        for s in starts {
            let mut seen = vec![false; n];
            seen[s] = true;
            let mut path = vec![s];
            let mut check = |p: &[usize]| {
                if closed && !g.adjacent(p[0], p[n - 1]) {
                    return false;
                }
                let t = Tour { cells: p.iter().map(|&v| g.cell(v)).collect(), closed };
                is_symmetric(&t, sym, b.width(), b.height())
            };
            if go(&g, &mut path, &mut seen, &mut check) {
                return true;
            }
        }
        false
    }

    #[test]
    fn regions_that_are_not_symmetric_and_two_region_designs() {
        let b = Board::from_rows(&["AAAA", "AAA.", "AAAA"]).unwrap();
        match solve(&b, Symmetry::Rotate180, false) {
            TourResult::None(why) => {
                assert!(matches!(why, NoTourReason::RegionNotSymmetric { .. }), "{why}")
            }
            other => panic!("{other:?}"),
        }
        // A ring: symmetric under the half turn, with a symmetric closed tour.
        let ring = Board::from_rows(&["AAAAAA", "AAAAAA", "AA..AA", "AA..AA", "AAAAAA", "AAAAAA"]).unwrap();
        match solve(&ring, Symmetry::Rotate180, true) {
            TourResult::Found(t) => assert!(is_symmetric(&t, Symmetry::Rotate180, 6, 6)),
            TourResult::None(why) => assert!(!why.to_string().is_empty()),
            TourResult::Undecided => panic!("a 32-cell ring is decided"),
        }
        let _ = Preset::Pinwheel;
    }

    #[test]
    fn symmetric_pictures_are_recognised() {
        let t = Tour { cells: vec![crate::knight::Pos::new(0, 0), crate::knight::Pos::new(1, 2)], closed: false };
        assert!(!is_symmetric(&t, Symmetry::MirrorLeftRight, 3, 3));
        // On a 2 x 3 board the half turn swaps (0,0) and (1,2).
        assert!(is_symmetric(&t, Symmetry::Rotate180, 2, 3));
        // On a 3 x 3 board it maps them to (2,2) and (1,0): another move.
        assert!(!is_symmetric(&t, Symmetry::Rotate180, 3, 3));
    }
}
