//! The table of a game, whatever its shape, behind one door: a box of one
//! to three coordinates (the engine's [`Table`]), a table of four to eight
//! heaps ([`HeapTable`]), or a row of heaps of a take-and-break game (one
//! sequence `g(n)`; a row's value is the XOR of its heaps', [`Sequence`]).
//!
//! Callers ask [`GameTable::check`], [`GameTable::estimate_seconds`] and
//! [`GameTable::compute`] (or [`GameTable::covering`]) and read values by
//! position, without choosing between the shapes; [`TableShape::of`] says
//! which shape a game's table has, for what differs in words or pictures.

use crate::Control;
use crate::grundy::heaps::{self, HeapTable};
use crate::grundy::{self, EngineError, NOT_A_POSITION, Table};
use crate::rules::{Convention, Rules};
use crate::takebreak::{self, Sequence, SequenceError, TakeBreak, TakeBreakError};
use std::fmt;
use std::sync::Arc;

/// The shape of a game's table: one word each, used everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableShape {
    /// A box of one to three coordinates.
    Box,
    /// Four to eight heaps.
    Heaps,
    /// A row of heaps of a take-and-break game.
    Row,
}

impl TableShape {
    /// The shape of the table of `rules`.
    pub fn of(rules: &Rules) -> TableShape {
        if rules.breaks.is_some() {
            TableShape::Row
        } else if rules.dimension > 3 {
            TableShape::Heaps
        } else {
            TableShape::Box
        }
    }
}

/// A computed table of a game.
#[derive(Clone, Debug)]
pub enum GameTable {
    /// One to three coordinates.
    Box(Arc<Table>),
    /// Four to eight heaps.
    Heaps(Arc<HeapTable>),
    /// A row of take-and-break heaps: the values of one heap, `g(0)` to
    /// `g(len − 1)` (and beyond by a period proved).
    Row(Arc<Sequence>),
}

