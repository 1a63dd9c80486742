//! Tables of games of four to [`MAX_DIMENSION`] coordinates (heaps),
//! written as programs (`fn moves(a, b, c, d)`): n-heap Nim, Moore's Nimₖ,
//! Greedy Nim and the like.
//!
//! A table holds every position of the box (its sides one per
//! coordinate), or, for heaps treated alike, only the sorted positions
//! `x1 >= x2 >= ... >= xd` of a box with equal sides: the value of a
//! position is that of its heaps sorted, so 8 heaps of up to 15 stones are
//! C(23, 8) = 490 314 positions instead of 16⁸ = 4.3 · 10⁹. A program says
//! that its heaps are alike by defining `fn heaps_alike() { true }`; the
//! engine checks the claim (a swap of two neighbouring heaps swaps the
//! options) at every position of the box of sides min(side, 3) before it
//! trusts it.
//!
//! Where the options lower the sum of the coordinates, the positions of
//! one sum depend only on smaller sums: they are computed sum by sum, in
//! parallel. A game with a memory (an option that keeps or raises the
//! sum) is found by a search instead (`heaps/search.rs`). Passes are layers, as in the tables of one to three
//! coordinates; misère tables hold misère Grundy values (0 exactly at P).

use super::{EngineError, NOT_A_POSITION, memory_limit};
use crate::Control;
use crate::rules::{Convention, MAX_DIMENSION, Point, Rules, point_text};
use rayon::prelude::*;
use rhai::Scope;
use std::fmt;

mod estimate;
mod piece;
mod search;

pub use estimate::{SAMPLE_TIME, estimate_seconds};

/// The bytes a position takes in one layer: its value, and the status
/// byte of the search for games with a memory.
const BYTES_PER_VALUE: u64 = 5;
/// The bytes a stored position takes in the list of them that `ppos`,
/// `table`, `check` and the search walk (a [`Point`], 64 bytes), and its
/// frame on the search path with one option (32 bytes), counted once a
/// position.
const BYTES_PER_LISTED: u64 = 96;

/// How a table stores the positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// Every position of the box.
    Full,
    /// Only the sorted positions (heaps treated alike, equal sides).
    Sorted,
}

/// Why a table of many heaps could not be computed: the program's fault
/// at one position, written as a person reads the positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapsFault {
    /// An option with a coordinate beyond the box.
    OutsideBox {
        /// The position.
        position: String,
        /// The option.
        option: String,
        /// The option's coordinates (the box grows to hold them).
        reached: Vec<u64>,
        /// The sides of the box, one per coordinate.
        sides: Vec<usize>,
    },
    /// An option where the program's `fn position` is false.
    OptionNotAPosition {
        /// The position.
        position: String,
        /// The option.
        option: String,
    },
    /// The moves go round a cycle (a game with a memory that never ends):
    /// its positions in the order they are played, the first again last.
    Cycle {
        /// The positions, joined by arrows.
        positions: String,
    },
    /// `fn heaps_alike` is true, but swapping two heaps does not swap the
    /// options.
    NotAlike {
        /// The position.
        position: String,
        /// The same position with heaps `i` and `i + 1` swapped (from 1).
        swapped: String,
        /// The first heap swapped, from 1.
        heap: usize,
    },
}

impl fmt::Display for HeapsFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapsFault::OutsideBox { position, option, sides, .. } => {
                write!(
                    f,
                    "at {position}: the option {option} lies outside the box {}; compute a larger box",
                    sides_text(sides)
                )
            }
            HeapsFault::Cycle { positions } => write!(
                f,
                "the game does not end: its moves go round the cycle {positions}; a game with a memory must \
                 make every play end"
            ),
            HeapsFault::OptionNotAPosition { position, option } => {
                write!(
                    f,
                    "at {position}: the option {option} is not a position (the program's `fn position` is false there)"
                )
            }
            HeapsFault::NotAlike { position, swapped, heap } => write!(
                f,
                "`fn heaps_alike` says the heaps are alike, but the options of {swapped} are not those of \
                 {position} with heaps {heap} and {} swapped; remove `fn heaps_alike`, or make the moves treat \
                 the heaps alike",
                heap + 1
            ),
        }
    }
}

/// The binomial coefficients `C(k, i)` for `k < rows`, `i <= MAX_DIMENSION`,
/// saturating at `u64::MAX`.
fn binomials(rows: usize) -> Vec<[u64; MAX_DIMENSION + 1]> {
    let mut c = vec![[0u64; MAX_DIMENSION + 1]; rows.max(1)];
    for k in 0..c.len() {
        c[k][0] = 1;
        for i in 1..=MAX_DIMENSION {
            c[k][i] = if k == 0 { 0 } else { c[k - 1][i - 1].saturating_add(c[k - 1][i]) };
        }
    }
    c
}

