//! A sum of games of heaps: two to four games of the same rules (one to
//! eight coordinates, a piece's moves or a program's) side by side; a move
//! is a move in one of them, and the sum ends when none has a move left.
//!
//! In normal play the Sprague–Grundy theorem gives the value of the sum:
//! the XOR of the games' Grundy numbers, each read from one table that
//! covers every game's box (or from Bouton's rule for Nim); a winning move
//! brings one game to the value `g_i XOR s`, s the XOR of all. A misère sum
//! does not follow the XOR: a sum of Nim games is Nim on all their heaps,
//! played by Bouton's misère rule; for other rules misère sums have no
//! hints here (the computer then plays at random, and says so). Passes are
//! moves of the whole sum, not of one game, so rules with passes are not
//! summed ([`HeapSum::new`] refuses them).

use super::heaps::{HeapGame, HeapHint, HeapMove, HeapOptions, HeapReason};
use super::history::History;
use super::rng::Rng;
use super::{PlayerKind, Players, Strength, Turns};
use crate::game_table::GameTable;
use crate::rules::{Convention, MAX_DIMENSION, Point, ProgramError, Rules};
use crate::theory::nim_winning_moves;

/// The most games in a sum.
pub const MAX_SUM_GAMES: usize = 4;

/// One move of a sum: which game, from where to where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapSumMove {
    /// The game that moved (0-based).
    pub part: usize,
    /// Its heaps before.
    pub from: Point,
    /// Its heaps after.
    pub to: Point,
    /// Who moved: 0 = the side that started.
    pub by: usize,
    /// Why the computer played it (`None` for a person's move).
    pub reason: Option<HeapReason>,
}

/// What the hint says about a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapSumHint {
    /// Normal play: each game's Grundy value, their XOR, and the winning
    /// moves (game, heaps after); none when the XOR is 0.
    Values {
        /// Each game's Grundy value, in order.
        values: Vec<u64>,
        /// Their XOR: 0 is a P-position.
        xor: u64,
        /// The winning moves.
        wins: Vec<(usize, Point)>,
    },
    /// Misère Nim on all the heaps of the games (Bouton's misère rule):
    /// the winning moves, none in a P-position.
    MisereNim {
        /// The winning moves.
        wins: Vec<(usize, Point)>,
    },
    /// A misère sum of rules other than Nim, or a start too large for a
    /// table: no hints.
    Unavailable,
    /// The table is still being computed.
    Computing,
}

/// Why rules cannot be summed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapSumError {
    /// The rules have passes: a pass is a move of the whole sum.
    Passes,
    /// Not two to [`MAX_SUM_GAMES`] games.
    Count(usize),
}

/// A sum of games of heaps in progress.
#[derive(Clone, Debug)]
pub struct HeapSum {
    rules: Rules,
    /// Each game, in normal play (their values are Grundy numbers); their
    /// own turns are not used.
    parts: Vec<HeapGame>,
    history: History<HeapSumMove>,
    players: Players,
    hint: HeapSumHint,
}

impl HeapSum {
    /// A sum of `rules` with the games at `starts` (each its first
    /// `dimension` heaps). A later game whose start is not a position of
    /// the game (a program's `fn position`) starts where the first does.
    pub fn new(rules: &Rules, starts: &[Vec<u64>], players: Players) -> Result<Self, HeapSumError> {
        if rules.passes.any() {
            return Err(HeapSumError::Passes);
        }
        if !(2..=MAX_SUM_GAMES).contains(&starts.len()) {
            return Err(HeapSumError::Count(starts.len()));
        }
        let plain = Rules { convention: Convention::Normal, ..rules.clone() };
        let both = [PlayerKind::Human, PlayerKind::Human];
        let mut parts: Vec<HeapGame> = starts.iter().map(|s| HeapGame::new(&plain, s, both)).collect();
        for j in 1..parts.len() {
            if matches!(parts[j].failure(), Some(ProgramError::NotAPosition { .. })) {
                parts[j] = parts[0].clone();
            }
        }
        let mut sum =
            HeapSum { rules: rules.clone(), parts, history: History::default(), players, hint: HeapSumHint::Computing };
        sum.refresh();
        Ok(sum)
    }

