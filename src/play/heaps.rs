//! A game of any rules in play, as heaps: one, two or three coordinates, a
//! piece's moves or a program's, with the one-time pass. The computer plays
//! from a table computed for the start position (it covers every position
//! the game can reach, since moves never raise the coordinate sum and the
//! table's box holds every option); the hints list the moves to P-positions
//! and say when passing is one.

use super::Turns;
use super::history::History;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::grundy::Table;
use crate::rules::{Convention, Pos, ProgramError, Rules, position_text};
use std::fmt;
use std::sync::Arc;

/// A state: the position and whether the pass is still there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapState {
    /// The heaps `[x, y, z]` (unused coordinates 0).
    pub position: Pos,
    /// Whether either player may still pass (always false without a pass).
    pub pass_left: bool,
}

/// A move: to another position, or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapMove {
    /// Move to this position.
    To(Pos),
    /// Pass: the position stays, the pass is used.
    Pass,
}

/// Why the computer played its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapReason {
    /// The move leads to a P-position (value 0 in normal play).
    ToP,
    /// Every move loses against best play; it made some move.
    NoWinningMove,
    /// A random move (the random strength, or a mistake on purpose).
    Random,
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
    table: Option<Arc<Table>>,
}

impl HeapGame {
    /// A new game of `rules` from `start` (coordinates beyond the rules'
    /// dimension are ignored), with the pass there when the rules have one.
    pub fn new(rules: &Rules, start: Pos, players: Players) -> Self {
        let d = rules.dimension.clamp(1, 3) as usize;
        let mut position = [0; 3];
        position[..d].copy_from_slice(&start[..d]);
        let state = HeapState { position, pass_left: rules.pass };
        HeapGame { rules: rules.clone(), start: state, state, history: History::default(), players, table: None }
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

    /// Hand over the table computed for the start (see
    /// [`crate::grundy::compute_covering`]).
    pub fn set_table(&mut self, table: Arc<Table>) {
        self.table = Some(table);
    }

    /// Whether the table has arrived.
    pub fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// The positions one move reaches from `p` (a program's are run).
    pub fn moves_from(&self, p: Pos) -> Result<Vec<Pos>, ProgramError> {
        match &self.rules.program {
            Some(program) => program.options(p, &mut rhai::Scope::new(), None),
            None => Ok(self.rules.moves_at(p)),
        }
    }

    /// Every move of the side to move: the positions, then the pass (where
    /// it is there and the position has a move).
    pub fn moves(&self) -> Result<Vec<HeapMove>, ProgramError> {
        let mut out: Vec<HeapMove> = self.moves_from(self.state.position)?.into_iter().map(HeapMove::To).collect();
        if self.state.pass_left && !out.is_empty() {
            out.push(HeapMove::Pass);
        }
        Ok(out)
    }

    /// The state a move leads to.
    pub fn after(&self, m: HeapMove) -> HeapState {
        match m {
            HeapMove::To(p) => HeapState { position: p, pass_left: self.state.pass_left },
            HeapMove::Pass => HeapState { position: self.state.position, pass_left: false },
        }
    }

    /// The value of a state from the table: the Grundy number in normal
    /// play, 0 (P) or 1 (N) in misère; `None` until the table arrives or
    /// outside it.
    pub fn value(&self, s: HeapState) -> Option<u32> {
        let t = self.table.as_ref()?;
        let p = s.position.map(|c| c as usize);
        let layer = if self.rules.pass && s.pass_left { 1 } else { 0 };
        let [w, h, d] = t.dims();
        (p[0] < w && p[1] < h && p[2] < d).then(|| t.get_at(p, layer))
    }

    /// Whether the game is over (no move left), and who won: the player who
    /// moved last in normal play, the other one in misère.
    pub fn winner(&self) -> Option<usize> {
        let none_left = self.moves().map(|m| m.is_empty()).unwrap_or(true);
        if !none_left {
            return None;
        }
        let to_move = self.to_move();
        Some(if self.rules.convention == Convention::Misere { to_move } else { 1 - to_move })
    }

    /// Whether the computer is to move (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.players[self.to_move()].is_computer()
    }

    /// The hint for the side to move: the moves to P-positions.
    pub fn hint(&self) -> Result<HeapHint, ProgramError> {
        if self.table.is_none() {
            return Ok(HeapHint::Computing);
        }
        let wins: Vec<HeapMove> = self.moves()?.into_iter().filter(|&m| self.value(self.after(m)) == Some(0)).collect();
        Ok(if wins.is_empty() { HeapHint::PPosition } else { HeapHint::WinningMoves(wins) })
    }

    /// A person plays `m`.
    pub fn play(&mut self, m: HeapMove) -> Result<(), HeapMoveError> {
        if self.winner().is_some() {
            return Err(HeapMoveError::GameOver);
        }
        if self.players[self.to_move()].is_computer() {
            return Err(HeapMoveError::NotYourTurn);
        }
        self.apply(m, None)
    }

    fn apply(&mut self, m: HeapMove, reason: Option<HeapReason>) -> Result<(), HeapMoveError> {
        if !self.moves().map_err(HeapMoveError::Program)?.contains(&m) {
            return Err(HeapMoveError::NotLegal);
        }
        self.history.push(HeapMoveRecord { from: self.state, by_move: m, by: self.to_move(), reason });
        self.state = self.after(m);
        Ok(())
    }