/// The number of positions a table of `sides` stores: the product of the
/// sides, or, sorted, the multisets of `d` heaps of fewer than `n`
/// stones, C(n + d - 1, d). `None` past `u64`.
pub fn position_count(sides: &[usize], storage: Storage) -> Option<u64> {
    match storage {
        Storage::Full => sides.iter().try_fold(1u64, |acc, &n| acc.checked_mul(n as u64)),
        Storage::Sorted => {
            // C(n + d - 1, d) as a product of d fractions, each step exact.
            let (n, d) = (sides.first().copied().unwrap_or(1) as u128, sides.len() as u128);
            let mut c: u128 = 1;
            for i in 1..=d {
                c = c.checked_mul(n.checked_add(i - 1)?)? / i;
            }
            u64::try_from(c).ok()
        }
    }
}

/// The bytes the table of `rules` on `sides` takes, with `storage`.
pub fn estimate_bytes(rules: &Rules, sides: &[usize], storage: Storage) -> u64 {
    let count = position_count(sides, storage).unwrap_or(u64::MAX);
    let table = count.saturating_mul(BYTES_PER_VALUE * rules.passes.layers() as u64 + BYTES_PER_LISTED);
    // A piece's full fill keeps the sets of its lines (at most a quarter
    // of the memory limit; it is only planned when the box is countable).
    let lines = if rules.program.is_none() && storage == Storage::Full && count <= usize::MAX as u64 / 8 {
        piece::line_bytes(rules, sides)
    } else {
        0
    };
    table.saturating_add(lines)
}

/// The box as a person reads it: `16 x 16 x 16 x 16`.
pub fn sides_text(sides: &[usize]) -> String {
    sides.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" x ")
}

/// Whether `rules` treat the heaps alike: a program that says so
/// (`fn heaps_alike() { true }`; the claim is checked when a table is
/// computed, [`compute`]), or a piece whose slides and jumps every order
/// of the coordinates keeps (and no terminal cells).
pub fn claims_alike(rules: &Rules) -> bool {
    match &rules.program {
        Some(p) => p.heaps_alike(),
        None => {
            rules.breaks.is_none() && rules.terminal.is_empty() && rules.piece.is_symmetric_in(rules.dimension as usize)
        }
    }
}

/// A table of a game of up to [`MAX_DIMENSION`] coordinates.
pub struct HeapTable {
    rules: Rules,
    sides: Vec<usize>,
    storage: Storage,
    /// Layer by layer: the value of each stored position.
    values: Vec<u32>,
    /// Positions a layer.
    count: usize,
    /// `C(k, i)`, for the ranks of sorted positions.
    binomials: Vec<[u64; MAX_DIMENSION + 1]>,
    /// For a program's table filled sum by sum: the coordinates whose sum
    /// every option lowers (a proof that the game ends); `None` for a
    /// piece's table and one found by the search.
    order: Option<super::Order>,
}

impl fmt::Debug for HeapTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HeapTable({}, {}, {:?})", self.rules.label(), sides_text(&self.sides), self.storage)
    }
}

impl HeapTable {
    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// For a program's table filled sum by sum: which coordinates the sum
    /// that every option lowers counts (all of them in most games; a game
    /// with a memory leaves out what a move may raise). `None` for a
    /// piece's table and for one found by the search.
    pub fn order(&self) -> Option<super::Order> {
        self.order
    }

    /// The sides of the box, one per coordinate.
    pub fn sides(&self) -> &[usize] {
        &self.sides
    }

    /// How the positions are stored.
    pub fn storage(&self) -> Storage {
        self.storage
    }

    /// The positions stored in one layer.
    pub fn positions_stored(&self) -> usize {
        self.count
    }

    /// The layer a game starts in, every pass still there.
    pub fn start_layer(&self) -> usize {
        self.rules.passes.layers() - 1
    }

    /// Whether the values are misère Grundy values rather than Grundy
    /// numbers.
    pub fn is_misere(&self) -> bool {
        self.rules.convention == Convention::Misere
    }

