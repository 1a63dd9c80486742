//! Conway's genus of a position (On Numbers and Games, chapter 12), for a
//! game of one to three coordinates: its Grundy value `g` in normal play
//! and the misère Grundy values `γk` of the position plus `k` copies of the
//! nim-heap `*2`, written `g^(γ0 γ1 γ2 …)`. Two positions of the same genus
//! need not play alike in misère sums; a nim-heap `*n` has the genus `0^120`,
//! `1^031` or `n^(n, n xor 2)`.
//!
//! A copy of `*2` only ever becomes `*1` or vanishes, so every position of
//! the sum is the game's position `p` with `a` heaps of two and `b` heaps of
//! one: the misère values of `(p, a, b)` for `a + b ≤ GENUS_COPIES` are
//! computed cell by cell, every option before its position.

use super::naive::{by_sum, listed_options, mex, misere_mex};
use crate::Control;
use crate::rules::{ProgramError, Rules};

/// The most copies of `*2` added to a position.
pub const GENUS_COPIES: usize = 6;

/// The most cells of the box a genus is computed in (each cell holds the
/// values of its sums with up to [`GENUS_COPIES`] heaps).
pub const MAX_GENUS_CELLS: u64 = 1 << 16;

/// The most moves listed over all the cells of that box (each is looked at
/// once for every sum with copies of `*2`): a one-heap game of `n` has about
/// `n² / 2`, Wythoff's 255 x 255 corner about 22 million.
pub const MAX_GENUS_MOVES: u64 = 1 << 25;

/// The genus of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The Grundy value in normal play.
    pub normal: u32,
    /// `γk` for `k = 0 ..= GENUS_COPIES`: the misère Grundy value of the
    /// position plus `k` copies of `*2` (`γ0`, the position's own).
    pub misere: Vec<u32>,
}

impl Genus {
    /// The superscript as Conway writes it: `γ0 γ1 γ2 …` up to where the
    /// rest only repeats the last two, as far as computed.
    pub fn superscript(&self) -> &[u32] {
        let mut n = self.misere.len();
        while n >= 3 && self.misere[n - 1] == self.misere[n - 3] {
            n -= 1;
        }
        &self.misere[..n]
    }

    /// Conway's notation in plain text: `2^120`; with a value of two digits
    /// or more, the superscript's values between parentheses and commas:
    /// `12^(13,2,0)`.
    pub fn notation(&self) -> String {
        let sup = self.superscript();
        let small = self.normal < 10 && sup.iter().all(|&v| v < 10);
        let digits: Vec<String> = sup.iter().map(u32::to_string).collect();
        if small {
            format!("{}^{}", self.normal, digits.concat())
        } else {
            format!("{}^({})", self.normal, digits.join(","))
        }
    }

    /// Whether the genus is that of a nim-heap (`0^120`, `1^031`, or
    /// `n^(n, n xor 2)` for `n ≥ 2`: `2^20`, `3^31`, `4^46`), as far as
    /// computed.
    pub fn is_nim_like(&self) -> bool {
        let expected: Vec<u32> = match self.normal {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            n => vec![n, n ^ 2],
        };
        self.superscript() == expected.as_slice()
    }
}

/// Why a genus could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenusError {
    /// Only games of one to three coordinates (of which the genus is
    /// computed in a box).
    ManyCoordinates(u8),
    /// A game with a pass: the pass belongs to the whole sum, not to one
    /// of its components, so the sums of the genus are not defined.
    Passes,
    /// The box of the positions below the position is too large
    /// (`u64::MAX`: beyond counting).
    TooLarge {
        /// The cells of that box.
        cells: u64,
    },
    /// The position is outside the program's domain.
    NotAPosition,
    /// A move leaves the box asked for (a program's move that raises a
    /// coordinate).
    LeavesBox,
    /// The positions below the position have more moves than
    /// [`MAX_GENUS_MOVES`] in all.
    TooManyMoves,
    /// The rules' program failed, or a move does not lower the sum.
    Program(ProgramError),
    /// Cancelled.
    Cancelled,
}

