//! A sum of games: several pieces on one board, each move moves one of them
//! (by the moves of the same rules); a piece with no move left is out of
//! play, and the game ends when no piece can move.
//!
//! In normal play the Sprague–Grundy theorem gives the value of the sum:
//! the XOR (nim-sum) of the pieces' Grundy numbers; the sum is a P-position
//! exactly when that XOR is 0, and a winning move brings one piece to the
//! value `g_i XOR s` (s the XOR of all). The pieces' values come from a
//! closed form where one gives Grundy numbers (Nim, the parameter-p piece:
//! exact at 10^15), else from a table of the pieces' box when it is small
//! enough ([`SumGame::table_size`]). Misère sums do not follow the XOR:
//! they are solved here by a search over the positions of all the pieces,
//! where that product is small enough ([`MAX_MISERE_STATES`]).
//!
//! A piece may stand 10^15 cells from the corner: its moves are listed only
//! when there are few ([`MAX_LISTED_MOVES`]); otherwise the closed form
//! names the few targets of a given value.

use super::Turns;
use super::heaps::MAX_LISTED_MOVES;
use super::history::History;
use super::oracle::MAX_PLAY_SIDE;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength};
use crate::grundy::Table;
use crate::rules::{Convention, Rules};
use crate::theory::{ClosedForm, closed_form};
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
    Values {
        /// Each piece's Grundy value, in the order of the pieces.
        values: Vec<u64>,
        /// The XOR (nim-sum) of the values: 0 is a P-position.
        xor: u64,
        /// The winning moves: (piece, target square).
        wins: Vec<(usize, (u64, u64))>,
    },
    /// Misère, searched: the winning moves (none: a P-position).
    Misere {
        /// The winning moves: (piece, target square).
        wins: Vec<(usize, (u64, u64))>,
    },
    /// Misère and too large to search, or no closed form and too large for
    /// a table.
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
    /// A closed form that gives the Grundy number of a piece's cell.
    closed: Option<ClosedForm>,
    /// Misère outcomes by state (true: the side to move wins).
    misere: Option<HashMap<Pieces, bool>>,
    /// Whether a table is on its way.
    table_expected: bool,
    /// The hint for the current state.
    hint: SumHint,
}

