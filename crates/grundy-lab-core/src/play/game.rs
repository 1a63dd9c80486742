//! A two-pile game (a piece on a board) in progress.

use super::Turns;
use super::explain::Reason;
use super::history::History;
use super::oracle::{Knowledge, Oracle};
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::grundy::Table;
use crate::rules::{Convention, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Start positions: the sizes of an existing game app (small 5 and 7,
/// medium 9 and 12, large 14 and 20), a random one, or any size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartSize {
    /// Piles of 5 and 7.
    Small,
    /// Piles of 9 and 12 (the default).
    #[default]
    Medium,
    /// Piles of 14 and 20.
    Large,
    /// Random piles between 4 and 30.
    Random,
    /// Any piles, up to 10^15 and beyond.
    Custom(u64, u64),
}

impl StartSize {
    /// The start position `(x, y)`.
    pub fn position(self, rng: &mut Rng) -> (u64, u64) {
        match self {
            StartSize::Small => (5, 7),
            StartSize::Medium => (9, 12),
            StartSize::Large => (14, 20),
            StartSize::Random => (rng.range(4, 30), rng.range(4, 30)),
            StartSize::Custom(x, y) => (x, y),
        }
    }
}

/// One move played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Where the piece was.
    pub from: (u64, u64),
    /// Where it went.
    pub to: (u64, u64),
    /// Who moved: 0 = the side that started, 1 = the other.
    pub by: usize,
    /// For a computer move, why it played there.
    pub reason: Option<Reason>,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over.
    GameOver,
    /// The piece cannot go there in one move.
    NotLegal,
    /// It is not a person's turn.
    NotYourTurn,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::GameOver => "the game is over",
            MoveError::NotLegal => "the piece cannot go there in one move",
            MoveError::NotYourTurn => "it is the computer's turn",
        })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The side that won (0 = the side that started).
    pub winner: usize,
    /// The game ended in the terminal set (not because no move was left).
    pub terminal: bool,
    /// Misère play: the player who made the last move lost.
    pub misere: bool,
}

/// What the learner is told about the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// These moves go to P-positions: each one wins against any defence.
    WinningMoves(Vec<(u64, u64)>),
    /// This is a P-position: every move loses against best play.
    PPosition,
    /// The table for this position is still being computed.
    Computing,
    /// No closed form is known and the position is too large to tabulate.
    TooLarge,
}

/// A game in progress: rules, position, history and the two players.
#[derive(Clone, Debug)]
pub struct Game {
    oracle: Oracle,
    start: (u64, u64),
    position: (u64, u64),
    history: History<MoveRecord>,
    players: Players,
}

impl Game {
    /// A new game of `rules` from `start`. Tiny positions of rules without a
    /// closed form are tabulated at once; larger ones report
    /// [`Knowledge::NeedsTable`] until [`Game::set_table`] is called.
    pub fn new(rules: &Rules, start: (u64, u64), players: Players) -> Self {
        let mut oracle = Oracle::new(rules);
        oracle.tabulate_if_tiny(start.0, start.1);
        Game { oracle, start, position: start, history: History::default(), players }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.oracle.rules()
    }

    /// What is known about positions (closed form, table).
    pub fn oracle(&self) -> &Oracle {
        &self.oracle
    }

    /// Where answers come from for the current position.
    pub fn knowledge(&self) -> Knowledge {
        self.oracle.knowledge(self.position.0, self.position.1)
    }

    /// Hand over a table computed in the background (covering the start).
    pub fn set_table(&mut self, table: Arc<Table>) {
        self.oracle.set_table(table);
    }

    /// The start position.
    pub fn start(&self) -> (u64, u64) {
        self.start
    }

    /// The current position `(x, y)`: the piece's cell, or the two piles.
    pub fn position(&self) -> (u64, u64) {
        self.position
    }

    /// The two players (index 0 moved first).
    pub fn players(&self) -> Players {
        self.players
    }

    /// The moves so far, with undo/redo.
    pub fn history(&self) -> &History<MoveRecord> {
        &self.history
    }

