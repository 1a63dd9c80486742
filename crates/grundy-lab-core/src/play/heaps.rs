//! A game of any rules in play, as heaps: one to eight coordinates (a
//! piece has up to three, a program up to eight), a piece's moves or a
//! program's, with its passes. The computer plays
//! exactly where it can: n-heap Nim by Bouton's nim-sum at any size, other
//! games from a table computed for the start position (a box that holds
//! every option of every position in it, grown where a program's option
//! leaves it, so every position the game can reach) when the start is small enough
//! for one ([`HeapGame::table_start`]); beyond that it says so and plays at
//! random.
//!
//! A heap may hold 10^15 stones: the moves of a piece are then never
//! listed (a slide has as many targets as stones), only asked about one at
//! a time ([`Rules::is_move_at`], [`Rules::random_move_at`]). What the game
//! knows about the current position (its options, the hint) is worked out
//! once when the position changes, not every time it is asked.

use super::Turns;
use super::history::History;
use super::oracle::MAX_PLAY_SIDE;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::game_table::GameTable;
use crate::rules::{Convention, MAX_DIMENSION, Point, ProgramError, Rules, point_text};
use crate::theory::{ClosedForm, closed_form_of_heaps, nim_winning_moves};
use std::fmt;

/// The most moves listed at one position (as buttons, for the hints);
/// beyond it a piece's moves are asked about one at a time.
pub const MAX_LISTED_MOVES: u64 = 100_000;

/// The most cells of a table computed for play (as many as the largest
/// board of the two-heap game, `MAX_PLAY_SIDE` squared).
pub const MAX_PLAY_CELLS: u64 = MAX_PLAY_SIDE * MAX_PLAY_SIDE;

/// A state: the position and the number of passes still left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapState {
    /// The heaps (coordinates beyond the game's dimension are 0).
    pub position: Point,
    /// How many passes either player may still make (shared; 0 without
    /// passes): the layer of the table this state is in.
    pub passes_left: u8,
}

impl HeapState {
    /// The state a move leads to: the same passes after a move to a
    /// position, one fewer after a pass.
    pub fn after(self, m: HeapMove) -> HeapState {
        match m {
            HeapMove::To(p) => HeapState { position: p, passes_left: self.passes_left },
            HeapMove::Pass => HeapState { position: self.position, passes_left: self.passes_left.saturating_sub(1) },
        }
    }
}

/// A move: to another position, or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapMove {
    /// Move to this position.
    To(Point),
    /// Pass: the position stays, one pass fewer is left.
    Pass,
}

/// Why the computer played its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapReason {
    /// The move leads to a P-position (value 0 in normal play).
    ToP,
    /// Every move loses against best play; it made some move.
    NoWinningMove,
    /// A random move (the random strength).
    Random,
    /// A random move on purpose (the strength that makes mistakes).
    Mistake,
    /// The game is too large for a table and has no closed form here: a
    /// random move.
    TooLarge,
    /// A misère sum of games other than Nim: no rule gives its winning
    /// moves here, so a random move.
    MisereUnknown,
}

/// One move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapMoveRecord {
    /// The state before the move.
    pub from: HeapState,
    /// The move.
    pub by_move: HeapMove,
    /// Who moved: 0 = the side that started.
    pub by: usize,
    /// For a computer move, why.
    pub reason: Option<HeapReason>,
}

/// What the learner is told about the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapHint {
    /// These moves lead to P-positions: each wins against any defence.
    WinningMoves(Vec<HeapMove>),
    /// A P-position: every move loses against best play.
    PPosition,
    /// The table is still being computed.
    Computing,
    /// No closed form, and the start is too large for a table.
    TooLarge,
}

/// The options of the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapOptions {
    /// Every option, listed: a program's, or a piece's when there are at
    /// most [`MAX_LISTED_MOVES`].
    Listed(Vec<Point>),
    /// A piece with more options than are listed (so at least one).
    Many,
    /// The rules program failed at this position: the game cannot go on.
    Failed(ProgramError),
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapMoveError {
    /// The game is over.
    GameOver,
    /// Not a move of these rules from this state.
    NotLegal,
    /// It is the computer's turn.
    NotYourTurn,
    /// The rules program failed at this state.
    Program(ProgramError),
}