impl SumGame {
    /// A sum of `rules` (two coordinates, a piece) with pieces at `start`.
    pub fn new(rules: &Rules, start: Pieces, players: Players) -> Self {
        let plain = Rules { convention: Convention::Normal, ..rules.clone() };
        let closed = closed_form(&plain).filter(|cf| cf.grundy(0, 0).is_some());
        let mut game = SumGame {
            rules: rules.clone(),
            pieces: start.clone(),
            start,
            history: History::default(),
            players,
            table: None,
            closed,
            misere: None,
            table_expected: false,
            hint: SumHint::Computing,
        };
        game.table_expected = game.table_size().is_some();
        game.hint = game.work_out_hint();
        game
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

    /// The box of the table the hints need (every piece's cell; the rules
    /// in normal play), or `None` when none is needed (a closed form gives
    /// the values, in normal play) or the box is too large for play (a
    /// side of [`MAX_PLAY_SIDE`] or more, a start with more than
    /// [`MAX_LISTED_MOVES`] moves; a misère sum beyond
    /// [`MAX_MISERE_STATES`] states, which is not searched).
    pub fn table_size(&self) -> Option<(usize, usize)> {
        let misere = self.rules.convention == Convention::Misere;
        if misere && self.state_count() > MAX_MISERE_STATES || !misere && self.closed.is_some() {
            return None;
        }
        let w = self.start.iter().map(|p| p.0).max().unwrap_or(0);
        let h = self.start.iter().map(|p| p.1).max().unwrap_or(0);
        // With a table the winning targets come from the list of a piece's
        // moves, so every start must have few enough to list.
        let listed = self.start.iter().all(|&(x, y)| self.rules.move_count_bound([x, y, 0]) <= MAX_LISTED_MOVES);
        (w < MAX_PLAY_SIDE && h < MAX_PLAY_SIDE && listed).then_some((w as usize + 1, h as usize + 1))
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
        self.hint = self.work_out_hint();
    }

    /// No table will come (its job failed or was cancelled).
    pub fn table_refused(&mut self) {
        self.table_expected = false;
        self.hint = self.work_out_hint();
    }

    /// The number of states of the sum: the product of each piece's cells.
    pub fn state_count(&self) -> u64 {
        self.start
            .iter()
            .map(|&(x, y)| (x.saturating_add(1)).saturating_mul(y.saturating_add(1)))
            .fold(1u64, |a, b| a.saturating_mul(b))
    }

    /// Whether the piece at `p` can move. O(number of offsets).
    fn can_move(&self, p: (u64, u64)) -> bool {
        self.rules.has_move_at([p.0, p.1, 0])
    }

    /// Every move of the side to move, (piece, target), when there are at
    /// most [`MAX_LISTED_MOVES`] in all; `None` when there may be more.
    pub fn moves(&self) -> Option<Vec<(usize, (u64, u64))>> {
        let bound =
            self.pieces.iter().fold(0u64, |n, &(x, y)| n.saturating_add(self.rules.move_count_bound([x, y, 0])));
        (bound <= MAX_LISTED_MOVES).then(|| Self::moves_of(&self.rules, &self.pieces))
    }

    fn moves_of(rules: &Rules, pieces: &Pieces) -> Vec<(usize, (u64, u64))> {
        pieces.iter().enumerate().flat_map(|(i, &p)| rules.moves(p.0, p.1).into_iter().map(move |t| (i, t))).collect()
    }

    /// The winner once no piece can move (normal: the last mover; misère:
    /// the other one).
    pub fn winner(&self) -> Option<usize> {
        if self.pieces.iter().any(|&p| self.can_move(p)) {
            return None;
        }
        let to_move = self.to_move();
        Some(if self.rules.convention == Convention::Misere { to_move } else { 1 - to_move })
    }

    /// Whether the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.players[self.to_move()].is_computer()
    }

    /// The Grundy value of one piece's cell (of the rules in normal play):
    /// from the closed form at any size, else from the table.
    pub fn value(&self, p: (u64, u64)) -> Option<u64> {
        if let Some(cf) = self.closed {
            return cf.grundy(p.0, p.1).and_then(|v| u64::try_from(v).ok());
        }
        let t = self.table.as_ref()?;
        let inside = p.0 < t.width() as u64 && p.1 < t.height() as u64;
        inside.then(|| u64::from(t.get(p.0 as usize, p.1 as usize)))
    }

    /// The targets of piece `p` whose value is `v`: from the list of its
    /// moves when it is short, else from the closed form.
    fn targets_of_value(&self, p: (u64, u64), v: u64) -> Vec<(u64, u64)> {
        let candidates = match self.rules.moves_at_most([p.0, p.1, 0], MAX_LISTED_MOVES) {
            Some(list) => list.into_iter().map(|q| (q[0], q[1])).collect(),
            None => self.formula_candidates(p, v),
        };
        candidates
            .into_iter()
            .filter(|&(a, b)| self.rules.has_move_to(p.0, p.1, a, b) && self.value((a, b)) == Some(v))
            .collect()
    }