    /// Where `p` (inside the box) is stored.
    fn index(&self, p: &[u64]) -> usize {
        match self.storage {
            Storage::Full => {
                let mut i = 0usize;
                for (&c, &n) in p.iter().zip(&self.sides).rev() {
                    i = i * n + c as usize;
                }
                i
            }
            Storage::Sorted => {
                let mut a: Point = [0; MAX_DIMENSION];
                let d = p.len();
                a[..d].copy_from_slice(p);
                // Largest first, by insertion: an option of a stored
                // position is that position with a few heaps changed, so
                // nearly in this order already.
                for i in 1..d {
                    let v = a[i];
                    let mut j = i;
                    while j > 0 && a[j - 1] < v {
                        a[j] = a[j - 1];
                        j -= 1;
                    }
                    a[j] = v;
                }
                // Ascending a_1 <= ... <= a_d become b_i = a_i + i - 1,
                // strictly increasing; the rank is the sum of C(b_i, i).
                (0..d).map(|i| self.binomials[a[d - 1 - i] as usize + i][i + 1] as usize).sum()
            }
        }
    }

    /// The largest value stored (0 when none), and whether some stored
    /// position is not a position of the program's domain. A scan of the
    /// table.
    pub fn value_range(&self) -> (u32, bool) {
        let values = self.values.iter().copied();
        let max = values.clone().filter(|&v| v != NOT_A_POSITION).max().unwrap_or(0);
        (max, values.take(self.count).any(|v| v == NOT_A_POSITION))
    }

    /// The value of `p` (as many coordinates as the game has, inside the
    /// box) with `layer` passes left; [`NOT_A_POSITION`] outside the
    /// program's domain. `None` outside the box.
    pub fn get(&self, p: &[u64], layer: usize) -> Option<u32> {
        let inside = p.len() == self.sides.len() && p.iter().zip(&self.sides).all(|(&c, &n)| c < n as u64);
        (inside && layer < self.rules.passes.layers()).then(|| self.values[layer * self.count + self.index(p)])
    }

    /// The plane of coordinate `across` (columns) and `down` (rows) through
    /// `at` (its other coordinates fixed) with `layer` passes left, as a
    /// table of two coordinates of the same rules: cell (u, v) is `at` with
    /// u across and v down ([`NOT_A_POSITION`] outside the domain, and
    /// where `at` is outside the box).
    pub fn plane(&self, across: usize, down: usize, at: &[u64], layer: usize) -> super::Table {
        let (w, h) = (self.sides[across], self.sides[down]);
        let mut p = at.to_vec();
        let values = (0..w * h)
            .map(|i| {
                (p[across], p[down]) = ((i % w) as u64, (i / w) as u64);
                self.get(&p, layer).unwrap_or(NOT_A_POSITION)
            })
            .collect();
        super::Table::from_values(&self.rules, w, h, values)
    }

    /// The stored positions, in the order of the box: all of them, or the
    /// sorted ones (largest heap first), `x1` changing fastest. A list of
    /// 64 bytes a position: [`HeapTable::positions`] streams them.
    pub fn stored_positions(&self) -> Vec<Point> {
        self.positions().collect()
    }

    /// [`HeapTable::stored_positions`] one at a time, without a list (a
    /// `table` of 30^5 positions printed as it goes).
    pub fn positions(&self) -> StoredPositions {
        StoredPositions::new(&self.sides, self.storage)
    }

    /// The P-positions with every pass still there, in the order of
    /// [`HeapTable::stored_positions`].
    pub fn p_positions(&self) -> Vec<Point> {
        let d = self.sides.len();
        let layer = self.start_layer();
        self.positions().filter(|p| self.get(&p[..d], layer) == Some(0)).collect()
    }
}

/// The positions of a box in the order of [`HeapTable::stored_positions`]:
/// an odometer with `x1` fastest; sorted, a coordinate that moves on
/// starts the ones before it at its own value (`x1 >= x2 >= ...`).
#[derive(Clone, Debug)]
pub struct StoredPositions {
    sides: Vec<usize>,
    sorted: bool,
    next: Option<Point>,
}

impl StoredPositions {
    /// The positions of the box `sides` kept by `storage`.
    pub fn new(sides: &[usize], storage: Storage) -> Self {
        let first = (!sides.is_empty() && sides.iter().all(|&n| n > 0)).then_some([0; MAX_DIMENSION]);
        StoredPositions { sides: sides.to_vec(), sorted: storage == Storage::Sorted, next: first }
    }
}

impl Iterator for StoredPositions {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.next?;
        let mut q = p;
        self.next = None;
        for i in 0..self.sides.len() {
            q[i] += 1;
            if q[i] < self.sides[i] as u64 {
                let start = if self.sorted { q[i] } else { 0 };
                q[..i].fill(start);
                self.next = Some(q);
                break;
            }
        }
        Some(p)
    }
}