impl fmt::Display for HeapMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapMoveError::GameOver => f.write_str("the game is over"),
            HeapMoveError::NotLegal => f.write_str("not a move of these rules"),
            HeapMoveError::NotYourTurn => f.write_str("it is the computer's turn"),
            HeapMoveError::Program(e) => write!(f, "the rules program failed: {e}"),
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct HeapGame {
    rules: Rules,
    start: HeapState,
    state: HeapState,
    history: History<HeapMoveRecord>,
    players: Players,
    table: Option<GameTable>,
    /// `Some(misere)` for Nim on the heaps: Bouton's rule answers at any size.
    nim: Option<bool>,
    /// Whether a table is on its way (see [`HeapGame::table_start`]).
    table_expected: bool,
    /// The options of the current state.
    options: HeapOptions,
    /// The hint for the current state.
    hint: HeapHint,
}

impl HeapGame {
    /// A new game of `rules` from `start` (its first `dimension` heaps; 0
    /// for those it lacks, those beyond ignored), with every pass of the
    /// rules still there.
    pub fn new(rules: &Rules, start: &[u64], players: Players) -> Self {
        let d = rules.dimension.clamp(1, MAX_DIMENSION as u8) as usize;
        let mut position = [0; MAX_DIMENSION];
        for (c, &s) in position[..d].iter_mut().zip(start) {
            *c = s;
        }
        let state = HeapState { position, passes_left: rules.passes.count };
        let mut game = HeapGame {
            rules: rules.clone(),
            start: state,
            state,
            history: History::default(),
            players,
            table: None,
            nim: match closed_form_of_heaps(rules) {
                Some(ClosedForm::Nim { misere }) => Some(misere),
                _ => None,
            },
            table_expected: false,
            options: HeapOptions::Many,
            hint: HeapHint::Computing,
        };
        game.table_expected = game.table_start().is_some();
        game.refresh();
        game
    }

    /// How many coordinates the game has.
    pub fn dimension(&self) -> usize {
        self.rules.dimension.clamp(1, MAX_DIMENSION as u8) as usize
    }

