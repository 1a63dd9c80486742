//! A sum of games: several pieces on one board, each move moves one of them
//! (by the moves of the same rules); a piece with no move left is out of
//! play, and the game ends when no piece can move.
//!
//! In normal play the Sprague–Grundy theorem gives the value of the sum:
//! the XOR (nim-sum) of the pieces' Grundy numbers; the sum is a P-position
//! exactly when that XOR is 0, and a winning move brings one piece to the
//! value `g_i XOR s` (s the XOR of all). Misère sums do not follow the XOR:
//! they are solved here by a search over the positions of all the pieces,
//! where that product is small enough ([`MAX_MISERE_STATES`]).

use super::Turns;
use super::history::History;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::grundy::Table;
use crate::rules::{Convention, Rules};
use std::collections::HashMap;
use std::sync::Arc;

/// The most states a misère sum is searched over; beyond it, hints are not
/// available (the computer then moves at random).
pub const MAX_MISERE_STATES: u64 = 200_000;

/// The pieces' cells, in a fixed order (piece i stays piece i).
pub type Pieces = Vec<(u64, u64)>;

/// One move of a sum: which piece, from where to where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The piece that moved (0-based).
    pub piece: usize,
    /// Where it was.
    pub from: (u64, u64),
    /// Where it went.
    pub to: (u64, u64),
    /// Who moved: 0 = the side that started.
    pub by: usize,
}

/// What the hint says about a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumHint {
    /// Normal play: each piece's Grundy value, their XOR, and the winning
    /// moves (piece, target); none when the XOR is 0.
    Values { values: Vec<u32>, xor: u32, wins: Vec<(usize, (u64, u64))> },
    /// Misère, searched: the winning moves (none: a P-position).
    Misere { wins: Vec<(usize, (u64, u64))> },
    /// Misère and too large to search.
    Unavailable,
    /// The table is still being computed.
    Computing,
}

/// A sum of pieces in progress.
#[derive(Clone, Debug)]
pub struct SumGame {
    rules: Rules,
    start: Pieces,
    pieces: Pieces,
    history: History<SumMove>,
    players: Players,
    table: Option<Arc<Table>>,
    /// Misère outcomes by state (true: the side to move wins).
    misere: Option<HashMap<Pieces, bool>>,
}

impl SumGame {
    /// A sum of `rules` (two coordinates, a piece) with pieces at `start`.
    pub fn new(rules: &Rules, start: Pieces, players: Players) -> Self {
        SumGame {
            rules: rules.clone(),
            pieces: start.clone(),
            start,
            history: History::default(),
            players,
            table: None,
            misere: None,
        }
    }

    /// The rules every piece moves by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The pieces' cells now.
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The start.
    pub fn start(&self) -> &Pieces {
        &self.start
    }

    /// The moves so far.
    pub fn history(&self) -> &History<SumMove> {
        &self.history
    }

    /// The players.
    pub fn players(&self) -> Players {
        self.players
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// The box a table must cover: every piece's cell.
    pub fn table_size(&self) -> (usize, usize) {
        let w = self.start.iter().map(|p| p.0).max().unwrap_or(0) as usize + 1;
        let h = self.start.iter().map(|p| p.1).max().unwrap_or(0) as usize + 1;
        (w, h)
    }

    /// Hand over the table of the rules in normal play (Grundy numbers),
    /// covering [`SumGame::table_size`]; in misère the sum is then searched
    /// if it is small enough.
    pub fn set_table(&mut self, table: Arc<Table>) {
        self.table = Some(table);
        if self.rules.convention == Convention::Misere && self.state_count() <= MAX_MISERE_STATES {
            let mut memo = HashMap::new();
            self.misere_wins(&self.pieces.clone(), &mut memo);
            self.misere = Some(memo);
        }
    }

    /// The number of states of the sum: the product of each piece's cells.
    pub fn state_count(&self) -> u64 {
        self.start.iter().map(|&(x, y)| (x + 1).saturating_mul(y + 1)).fold(1u64, |a, b| a.saturating_mul(b))
    }

    /// The moves of one piece (none when it is out of play).
    fn piece_moves(&self, p: (u64, u64)) -> Vec<(u64, u64)> {
        self.rules.moves(p.0, p.1)
    }

    /// Every move of the side to move: (piece, target).
    pub fn moves(&self) -> Vec<(usize, (u64, u64))> {
        Self::moves_of(&self.rules, &self.pieces)
    }

    fn moves_of(rules: &Rules, pieces: &Pieces) -> Vec<(usize, (u64, u64))> {
        pieces.iter().enumerate().flat_map(|(i, &p)| rules.moves(p.0, p.1).into_iter().map(move |t| (i, t))).collect()
    }

    /// The winner once no piece can move (normal: the last mover; misère:
    /// the other one).
    pub fn winner(&self) -> Option<usize> {
        if self.pieces.iter().any(|&p| !self.piece_moves(p).is_empty()) {
            return None;
        }
        let to_move = self.to_move();
        Some(if self.rules.convention == Convention::Misere { to_move } else { 1 - to_move })
    }

    /// Whether the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.players[self.to_move()].is_computer()
    }