/// Push the positions of the box with coordinate sum `s` onto `out`:
/// all of them, or the sorted ones (`x1 >= x2 >= ...`).
fn positions_with_sum(sides: &[usize], storage: Storage, s: usize, out: &mut Vec<Point>) {
    fn go(sides: &[usize], sorted: bool, i: usize, left: usize, cap: usize, p: &mut Point, out: &mut Vec<Point>) {
        let d = sides.len();
        if i == d {
            if left == 0 {
                out.push(*p);
            }
            return;
        }
        // What the later coordinates can still take.
        let rest: usize =
            if sorted { (d - i - 1) * cap.min(sides[i] - 1) } else { sides[i + 1..].iter().map(|n| n - 1).sum() };
        let top = if sorted { cap.min(sides[i] - 1) } else { sides[i] - 1 }.min(left);
        let low = left.saturating_sub(rest);
        for v in low..=top {
            p[i] = v as u64;
            go(sides, sorted, i + 1, left - v, v, p, out);
        }
        p[i] = 0;
    }
    if sides.iter().map(|n| n - 1).sum::<usize>() < s {
        return;
    }
    let mut p = [0; MAX_DIMENSION];
    go(sides, storage == Storage::Sorted, 0, s, usize::MAX, &mut p, out);
}

/// Push the positions of the whole box whose coordinates in `order` sum
/// to `s` onto `out` (the others take every value).
fn positions_in_order(sides: &[usize], order: super::Order, s: usize, out: &mut Vec<Point>) {
    fn go(sides: &[usize], order: &[bool], i: usize, left: usize, p: &mut Point, out: &mut Vec<Point>) {
        if i == sides.len() {
            if left == 0 {
                out.push(*p);
            }
            return;
        }
        let top = if order[i] { left.min(sides[i] - 1) } else { sides[i] - 1 };
        for v in 0..=top {
            p[i] = v as u64;
            go(sides, order, i + 1, if order[i] { left - v } else { left }, p, out);
        }
        p[i] = 0;
    }
    let mut p = [0; MAX_DIMENSION];
    go(sides, order.coordinates(), 0, s, &mut p, out);
}

/// Whether the table of `rules` on `sides` with `storage` can be computed:
/// the rules, the sides and the memory, without allocating.
pub fn check(rules: &Rules, sides: &[usize], storage: Storage) -> Result<(), EngineError> {
    rules.validate().map_err(EngineError::InvalidRules)?;
    // The piece engine knows no terminal cells: a piece of more than three
    // coordinates has none (validation), and one of one to three with
    // some is computed by the table engine ([`crate::grundy::engine::compute_box`]).
    if rules.program.is_none() && !rules.terminal.is_empty() {
        return Err(EngineError::InvalidRules(crate::rules::RulesError::TerminalOfManyHeaps(rules.dimension)));
    }
    if rules.breaks.is_some() || sides.len() != rules.dimension as usize || sides.contains(&0) {
        return Err(EngineError::BadHeaps { sides: sides.to_vec(), dimension: rules.dimension });
    }
    if storage == Storage::Sorted && sides.iter().any(|&n| n != sides[0]) {
        return Err(EngineError::BadHeaps { sides: sides.to_vec(), dimension: rules.dimension });
    }
    let (needed, limit) = (estimate_bytes(rules, sides, storage), memory_limit());
    // A table's index is a usize (and u32 positions on a 32-bit page).
    let count = position_count(sides, storage).unwrap_or(u64::MAX);
    if needed > limit || count > usize::MAX as u64 / 8 {
        return Err(EngineError::TooLargeHeaps {
            sides: sides.to_vec(),
            positions: count,
            sorted: storage == Storage::Sorted,
            needed,
            limit,
        });
    }
    Ok(())
}

/// The storage a table of `rules` on `sides` gets: sorted where the
/// program says its heaps are alike and the sides are equal, unless
/// `full` is asked for.
pub fn storage_for(rules: &Rules, sides: &[usize], full: bool) -> Storage {
    if !full && claims_alike(rules) && sides.iter().all(|&n| n == sides[0]) { Storage::Sorted } else { Storage::Full }
}

/// The largest side `n` (heaps of 0 to `n - 1` stones), from `wanted` down
/// to 2 and at most `max_side`, whose table of `rules` stores at most
/// `max_positions` positions (the sorted ones where the heaps are alike):
/// how the app keeps a table of many heaps within a few seconds whatever
/// side is typed.
pub fn side_within(rules: &Rules, wanted: usize, max_side: usize, max_positions: u64) -> usize {
    let d = rules.dimension as usize;
    let mut n = wanted.clamp(2, max_side.max(2));
    while n > 2 {
        let sides = vec![n; d];
        let stored = position_count(&sides, storage_for(rules, &sides, false)).unwrap_or(u64::MAX);
        if stored <= max_positions {
            break;
        }
        n -= 1;
    }
    n
}