    /// The start whose table the computer needs, when it needs one and the
    /// start is small enough (every heap below [`MAX_PLAY_SIDE`], at most
    /// [`MAX_PLAY_CELLS`] cells in its box): the caller computes it in the
    /// background ([`GameTable::covering`]) and hands it over with
    /// [`HeapGame::set_table`]. `None` for Nim (Bouton's rule needs none)
    /// and for starts too large.
    pub fn table_start(&self) -> Option<Point> {
        if self.nim.is_some() {
            return None;
        }
        let d = self.dimension();
        let p = self.start.position;
        let small = p[..d].iter().all(|&c| c < MAX_PLAY_SIDE);
        // Heaps alike keep the sorted positions of the cube of the largest.
        let cells = if d > 3 && crate::grundy::heaps::claims_alike(&self.rules) {
            let side = p[..d].iter().max().map_or(1, |&c| c as usize + 1);
            crate::grundy::heaps::position_count(&vec![side; d], crate::grundy::heaps::Storage::Sorted)
                .unwrap_or(u64::MAX)
        } else {
            p[..d].iter().fold(1u64, |n, &c| n.saturating_mul(c + 1))
        };
        // With a table every position's options are listed for the hint:
        // a piece with so many slides that the start has more than
        // MAX_LISTED_MOVES is played as too large (the count only falls
        // as the heaps shrink).
        let listed = self.rules.program.is_some() || self.rules.move_count_bound(p) <= MAX_LISTED_MOVES;
        (small && cells <= MAX_PLAY_CELLS && listed).then_some(p)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start state.
    pub fn start(&self) -> HeapState {
        self.start
    }

    /// The current state.
    pub fn state(&self) -> HeapState {
        self.state
    }

    /// The two players (index 0 moved first).
    pub fn players(&self) -> Players {
        self.players
    }

    /// The moves so far.
    pub fn history(&self) -> &History<HeapMoveRecord> {
        &self.history
    }

    /// The side to move: 0 = the side that started.
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// Hand over the table computed for the start
    /// ([`GameTable::covering`]).
    pub fn set_table(&mut self, table: GameTable) {
        self.table = Some(table);
        self.refresh();
    }

    /// No table will come (its job failed or was cancelled): the computer
    /// plays at random and the hint says the game is too large.
    pub fn table_refused(&mut self) {
        self.table_expected = false;
        self.refresh();
    }

    /// Whether the rules are Nim on the heaps (played by Bouton's rule).
    pub fn is_nim(&self) -> bool {
        self.nim.is_some()
    }

    /// Whether the table has arrived.
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// The options of the current state.
    pub fn options(&self) -> &HeapOptions {
        &self.options
    }

    /// The program's error at the current state, if it failed there.
    pub fn failure(&self) -> Option<&ProgramError> {
        match &self.options {
            HeapOptions::Failed(e) => Some(e),
            _ => None,
        }
    }

    /// Whether the side to move may pass: a pass is left and the rules
    /// allow one here (where the position has a move, or anywhere when the
    /// passes are allowed at the end too); never while the program fails.
    fn may_pass(&self) -> bool {
        !matches!(self.options, HeapOptions::Failed(_))
            && self.rules.passes.allowed(usize::from(self.state.passes_left), self.has_moves())
    }

    /// Whether the position has a move other than the pass.
    fn has_moves(&self) -> bool {
        match &self.options {
            HeapOptions::Listed(v) => !v.is_empty(),
            HeapOptions::Many => true,
            HeapOptions::Failed(_) => false,
        }
    }

    /// Every move of the side to move, when they are listed: the positions,
    /// then the pass (where one is left and the rules allow it here).
    /// `None` when there are too many to list or the program failed.
    pub fn moves(&self) -> Option<Vec<HeapMove>> {
        let HeapOptions::Listed(v) = &self.options else { return None };
        let mut out: Vec<HeapMove> = v.iter().copied().map(HeapMove::To).collect();
        if self.may_pass() {
            out.push(HeapMove::Pass);
        }
        Some(out)
    }

    /// Whether `m` is a move of the side to move. O(number of offsets) for
    /// a piece at any size.
    pub fn is_legal(&self, m: HeapMove) -> bool {
        match (m, &self.options) {
            (HeapMove::Pass, _) => self.may_pass(),
            (HeapMove::To(q), HeapOptions::Listed(v)) => v.contains(&q),
            (HeapMove::To(q), HeapOptions::Many) => self.rules.is_move_at(self.state.position, q),
            (HeapMove::To(_), HeapOptions::Failed(_)) => false,
        }
    }

    /// The state a move leads to.
    pub fn after(&self, m: HeapMove) -> HeapState {
        self.state.after(m)
    }

    /// The value of a state: the Grundy number in normal play, the misère
    /// Grundy value in misère (0 exactly at a P-position); from Bouton's
    /// rule for Nim, else from the table (`None` until it arrives, or
    /// outside it).
    pub fn value(&self, s: HeapState) -> Option<u64> {
        let d = self.dimension();
        if let Some(misere) = self.nim {
            let heaps = &s.position[..d];
            return u64::try_from(ClosedForm::Nim { misere }.grundy_at(heaps)?).ok();
        }
        // A cell that is not a position has no value.
        let v = self.table.as_ref()?.position_value(&s.position[..d], usize::from(s.passes_left))?;
        Some(u64::from(v))
    }

    /// Whether the game is over (no move left), and who won: the player who
    /// moved last in normal play, the other one in misère. Not over while
    /// the program fails at the position (see [`HeapGame::failure`]).
    pub fn winner(&self) -> Option<usize> {
        if self.has_moves() || self.may_pass() || self.failure().is_some() {
            return None;
        }
        let to_move = self.to_move();
        Some(if self.rules.convention == Convention::Misere { to_move } else { 1 - to_move })
    }

    /// Whether the computer is to move (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.failure().is_none() && self.players[self.to_move()].is_computer()
    }

    /// The hint for the side to move: the moves to P-positions.
    pub fn hint(&self) -> &HeapHint {
        &self.hint
    }

    /// Work out the options and the hint of the current state.
    fn refresh(&mut self) {
        let p = self.state.position;
        let d = self.dimension();
        self.options = match &self.rules.program {
            Some(program) => {
                match program.options_in_domain_of(&p[..d], &mut rhai::Scope::new(), None, &self.rules.limits) {
                    Ok(v) => HeapOptions::Listed(v),
                    Err(e) => HeapOptions::Failed(e),
                }
            }
            None => match self.rules.moves_at_most(p, MAX_LISTED_MOVES) {
                Some(v) => HeapOptions::Listed(v),
                None => HeapOptions::Many,
            },
        };
        self.hint = self.work_out_hint();
    }

