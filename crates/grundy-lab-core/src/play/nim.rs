//! Nim with several heaps: take any number of stones from one heap. Normal
//! play (last stone wins) or misère (last stone loses, the default of the
//! sources' game app). P-positions: nim-sum (XOR of the heaps) 0, except in
//! misère when every heap has at most one stone, where an odd number of
//! 1-heaps is P.

use super::Turns;
use super::history::History;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::theory::{is_nim_p, nim_winning_moves};
use std::fmt;

/// The most heaps a game of Nim may have in the app.
pub const MAX_HEAPS: usize = 8;
/// The largest heap the app sets up.
pub const MAX_HEAP: u64 = 1000;

/// The heaps of the sources' game app.
pub const DEFAULT_HEAPS: [u64; 4] = [1, 3, 5, 7];

/// One Nim move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Which heap (0-based).
    pub heap: usize,
    /// Stones in it before.
    pub from: u64,
    /// Stones in it after.
    pub to: u64,
    /// Who moved (0 = the side that started).
    pub by: usize,
    /// For a computer move, why.
    pub reason: Option<NimReason>,
}

/// Why the computer played its Nim move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimReason {
    /// The heaps after the move have nim-sum 0 (a P-position).
    NimSumZero {
        /// The heaps after the move.
        heaps: Vec<u64>,
    },
    /// Misère endgame: every heap has at most one stone and an odd number of
    /// heaps have one, so the opponent must take the last stone.
    OddOnes {
        /// How many heaps have one stone after the move.
        ones: usize,
    },
    /// It was in a P-position and took one stone. In a misère endgame
    /// (every heap at most one stone) `odd_ones` is the number of one-stone
    /// heaps before the move, an odd number; otherwise the nim-sum was 0.
    NoWinningMove {
        /// The one-stone heaps of a misère endgame, or `None`.
        odd_ones: Option<usize>,
    },
    /// A random move (random strength).
    Random,
    /// A random move on purpose (makes-mistakes strength).
    Mistake,
}

impl fmt::Display for NimReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimReason::NimSumZero { heaps } => write!(f, "nim-sum {} = 0", nim_sum_formula(heaps)),
            NimReason::OddOnes { ones: 1 } => f.write_str("1 heap of one stone: the opponent takes the last one"),
            NimReason::OddOnes { ones } => write!(f, "{ones} heaps of one stone: the opponent takes the last one"),
            NimReason::NoWinningMove { odd_ones: None } => {
                f.write_str("nim-sum was 0: every move loses against best play")
            }
            NimReason::NoWinningMove { odd_ones: Some(n) } => {
                write!(f, "misère, {n} heaps of one stone and none of more: every move loses against best play")
            }
            NimReason::Random => f.write_str("a random move"),
            NimReason::Mistake => f.write_str("a mistake on purpose"),
        }
    }
}

/// `1 XOR 3 XOR 5 XOR 7`.
pub fn nim_sum_formula(heaps: &[u64]) -> String {
    heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" XOR ")
}

/// The hint for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimHint {
    /// `(heap, stones left)` for every winning move.
    WinningMoves(Vec<(usize, u64)>),
    /// A P-position: every move loses against best play.
    PPosition,
}

/// A Nim game in progress.
#[derive(Clone, Debug)]
pub struct NimGame {
    start: Vec<u64>,
    heaps: Vec<u64>,
    misere: bool,
    history: History<NimMove>,
    players: Players,
}

impl NimGame {
    /// A new game with these heaps.
    pub fn new(heaps: &[u64], misere: bool, players: Players) -> Self {
        NimGame { start: heaps.to_vec(), heaps: heaps.to_vec(), misere, history: History::default(), players }
    }

    /// The heaps now.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The heaps at the start.
    pub fn start(&self) -> &[u64] {
        &self.start
    }

    /// Misère play (the last stone loses).
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The players (0 moved first).
    pub fn players(&self) -> Players {
        self.players
    }

    /// The moves so far.
    pub fn history(&self) -> &History<NimMove> {
        &self.history
    }

    /// The XOR of the heaps.
    pub fn nim_sum(&self) -> u64 {
        self.heaps.iter().fold(0, |a, &h| a ^ h)
    }

    /// Whether the current position is a P-position.
    pub fn is_p(&self) -> bool {
        is_nim_p(&self.heaps, self.misere)
    }

    /// The side to move (0 = the side that started).
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// The winner once every heap is empty: the player who took the last
    /// stone wins in normal play, loses in misère.
    pub fn winner(&self) -> Option<usize> {
        self.heaps.iter().all(|&h| h == 0).then(|| if self.misere { self.to_move() } else { 1 - self.to_move() })
    }