    /// The rules (with the sum's convention).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The games, in order (each in normal play).
    pub fn parts(&self) -> &[HeapGame] {
        &self.parts
    }

    /// The two players.
    pub fn players(&self) -> Players {
        self.players
    }

    /// The moves played (and taken back, to play again).
    pub fn history(&self) -> &History<HeapSumMove> {
        &self.history
    }

    /// The side to move: 0 = the side that started.
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// Whether the games are Nim (Bouton's rule answers at any size).
    pub fn is_nim(&self) -> bool {
        self.parts.iter().all(HeapGame::is_nim)
    }

    /// The box of the one table every game is read from: the largest heap
    /// of each coordinate over the games, when each game's start is small
    /// enough for a table ([`HeapGame::table_start`]); `None` for Nim, and
    /// for a misère sum of other games (no table gives its hints).
    pub fn table_start(&self) -> Option<Point> {
        if self.rules.convention == Convention::Misere {
            return None;
        }
        let mut top = [0; MAX_DIMENSION];
        for part in &self.parts {
            let p = part.table_start()?;
            for (t, c) in top.iter_mut().zip(p) {
                *t = (*t).max(c);
            }
        }
        // The covering box must be small enough too.
        let d = self.parts[0].dimension();
        HeapGame::new(&self.parts[0].rules().clone(), &top[..d], self.players).table_start()
    }

    /// Hand over the table (of the rules in normal play) covering
    /// [`HeapSum::table_start`].
    pub fn set_table(&mut self, table: GameTable) {
        for part in &mut self.parts {
            part.set_table(table.clone());
        }
        self.refresh();
    }

    /// No table will come.
    pub fn table_refused(&mut self) {
        for part in &mut self.parts {
            part.table_refused();
        }
        self.refresh();
    }

    /// The rules program's error in one of the games, if it failed there.
    pub fn failure(&self) -> Option<&ProgramError> {
        self.parts.iter().find_map(HeapGame::failure)
    }

    /// Whether game `i` has a move left.
    pub fn part_has_moves(&self, i: usize) -> bool {
        self.parts.get(i).is_some_and(|p| p.winner().is_none() && p.failure().is_none())
    }

    /// Whether the sum is over, and who won: the player who moved last in
    /// normal play, the other one in misère.
    pub fn winner(&self) -> Option<usize> {
        if self.failure().is_some() || (0..self.parts.len()).any(|i| self.part_has_moves(i)) {
            return None;
        }
        let to_move = self.to_move();
        Some(if self.rules.convention == Convention::Misere { to_move } else { 1 - to_move })
    }

    /// Whether the computer is to move (and the sum goes on).
    pub fn computer_to_move(&self) -> bool {
        self.winner().is_none() && self.failure().is_none() && self.players[self.to_move()].is_computer()
    }

    /// The hint for the side to move.
    pub fn hint(&self) -> &HeapSumHint {
        &self.hint
    }

    /// Whether moving game `part` to `to` is a move.
    pub fn is_legal(&self, part: usize, to: Point) -> bool {
        self.parts.get(part).is_some_and(|p| self.part_has_moves(part) && p.is_legal(HeapMove::To(to)))
    }

    /// A person moves game `part` to `to`; false when it is not a move or
    /// not a person's turn.
    pub fn play(&mut self, part: usize, to: Point) -> bool {
        if self.players[self.to_move()].is_computer() || self.winner().is_some() {
            return false;
        }
        self.apply(part, to, None)
    }

    fn apply(&mut self, part: usize, to: Point, reason: Option<HeapReason>) -> bool {
        if !self.is_legal(part, to) {
            return false;
        }
        let from = self.parts[part].state().position;
        if self.parts[part].play(HeapMove::To(to)).is_err() {
            return false;
        }
        self.history.push(HeapSumMove { part, from, to, by: self.to_move(), reason });
        self.refresh();
        true
    }