    /// The Grundy value of one piece's cell (normal play).
    pub fn value(&self, p: (u64, u64)) -> Option<u32> {
        let t = self.table.as_ref()?;
        let (x, y) = (p.0 as usize, p.1 as usize);
        (x < t.width() && y < t.height() && self.rules.convention == Convention::Normal).then(|| t.get(x, y))
    }

    /// Misère: whether the side to move at `pieces` wins (memoised search;
    /// the order of the pieces does not matter, so states are sorted).
    fn misere_wins(&self, pieces: &Pieces, memo: &mut HashMap<Pieces, bool>) -> bool {
        let mut key = pieces.clone();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let moves = Self::moves_of(&self.rules, pieces);
        // No move: the previous mover made the last move and loses.
        let wins = moves.is_empty()
            || moves.iter().any(|&(i, t)| {
                let mut next = pieces.clone();
                next[i] = t;
                !self.misere_wins(&next, memo)
            });
        memo.insert(key, wins);
        wins
    }

    /// Whether the side to move at `pieces` wins in misère, from the search.
    fn misere_outcome(&self, pieces: &Pieces) -> Option<bool> {
        let mut key = pieces.clone();
        key.sort_unstable();
        self.misere.as_ref()?.get(&key).copied()
    }

    /// The hint for the side to move.
    pub fn hint(&self) -> SumHint {
        if self.table.is_none() {
            return SumHint::Computing;
        }
        let moves = self.moves();
        if self.rules.convention == Convention::Misere {
            if self.misere.is_none() {
                return SumHint::Unavailable;
            }
            let wins = moves
                .into_iter()
                .filter(|&(i, t)| {
                    let mut next = self.pieces.clone();
                    next[i] = t;
                    self.misere_outcome(&next) == Some(false)
                })
                .collect();
            return SumHint::Misere { wins };
        }
        let values: Vec<u32> = self.pieces.iter().map(|&p| self.value(p).unwrap_or(0)).collect();
        let xor = values.iter().fold(0, |a, &v| a ^ v);
        let wins = if xor == 0 {
            Vec::new()
        } else {
            moves.into_iter().filter(|&(i, t)| self.value(t) == Some(values[i] ^ xor)).collect()
        };
        SumHint::Values { values, xor, wins }
    }

    /// A person moves piece `i` to `to`.
    pub fn play(&mut self, i: usize, to: (u64, u64)) -> Result<(), &'static str> {
        if self.winner().is_some() {
            return Err("the game is over");
        }
        if self.players[self.to_move()].is_computer() {
            return Err("it is the computer's turn");
        }
        self.apply(i, to)
    }

    fn apply(&mut self, i: usize, to: (u64, u64)) -> Result<(), &'static str> {
        let from = *self.pieces.get(i).ok_or("no such piece")?;
        if !self.rules.has_move_to(from.0, from.1, to.0, to.1) {
            return Err("the piece cannot go there in one move");
        }
        self.history.push(SumMove { piece: i, from, to, by: self.to_move() });
        self.pieces[i] = to;
        Ok(())
    }

    /// If the computer is to move, let it move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<SumMove> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let moves = self.moves();
        let random = matches!(strength, Strength::Random) || (strength == Strength::Mistakes && rng.chance(1, 3));
        let wins = match self.hint() {
            SumHint::Values { wins, .. } | SumHint::Misere { wins } => wins,
            _ => Vec::new(),
        };
        let &(i, t) = if random || wins.is_empty() { rng.pick(&moves) } else { rng.pick(&wins) };
        self.apply(i, t).ok()?;
        self.history.last().copied()
    }
}