    /// If the computer is to move, let it move; returns its move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<HeapMoveRecord> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let moves = self.moves().ok()?;
        if moves.is_empty() {
            return None;
        }
        let random = matches!(strength, Strength::Random) || (strength == Strength::Mistakes && rng.chance(1, 3));
        let wins: Vec<HeapMove> = moves.iter().copied().filter(|&m| self.value(self.after(m)) == Some(0)).collect();
        let (m, why) = if random || self.table.is_none() {
            (*rng.pick(&moves), HeapReason::Random)
        } else if wins.is_empty() {
            (moves[0], HeapReason::NoWinningMove)
        } else {
            (*rng.pick(&wins), HeapReason::ToP)
        };
        self.apply(m, Some(why)).ok()?;
        self.history.last().copied()
    }

    fn after_from(&self, from: HeapState, m: HeapMove) -> HeapState {
        match m {
            HeapMove::To(p) => HeapState { position: p, pass_left: from.pass_left },
            HeapMove::Pass => HeapState { position: from.position, pass_left: false },
        }
    }

    /// The state written as a person reads it: `(3, 5, 2)`, and whether the
    /// pass is still there.
    pub fn describe(&self, s: HeapState) -> String {
        let p = position_text(s.position, self.rules.dimension);
        if self.rules.pass { format!("{p}, pass {}", if s.pass_left { "there" } else { "used" }) } else { p }
    }
}

impl Turns for HeapGame {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        match self.history.undo() {
            Some(r) => {
                self.state = r.from;
                true
            }
            None => false,
        }
    }

    /// Play again the last move taken back.
    fn redo(&mut self) -> bool {
        let Some(r) = self.history.redo().copied() else { return false };
        self.state = self.after_from(r.from, r.by_move);
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
    use crate::rules::preset;

    use crate::play::PERFECT_VS_RANDOM;

    fn with_table(rules: &Rules, start: Pos, players: Players) -> HeapGame {
        let mut g = HeapGame::new(rules, start, players);
        let t = crate::grundy::compute_covering(rules, start.map(|c| c as usize), &crate::Control::new()).unwrap();
        g.set_table(Arc::new(t));
        g
    }

    #[test]
    fn the_perfect_computer_wins_every_family_from_an_n_position() {
        let mut rng = Rng::new(11);
        for name in ["nim-1", "nim-3", "queen-3-all", "restricted-nim", "chocolate-2d", "chocolate-3d", "queen"] {
            for (pass, misere) in [(false, false), (true, false), (false, true), (true, true)] {
                let mut rules = preset(name).unwrap();
                rules.pass = pass;
                if misere {
                    rules = rules.misere();
                }
                for _ in 0..6 {
                    let start = [rng.range(0, 9), rng.range(0, 9), rng.range(0, 9)];
                    let mut g = with_table(&rules, start, PERFECT_VS_RANDOM);
                    if g.value(g.state()) == Some(0) {
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
    fn the_pass_is_a_move_once_and_the_hint_says_when_it_wins() {
        // One heap of Nim with a pass: from (2, pass there), g(2, 0) = 2 and
        // moves to (1) and (0) reach g(1, 1) = 2, g(0, 1) = 0: taking both
        // stones wins; passing does not.
        let rules = preset("nim-1+pass").unwrap();
        let mut g = with_table(&rules, [1, 0, 0], HUMAN_FIRST);
        // From (1, pass there): moving to 0 wins (g(0) = 0); passing leaves
        // (1, used) = 1, not 0.
        assert_eq!(g.hint().unwrap(), HeapHint::WinningMoves(vec![HeapMove::To([0, 0, 0])]));
        assert!(g.moves().unwrap().contains(&HeapMove::Pass));
        g.play(HeapMove::Pass).unwrap();
        assert!(!g.state().pass_left);
        assert!(!g.moves().unwrap().contains(&HeapMove::Pass), "the pass is used up");
        // A position where passing is the winning move: in queen with a pass,
        // a P-position of the plain game (pass unused) is won by passing.
        let rules = preset("queen+pass").unwrap();
        let g = with_table(&rules, [2, 1, 0], HUMAN_FIRST);
        match g.hint().unwrap() {
            HeapHint::WinningMoves(w) => assert!(w.contains(&HeapMove::Pass), "{w:?}"),
            other => panic!("{other:?}"),
        }
        assert!(g.describe(g.state()).contains("pass there"));
    }

    #[test]
    fn illegal_moves_and_turns() {
        let rules = preset("nim-3").unwrap();
        let mut g = with_table(&rules, [3, 4, 5], HUMAN_FIRST);
        assert_eq!(g.play(HeapMove::To([3, 5, 5])), Err(HeapMoveError::NotLegal));
        assert_eq!(g.play(HeapMove::Pass), Err(HeapMoveError::NotLegal));
        g.play(HeapMove::To([1, 4, 5])).unwrap();
        assert_eq!(g.play(HeapMove::To([0, 4, 5])), Err(HeapMoveError::NotYourTurn));
        let m = g.computer_move(&mut Rng::new(2)).unwrap();
        assert_eq!(m.reason, Some(HeapReason::NoWinningMove), "1 ^ 4 ^ 5 = 0: the computer is lost");
        assert!(g.undo_turn());
        assert_eq!(g.state().position, [3, 4, 5]);
    }
}