/// Compute the table of `rules` (a program or a piece of any number of
/// coordinates) on the box `sides`, with `storage`. Progress counts
/// positions; the control's cancel flag and time limit are looked at
/// before every position.
pub fn compute(rules: &Rules, sides: &[usize], storage: Storage, control: &Control) -> Result<HeapTable, EngineError> {
    check(rules, sides, storage)?;
    let count = position_count(sides, storage).unwrap_or(u64::MAX) as usize;
    let layers = rules.passes.layers();
    let d = sides.len();
    let n = sides.iter().copied().max().unwrap_or(1);
    let mut table = HeapTable {
        rules: rules.clone(),
        sides: sides.to_vec(),
        storage,
        values: Vec::new(),
        count,
        binomials: binomials(n + d + 1),
        order: None,
    };
    let Some(program) = rules.program.as_ref() else {
        if storage == Storage::Sorted && !claims_alike(rules) {
            return Err(EngineError::BadHeaps { sides: sides.to_vec(), dimension: rules.dimension });
        }
        table.values = vec![0; count * layers];
        piece::fill(&mut table, control)?;
        return Ok(table);
    };
    if storage == Storage::Sorted {
        check_alike(rules, sides, control)?;
    }
    table.values = vec![0; count * layers];
    // The sum of every coordinate first, then the sums of `Order` (on the
    // whole box: sorted positions keep every coordinate), else the search.
    let mut order = super::Order::all(d);
    loop {
        match fill_in_order(&mut table, program, order, control) {
            Ok(()) => {
                table.order = Some(order);
                return Ok(table);
            }
            Err(Halt::Error(e)) => return Err(e),
            Err(Halt::Unordered { p, q }) => match order.without_raised(&p, &q) {
                Some(next) if storage == Storage::Full => order = next,
                _ => {
                    table.values.fill(0);
                    search::fill(&mut table, program, control)?;
                    return Ok(table);
                }
            },
        }
    }
}

/// Why a fill of many heaps sum by sum stopped.
enum Halt {
    Error(EngineError),
    /// The option `q` of `p` does not lower the sum of the coordinates in
    /// the order.
    Unordered {
        p: Vec<u64>,
        q: Vec<u64>,
    },
}

/// Fill the table of a program sum by sum of the coordinates of `order`
/// (every one for sorted positions).
fn fill_in_order(
    table: &mut HeapTable,
    program: &crate::rules::Program,
    order: super::Order,
    control: &Control,
) -> Result<(), Halt> {
    let rules = table.rules.clone();
    let (sides, storage, count) = (table.sides.clone(), table.storage, table.count);
    let (sides, d, layers) = (&sides[..], sides.len(), rules.passes.layers());
    control.start(count as u64 * layers as u64);
    let stop = control.deadline();
    let misere = rules.convention == Convention::Misere;
    let max_sum = order.sum(&sides.iter().map(|n| n - 1).collect::<Vec<_>>());
    let mut positions = Vec::new();
    for layer in 0..layers {
        for s in 0..=max_sum {
            positions.clear();
            if order.is_all() {
                positions_with_sum(sides, storage, s, &mut positions);
            } else {
                positions_in_order(sides, order, s, &mut positions);
            }
            let failed = |e| crate::grundy::EngineError::of_program(crate::grundy::error::program_failure(control, e));
            let results: Vec<Result<(usize, u32), Halt>> = positions
                .par_iter()
                .map_init(
                    || (Scope::new(), Vec::new()),
                    |(scope, values), p| {
                        if control.must_stop() {
                            return Err(Halt::Error(failed(crate::grundy::error::program_stopped(control))));
                        }
                        let p = &p[..d];
                        let at = table.index(p);
                        let is_position = if layer == 0 {
                            program.is_position_of(p, scope, stop).map_err(|e| Halt::Error(failed(e)))?
                        } else {
                            table.values[at] != NOT_A_POSITION
                        };
                        if !is_position {
                            return Ok((at, NOT_A_POSITION));
                        }
                        // As listed: the value needs neither their order nor
                        // the repeats gone.
                        let options = program
                            .options_listed::<MAX_DIMENSION>(p, scope, stop, &rules.limits)
                            .map_err(|e| Halt::Error(failed(e)))?;
                        let base = layer * count;
                        // The value of an option, or why it has none.
                        let value_of = |q: &[u64; MAX_DIMENSION]| -> Result<u32, Halt> {
                            let q = &q[..d];
                            if q.iter().zip(sides).any(|(&c, &n)| c >= n as u64) {
                                return Err(Halt::Error(EngineError::Heaps(HeapsFault::OutsideBox {
                                    position: point_text(p),
                                    option: point_text(q),
                                    reached: q.to_vec(),
                                    sides: sides.to_vec(),
                                })));
                            }
                            if order.sum(q) >= s as u64 {
                                return Err(Halt::Unordered { p: p.to_vec(), q: q.to_vec() });
                            }
                            let v = table.values[base + table.index(q)];
                            if v == NOT_A_POSITION {
                                return Err(Halt::Error(EngineError::Heaps(HeapsFault::OptionNotAPosition {
                                    position: point_text(p),
                                    option: point_text(q),
                                })));
                            }
                            Ok(v)
                        };
                        values.clear();
                        for q in &options {
                            match value_of(q) {
                                Ok(v) => values.push(v),
                                Err(e) => {
                                    return Err(super::program::smallest_fault(&options, value_of).unwrap_or(e));
                                }
                            }
                        }
                        if rules.passes.allowed(layer, !options.is_empty()) {
                            values.push(table.values[base - count + at]);
                        }
                        let v = if misere { super::naive::misere_mex(values) } else { small_mex(values) };
                        Ok((at, v))
                    },
                )
                .collect();
            for r in results {
                let (at, v) = r?;
                table.values[layer * count + at] = v;
            }
            control.advance(positions.len() as u64);
        }
    }
    Ok(())
}