    /// The side to move: 0 = the side that started.
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// Whether the side to move is the computer (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.is_over().is_none() && self.players[self.to_move()].is_computer()
    }

    /// Whether the piece has any move from `(x, y)` (O(number of offsets)).
    pub fn has_moves_from(&self, x: u64, y: u64) -> bool {
        let r = self.rules();
        !r.is_terminal(x, y)
            && r.piece.slides.iter().chain(&r.piece.jumps).any(|o| o.dx as u64 <= x && o.dy as u64 <= y)
    }

    /// `Some` once no move is left: the player who moved last wins in normal
    /// play and loses in misère play.
    pub fn is_over(&self) -> Option<GameOver> {
        let (x, y) = self.position;
        if self.has_moves_from(x, y) {
            return None;
        }
        let misere = self.rules().convention == Convention::Misere;
        let to_move = self.to_move();
        Some(GameOver {
            winner: if misere { to_move } else { 1 - to_move },
            terminal: self.rules().is_terminal(x, y),
            misere,
        })
    }

    /// Whether the piece can go from the current position to `to`.
    pub fn is_legal(&self, to: (u64, u64)) -> bool {
        self.rules().has_move_to(self.position.0, self.position.1, to.0, to.1)
    }

    /// A person moves the piece to `to`.
    pub fn play(&mut self, to: (u64, u64)) -> Result<(), MoveError> {
        if self.is_over().is_some() {
            return Err(MoveError::GameOver);
        }
        if self.players[self.to_move()].is_computer() {
            return Err(MoveError::NotYourTurn);
        }
        self.apply(to, None)
    }

    fn apply(&mut self, to: (u64, u64), reason: Option<Reason>) -> Result<(), MoveError> {
        if !self.is_legal(to) {
            return Err(MoveError::NotLegal);
        }
        self.history.push(MoveRecord { from: self.position, to, by: self.to_move(), reason });
        self.position = to;
        Ok(())
    }

    /// If it is the computer's turn, let it move; returns its move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<MoveRecord> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let (to, reason) = self.choose(strength, rng)?;
        self.apply(to, Some(reason)).ok()?;
        self.history.last().cloned()
    }

    /// The move the computer would make at `strength`, with its reason.
    pub fn choose(&self, strength: Strength, rng: &mut Rng) -> Option<((u64, u64), Reason)> {
        let (x, y) = self.position;
        let random_move = |rng: &mut Rng, why: Reason| self.random_move(rng).map(|m| (m, why));
        match strength {
            Strength::Random => return random_move(rng, Reason::Random),
            Strength::Mistakes if rng.chance(1, 3) => return random_move(rng, Reason::Mistake),
            _ => {}
        }
        match self.oracle.winning_moves(x, y) {
            None => random_move(rng, Reason::Unknown),
            Some(wins) if wins.is_empty() => self.small_move().map(|m| (m, Reason::NoWinningMove)),
            Some(wins) => {
                let to = *rng.pick(&wins);
                Some((to, Reason::ToP { x: to.0, y: to.1, why: self.oracle.why_p(to.0, to.1) }))
            }
        }
    }

    /// A random legal move: a random direction, then a random distance
    /// (works for any size, without listing the moves).
    fn random_move(&self, rng: &mut Rng) -> Option<(u64, u64)> {
        let (x, y) = self.position;
        let r = self.rules();
        if r.is_terminal(x, y) {
            return None;
        }
        let reach = |dx: u64, dy: u64| -> u64 {
            let kx = x.checked_div(dx).unwrap_or(u64::MAX);
            let ky = y.checked_div(dy).unwrap_or(u64::MAX);
            kx.min(ky)
        };
        let mut options: Vec<(u64, u64, u64)> = Vec::new();
        for o in &r.piece.slides {
            let k = reach(o.dx as u64, o.dy as u64);
            if k >= 1 {
                options.push((o.dx as u64, o.dy as u64, k));
            }
        }
        for o in &r.piece.jumps {
            if reach(o.dx as u64, o.dy as u64) >= 1 {
                options.push((o.dx as u64, o.dy as u64, 1));
            }
        }
        if options.is_empty() {
            return None;
        }
        let &(dx, dy, kmax) = rng.pick(&options);
        let k = rng.range(1, kmax);
        Some((x - k * dx, y - k * dy))
    }

    /// The legal move that removes the fewest stones (to make a lost game
    /// last and give the opponent chances to go wrong).
    fn small_move(&self) -> Option<(u64, u64)> {
        let (x, y) = self.position;
        let r = self.rules();
        r.piece
            .slides
            .iter()
            .chain(&r.piece.jumps)
            .filter(|o| o.dx as u64 <= x && o.dy as u64 <= y)
            .min_by_key(|o| (o.dx + o.dy, o.dx.abs_diff(o.dy)))
            .map(|o| (x - o.dx as u64, y - o.dy as u64))
            .filter(|_| !r.is_terminal(x, y))
    }

    /// The hint for the side to move.
    pub fn hint(&self) -> Hint {
        let (x, y) = self.position;
        match self.oracle.winning_moves(x, y) {
            Some(w) if w.is_empty() => Hint::PPosition,
            Some(w) => Hint::WinningMoves(w),
            None => match self.knowledge() {
                Knowledge::TooLarge => Hint::TooLarge,
                _ => Hint::Computing,
            },
        }
    }

    /// Whether `(x, y)` is a P-position, when known (for the overlay).
    pub fn is_p(&self, x: u64, y: u64) -> Option<bool> {
        self.oracle.is_p(x, y)
    }
}