    /// If the computer is to move, let it move; returns its move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<HeapSumMove> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        let random = match strength {
            Strength::Random => Some(HeapReason::Random),
            Strength::Mistakes if rng.chance(1, 3) => Some(HeapReason::Mistake),
            _ => None,
        };
        let wins = match &self.hint {
            HeapSumHint::Values { wins, .. } | HeapSumHint::MisereNim { wins } => Some(wins.clone()),
            HeapSumHint::Unavailable | HeapSumHint::Computing => None,
        };
        let unknown =
            if self.rules.convention == Convention::Misere { HeapReason::MisereUnknown } else { HeapReason::TooLarge };
        let ((part, to), why) = match (wins, random) {
            (_, Some(HeapReason::Random)) => (self.random_move(rng)?, HeapReason::Random),
            (None, _) => (self.random_move(rng)?, unknown),
            (_, Some(why)) => (self.random_move(rng)?, why),
            (Some(wins), None) if !wins.is_empty() => (*rng.pick(&wins), HeapReason::ToP),
            (Some(_), None) => (self.random_move(rng)?, HeapReason::NoWinningMove),
        };
        self.apply(part, to, Some(why)).then(|| self.history.last().copied()).flatten()
    }

    /// Some move, at random: a game with a move, then one of its moves.
    fn random_move(&self, rng: &mut Rng) -> Option<(usize, Point)> {
        let open: Vec<usize> = (0..self.parts.len()).filter(|&i| self.part_has_moves(i)).collect();
        let part = *rng.pick(&open);
        match self.parts[part].random_move(rng)? {
            HeapMove::To(p) => Some((part, p)),
            HeapMove::Pass => None,
        }
    }

    fn refresh(&mut self) {
        self.hint = self.work_out_hint();
    }

    fn work_out_hint(&self) -> HeapSumHint {
        let d = self.parts[0].dimension();
        let misere = self.rules.convention == Convention::Misere;
        if self.is_nim() {
            // Nim on all the heaps of all the games.
            let heaps: Vec<u64> = self.parts.iter().flat_map(|p| p.state().position[..d].to_vec()).collect();
            let wins = nim_winning_moves(&heaps, misere)
                .into_iter()
                .map(|(at, left)| {
                    let (part, i) = (at / d, at % d);
                    let mut q = self.parts[part].state().position;
                    q[i] = left;
                    (part, q)
                })
                .collect();
            return if misere {
                HeapSumHint::MisereNim { wins }
            } else {
                let values: Vec<u64> =
                    self.parts.iter().map(|p| p.state().position[..d].iter().fold(0, |a, &h| a ^ h)).collect();
                let xor = values.iter().fold(0, |a, &v| a ^ v);
                HeapSumHint::Values { values, xor, wins }
            };
        }
        if misere {
            return HeapSumHint::Unavailable;
        }
        let values: Option<Vec<u64>> = self.parts.iter().map(|p| p.value(p.state())).collect();
        let Some(values) = values else {
            // A table is on its way while a game still waits for it (not
            // once its job was refused).
            let coming = self.parts.iter().any(|p| matches!(p.hint(), HeapHint::Computing));
            return if coming && self.table_start().is_some() {
                HeapSumHint::Computing
            } else {
                HeapSumHint::Unavailable
            };
        };
        let xor = values.iter().fold(0, |a, &v| a ^ v);
        let mut wins = Vec::new();
        if xor != 0 {
            for (i, part) in self.parts.iter().enumerate() {
                // An option may have a larger value than its position: every
                // game's options are looked at.
                let target = values[i] ^ xor;
                if let HeapOptions::Listed(options) = part.options() {
                    let here = part.state();
                    for &q in options {
                        let after = super::heaps::HeapState { position: q, ..here };
                        if part.value(after) == Some(target) {
                            wins.push((i, q));
                        }
                    }
                }
            }
        }
        HeapSumHint::Values { values, xor, wins }
    }
}

impl Turns for HeapSum {
    fn undo(&mut self) -> bool {
        let Some(m) = self.history.undo().copied() else { return false };
        self.parts[m.part].undo();
        self.refresh();
        true
    }