/// How many times [`compute_covering`] grows a box that an option
/// leaves.
pub const GROWTHS: usize = 4;

/// The table of `rules` on the smallest box that holds `p` (a cube where
/// the heaps are alike, computed on sorted positions), grown where an
/// option leaves it: a move of a program may raise a coordinate, so each
/// side an option leaves grows to hold it (at least doubled), up to
/// [`GROWTHS`]
/// times (enough where `fn position` bounds the game). A game whose moves
/// leave every box gets the last [`HeapsFault::OutsideBox`].
pub fn compute_covering(rules: &Rules, p: &[u64], control: &Control) -> Result<HeapTable, EngineError> {
    // A side beyond a usize is refused by the size check as too large.
    let mut sides: Vec<usize> = p.iter().map(|&c| usize::try_from(c).unwrap_or(usize::MAX).saturating_add(1)).collect();
    if claims_alike(rules) {
        let top = sides.iter().copied().max().unwrap_or(1);
        sides.fill(top);
        // The claim on the way from the position asked to its sorted form
        // (largest heap first), whose value is read for it: the spread
        // sample may miss a claim false there. The box first, so that a
        // huge one gets its own message.
        check(rules, &sides, storage_for(rules, &sides, false))?;
        let d = p.len().min(MAX_DIMENSION);
        let mut at: Point = [0; MAX_DIMENSION];
        at[..d].copy_from_slice(&p[..d]);
        let mut path = vec![at];
        // Bubble sort, each swap of neighbours a step: at most d(d-1)/2.
        for end in (1..d).rev() {
            for i in 0..end {
                if at[i] < at[i + 1] {
                    at.swap(i, i + 1);
                    path.push(at);
                }
            }
        }
        if d >= 2 {
            check_alike_at(rules, d, &path, control)?;
        }
    }
    let mut tries = 0;
    loop {
        let storage = storage_for(rules, &sides, false);
        match compute(rules, &sides, storage, control) {
            Err(EngineError::Heaps(HeapsFault::OutsideBox { reached, .. })) if tries < GROWTHS => {
                tries += 1;
                // The sides the option leaves grow to hold it (doubled at
                // least); the others stay. A coordinate that is a memory
                // (the last move's size) can outgrow the heaps' box, so
                // doubling every side would never catch up with it.
                for (i, n) in sides.iter_mut().enumerate() {
                    let need =
                        reached.get(i).map_or(0, |&c| usize::try_from(c).unwrap_or(usize::MAX).saturating_add(1));
                    if need > *n {
                        *n = need.max(n.saturating_mul(2));
                    }
                }
                if claims_alike(rules) {
                    let top = sides.iter().copied().max().unwrap_or(1);
                    sides.fill(top);
                }
            }
            made => return made,
        }
    }
}

/// The mex of `values`: by a mask of 128 bits while they are small, else
/// as [`super::naive::mex`].
fn small_mex(values: &[u32]) -> u32 {
    let mut seen = 0u128;
    for &v in values {
        if v >= 128 {
            return super::naive::mex(values);
        }
        seen |= 1 << v;
    }
    seen.trailing_ones()
}