impl Turns for Game {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        match self.history.undo() {
            Some(m) => {
                self.position = m.from;
                true
            }
            None => false,
        }
    }

    /// Play again the last move taken back.
    fn redo(&mut self) -> bool {
        match self.history.redo() {
            Some(m) => {
                self.position = m.to;
                true
            }
            None => false,
        }
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

    /// Plays a whole game between computers; returns the winner.
    fn play_out(game: &mut Game, rng: &mut Rng) -> usize {
        for _ in 0..100_000 {
            if let Some(over) = game.is_over() {
                return over.winner;
            }
            game.computer_move(rng).expect("a computer move");
        }
        panic!("the game did not end");
    }

    #[test]
    fn perfect_computer_never_loses_from_an_n_position() {
        let mut rng = Rng::new(7);
        for name in ["queen", "nim", "dragon-king", "dragon-horse", "queen-t2", "knight", "ryuoh:5"] {
            for misere in [false, true] {
                let mut rules = preset(name).unwrap();
                if misere {
                    rules = rules.misere();
                }
                for _ in 0..40 {
                    let start = (rng.range(0, 40), rng.range(0, 40));
                    let mut game = Game::new(&rules, start, PERFECT_VS_RANDOM);
                    if game.is_p(start.0, start.1) != Some(false) {
                        continue;
                    }
                    assert_eq!(play_out(&mut game, &mut rng), 0, "{} from {start:?}", rules.label());
                }
            }
        }
    }

    #[test]
    fn hints_list_exactly_the_moves_to_p_positions() {
        for name in ["queen", "dragon-horse", "queen-t2"] {
            let rules = preset(name).unwrap();
            let table = crate::grundy::compute(&rules, 30, 30, &crate::Control::new()).unwrap();
            for x in 0..30u64 {
                for y in 0..30u64 {
                    let game = Game::new(&rules, (x, y), HUMAN_FIRST);
                    let mut expected: Vec<_> =
                        rules.moves(x, y).into_iter().filter(|&(a, b)| table.is_p(a as usize, b as usize)).collect();
                    expected.sort();
                    let hint = game.hint();
                    if table.is_p(x as usize, y as usize) {
                        assert_eq!(hint, Hint::PPosition, "{name} ({x},{y})");
                    } else {
                        assert_eq!(hint, Hint::WinningMoves(expected), "{name} ({x},{y})");
                    }
                }
            }
        }
    }

    #[test]
    fn huge_wythoff_games_play_exactly() {
        let rules = preset("queen").unwrap();
        let start = (10u64.pow(15), 10u64.pow(15) + 7);
        let mut game = Game::new(&rules, start, [PlayerKind::Computer(Strength::Perfect), PlayerKind::Human]);
        let mut rng = Rng::new(3);
        let m = game.computer_move(&mut rng).unwrap();
        assert!(crate::theory::is_wythoff_p(m.to.0, m.to.1));
        assert!(matches!(m.reason, Some(Reason::ToP { why: crate::play::Why::Wythoff { .. }, .. })));
        assert_eq!(game.hint(), Hint::PPosition);
        // The person moves one stone; the computer answers into a P-position again.
        let (x, y) = game.position();
        game.play((x - 1, y)).unwrap();
        let m = game.computer_move(&mut rng).unwrap();
        assert!(crate::theory::is_wythoff_p(m.to.0, m.to.1));
        assert!(game.undo_turn());
        assert_eq!(game.position(), (x, y));
        assert!(game.redo_turn());
        assert_eq!(game.position(), m.to);
    }

    #[test]
    fn the_explanation_names_the_wythoff_pair() {
        // From (3,6) the only winning moves are to (3,5) and (1,2)... pick by seed until (3,5).
        let rules = preset("queen").unwrap();
        let game = Game::new(&rules, (3, 6), [PlayerKind::Computer(Strength::Perfect), PlayerKind::Human]);
        assert_eq!(game.hint(), Hint::WinningMoves(vec![(3, 5)]));
        let (to, reason) = game.choose(Strength::Perfect, &mut Rng::new(1)).unwrap();
        assert_eq!(to, (3, 5));
        assert_eq!(reason.to_string(), "(3,5) is a P-position: 3 = ⌊2φ⌋, 5 = ⌊2φ²⌋");
    }

    #[test]
    fn rules_and_turns() {
        let rules = preset("queen").unwrap();
        let mut game = Game::new(&rules, (9, 12), HUMAN_FIRST);
        assert_eq!(game.play((8, 10)), Err(MoveError::NotLegal));
        assert_eq!(game.play((9, 3)), Ok(()));
        assert_eq!(game.play((9, 2)), Err(MoveError::NotYourTurn));
        assert!(game.computer_move(&mut Rng::new(1)).is_some());
        assert_eq!(game.to_move(), 0);
        // Misère: moving to the corner loses.
        let mut g = Game::new(&rules.clone().misere(), (0, 5), [PlayerKind::Human, PlayerKind::Human]);
        g.play((0, 0)).unwrap();
        assert_eq!(g.is_over(), Some(GameOver { winner: 1, terminal: false, misere: true }));
        assert_eq!(g.play((0, 0)), Err(MoveError::GameOver));
        // Normal: the terminal set ends the game and the mover wins.
        let mut g = Game::new(&preset("queen-t2").unwrap(), (1, 5), [PlayerKind::Human, PlayerKind::Human]);
        g.play((1, 1)).unwrap();
        assert_eq!(g.is_over(), Some(GameOver { winner: 0, terminal: true, misere: false }));
    }
}