    fn work_out_hint(&self) -> HeapHint {
        let d = self.dimension();
        if let Some(misere) = self.nim {
            let p = self.state.position;
            let wins: Vec<HeapMove> = nim_winning_moves(&p[..d], misere)
                .into_iter()
                .map(|(i, left)| {
                    let mut q = p;
                    q[i] = left;
                    HeapMove::To(q)
                })
                .collect();
            return if wins.is_empty() { HeapHint::PPosition } else { HeapHint::WinningMoves(wins) };
        }
        if self.value(self.state).is_none() {
            return if self.table_expected && self.table.is_none() { HeapHint::Computing } else { HeapHint::TooLarge };
        }
        // A table is computed only where every position's options are
        // listed ([`HeapGame::table_start`]).
        let options = match &self.options {
            HeapOptions::Listed(v) => v.clone(),
            HeapOptions::Many | HeapOptions::Failed(_) => Vec::new(),
        };
        let mut wins: Vec<HeapMove> =
            options.into_iter().map(HeapMove::To).filter(|&m| self.value(self.after(m)) == Some(0)).collect();
        if self.is_legal(HeapMove::Pass) && self.value(self.after(HeapMove::Pass)) == Some(0) {
            wins.push(HeapMove::Pass);
        }
        if wins.is_empty() { HeapHint::PPosition } else { HeapHint::WinningMoves(wins) }
    }

    /// A person plays `m`.
    pub fn play(&mut self, m: HeapMove) -> Result<(), HeapMoveError> {
        if let Some(e) = self.failure() {
            return Err(HeapMoveError::Program(e.clone()));
        }
        if self.winner().is_some() {
            return Err(HeapMoveError::GameOver);
        }
        if self.players[self.to_move()].is_computer() {
            return Err(HeapMoveError::NotYourTurn);
        }
        self.apply(m, None)
    }

    fn apply(&mut self, m: HeapMove, reason: Option<HeapReason>) -> Result<(), HeapMoveError> {
        if !self.is_legal(m) {
            return Err(HeapMoveError::NotLegal);
        }
        self.history.push(HeapMoveRecord { from: self.state, by_move: m, by: self.to_move(), reason });
        self.state = self.after(m);
        self.refresh();
        Ok(())
    }

    /// Some move of the side to move, at random.
    pub(super) fn random_move(&self, rng: &mut Rng) -> Option<HeapMove> {
        match &self.options {
            HeapOptions::Listed(_) => self.moves().filter(|m| !m.is_empty()).map(|m| *rng.pick(&m)),
            HeapOptions::Many => {
                self.rules.random_move_at(self.state.position, &mut |n| rng.below(n)).map(HeapMove::To)
            }
            HeapOptions::Failed(_) => None,
        }
    }

    /// If the computer is to move, let it move; returns its move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<HeapMoveRecord> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let random = match strength {
            Strength::Random => Some(HeapReason::Random),
            Strength::Mistakes if rng.chance(1, 3) => Some(HeapReason::Mistake),
            _ => None,
        };
        let (m, why) = match (&self.hint, random) {
            (_, Some(HeapReason::Random)) => (self.random_move(rng)?, HeapReason::Random),
            (HeapHint::Computing | HeapHint::TooLarge, _) => (self.random_move(rng)?, HeapReason::TooLarge),
            (_, Some(why)) => (self.random_move(rng)?, why),
            (HeapHint::WinningMoves(wins), None) => (*rng.pick(wins), HeapReason::ToP),
            (HeapHint::PPosition, None) => (self.random_move(rng)?, HeapReason::NoWinningMove),
        };
        self.apply(m, Some(why)).ok()?;
        self.history.last().copied()
    }

    /// The state written as a person reads it: `(3, 5, 2)`, and whether the
    /// pass is still there (with one pass) or how many are left.
    pub fn describe(&self, s: HeapState) -> String {
        let p = point_text(&s.position[..self.dimension()]);
        match self.rules.passes.count {
            0 => p,
            1 => format!("{p}, pass {}", if s.passes_left > 0 { "there" } else { "used" }),
            _ => format!("{p}, {} passes left", s.passes_left),
        }
    }
}