/// How many positions of every small heap [`check_alike`] tries at most:
/// all those of up to [`alike_checked_heap`] stones a heap.
const ALIKE_SMALL_POSITIONS: usize = 20_000;
/// How many positions spread over the whole box [`check_alike`] tries
/// besides.
pub const ALIKE_SPREAD_POSITIONS: usize = 1_000;

/// The largest heap at which [`check_alike`] tries every position of `d`
/// heaps: the largest `k` with `(k + 1)^d` at most 20 000 (at least 2).
pub fn alike_checked_heap(d: usize) -> usize {
    (2..)
        .take_while(|&k: &usize| (k + 1).checked_pow(d as u32).is_some_and(|n| n <= ALIKE_SMALL_POSITIONS))
        .last()
        .unwrap_or(2)
}

/// Check `fn heaps_alike`: at every position of up to
/// [`alike_checked_heap`] stones a heap, and at [`ALIKE_SPREAD_POSITIONS`]
/// positions spread over the whole box (the same ones every run),
/// swapping two neighbouring heaps swaps the options (and keeps whether
/// it is a position). A claim false only elsewhere is not seen: the note
/// of the command line says how far it was checked.
fn check_alike(rules: &Rules, sides: &[usize], control: &Control) -> Result<(), EngineError> {
    if rules.program.is_none() {
        return Ok(());
    }
    let d = sides.len();
    let top = alike_checked_heap(d);
    let small: Vec<usize> = sides.iter().map(|&n| n.min(top + 1)).collect();
    let mut all = Vec::new();
    for s in 0..=small.iter().map(|n| n - 1).sum::<usize>() {
        positions_with_sum(&small, Storage::Full, s, &mut all);
    }
    // Spread over the box by a fixed linear congruential sequence.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..ALIKE_SPREAD_POSITIONS {
        let mut p: Point = [0; MAX_DIMENSION];
        for (c, &n) in p.iter_mut().zip(sides) {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            *c = (x >> 33) % n.max(1) as u64;
        }
        all.push(p);
    }
    check_alike_at(rules, d, &all, control)
}