impl From<ProgramError> for GenusError {
    fn from(e: ProgramError) -> Self {
        GenusError::Program(e)
    }
}

impl std::fmt::Display for GenusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenusError::ManyCoordinates(n) => {
                write!(f, "the genus is computed for games of one to three coordinates, not {n}")
            }
            GenusError::Passes => write!(
                f,
                "the genus is not computed for games with a pass (the pass belongs to the whole sum, not to one game \
                 of it)"
            ),
            GenusError::TooManyMoves => write!(
                f,
                "the positions below it have more than {MAX_GENUS_MOVES} moves in all, each looked at for every sum \
                 with copies of *2; ask a smaller position"
            ),
            GenusError::TooLarge { cells } => write!(
                f,
                "the genus needs a box of {} cells (for one position: every position it can reach); at most {} are \
                 computed",
                if *cells == u64::MAX { "too many".to_string() } else { cells.to_string() },
                MAX_GENUS_CELLS
            ),
            GenusError::NotAPosition => write!(f, "not a position of this game (outside its program's domain)"),
            GenusError::LeavesBox => write!(
                f,
                "a move leaves the box (it raises a coordinate); the genus of one position takes every position it \
                 can reach"
            ),
            GenusError::Program(e) => e.fmt(f),
            GenusError::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for GenusError {}

/// The genus of the position `p` of `rules` (a game of one to three
/// coordinates without a pass), with up to [`GENUS_COPIES`] copies of `*2`,
/// under `control` (progress counts cells).
pub fn genus(rules: &Rules, p: [u64; 3], control: &Control) -> Result<Genus, GenusError> {
    has_a_genus(rules)?;
    let d = rules.dimension as usize;
    let side = |c: u64| usize::try_from(c).ok().and_then(|c| c.checked_add(1));
    let box_of = |sides: [Option<usize>; 3]| -> Result<[usize; 3], GenusError> {
        let mut dims = [1; 3];
        let mut cells = 1u64;
        for i in 0..d {
            let s = sides[i].map_or(u64::MAX, |s| s as u64);
            cells = cells.saturating_mul(s);
            dims[i] = sides[i].unwrap_or(usize::MAX);
        }
        if cells > MAX_GENUS_CELLS { Err(GenusError::TooLarge { cells }) } else { Ok(dims) }
    };
    // The box below the position; moves that leave it (a move that raises
    // a coordinate while lowering the sum) need the box of every position
    // whose sum is at most the position's.
    let tight = box_of([side(p[0]), side(p[1]), side(p[2])])?;
    let one = |found: Vec<Option<Genus>>| found.into_iter().flatten().next().ok_or(GenusError::NotAPosition);
    match genus_in(rules, tight, Target::One(p), control)? {
        Some(g) => one(g),
        None => {
            let s = side(p[..d].iter().fold(0u64, |a, &c| a.saturating_add(c)));
            let wide = genus_in(rules, box_of([s; 3])?, Target::One(p), control)?;
            one(wide.ok_or(GenusError::TooLarge { cells: u64::MAX })?)
        }
    }
}