    /// Whether the computer is to move (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.players[self.to_move()].is_computer()
    }

    /// A person leaves `left` stones in heap `heap`.
    pub fn play(&mut self, heap: usize, left: u64) -> Result<(), super::MoveError> {
        if self.winner().is_some() {
            return Err(super::MoveError::GameOver);
        }
        if self.players[self.to_move()].is_computer() {
            return Err(super::MoveError::NotYourTurn);
        }
        self.apply(heap, left, None)
    }

    fn apply(&mut self, heap: usize, left: u64, reason: Option<NimReason>) -> Result<(), super::MoveError> {
        match self.heaps.get(heap) {
            Some(&h) if left < h => {
                self.history.push(NimMove { heap, from: h, to: left, by: self.to_move(), reason });
                self.heaps[heap] = left;
                Ok(())
            }
            _ => Err(super::MoveError::NotLegal),
        }
    }

    /// Every winning move `(heap, stones left)`: those that leave a P-position.
    pub fn winning_moves(&self) -> Vec<(usize, u64)> {
        nim_winning_moves(&self.heaps, self.misere)
    }

    /// The hint for the side to move.
    pub fn hint(&self) -> NimHint {
        let w = self.winning_moves();
        if w.is_empty() { NimHint::PPosition } else { NimHint::WinningMoves(w) }
    }

    /// If it is the computer's turn, let it move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<NimMove> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let nonempty: Vec<usize> = (0..self.heaps.len()).filter(|&i| self.heaps[i] > 0).collect();
        let random = |rng: &mut Rng| {
            let i = *rng.pick(&nonempty);
            (i, rng.below(self.heaps[i]))
        };
        let (heap, left, reason) = match strength {
            Strength::Random => {
                let (i, t) = random(rng);
                (i, t, NimReason::Random)
            }
            Strength::Mistakes if rng.chance(1, 3) => {
                let (i, t) = random(rng);
                (i, t, NimReason::Mistake)
            }
            _ => {
                let wins = self.winning_moves();
                if wins.is_empty() {
                    let i = nonempty[0];
                    let odd_ones = (self.misere && crate::theory::is_misere_nim_endgame(&self.heaps))
                        .then(|| self.heaps.iter().filter(|&&h| h == 1).count());
                    (i, self.heaps[i] - 1, NimReason::NoWinningMove { odd_ones })
                } else {
                    let (i, t) = *rng.pick(&wins);
                    let mut after = self.heaps.clone();
                    after[i] = t;
                    let reason = if self.misere && crate::theory::is_misere_nim_endgame(&after) {
                        NimReason::OddOnes { ones: after.iter().filter(|&&h| h == 1).count() }
                    } else {
                        NimReason::NimSumZero { heaps: after }
                    };
                    (i, t, reason)
                }
            }
        };
        self.apply(heap, left, Some(reason)).ok()?;
        self.history.last().cloned()
    }
}

impl Turns for NimGame {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        match self.history.undo() {
            Some(m) => {
                self.heaps[m.heap] = m.from;
                true
            }
            None => false,
        }
    }

    /// Play again the last move taken back.
    fn redo(&mut self) -> bool {
        match self.history.redo() {
            Some(m) => {
                self.heaps[m.heap] = m.to;
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

    /// Brute-force outcome of a Nim position (true = P).
    fn brute_p(heaps: &mut Vec<u64>, misere: bool) -> bool {
        if heaps.iter().all(|&h| h == 0) {
            return !misere;
        }
        for i in 0..heaps.len() {
            let h = heaps[i];
            for t in 0..h {
                heaps[i] = t;
                let p = brute_p(heaps, misere);
                heaps[i] = h;
                if p {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions() {
        for misere in [false, true] {
            for a in 0..4u64 {
                for b in 0..4u64 {
                    for c in 0..6u64 {
                        let g = NimGame::new(&[a, b, c], misere, [PlayerKind::Human; 2]);
                        let mut expected = Vec::new();
                        for (i, &h) in g.heaps().iter().enumerate() {
                            for t in 0..h {
                                let mut after = g.heaps().to_vec();
                                after[i] = t;
                                if brute_p(&mut after, misere) {
                                    expected.push((i, t));
                                }
                            }
                        }
                        let mut got = g.winning_moves();
                        got.sort();
                        assert_eq!(got, expected, "{a} {b} {c} misère {misere}");
                        assert_eq!(g.is_p(), brute_p(&mut vec![a, b, c], misere));
                    }
                }
            }
        }
    }

    #[test]
    fn perfect_beats_random_from_n_positions() {
        let mut rng = Rng::new(11);
        for misere in [false, true] {
            for _ in 0..200 {
                let heaps: Vec<u64> = (0..4).map(|_| rng.range(0, 9)).collect();
                let mut g = NimGame::new(
                    &heaps,
                    misere,
                    [PlayerKind::Computer(Strength::Perfect), PlayerKind::Computer(Strength::Random)],
                );
                if g.is_p() {
                    continue;
                }
                while g.winner().is_none() {
                    g.computer_move(&mut rng).unwrap();
                }
                assert_eq!(g.winner(), Some(0), "{heaps:?} misère {misere}");
            }
        }
    }

    #[test]
    fn a_lost_misere_endgame_is_explained_by_its_one_stone_heaps() {
        let computer = [PlayerKind::Computer(Strength::Perfect), PlayerKind::Human];
        for (heaps, misere, expected) in [
            (vec![1], true, Some(1)),
            (vec![1, 1, 1, 0], true, Some(3)),
            (vec![2, 2], true, None),
            (vec![3, 3], false, None),
        ] {
            let mut g = NimGame::new(&heaps, misere, computer);
            assert!(g.is_p(), "{heaps:?}");
            if expected.is_none() {
                assert_eq!(g.nim_sum(), 0, "{heaps:?}");
            }
            let m = g.computer_move(&mut Rng::new(1)).unwrap();
            assert_eq!(m.reason, Some(NimReason::NoWinningMove { odd_ones: expected }), "{heaps:?}");
        }
    }

    #[test]
    fn default_game_undo_and_explanation() {
        let mut g = NimGame::new(&DEFAULT_HEAPS, true, [PlayerKind::Human, PlayerKind::Computer(Strength::Perfect)]);
        assert_eq!(g.nim_sum(), 0);
        assert_eq!(g.hint(), NimHint::PPosition);
        g.play(3, 6).unwrap();
        let m = g.computer_move(&mut Rng::new(5)).unwrap();
        assert!(matches!(m.reason, Some(NimReason::NimSumZero { .. })));
        assert_eq!(g.nim_sum(), 0);
        assert!(g.undo_turn());
        assert_eq!(g.heaps(), &DEFAULT_HEAPS);
        assert_eq!(g.play(0, 1), Err(crate::play::MoveError::NotLegal));
    }
}