impl Turns for HeapGame {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        match self.history.undo() {
            Some(r) => {
                self.state = r.from;
                self.refresh();
                true
            }
            None => false,
        }
    }

    /// Play again the last move taken back.
    fn redo(&mut self) -> bool {
        let Some(r) = self.history.redo().copied() else { return false };
        self.state = r.from.after(r.by_move);
        self.refresh();
        true
    }

    fn computer_to_move(&self) -> bool {
        self.players[self.to_move()].is_computer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::HUMAN_FIRST;
    use crate::rules::{Passes, Pos, point_of, preset};
    use std::collections::HashMap;

    use crate::play::PERFECT_VS_RANDOM;

    fn with_table(rules: &Rules, start: Pos, players: Players) -> HeapGame {
        let mut g = HeapGame::new(rules, &start, players);
        let t = GameTable::covering(rules, &point_of(start), &crate::Control::new()).unwrap();
        g.set_table(t);
        g
    }

    /// Four and five heaps: Nim, Moore's Nim_2 and Greedy Nim, each from
    /// its table of many heaps. The values agree with Bouton's XOR and
    /// Moore's rule, and the perfect computer wins from every N-position
    /// it is given, normal and misère.
    #[test]
    fn games_of_many_heaps_are_played_from_their_tables() {
        let mut rng = Rng::new(17);
        // The queen of four coordinates: a slide along every direction of
        // 0s and 1s (a piece of many heaps, its moves never a program's).
        let mut queen4 = Rules::with_dimension("queen-4", 4, crate::rules::Piece::default());
        for m in 1u32..16 {
            let step: Vec<u32> = (0..4).map(|i| m >> i & 1).collect();
            queen4.piece.slides.insert(crate::rules::Offset::of(&step));
        }
        let games =
            [preset("nim-4+pass").unwrap(), preset("moore-4-2").unwrap(), preset("greedy-nim-5").unwrap(), queen4];
        for game in games {
            let name = game.name.clone();
            let name = name.as_str();
            for misere in [false, true] {
                let mut rules = game.clone();
                if misere {
                    rules = rules.misere();
                }
                let d = rules.dimension as usize;
                for _ in 0..5 {
                    let start: Vec<u64> = (0..d).map(|_| rng.range(0, 7)).collect();
                    let mut g = HeapGame::new(&rules, &start, PERFECT_VS_RANDOM);
                    let at = g.table_start().expect("a small start gets a table");
                    assert!(matches!(g.hint(), HeapHint::Computing));
                    g.set_table(GameTable::covering(&rules, &at, &crate::Control::new()).unwrap());
                    assert!(g.has_table() && !matches!(g.hint(), HeapHint::Computing | HeapHint::TooLarge));
                    let v = g.value(g.state()).unwrap();
                    if !misere && name == "queen-4" {
                        let mut brute = HashMap::new();
                        assert_eq!(v, brute_value(&rules, &start, &mut brute), "{name} at {start:?}");
                    }
                    if !misere && name == "moore-4-2" {
                        // P exactly when every binary digit is 1 in a multiple of 3 heaps.
                        let p = (0..4).all(|bit| start.iter().filter(|&&h| h >> bit & 1 == 1).count() % 3 == 0);
                        assert_eq!(v == 0, p, "moore-4-2 at {start:?}");
                    }
                    if v == 0 {
                        continue;
                    }
                    let mut moves = 0;
                    while g.winner().is_none() {
                        g.computer_move(&mut rng).unwrap();
                        moves += 1;
                        assert!(moves < 1000);
                    }
                    assert_eq!(g.winner(), Some(0), "{} from {start:?}", rules.label());
                    let shown = g.describe(g.state());
                    let heaps = shown.split(')').next().unwrap_or_default();
                    assert!(heaps.matches(',').count() == d - 1, "{shown}");
                }
            }
        }
    }

    /// The value of a piece's position by a memoized mex over its moves
    /// (listed by the piece's own `moves_at`, a brute force of the table).
    fn brute_value(rules: &Rules, p: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let options = rules.moves_at(point_of_slice(p));
        let values: Vec<u64> = options.iter().map(|q| brute_value(rules, &q[..p.len()], memo)).collect();
        let v = (0..).find(|v| !values.contains(v)).expect("a finite set misses a number");
        memo.insert(p.to_vec(), v);
        v
    }

    fn point_of_slice(p: &[u64]) -> Point {
        let mut q = [0; MAX_DIMENSION];
        q[..p.len()].copy_from_slice(p);
        q
    }

    /// Nim on many heaps is played by Bouton's rule at any size, without a
    /// table.
    #[test]
    fn nim_on_many_heaps_is_played_by_boutons_rule() {
        let mut rng = Rng::new(5);
        let big = 10u64.pow(15);
        let rules = preset("nim-6").unwrap();
        let mut g = HeapGame::new(&rules, &[big, 3, 5, big + 7, 1, 2], PERFECT_VS_RANDOM);
        assert_eq!(g.table_start(), None);
        assert_eq!(g.value(g.state()), Some(big ^ 3 ^ 5 ^ (big + 7) ^ 1 ^ 2));
        g.computer_move(&mut rng).unwrap();
        assert_eq!(g.value(g.state()), Some(0), "the perfect computer leaves a P-position");
    }

    #[test]
    fn the_perfect_computer_wins_every_family_from_an_n_position() {
        let mut rng = Rng::new(11);
        for name in ["nim-1", "nim-3", "queen-3-all", "restricted-nim", "chocolate-2d", "chocolate-3d", "queen"] {
            let kinds = [Passes::NONE, Passes::GALE, Passes::times(2), Passes { count: 2, at_end: true }];
            for (passes, misere) in kinds.into_iter().flat_map(|p| [(p, false), (p, true)]) {
                let mut rules = preset(name).unwrap().with_passes(passes);
                if misere {
                    rules = rules.misere();
                }
                for _ in 0..6 {
                    let start = [rng.range(0, 9), rng.range(0, 9), rng.range(0, 9)];
                    let mut g = with_table(&rules, start, PERFECT_VS_RANDOM);
                    if g.value(g.state()) == Some(0) || g.failure().is_some() {
                        continue;
                    }
                    let mut moves = 0;
                    while g.winner().is_none() {
                        g.computer_move(&mut rng).unwrap();
                        moves += 1;
                        assert!(moves < 10_000);
                    }
                    assert_eq!(g.winner(), Some(0), "{} from {start:?}", rules.label());
                }
            }
        }
    }

    #[test]
    fn play_never_starts_or_moves_outside_the_domain() {
        let rules = preset("chocolate-2d").unwrap();
        // (5, 7) is no bar: 5 > floor(7 / 2).
        let g = with_table(&rules, [5, 7, 0], PERFECT_VS_RANDOM);
        assert!(
            matches!(g.failure(), Some(ProgramError::NotAPosition { position }) if position == &[5, 7]),
            "{:?}",
            g.failure()
        );
        assert_eq!(g.value(g.state()), None);
        let mut rng = Rng::new(3);
        let mut g = with_table(&rules, [3, 8, 0], PERFECT_VS_RANDOM);
        assert!(g.failure().is_none());
        while g.winner().is_none() {
            g.computer_move(&mut rng).unwrap();
            let [x, y, ..] = g.state().position;
            assert!(x <= y / 2, "({x}, {y}) is no bar");
        }
    }

    #[test]
    fn the_pass_is_a_move_once_and_the_hint_says_when_it_wins() {
        // One heap of Nim with a pass: from (2, pass there), g(2, 0) = 2 and
        // moves to (1) and (0) reach g(1, 1) = 2, g(0, 1) = 0: taking both
        // stones wins; passing does not.
        let rules = preset("nim-1+pass").unwrap();
        let mut g = with_table(&rules, [1, 0, 0], HUMAN_FIRST);
        // From (1, pass there): moving to 0 wins (g(0) = 0); passing leaves
        // (1, used) = 1, not 0.
        assert_eq!(g.hint().clone(), HeapHint::WinningMoves(vec![HeapMove::To(point_of([0, 0, 0]))]));
        assert!(g.moves().unwrap().contains(&HeapMove::Pass));
        g.play(HeapMove::Pass).unwrap();
        assert_eq!(g.state().passes_left, 0);
        assert!(!g.moves().unwrap().contains(&HeapMove::Pass), "the pass is used up");
        // A position where passing is the winning move: in queen with a pass,
        // a P-position of the plain game (pass unused) is won by passing.
        let rules = preset("queen+pass").unwrap();
        let g = with_table(&rules, [2, 1, 0], HUMAN_FIRST);
        match g.hint().clone() {
            HeapHint::WinningMoves(w) => assert!(w.contains(&HeapMove::Pass), "{w:?}"),
            other => panic!("{other:?}"),
        }
        assert!(g.describe(g.state()).contains("pass there"));
    }

    #[test]
    fn illegal_moves_and_turns() {
        let rules = preset("nim-3").unwrap();
        let mut g = with_table(&rules, [3, 4, 5], HUMAN_FIRST);
        assert_eq!(g.play(HeapMove::To(point_of([3, 5, 5]))), Err(HeapMoveError::NotLegal));
        assert_eq!(g.play(HeapMove::Pass), Err(HeapMoveError::NotLegal));
        g.play(HeapMove::To(point_of([1, 4, 5]))).unwrap();
        assert_eq!(g.play(HeapMove::To(point_of([0, 4, 5]))), Err(HeapMoveError::NotYourTurn));
        let m = g.computer_move(&mut Rng::new(2)).unwrap();
        assert_eq!(m.reason, Some(HeapReason::NoWinningMove), "1 ^ 4 ^ 5 = 0: the computer is lost");
        assert!(g.undo_turn());
        assert_eq!(g.state().position[..3], [3, 4, 5]);
    }

    /// Play at sizes a class may type: one-heap Nim from 10^9, three-heap
    /// Nim and the three-heap queen from 10^15, two heaps of 10^8 with a
    /// pass. Nothing is listed; Nim is played exactly by Bouton's rule,
    /// the others at random, and each says why.
    #[test]
    fn huge_heaps_are_numbers_not_lists() {
        let big = 10u64.pow(15);
        let mut rng = Rng::new(5);
        let mut g = HeapGame::new(&preset("nim-1").unwrap(), &[10u64.pow(9)], PERFECT_VS_RANDOM);
        assert_eq!(g.table_start(), None, "Bouton's rule needs no table");
        assert_eq!(g.moves(), None, "10^9 moves are not listed");
        assert_eq!(g.hint(), &HeapHint::WinningMoves(vec![HeapMove::To(point_of([0, 0, 0]))]));
        assert_eq!(g.computer_move(&mut rng).unwrap().reason, Some(HeapReason::ToP));
        assert_eq!(g.winner(), Some(0));

        let mut g = HeapGame::new(&preset("nim-3").unwrap(), &[big, big + 1, 7], PERFECT_VS_RANDOM);
        assert_eq!(g.value(g.state()), Some(6));
        for _ in 0..4 {
            let r = g.computer_move(&mut rng).unwrap();
            assert_eq!(r.reason, Some(HeapReason::ToP));
            assert_eq!(g.value(g.state()), Some(0), "the nim-sum is 0 after the perfect side moves");
            g.computer_move(&mut rng).unwrap();
        }

        let mut g = HeapGame::new(&preset("queen-3-all").unwrap(), &[big, big, big], PERFECT_VS_RANDOM);
        assert_eq!(g.table_start(), None, "10^45 cells");
        assert_eq!(g.hint(), &HeapHint::TooLarge);
        let r = g.computer_move(&mut rng).unwrap();
        assert_eq!(r.reason, Some(HeapReason::TooLarge));
        assert!(preset("queen-3-all").unwrap().is_move_at([big, big, big], {
            let p = g.state().position;
            [p[0], p[1], p[2]]
        }));

        let rules = preset("queen").unwrap().with_pass();
        let mut g = HeapGame::new(&rules, &[10u64.pow(8), 10u64.pow(8)], HUMAN_FIRST);
        assert_eq!(g.table_start(), None);
        assert!(g.is_legal(HeapMove::Pass));
        assert_eq!(
            g.play(HeapMove::To(point_of([5, 10u64.pow(8), 0]))),
            Ok(()),
            "a typed move is checked, not looked up"
        );
        assert_eq!(g.play(HeapMove::To(point_of([5, 5, 0]))), Err(HeapMoveError::NotYourTurn));
    }

    /// A program that fails (here: it loops past its step limit) stops the
    /// game with its error; nobody "won by making the last move".
    #[test]
    fn a_failing_program_stops_the_game_and_says_why() {
        let program = crate::rules::Program::new("fn moves(x) { let n = 0; loop { n += 1; } }").unwrap();
        let rules = Rules::from_program("loops", program);
        let mut g = HeapGame::new(&rules, &[3], PERFECT_VS_RANDOM);
        assert!(g.failure().is_some());
        assert_eq!(g.winner(), None);
        assert!(!g.computer_to_move());
        assert!(g.computer_move(&mut Rng::new(1)).is_none());
        assert!(matches!(g.play(HeapMove::To(point_of([2, 0, 0]))), Err(HeapMoveError::Program(_))));
    }
}