impl Turns for SumGame {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        let Some(m) = self.history.undo().copied() else { return false };
        self.pieces[m.piece] = m.from;
        true
    }

    /// A sum is not played forward again: a new move is chosen instead.
    fn redo(&mut self) -> bool {
        false
    }

    fn computer_to_move(&self) -> bool {
        self.players[self.to_move()].is_computer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;

    use crate::play::PERFECT_VS_RANDOM;

    fn with_table(rules: &Rules, start: Pieces, players: Players) -> SumGame {
        let mut g = SumGame::new(rules, start, players);
        let (w, h) = g.table_size();
        let plain = Rules { convention: Convention::Normal, ..rules.clone() };
        g.set_table(Arc::new(crate::grundy::compute(&plain, w, h, &crate::Control::new()).unwrap()));
        g
    }

    #[test]
    fn the_value_of_a_sum_is_the_xor_and_perfect_play_wins() {
        let mut rng = Rng::new(5);
        let queen = preset("queen").unwrap();
        for _ in 0..30 {
            let start: Pieces = (0..3).map(|_| (rng.range(0, 12), rng.range(0, 12))).collect();
            let mut g = with_table(&queen, start.clone(), PERFECT_VS_RANDOM);
            let SumHint::Values { values, xor, wins } = g.hint() else { panic!("normal play") };
            assert_eq!(values.len(), 3);
            assert_eq!(xor == 0, wins.is_empty(), "{start:?}");
            // Every winning move leaves a sum of XOR 0.
            for &(i, t) in &wins {
                let after: u32 =
                    (0..3).map(|j| if j == i { g.value(t).unwrap() } else { values[j] }).fold(0, |a, v| a ^ v);
                assert_eq!(after, 0);
            }
            if xor == 0 {
                continue;
            }
            while g.winner().is_none() {
                g.computer_move(&mut rng).unwrap();
            }
            assert_eq!(g.winner(), Some(0), "{start:?}");
        }
    }

    #[test]
    fn misere_sums_are_searched_and_differ_from_the_xor() {
        // Two queens in misère: solved by search, and the perfect computer
        // wins from every N-position it finds.
        let queen = preset("queen").unwrap().misere();
        let mut rng = Rng::new(9);
        for _ in 0..40 {
            let start: Pieces = (0..2).map(|_| (rng.range(0, 6), rng.range(0, 6))).collect();
            let g = with_table(&queen, start.clone(), PERFECT_VS_RANDOM);
            let SumHint::Misere { wins } = g.hint() else { panic!("small enough to search") };
            // The perfect computer wins the misère sum from an N-position.
            if !wins.is_empty() {
                let mut g = g;
                while g.winner().is_none() {
                    g.computer_move(&mut rng).unwrap();
                }
                assert_eq!(g.winner(), Some(0), "{start:?}");
            }
        }
        // Where they differ for sure: with one queen one step from the
        // corner and one in it, the only move makes the last move (misère:
        // it loses), so the sum is P, though its XOR is 1; two such queens
        // have XOR 0 but the mover wins.
        let p = with_table(&queen, vec![(0, 0), (0, 1)], PERFECT_VS_RANDOM);
        assert_eq!(p.hint(), SumHint::Misere { wins: vec![] });
        let n = with_table(&queen, vec![(0, 1), (1, 0)], PERFECT_VS_RANDOM);
        assert!(matches!(n.hint(), SumHint::Misere { wins } if !wins.is_empty()));

        // Too large: no hint.
        let big = with_table(&queen, vec![(300, 300), (300, 299), (299, 300)], PERFECT_VS_RANDOM);
        assert_eq!(big.hint(), SumHint::Unavailable);
    }
}