/// The genera of `target` computed in the box `dims` (one for a position,
/// else one per cell), or `None` when a move leaves the box.
fn genus_in(
    rules: &Rules,
    dims: [usize; 3],
    target: Target,
    control: &Control,
) -> Result<Option<Vec<Option<Genus>>>, GenusError> {
    const K: usize = GENUS_COPIES;
    // The states (a, b) with a + b ≤ K, numbered.
    let mut state = [[usize::MAX; K + 1]; K + 1];
    let mut states = 0;
    for (a, row) in state.iter_mut().enumerate() {
        for slot in row.iter_mut().take(K + 1 - a) {
            *slot = states;
            states += 1;
        }
    }
    let [w, h, _] = dims;
    let index = |p: [u64; 3]| (p[2] as usize * h + p[1] as usize) * w + p[0] as usize;
    let cells = dims.iter().product::<usize>();
    let mut normal = vec![0u32; cells];
    let mut misere = vec![0u32; cells * states];
    let mut position = vec![false; cells];
    let mut scope = rhai::Scope::new();
    let mut values = Vec::new();
    // One position: the cells of a larger sum cannot be reached from it.
    let last_sum = match target {
        Target::One(t) => {
            if listed_options(rules, t, &mut scope)?.is_none() {
                return Err(GenusError::NotAPosition);
            }
            t.iter().sum::<u64>()
        }
        Target::All => u64::MAX,
    };
    let mut moves_listed = 0u64;
    control.start(cells as u64);
    for p in by_sum(dims).take_while(|p| p.iter().sum::<u64>() <= last_sum) {
        if control.must_stop() {
            return Err(GenusError::Cancelled);
        }
        control.advance(1);
        let i = index(p);
        let Some(moves) = listed_options(rules, p, &mut scope)? else { continue };
        moves_listed += moves.len() as u64;
        if moves_listed > MAX_GENUS_MOVES {
            return Err(GenusError::TooManyMoves);
        }
        if moves.iter().any(|q| q.iter().zip(dims).any(|(&c, s)| c >= s as u64)) {
            return Ok(None);
        }
        let options: Vec<usize> = moves.iter().map(|&q| index(q)).collect();
        if let Some(k) = options.iter().position(|&o| !position[o]) {
            return Err(ProgramError::OptionNotAPosition {
                position: crate::rules::coordinates(p, rules.dimension),
                option: crate::rules::coordinates(moves[k], rules.dimension),
            }
            .into());
        }
        position[i] = true;
        values.clear();
        values.extend(options.iter().map(|&o| normal[o]));
        normal[i] = mex(&values);
        for a in 0..=K {
            for b in 0..=K - a {
                values.clear();
                values.extend(options.iter().map(|&o| misere[o * states + state[a][b]]));
                // A heap of two becomes one of one, or vanishes; a heap of
                // one vanishes.
                if a > 0 {
                    values.push(misere[i * states + state[a - 1][b + 1]]);
                    values.push(misere[i * states + state[a - 1][b]]);
                }
                if b > 0 {
                    values.push(misere[i * states + state[a][b - 1]]);
                }
                misere[i * states + state[a][b]] = misere_mex(&values);
            }
        }
    }
    let genus_at =
        |t: usize| Genus { normal: normal[t], misere: (0..=K).map(|k| misere[t * states + state[k][0]]).collect() };
    match target {
        Target::One(p) => {
            let t = index(p);
            if !position[t] {
                return Err(GenusError::NotAPosition);
            }
            Ok(Some(vec![Some(genus_at(t))]))
        }
        Target::All => Ok(Some((0..cells).map(|t| position[t].then(|| genus_at(t))).collect())),
    }
}

/// The genus of every position of the box `dims` of `rules` (a game of
/// one to three coordinates without a pass), in storage order (z, then y,
/// then x); `None` at a cell outside a program's domain. A move that
/// leaves the box is an error: ask for the genus of that position alone.
pub fn genus_box(rules: &Rules, dims: [usize; 3], control: &Control) -> Result<Vec<Option<Genus>>, GenusError> {
    has_a_genus(rules)?;
    let cells = dims.iter().fold(1u64, |a, &s| a.saturating_mul(s as u64));
    if cells > MAX_GENUS_CELLS || dims.contains(&0) {
        return Err(GenusError::TooLarge { cells });
    }
    genus_in(rules, dims, Target::All, control)?.ok_or(GenusError::LeavesBox)
}

/// Whether the genus of `rules` is computed here: one to three
/// coordinates, no pass.
fn has_a_genus(rules: &Rules) -> Result<(), GenusError> {
    if rules.dimension > 3 {
        Err(GenusError::ManyCoordinates(rules.dimension))
    } else if rules.passes.any() {
        Err(GenusError::Passes)
    } else {
        Ok(())
    }
}

/// What [`genus_in`] answers: one position's genus, or every cell's.
#[derive(Clone, Copy)]
enum Target {
    One([u64; 3]),
    All,
}