    /// A superset of the targets of value `v` from `(x, y)` for the closed
    /// forms with Grundy numbers, `g = (a + b) mod q + q (a/q XOR b/q)`
    /// (q = 1: Nim): in row `y` the one `a` of value `v` is
    /// `q ((v/q) XOR (y/q)) + (v - y) mod q`, the same in column `x`, and
    /// the jumps.
    fn formula_candidates(&self, (x, y): (u64, u64), v: u64) -> Vec<(u64, u64)> {
        let mut c: Vec<(u64, u64)> = self
            .rules
            .piece
            .jumps
            .iter()
            .filter_map(|o| Some((x.checked_sub(o.dx as u64)?, y.checked_sub(o.dy as u64)?)))
            .collect();
        let q = match self.closed {
            Some(ClosedForm::Ryuoh { p }) => p,
            _ => 1,
        };
        let partner = |other: u64| -> Option<u64> {
            let high = (v / q) ^ (other / q);
            let low = (v % q + q - other % q) % q;
            high.checked_mul(q)?.checked_add(low)
        };
        c.extend(partner(y).map(|a| (a, y)));
        c.extend(partner(x).map(|b| (x, b)));
        c
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
    pub fn hint(&self) -> &SumHint {
        &self.hint
    }

    fn work_out_hint(&self) -> SumHint {
        if self.rules.convention == Convention::Misere {
            if self.misere.is_none() {
                return if self.table_expected && self.table.is_none() {
                    SumHint::Computing
                } else {
                    SumHint::Unavailable
                };
            }
            // The search ran, so the sum is small and its moves are listed.
            let wins = Self::moves_of(&self.rules, &self.pieces)
                .into_iter()
                .filter(|&(i, t)| {
                    let mut next = self.pieces.clone();
                    next[i] = t;
                    self.misere_outcome(&next) == Some(false)
                })
                .collect();
            return SumHint::Misere { wins };
        }
        let Some(values) = self.pieces.iter().map(|&p| self.value(p)).collect::<Option<Vec<u64>>>() else {
            return if self.table_expected && self.table.is_none() { SumHint::Computing } else { SumHint::Unavailable };
        };
        let xor = values.iter().fold(0, |a, &v| a ^ v);
        let mut wins = Vec::new();
        if xor != 0 {
            for (i, &p) in self.pieces.iter().enumerate() {
                wins.extend(self.targets_of_value(p, values[i] ^ xor).into_iter().map(|t| (i, t)));
            }
        }
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
        self.hint = self.work_out_hint();
        Ok(())
    }

    /// A random move: a piece that can move, then one of its moves.
    fn random_move(&self, rng: &mut Rng) -> Option<(usize, (u64, u64))> {
        let movable: Vec<usize> = (0..self.pieces.len()).filter(|&i| self.can_move(self.pieces[i])).collect();
        if movable.is_empty() {
            return None;
        }
        let i = *rng.pick(&movable);
        let (x, y) = self.pieces[i];
        let q = self.rules.random_move_at([x, y, 0], &mut |n| rng.below(n))?;
        Some((i, (q[0], q[1])))
    }

    /// If the computer is to move, let it move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<SumMove> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let random = matches!(strength, Strength::Random) || (strength == Strength::Mistakes && rng.chance(1, 3));
        let wins = match &self.hint {
            SumHint::Values { wins, .. } | SumHint::Misere { wins } => wins.clone(),
            _ => Vec::new(),
        };
        let (i, t) = if random || wins.is_empty() { self.random_move(rng)? } else { *rng.pick(&wins) };
        self.apply(i, t).ok()?;
        self.history.last().copied()
    }

    /// Whether the computer knows the game (a hint is available); else its
    /// moves are random.
    pub fn is_known(&self) -> bool {
        matches!(self.hint, SumHint::Values { .. } | SumHint::Misere { .. })
    }
}

impl Turns for SumGame {
    /// Take back the last move.
    fn undo(&mut self) -> bool {
        let Some(m) = self.history.undo().copied() else { return false };
        self.pieces[m.piece] = m.from;
        self.hint = self.work_out_hint();
        true
    }