/// Why a table was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A box or a table of many heaps: the engine's refusal or failure.
    Engine(EngineError),
    /// A row: the rules are no take-and-break game in normal play.
    Row(TakeBreakError),
    /// A row: its values could not be computed.
    Values(SequenceError),
    /// A box of sides that are not one per coordinate.
    Sides {
        /// The sides given.
        sides: Vec<usize>,
        /// The coordinates of the game.
        dimension: u8,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Engine(e) => write!(f, "{e}"),
            TableError::Row(e) => write!(f, "{e}"),
            TableError::Values(e) => write!(f, "{e}"),
            TableError::Sides { sides, dimension } => write!(
                f,
                "a box of {} for a game of {dimension} coordinate{}: give one side per coordinate",
                heaps::sides_text(sides),
                if *dimension == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<EngineError> for TableError {
    fn from(e: EngineError) -> TableError {
        TableError::Engine(e)
    }
}

impl From<SequenceError> for TableError {
    fn from(e: SequenceError) -> TableError {
        TableError::Values(e)
    }
}

/// The box of the engine for `sides` of a game of one to three
/// coordinates: one side per coordinate (the sides past the game's, up to
/// three, may be given as 1; [`grundy::check_box`] says so when they are
/// not), the rest 1.
fn box_dims(rules: &Rules, sides: &[usize]) -> Result<[usize; 3], TableError> {
    let d = rules.dimension.clamp(1, 3) as usize;
    if sides.len() < d || sides.len() > 3 {
        return Err(TableError::Sides { sides: sides.to_vec(), dimension: rules.dimension });
    }
    let mut dims = [1; 3];
    dims[..sides.len()].copy_from_slice(sides);
    Ok(dims)
}

/// The take-and-break game of `rules` (a row) in normal play without a
/// pass: the only play whose rows add up by XOR, so the only one with a
/// row table; misère play and passes are searched row by row
/// ([`crate::takebreak::search`]).
pub fn row_game(rules: &Rules) -> Result<TakeBreak, TableError> {
    if rules.convention != Convention::Normal || rules.passes.any() {
        return Err(TableError::Row(TakeBreakError::NotNormalPlay { name: rules.label() }));
    }
    TakeBreak::from_rules(rules).map_err(TableError::Row)
}

/// The refusal of a table of another shape than `shape`, for a view that
/// reads `shape`'s own table.
fn wrong_shape(rules: &Rules, shape: TableShape, sides: &[usize]) -> TableError {
    GameTable::refuse_other_shape(rules, shape, sides)
        .err()
        .unwrap_or(TableError::Sides { sides: sides.to_vec(), dimension: rules.dimension })
}

/// The largest heap of a row whose one side is `sides`.
fn row_top(rules: &Rules, sides: &[usize]) -> Result<u64, TableError> {
    match sides {
        [n] if *n > 0 => Ok(*n as u64 - 1),
        _ => Err(TableError::Sides { sides: sides.to_vec(), dimension: rules.dimension }),
    }
}

impl GameTable {
    /// A rough time for [`GameTable::compute`], in seconds; `None` where it
    /// cannot be told before
    /// the work (a row: its method's cost varies with the game by orders
    /// of magnitude). A program of many heaps is timed on a sample of
    /// positions (at most [`heaps::SAMPLE_TIME`]): not for the UI thread.
    pub fn estimate_seconds(rules: &Rules, sides: &[usize], full: bool) -> Option<f64> {
        match TableShape::of(rules) {
            TableShape::Box => box_dims(rules, sides).ok().map(|dims| grundy::estimate_seconds(rules, dims)),
            TableShape::Heaps => Some(heaps::estimate_seconds(rules, sides, heaps::storage_for(rules, sides, full))),
            TableShape::Row => None,
        }
    }

    /// What [`GameTable::compute`] refuses before any work (the rules, the
    /// sides, the memory, the method's reach), without computing: a caller
    /// announces how long a table will take only for one that will be made.
    pub fn check(rules: &Rules, sides: &[usize], full: bool) -> Result<(), TableError> {
        match TableShape::of(rules) {
            TableShape::Box => grundy::check_box(rules, box_dims(rules, sides)?)?,
            TableShape::Heaps => heaps::check(rules, sides, heaps::storage_for(rules, sides, full))?,
            TableShape::Row => takebreak::check(&row_game(rules)?, row_top(rules, sides)?)?,
        }
        Ok(())
    }

    /// The table of `rules` on the box `sides` (one side per coordinate; a
    /// row: one side, the heaps 0 to side − 1), under `control` (progress,
    /// cancel, time limit). `full`: a table of many heaps keeps every
    /// position even where the heaps are alike. What cannot be computed
    /// (the rules, the sides, the memory, the method's reach) is refused
    /// before anything is allocated.
    pub fn compute(rules: &Rules, sides: &[usize], full: bool, control: &Control) -> Result<GameTable, TableError> {
        Ok(match TableShape::of(rules) {
            TableShape::Box => GameTable::Box(Arc::new(grundy::compute_box(rules, box_dims(rules, sides)?, control)?)),
            TableShape::Heaps => {
                let storage = heaps::storage_for(rules, sides, full);
                GameTable::Heaps(Arc::new(heaps::compute(rules, sides, storage, control)?))
            }
            TableShape::Row => {
                let (game, top) = (row_game(rules)?, row_top(rules, sides)?);
                GameTable::Row(Arc::new(takebreak::compute(&game, top, control)?))
            }
        })
    }

    /// The table that covers every position a game of `rules` can reach
    /// from `start` (its first `dimension` coordinates; the rest are not
    /// read; a row: every heap of `start`).
    pub fn covering(rules: &Rules, start: &[u64], control: &Control) -> Result<GameTable, TableError> {
        let d = rules.dimension as usize;
        Ok(match TableShape::of(rules) {
            TableShape::Box => {
                let side = |i: usize| if i < d { start.get(i).copied().unwrap_or(0) as usize } else { 0 };
                GameTable::Box(Arc::new(grundy::compute_covering(rules, [side(0), side(1), side(2)], control)?))
            }
            TableShape::Heaps => {
                GameTable::Heaps(Arc::new(heaps::compute_covering(rules, &start[..d.min(start.len())], control)?))
            }
            TableShape::Row => {
                let top = start.iter().copied().max().unwrap_or(0);
                GameTable::Row(Arc::new(takebreak::compute(&row_game(rules)?, top, control)?))
            }
        })
    }

    /// The box of the first two coordinates alone, `side` a side, the
    /// others holding only 0 (one coordinate: the strip of `side`).
    pub fn plane_box(rules: &Rules, side: usize) -> Vec<usize> {
        let d = match TableShape::of(rules) {
            TableShape::Heaps => rules.dimension as usize,
            TableShape::Box | TableShape::Row => rules.dimension.clamp(1, 3) as usize,
        };
        let mut sides = vec![1; d];
        for s in sides.iter_mut().take(2) {
            *s = side;
        }
        sides
    }

    /// [`GameTable::first_plane`] of the table of `rules` on `sides`: on
    /// [`GameTable::plane_box`], the plane computed alone, not the whole
    /// cube (what the pattern hints read; a move that fills an empty heap
    /// is then refused as a move out of the box). A row has no such plane:
    /// refused before its values are computed.
    pub fn compute_first_plane(rules: &Rules, sides: &[usize], control: &Control) -> Result<Arc<Table>, TableError> {
        let no_plane = || TableError::Engine(EngineError::TakeAndBreak { name: rules.name.clone() });
        if TableShape::of(rules) == TableShape::Row {
            return Err(no_plane());
        }
        GameTable::compute(rules, sides, false, control)?.first_plane().ok_or_else(no_plane)
    }

    /// Refuse, before any work, a game whose table is not of the shape
    /// `shape` that a view reads, in the words the engines use for it
    /// ("… is a game of N heaps", "… is a take-and-break game").
    pub fn refuse_other_shape(rules: &Rules, shape: TableShape, sides: &[usize]) -> Result<(), TableError> {
        let is = TableShape::of(rules);
        if is == shape {
            return Ok(());
        }
        let name = rules.name.clone();
        Err(match is {
            TableShape::Row => TableError::Engine(EngineError::TakeAndBreak { name }),
            TableShape::Heaps => TableError::Engine(EngineError::ManyHeaps { name, dimension: rules.dimension }),
            TableShape::Box => TableError::Sides { sides: sides.to_vec(), dimension: rules.dimension },
        })
    }

    /// [`GameTable::compute`] for a view that reads a box of one to three
    /// coordinates itself (the checker's masks, the text and image
    /// formats): the engine's table. A game of another shape is refused
    /// before any work.
    pub fn compute_box(rules: &Rules, sides: &[usize], control: &Control) -> Result<Arc<Table>, TableError> {
        GameTable::refuse_other_shape(rules, TableShape::Box, sides)?;
        GameTable::compute(rules, sides, false, control)?.into_box(rules, sides)
    }

    /// [`GameTable::compute`] for a view that reads a table of four to
    /// eight heaps itself (its planes, its sorted positions): a game of
    /// another shape is refused before any work.
    pub fn compute_heaps(
        rules: &Rules,
        sides: &[usize],
        full: bool,
        control: &Control,
    ) -> Result<Arc<HeapTable>, TableError> {
        GameTable::refuse_other_shape(rules, TableShape::Heaps, sides)?;
        GameTable::compute(rules, sides, full, control)?.into_heaps(rules, sides)
    }

    /// The engine's table of a box, or the refusal of
    /// [`GameTable::refuse_other_shape`] for a table of another shape.
    pub fn into_box(self, rules: &Rules, sides: &[usize]) -> Result<Arc<Table>, TableError> {
        match self {
            GameTable::Box(t) => Ok(t),
            _ => Err(wrong_shape(rules, TableShape::Box, sides)),
        }
    }

    /// The table of many heaps, or the refusal of
    /// [`GameTable::refuse_other_shape`] for a table of another shape.
    pub fn into_heaps(self, rules: &Rules, sides: &[usize]) -> Result<Arc<HeapTable>, TableError> {
        match self {
            GameTable::Heaps(t) => Ok(t),
            _ => Err(wrong_shape(rules, TableShape::Heaps, sides)),
        }
    }

    /// The shape of the table.
    pub fn shape(&self) -> TableShape {
        match self {
            GameTable::Box(_) => TableShape::Box,
            GameTable::Heaps(_) => TableShape::Heaps,
            GameTable::Row(_) => TableShape::Row,
        }
    }

    /// The sides of the table, one per coordinate of the game (a row: one,
    /// the heaps computed).
    pub fn sides(&self) -> Vec<usize> {
        match self {
            GameTable::Box(t) => t.dims()[..t.rules().dimension.clamp(1, 3) as usize].to_vec(),
            GameTable::Heaps(t) => t.sides().to_vec(),
            GameTable::Row(s) => vec![s.len() as usize],
        }
    }

    /// The layers: one more than the passes of the game (a row has none).
    pub fn layers(&self) -> usize {
        match self {
            GameTable::Box(t) => t.layers(),
            GameTable::Heaps(t) => t.rules().passes.layers(),
            GameTable::Row(_) => 1,
        }
    }

    /// The layer of the start of a game (every pass still there).
    pub fn start_layer(&self) -> usize {
        match self {
            GameTable::Box(t) => t.start_layer(),
            GameTable::Heaps(t) => t.start_layer(),
            GameTable::Row(_) => 0,
        }
    }

    /// The value at `p` in `layer` (at most the start's): `None` outside
    /// the table, [`NOT_A_POSITION`] at a cell that is not a position of
    /// the game. A box or many heaps: one coordinate per side. A row: any
    /// number of heaps, each computed or beyond by the period proved; the
    /// value is the XOR of theirs.
    pub fn value(&self, p: &[u64], layer: usize) -> Option<u32> {
        let layer = layer.min(self.start_layer());
        match self {
            GameTable::Box(t) => {
                let dims = t.dims();
                let mut at = [0usize; 3];
                for (i, a) in at.iter_mut().enumerate() {
                    let c = p.get(i).copied().unwrap_or(0);
                    if c >= dims[i] as u64 {
                        return None;
                    }
                    *a = c as usize;
                }
                Some(t.get_at(at, layer))
            }
            GameTable::Heaps(t) => t.get(p, layer),
            GameTable::Row(s) => p.iter().try_fold(0, |x, &h| Some(x ^ s.g(h)?)),
        }
    }

    /// The plane of the first two coordinates with the others 0 (the plane
    /// `z = 0` of three; `(x1, x2, 0, …)` of many heaps; one coordinate:
    /// its strip), in the starting layer, as a table of two coordinates:
    /// what the previews draw and the pattern hints read. `None` for a row
    /// (its rows of two heaps are a sum, drawn from the sequence).
    pub fn first_plane(&self) -> Option<Arc<Table>> {
        match self {
            GameTable::Box(t) if t.depth() > 1 || t.layers() > 1 => {
                Some(Arc::new(Table::slice(t, grundy::Axis::Z, 0, t.start_layer())))
            }
            GameTable::Box(t) => Some(Arc::clone(t)),
            GameTable::Heaps(t) => Some(Arc::new(t.plane(0, 1, &vec![0; t.sides().len()], t.start_layer()))),
            GameTable::Row(_) => None,
        }
    }

    /// [`GameTable::value`], with a cell that is not a position as `None`.
    pub fn position_value(&self, p: &[u64], layer: usize) -> Option<u32> {
        self.value(p, layer).filter(|&v| v != NOT_A_POSITION)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_answers_by_position_through_one_door() {
        let control = Control::new();
        let queen = crate::rules::preset("queen").unwrap();
        assert_eq!(TableShape::of(&queen), TableShape::Box);
        let t = GameTable::covering(&queen, &[12, 20], &control).unwrap();
        assert_eq!(t.shape(), TableShape::Box);
        assert_eq!(t.sides(), vec![13, 21]);
        assert_eq!(t.value(&[3, 5], 0), Some(0));
        assert_eq!(t.value(&[13, 0], 0), None, "outside");
        let made = GameTable::compute(&queen, &[13, 21, 1], false, &control).unwrap();
        assert_eq!(made.sides(), vec![13, 21]);

        let nim4 = crate::rules::preset("nim-4").unwrap();
        assert_eq!(TableShape::of(&nim4), TableShape::Heaps);
        let h = GameTable::covering(&nim4, &[3, 5, 6, 7], &control).unwrap();
        assert_eq!(h.shape(), TableShape::Heaps);
        assert_eq!(h.sides().len(), 4);
        for p in [[1u64, 2, 3, 0], [3, 5, 6, 7], [2, 2, 0, 1]] {
            assert_eq!(h.position_value(&p, 0), Some((p[0] ^ p[1] ^ p[2] ^ p[3]) as u32), "{p:?}");
        }

        // Kayles as rules: a row, whose value is the XOR of the heaps'
        // (OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7).
        let kayles = Rules::take_and_break("kayles", "kayles");
        assert_eq!(TableShape::of(&kayles), TableShape::Row);
        let r = GameTable::compute(&kayles, &[16], false, &control).unwrap();
        assert_eq!((r.shape(), r.sides(), r.layers()), (TableShape::Row, vec![16], 1));
        assert_eq!(r.value(&[11], 0), Some(6));
        assert_eq!(r.value(&[1, 2, 3], 0), Some(0), "1 ^ 2 ^ 3");
        assert_eq!(r.value(&[15, 5], 0), Some(7 ^ 4));
        let covering = GameTable::covering(&kayles, &[15, 3, 9], &control).unwrap();
        assert_eq!(covering.sides(), vec![16]);
        assert!(covering.first_plane().is_none());
    }

    #[test]
    fn the_first_plane_is_the_same_cells_whatever_the_kind() {
        let control = Control::new();
        // Nim of three heaps and of four: the plane (x1, x2, 0, ...) is
        // x1 ^ x2 in both, cut from a cube and from a table of heaps.
        for name in ["nim-3", "nim-4"] {
            let rules = crate::rules::preset(name).unwrap();
            let d = rules.dimension as usize;
            let t = GameTable::compute(&rules, &vec![6; d], true, &control).unwrap();
            let plane = t.first_plane().unwrap();
            assert_eq!((plane.width(), plane.height()), (6, 6), "{name}");
            for (x, y) in [(0, 0), (3, 5), (5, 2), (4, 4)] {
                assert_eq!(plane.get(x, y), (x ^ y) as u32, "{name} ({x}, {y})");
            }
        }
        // The queen with a pass: the plane is the starting layer's.
        let queen = crate::rules::preset("queen+pass").unwrap();
        let t = GameTable::compute(&queen, &[10, 10], false, &control).unwrap();
        let plane = t.first_plane().unwrap();
        assert_eq!(plane.layers(), 1);
        for (x, y) in [(0, 0), (1, 2), (7, 3)] {
            assert_eq!(plane.get(x, y), t.value(&[x as u64, y as u64], t.start_layer()).unwrap(), "({x}, {y})");
        }
    }

    #[test]
    fn the_door_refuses_what_the_kind_cannot_hold() {
        let control = Control::new();
        let queen = crate::rules::preset("queen").unwrap();
        let refused = |rules: &Rules, sides: &[usize]| GameTable::compute(rules, sides, false, &control).unwrap_err();
        assert!(matches!(refused(&queen, &[4, 4, 4, 4]), TableError::Sides { .. }));
        let e = refused(&queen, &[4, 4, 3]);
        assert!(matches!(e, TableError::Engine(EngineError::BadSize { .. })), "{e}");
        let kayles = Rules::take_and_break("kayles", "kayles");
        assert!(matches!(refused(&kayles, &[4, 4]), TableError::Sides { .. }));
        // Misère rows do not add up by XOR: no row table, and the message
        // says the game's name.
        let e = refused(&kayles.clone().misere(), &[10]);
        assert!(matches!(e, TableError::Row(TakeBreakError::NotNormalPlay { .. })), "{e}");
        // Beyond the method's reach or the memory: refused before anything
        // is made, as the engines refuse it.
        let e = refused(&kayles, &[usize::MAX / 2]);
        assert!(matches!(e, TableError::Values(SequenceError::BeyondMethod { .. })), "{e}");
        assert!(matches!(
            GameTable::compute_first_plane(&kayles, &[8], &control),
            Err(TableError::Engine(EngineError::TakeAndBreak { .. }))
        ));
        let nim4 = crate::rules::preset("nim-4").unwrap();
        let e = refused(&nim4, &[1 << 20; 4]);
        assert!(matches!(e, TableError::Engine(EngineError::TooLargeHeaps { .. })), "{e}");
    }

    #[test]
    fn the_check_refuses_what_the_computing_refuses_without_computing() {
        let control = Control::new();
        let (queen, nim4) = (crate::rules::preset("queen").unwrap(), crate::rules::preset("nim-4").unwrap());
        let kayles = Rules::take_and_break("kayles", "kayles");
        for (rules, sides) in [(&queen, vec![4, 4, 3]), (&kayles, vec![usize::MAX / 2]), (&nim4, vec![1 << 20; 4])] {
            let checked = GameTable::check(rules, &sides, false).unwrap_err();
            let computed = GameTable::compute(rules, &sides, false, &control).unwrap_err();
            assert_eq!(checked, computed, "{} {sides:?}", rules.label());
        }
        for (rules, sides) in [(&queen, vec![40, 40]), (&kayles, vec![1000]), (&nim4, vec![5; 4])] {
            assert_eq!(GameTable::check(rules, &sides, false), Ok(()), "{} {sides:?}", rules.label());
        }
    }

    #[test]
    fn a_view_of_one_shape_refuses_a_game_of_another_before_computing() {
        let control = Control::new();
        let (queen, nim4) = (crate::rules::preset("queen").unwrap(), crate::rules::preset("nim-4").unwrap());
        let kayles = Rules::take_and_break("kayles", "kayles");
        let t = GameTable::compute_box(&queen, &[6, 7], &control).unwrap();
        assert_eq!((t.width(), t.height(), t.get(1, 2)), (6, 7, 0));
        let h = GameTable::compute_heaps(&nim4, &[3; 4], true, &control).unwrap();
        assert_eq!(h.get(&[1, 2, 0, 2], 0), Some(1));
        let e = GameTable::compute_box(&kayles, &[1 << 40], &control).unwrap_err();
        assert!(matches!(e, TableError::Engine(EngineError::TakeAndBreak { .. })), "{e}");
        let e = GameTable::compute_box(&nim4, &[3; 4], &control).unwrap_err();
        assert!(matches!(e, TableError::Engine(EngineError::ManyHeaps { dimension: 4, .. })), "{e}");
        let e = GameTable::compute_heaps(&queen, &[1 << 40; 4], false, &control).unwrap_err();
        assert!(matches!(e, TableError::Sides { .. }), "{e}");
        let e = GameTable::compute_heaps(&kayles, &[1 << 40; 4], false, &control).unwrap_err();
        assert!(matches!(e, TableError::Engine(EngineError::TakeAndBreak { .. })), "{e}");
    }
}