/// [`check_alike`] at the positions `all` of `d` heaps.
fn check_alike_at(rules: &Rules, d: usize, all: &[Point], control: &Control) -> Result<(), EngineError> {
    let Some(program) = rules.program.as_ref() else { return Ok(()) };
    let stop = control.deadline();
    let failed = |e| crate::grundy::EngineError::of_program(crate::grundy::error::program_failure(control, e));
    let results: Vec<Result<(), EngineError>> = all
        .par_iter()
        .map_init(Scope::new, |scope, p| {
            if control.must_stop() {
                return Err(failed(crate::grundy::error::program_stopped(control)));
            }
            let p = &p[..d];
            let here = program.is_position_of(p, scope, stop).map_err(failed)?;
            let options = if here {
                program.options_of::<MAX_DIMENSION>(p, scope, stop, &rules.limits).map_err(failed)?
            } else {
                Vec::new()
            };
            for i in 0..d - 1 {
                if p[i] == p[i + 1] {
                    continue;
                }
                let mut q: Point = [0; MAX_DIMENSION];
                q[..d].copy_from_slice(p);
                q.swap(i, i + 1);
                let there = program.is_position_of(&q[..d], scope, stop).map_err(failed)?;
                let mut swapped: Vec<Point> = options
                    .iter()
                    .map(|o| {
                        let mut o = *o;
                        o.swap(i, i + 1);
                        o
                    })
                    .collect();
                swapped.sort_unstable();
                let theirs = if there {
                    program.options_of::<MAX_DIMENSION>(&q[..d], scope, stop, &rules.limits).map_err(failed)?
                } else {
                    Vec::new()
                };
                if here != there || swapped != theirs {
                    return Err(EngineError::Heaps(HeapsFault::NotAlike {
                        position: point_text(p),
                        swapped: point_text(&q[..d]),
                        heap: i + 1,
                    }));
                }
            }
            Ok(())
        })
        .collect();
    results.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_mex_is_the_mex() {
        let mut x = 12345u64;
        for len in 0..200 {
            let values: Vec<u32> = (0..len)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((x >> 33) % if len % 3 == 0 { 300 } else { 140 }) as u32
                })
                .collect();
            assert_eq!(small_mex(&values), super::super::naive::mex(&values), "{values:?}");
        }
        assert_eq!(small_mex(&(0..128).collect::<Vec<u32>>()), 128);
    }

    #[test]
    fn sorted_positions_are_counted_and_ranked_one_to_one() {
        assert_eq!(position_count(&[16; 8], Storage::Sorted), Some(490_314));
        assert_eq!(position_count(&[16; 8], Storage::Full), Some(1 << 32));
        assert_eq!(position_count(&[1; 4], Storage::Sorted), Some(1));
        assert_eq!(position_count(&[7; 1], Storage::Sorted), Some(7));
        // Sides beyond any memory are a number, never an allocation.
        assert_eq!(position_count(&[usize::MAX; 8], Storage::Sorted), None);
        let e = check(&crate::rules::preset("nim-4").unwrap(), &[10_000_000_000; 4], Storage::Sorted);
        assert!(matches!(e, Err(EngineError::TooLargeHeaps { .. })), "{e:?}");
        // A piece with terminal cells is the table engine's: refused here.
        let mut corner = crate::rules::preset("queen").unwrap();
        corner.terminal = crate::rules::TerminalSet::triangle(2);
        assert_eq!(corner.validate(), Ok(()));
        let e = check(&corner, &[4, 4], Storage::Full);
        assert!(matches!(e, Err(EngineError::InvalidRules(crate::rules::RulesError::TerminalOfManyHeaps(2)))), "{e:?}");
        let sides = [5usize; 4];
        let mut all = Vec::new();
        for s in 0..=16 {
            positions_with_sum(&sides, Storage::Sorted, s, &mut all);
        }
        assert_eq!(all.len() as u64, position_count(&sides, Storage::Sorted).unwrap());
        let rules = crate::rules::preset("nim-4").unwrap();
        let t = HeapTable {
            rules,
            sides: sides.to_vec(),
            storage: Storage::Sorted,
            values: Vec::new(),
            count: all.len(),
            binomials: binomials(10),
            order: None,
        };
        let mut ranks: Vec<usize> = all.iter().map(|p| t.index(&p[..4])).collect();
        ranks.sort_unstable();
        assert_eq!(ranks, (0..all.len()).collect::<Vec<_>>());
        // Every order of a position has its rank.
        assert_eq!(t.index(&[1, 4, 0, 2]), t.index(&[4, 2, 1, 0]));
        let mut full = Vec::new();
        for s in 0..=16 {
            positions_with_sum(&sides, Storage::Full, s, &mut full);
        }
        assert_eq!(full.len(), 625);
    }

    #[test]
    fn each_order_lists_every_position_of_the_box_once() {
        let sides = [3, 2, 4, 2];
        let cells: usize = sides.iter().product();
        for mask in 1..16u8 {
            let flags: Vec<bool> = (0..4).map(|i| mask >> i & 1 == 1).collect();
            let order = crate::grundy::Order::of(&flags);
            let top: usize = order.sum(&sides.map(|n| n - 1));
            let mut all = Vec::new();
            for s in 0..=top {
                let before = all.len();
                positions_in_order(&sides, order, s, &mut all);
                assert!(all[before..].iter().all(|p| order.sum(&p[..4]) == s as u64), "{order:?} {s}");
            }
            assert_eq!(all.len(), cells, "{order:?}");
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), cells, "{order:?}");
        }
    }

    #[test]
    fn the_positions_stream_in_the_order_of_the_sorted_list() {
        // The list as it was made: every position of each sum, sorted with
        // the last coordinate first.
        let listed = |sides: &[usize], storage: Storage| {
            let d = sides.len();
            let mut out = Vec::new();
            for s in 0..=sides.iter().map(|n| n - 1).sum::<usize>() {
                positions_with_sum(sides, storage, s, &mut out);
            }
            out.sort_unstable_by(|a, b| a[..d].iter().rev().cmp(b[..d].iter().rev()));
            out
        };
        for sides in
            [vec![1], vec![5], vec![3, 4], vec![4, 4], vec![2, 3, 4], vec![3, 3, 3], vec![3, 3, 3, 3, 3], vec![2; 8]]
        {
            let streamed: Vec<Point> = StoredPositions::new(&sides, Storage::Full).collect();
            assert_eq!(streamed, listed(&sides, Storage::Full), "{sides:?}");
            if sides.iter().all(|&n| n == sides[0]) {
                let streamed: Vec<Point> = StoredPositions::new(&sides, Storage::Sorted).collect();
                assert_eq!(streamed, listed(&sides, Storage::Sorted), "{sides:?} sorted");
            }
        }
        assert_eq!(StoredPositions::new(&[3, 0], Storage::Full).count(), 0);
    }
}