    /// Play again the last move taken back.
    fn redo(&mut self) -> bool {
        let Some(m) = self.history.redo().copied() else { return false };
        self.pieces[m.piece] = m.to;
        self.hint = self.work_out_hint();
        true
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
        let (w, h) = g.table_size().unwrap_or((1, 1));
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
            let SumHint::Values { values, xor, wins } = g.hint().clone() else { panic!("normal play") };
            assert_eq!(values.len(), 3);
            assert_eq!(xor == 0, wins.is_empty(), "{start:?}");
            // Every winning move leaves a sum of XOR 0.
            for &(i, t) in &wins {
                let after: u64 =
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
            let SumHint::Misere { wins } = g.hint().clone() else { panic!("small enough to search") };
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
        assert_eq!(p.hint(), &SumHint::Misere { wins: vec![] });
        let n = with_table(&queen, vec![(0, 1), (1, 0)], PERFECT_VS_RANDOM);
        assert!(matches!(n.hint(), SumHint::Misere { wins } if !wins.is_empty()));

        // Too large: no hint.
        let big = with_table(&queen, vec![(300, 300), (300, 299), (299, 300)], PERFECT_VS_RANDOM);
        assert_eq!(big.hint(), &SumHint::Unavailable);
    }

    /// Sums of pieces 10^15 cells from the corner: the rook and the
    /// parameter-p piece are played exactly from their Grundy formulas (the
    /// winning targets named by the formula, not found in a list), the
    /// queen at random with no hint, and nothing is listed.
    #[test]
    fn huge_sums_are_played_from_formulas_without_lists() {
        let big = 10u64.pow(15);
        let mut rng = Rng::new(3);
        for name in ["nim", "ryuoh:4", "dragon-king"] {
            let rules = preset(name).unwrap();
            let start = vec![(big, big + 17), (big + 5, 3), (12, big + 1)];
            let mut g = SumGame::new(&rules, start, PERFECT_VS_RANDOM);
            assert_eq!(g.table_size(), None, "{name}: the formula needs no table");
            assert_eq!(g.moves(), None, "{name}");
            for _ in 0..5 {
                let SumHint::Values { xor, wins, .. } = g.hint().clone() else { panic!("{name}: values known") };
                assert!(xor != 0 && !wins.is_empty(), "{name}: the perfect side faces an N-position");
                g.computer_move(&mut rng).unwrap();
                let SumHint::Values { xor, .. } = g.hint().clone() else { panic!() };
                assert_eq!(xor, 0, "{name}: after a perfect move the XOR is 0");
                g.computer_move(&mut rng).unwrap();
            }
        }
        // The targets the formula names are exactly those of a scan, on
        // positions small enough to scan (a table as the judge).
        for name in ["nim", "ryuoh:4", "dragon-king"] {
            let rules = preset(name).unwrap();
            let t = crate::grundy::compute(&rules, 40, 40, &crate::Control::new()).unwrap();
            let g = SumGame::new(&rules, vec![(39, 39)], PERFECT_VS_RANDOM);
            for x in 0..40u64 {
                for y in 0..40u64 {
                    for v in 0..12u64 {
                        let mut scan: Vec<(u64, u64)> = rules
                            .moves(x, y)
                            .into_iter()
                            .filter(|&(a, b)| u64::from(t.get(a as usize, b as usize)) == v)
                            .collect();
                        scan.sort_unstable();
                        let mut named: Vec<(u64, u64)> = g
                            .formula_candidates((x, y), v)
                            .into_iter()
                            .filter(|&(a, b)| rules.has_move_to(x, y, a, b) && g.value((a, b)) == Some(v))
                            .collect();
                        named.sort_unstable();
                        named.dedup();
                        assert_eq!(named, scan, "{name} ({x},{y}) value {v}");
                    }
                }
            }
        }
        let queen = preset("queen").unwrap();
        let mut g = SumGame::new(&queen, vec![(big, big), (big, 1)], PERFECT_VS_RANDOM);
        assert_eq!(g.table_size(), None);
        assert_eq!(g.hint(), &SumHint::Unavailable);
        assert!(!g.is_known());
        let m = g.computer_move(&mut rng).unwrap();
        assert!(queen.has_move_to(m.from.0, m.from.1, m.to.0, m.to.1));
    }
}