    fn redo(&mut self) -> bool {
        let Some(m) = self.history.redo().copied() else { return false };
        // The game's own history is the sum's: replay the move in it. If
        // the program fails there now, the move stays taken back.
        if self.parts[m.part].play(HeapMove::To(m.to)).is_err() {
            self.history.undo();
            return false;
        }
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
    use crate::play::PERFECT_VS_RANDOM;
    use crate::rules::{Program, preset};
    use std::collections::HashMap;

    fn with_table(rules: &Rules, starts: &[Vec<u64>], players: Players) -> HeapSum {
        let mut sum = HeapSum::new(rules, starts, players).unwrap();
        if let Some(top) = sum.table_start() {
            let plain = Rules { convention: Convention::Normal, ..rules.clone() };
            sum.set_table(GameTable::covering(&plain, &top, &crate::Control::new()).unwrap());
        }
        sum
    }

    /// Greedy Nim on two heaps, by a game tree written here.
    fn greedy(p: (u64, u64), memo: &mut HashMap<(u64, u64), u64>) -> u64 {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let top = p.0.max(p.1);
        let mut seen = Vec::new();
        for v in 0..top {
            if p.0 == top {
                seen.push(greedy((v, p.1), memo));
            }
            if p.1 == top {
                seen.push(greedy((p.0, v), memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
        memo.insert(p, g);
        g
    }

    /// A sum of three games of Greedy Nim on two heaps (a program): the
    /// values are each game's Grundy number by a game tree, the hint's
    /// moves bring the XOR to 0, and the perfect computer wins every sum
    /// it starts from an N-position; undo and redo walk the moves.
    #[test]
    fn a_sum_of_games_of_heaps_is_the_xor_of_their_values() {
        let rules = preset("greedy-nim-2").unwrap();
        let mut memo = HashMap::new();
        let mut rng = Rng::new(5);
        let mut won = 0;
        for _ in 0..12 {
            let starts: Vec<Vec<u64>> = (0..3).map(|_| vec![rng.range(0, 9), rng.range(0, 9)]).collect();
            let mut sum = with_table(&rules, &starts, PERFECT_VS_RANDOM);
            let HeapSumHint::Values { values, xor, wins } = sum.hint().clone() else { panic!("{:?}", sum.hint()) };
            let want: Vec<u64> = starts.iter().map(|s| greedy((s[0], s[1]), &mut memo)).collect();
            assert_eq!(values, want, "{starts:?}");
            assert_eq!(xor, want.iter().fold(0, |a, v| a ^ v));
            // The winning moves are every move to XOR 0, by the game tree.
            let mut all = Vec::new();
            for (i, s) in starts.iter().enumerate() {
                let top = s[0].max(s[1]);
                for v in 0..top {
                    for (j, q) in [(0, [v, s[1]]), (1, [s[0], v])] {
                        if s[j] == top {
                            let mut after = want.clone();
                            after[i] = greedy((q[0], q[1]), &mut memo);
                            if after.iter().fold(0, |a, v| a ^ v) == 0 {
                                all.push((i, [q[0], q[1]]));
                            }
                        }
                    }
                }
            }
            let mut listed: Vec<(usize, [u64; 2])> = wins.iter().map(|&(i, q)| (i, [q[0], q[1]])).collect();
            listed.sort_unstable();
            all.sort_unstable();
            all.dedup();
            assert_eq!(listed, all, "{starts:?}: every winning move, and only those");
            assert_eq!(wins.is_empty(), xor == 0, "{starts:?}");
            if xor == 0 {
                continue;
            }
            while sum.winner().is_none() {
                assert!(sum.computer_move(&mut rng).is_some() || sum.winner().is_some());
            }
            assert_eq!(sum.winner(), Some(0), "the perfect computer wins {starts:?}");
            won += 1;
            // Undo to the start, redo to the end.
            let n = sum.history().len();
            while sum.undo() {}
            assert_eq!(sum.parts().iter().map(|p| p.state().position[..2].to_vec()).collect::<Vec<_>>(), starts);
            while sum.redo() {}
            assert_eq!(sum.history().len(), n);
            assert_eq!(sum.winner(), Some(0));
        }
        assert!(won >= 5, "only {won} sums were N-positions");
    }

    /// A winning move may raise a game's value (an option can have a larger
    /// Grundy number than its position): Wythoff's game at (1, 2), value 0,
    /// beside (0, 2), value 2.
    #[test]
    fn a_winning_move_may_raise_the_value_of_its_game() {
        let rules = preset("queen-program").unwrap();
        let sum = with_table(&rules, &[vec![1, 2], vec![0, 2]], PERFECT_VS_RANDOM);
        let HeapSumHint::Values { values, xor, wins } = sum.hint().clone() else { panic!("{:?}", sum.hint()) };
        assert_eq!((values, xor), (vec![0, 2], 2));
        let mut wins: Vec<(usize, Vec<u64>)> = wins.iter().map(|(i, q)| (*i, q[..2].to_vec())).collect();
        wins.sort();
        assert_eq!(wins, vec![(0, vec![0, 2]), (0, vec![1, 1]), (1, vec![0, 0])]);
        // A table refused: no hints, not "computing" for good.
        let mut sum = HeapSum::new(&rules, &[vec![1, 2], vec![0, 2]], PERFECT_VS_RANDOM).unwrap();
        assert_eq!(sum.hint(), &HeapSumHint::Computing);
        sum.table_refused();
        assert_eq!(sum.hint(), &HeapSumHint::Unavailable);
        // A later game whose start is no bar of the chocolate starts where
        // the first does.
        let bars = HeapSum::new(&preset("chocolate-2d").unwrap(), &[vec![2, 6], vec![5, 7]], PERFECT_VS_RANDOM);
        let starts: Vec<Vec<u64>> = bars.unwrap().parts().iter().map(|p| p.state().position[..2].to_vec()).collect();
        assert_eq!(starts, vec![vec![2, 6], vec![2, 6]]);
    }

    /// Sums of Nim games of four heaps are Nim on all their heaps, at any
    /// size, normal and misère; passes are refused; a misère sum of other
    /// rules has no hints.
    #[test]
    fn sums_of_nim_are_nim_on_all_the_heaps_and_passes_are_refused() {
        let big = 1_000_000_000_000_000u64;
        for misere in [false, true] {
            let mut rules = preset("nim-4").unwrap();
            if misere {
                rules = rules.misere();
            }
            let starts = vec![vec![big, 3, 5, 7], vec![1, 1, big + 6, 2]];
            let mut sum = HeapSum::new(&rules, &starts, PERFECT_VS_RANDOM).unwrap();
            assert_eq!(sum.table_start(), None, "Bouton's rule needs no table");
            let m = sum.computer_move(&mut Rng::new(1)).unwrap();
            assert_eq!(m.reason, Some(HeapReason::ToP));
            let heaps: Vec<u64> = sum.parts().iter().flat_map(|p| p.state().position[..4].to_vec()).collect();
            assert!(crate::theory::is_nim_p(&heaps, misere), "misère {misere}: {heaps:?}");
        }
        let passes = HeapSum::new(&preset("nim-4+pass").unwrap(), &[vec![1; 4], vec![2; 4]], PERFECT_VS_RANDOM);
        assert_eq!(passes.unwrap_err(), HeapSumError::Passes);
        let one = HeapSum::new(&preset("nim-4").unwrap(), &[vec![1; 4]], PERFECT_VS_RANDOM);
        assert_eq!(one.unwrap_err(), HeapSumError::Count(1));
        let misere = preset("greedy-nim-2").unwrap().misere();
        let sum = with_table(&misere, &[vec![2, 3], vec![4, 1]], PERFECT_VS_RANDOM);
        assert_eq!(sum.hint(), &HeapSumHint::Unavailable);
        // A program of four heaps is summed from one table.
        let four = Rules::from_program(
            "take-one",
            Program::new("fn moves(a, b, c, d) { let o = []; if a > 0 { o.push([a - 1, b, c, d]); } if d > 0 { o.push([a, b, c, d - 1]); } o }").unwrap(),
        );
        let sum = with_table(&four, &[vec![2, 0, 0, 1], vec![1, 0, 0, 1]], PERFECT_VS_RANDOM);
        // Each game is a heap of a + d stones taken one at a time: its value
        // is (a + d) mod 2.
        assert!(
            matches!(sum.hint(), HeapSumHint::Values { values, xor: 1, .. } if values == &vec![1, 0]),
            "{:?}",
            sum.hint()
        );
    }
}
