//! A row of heaps of a take-and-break game (Kayles, Dawson's Kayles,
//! Grundy's game, any octal code): a move takes from one heap and may
//! leave it as two or more heaps. The value of the row is the XOR of the
//! heaps' values g(n) (Sprague–Grundy), so the winning moves are those
//! that leave a row of XOR 0, and the computer and the hints find them
//! from the one sequence g(0), …, g(largest heap).
//!
//! Heaps are at most [`MAX_ROW_HEAP`] stones, so the values and the
//! options of a heap are few (a few thousand at most) and are listed.

use super::Turns;
use super::history::History;
use super::rng::Rng;
use super::{MoveError, PlayerKind, Players, Strength};
use crate::rules::Rules;
use crate::takebreak::{Pick, Sequence, TakeBreak, TakeBreakError, compute};
use std::sync::OnceLock;

/// The most heaps a row starts with.
pub const MAX_ROW_HEAPS: usize = 8;
/// The largest heap a row starts with.
pub const MAX_ROW_HEAP: u64 = 1000;

/// The winning moves of a position as far as they were looked for.
#[derive(Clone, Debug, Default)]
struct WinningSearch {
    /// The moves found, `(heap, parts)`.
    moves: Vec<(usize, Vec<u64>)>,
    /// Whether they are all: every option was walked.
    complete: bool,
}

/// The most winning moves a row's hint shows and the computer chooses
/// among.
pub const MAX_WINNING_MOVES: usize = 64;

/// The options the search for winning moves walks once it has found one:
/// a position with few winning moves among millions of splits stops
/// there, not at the end of every heap's list.
const WINNING_WALK: usize = 200_000;

/// The options of a heap the weakest computer picks a random move among.
const RANDOM_OPTIONS: u64 = 100_000;

/// One move: heap `heap` (its index in the row) of `from` stones became
/// the heaps `parts` (none, one or several), put where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowMove {
    /// The row before the move.
    pub before: Vec<u64>,
    /// Which heap of `before` (0-based).
    pub heap: usize,
    /// The heaps it became (sorted; none when it was taken whole).
    pub parts: Vec<u64>,
    /// Who moved (0 = the side that started).
    pub by: usize,
    /// For a computer move, why.
    pub reason: Option<RowReason>,
}

impl RowMove {
    /// The row after the move.
    pub fn after(&self) -> Vec<u64> {
        let mut row = self.before.clone();
        row.splice(self.heap..=self.heap, self.parts.iter().copied());
        row
    }

    /// How many stones the move took.
    pub fn taken(&self) -> u64 {
        self.before[self.heap] - self.parts.iter().sum::<u64>()
    }
}

/// Why the computer played its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowReason {
    /// The row after the move has value 0: the XOR of these `(heap, g)`.
    XorZero {
        /// Each heap of the row after the move, with its value.
        values: Vec<(u64, u32)>,
    },
    /// The row had value 0: every move loses against best play.
    NoWinningMove,
    /// A random move (random strength).
    Random,
    /// A random move on purpose (makes-mistakes strength).
    Mistake,
}

/// The hint for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowHint {
    /// The row's value is not 0: these moves `(heap, parts)` leave 0.
    WinningMoves {
        /// Each heap with its value, and their XOR.
        values: Vec<(u64, u32)>,
        /// The value of the row.
        xor: u32,
        /// The winning moves.
        moves: Vec<(usize, Vec<u64>)>,
    },
    /// The row's value is 0: a P-position.
    PPosition {
        /// Each heap with its value.
        values: Vec<(u64, u32)>,
    },
}

/// A row of heaps in progress.
#[derive(Clone, Debug)]
pub struct RowGame {
    rules: Rules,
    game: TakeBreak,
    values: Sequence,
    start: Vec<u64>,
    row: Vec<u64>,
    history: History<RowMove>,
    players: Players,
    /// The winning moves of `row`, found once per position (a frame asks
    /// for them many times; a heap of `split:4` has 1.5 million options).
    winning: OnceLock<WinningSearch>,
    /// Whether no heap of `row` has a move, found once per position.
    stuck: OnceLock<bool>,
}

/// Why a row cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowError {
    /// The rules are not a take-and-break game.
    Rules(TakeBreakError),
    /// No heap, more than [`MAX_ROW_HEAPS`], or one above `max`: the
    /// smaller of [`MAX_ROW_HEAP`] and the largest heap the method for
    /// these rules reaches (600 for a split into four heaps).
    Start {
        /// The largest heap allowed.
        max: u64,
    },
    /// The values do not fit in memory.
    Values(crate::takebreak::SequenceError),
}

impl RowGame {
    /// A new game of `rules` (a take-and-break game) from the heaps
    /// `start`. The values up to the largest heap are computed here: at
    /// most [`MAX_ROW_HEAP`] of them, a few milliseconds for every code.
    pub fn new(rules: &Rules, start: &[u64], players: Players) -> Result<Self, RowError> {
        let game = TakeBreak::from_rules(rules).map_err(RowError::Rules)?;
        let max = MAX_ROW_HEAP.min(crate::takebreak::reach(&game).0);
        if start.is_empty() || start.len() > MAX_ROW_HEAPS || start.iter().any(|&h| h > max) {
            return Err(RowError::Start { max });
        }
        let top = start.iter().copied().max().unwrap_or(0);
        let values = compute(&game, top, &crate::Control::new()).map_err(|e| match e {
            crate::takebreak::SequenceError::Rules(e) => RowError::Rules(e),
            e => RowError::Values(e),
        })?;
        let row: Vec<u64> = start.iter().copied().filter(|&h| h > 0).collect();
        Ok(RowGame {
            rules: rules.clone(),
            game,
            values,
            start: start.to_vec(),
            row,
            history: History::default(),
            players,
            winning: OnceLock::new(),
            stuck: OnceLock::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The take-and-break game the rules describe.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// The heaps now, in order (empty heaps are left out).
    pub fn row(&self) -> &[u64] {
        &self.row
    }

    /// The heaps at the start.
    pub fn start(&self) -> &[u64] {
        &self.start
    }

    /// The players (0 moved first).
    pub fn players(&self) -> Players {
        self.players
    }

    /// The moves so far.
    pub fn history(&self) -> &History<RowMove> {
        &self.history
    }

    /// The side to move.
    pub fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// `g(n)` of one heap (every heap of the game is at most the largest
    /// heap at the start, so its value is known).
    pub fn value(&self, n: u64) -> u32 {
        self.values.get(n).unwrap_or(0)
    }

    /// Each heap of `row` with its value.
    fn values_of(&self, row: &[u64]) -> Vec<(u64, u32)> {
        row.iter().map(|&h| (h, self.value(h))).collect()
    }

    /// The value of the row: the XOR of its heaps' values.
    pub fn xor(&self) -> u32 {
        self.row.iter().fold(0, |x, &h| x ^ self.value(h))
    }

    /// At most `max` options of heap `i` ([`TakeBreak::options_at_most`]):
    /// what a screen of buttons shows, at a cost that does not grow with
    /// the heap.
    pub fn options_at_most(&self, i: usize, max: usize) -> Vec<Vec<u64>> {
        self.row.get(i).map_or_else(Vec::new, |&n| self.game.options_at_most(n, max).unwrap_or_default())
    }

    /// The heaps are now `row`: what was found about the last position
    /// is forgotten.
    fn set_row(&mut self, row: Vec<u64>) {
        self.row = row;
        self.winning = OnceLock::new();
        self.stuck = OnceLock::new();
    }

    /// The winner once no move is left (normal play: the last mover),
    /// from the rules of each heap, not from lists of its options.
    pub fn winner(&self) -> Option<usize> {
        let stuck = *self.stuck.get_or_init(|| self.row.iter().all(|&n| !self.game.has_option(n).unwrap_or(false)));
        stuck.then(|| 1 - self.to_move())
    }

    /// Whether the computer is to move (and the game goes on).
    pub fn computer_to_move(&self) -> bool {
        self.players[self.to_move()].is_computer() && self.winner().is_none()
    }

    /// The moves `(heap, parts)` that leave a row of value 0 (none when
    /// the row's value is 0), at most [`MAX_WINNING_MOVES`], found once per
    /// position. They are looked for by value: first in the heaps whose
    /// value is above the value the move must leave, where the mex rule
    /// says such a move exists; the walk over the options stops once
    /// enough are found, or once one is found and [`WINNING_WALK`] options
    /// were walked, so a winning row of large `split:4` heaps costs what
    /// it takes to find a first move, not the millions each heap has.
    /// [`RowGame::winning_moves_complete`] says whether these are all.
    pub fn winning_moves(&self) -> Vec<(usize, Vec<u64>)> {
        self.winning_search().moves.clone()
    }

    /// Whether [`RowGame::winning_moves`] are every winning move (the
    /// search walked every option), not only the first found.
    pub fn winning_moves_complete(&self) -> bool {
        self.winning_search().complete
    }

    fn winning_search(&self) -> &WinningSearch {
        self.winning.get_or_init(|| {
            let x = self.xor();
            let mut out = Vec::new();
            if x == 0 {
                return WinningSearch { moves: out, complete: true };
            }
            // The heaps with a winning move for sure first (a heap of
            // value v has options of every value below v).
            let mut order: Vec<usize> = (0..self.row.len()).collect();
            order.sort_by_key(|&i| x ^ self.value(self.row[i]) >= self.value(self.row[i]));
            let (mut walked, mut complete) = (0, true);
            for i in order {
                let left = MAX_WINNING_MOVES - out.len();
                if left == 0 || (!out.is_empty() && walked >= WINNING_WALK) {
                    complete = false;
                    break;
                }
                let (rest, mut found_here, mut stopped) = (x ^ self.value(self.row[i]), 0, false);
                let mut to_zero = |parts: &[u64]| {
                    walked += 1;
                    if out.len() + found_here > 0 && walked > WINNING_WALK {
                        stopped = true;
                        Pick::Stop
                    } else if parts.iter().fold(rest, |a, &p| a ^ self.value(p)) == 0 {
                        found_here += 1;
                        Pick::Keep
                    } else {
                        Pick::Skip
                    }
                };
                let found = self.game.options_where(self.row[i], &mut to_zero, left).unwrap_or_default();
                // Stopped by the walk, or by the count (more may follow).
                complete &= !stopped && found_here < left;
                out.extend(found.into_iter().map(|parts| (i, parts)));
            }
            out.sort();
            WinningSearch { moves: out, complete }
        })
    }

    /// The hint for the side to move.
    pub fn hint(&self) -> RowHint {
        let values = self.values_of(&self.row);
        match self.xor() {
            0 => RowHint::PPosition { values },
            xor => RowHint::WinningMoves { values, xor, moves: self.winning_moves() },
        }
    }

    /// A person turns heap `heap` into `parts`.
    pub fn play(&mut self, heap: usize, parts: &[u64]) -> Result<(), MoveError> {
        if self.winner().is_some() {
            return Err(MoveError::GameOver);
        }
        if self.players[self.to_move()].is_computer() {
            return Err(MoveError::NotYourTurn);
        }
        self.apply(heap, parts.to_vec(), None)
    }

    fn apply(&mut self, heap: usize, mut parts: Vec<u64>, reason: Option<RowReason>) -> Result<(), MoveError> {
        parts.retain(|&p| p > 0);
        parts.sort_unstable();
        let legal = self.row.get(heap).is_some_and(|&n| self.game.is_option(n, &parts).unwrap_or(false));
        if !legal {
            return Err(MoveError::NotLegal);
        }
        let m = RowMove { before: self.row.clone(), heap, parts, by: self.to_move(), reason };
        self.set_row(m.after());
        self.history.push(m);
        Ok(())
    }

    /// If it is the computer's turn, let it move.
    pub fn computer_move(&mut self, rng: &mut Rng) -> Option<RowMove> {
        if !self.computer_to_move() {
            return None;
        }
        let PlayerKind::Computer(strength) = self.players[self.to_move()] else { return None };
        // A random move: a heap with a move, then one of its options,
        // uniform among the first RANDOM_OPTIONS the walk meets (reservoir
        // sampling: never a list of them).
        let game = &self.game;
        let row = &self.row;
        let random = |rng: &mut Rng| -> Option<(usize, Vec<u64>)> {
            let movable: Vec<usize> = (0..row.len()).filter(|&i| game.has_option(row[i]).unwrap_or(false)).collect();
            let i = *rng.pick(&movable);
            let (mut seen, mut chosen) = (0u64, None);
            let mut sample = |parts: &[u64]| {
                seen += 1;
                if rng.below(seen) == 0 {
                    chosen = Some(parts.to_vec());
                }
                if seen >= RANDOM_OPTIONS { Pick::Stop } else { Pick::Skip }
            };
            game.options_where(row[i], &mut sample, 1).ok()?;
            chosen.map(|p| (i, p))
        };
        let (heap, parts, reason) = match strength {
            Strength::Random => {
                let (i, p) = random(rng)?;
                (i, p, RowReason::Random)
            }
            Strength::Mistakes if rng.chance(1, 3) => {
                let (i, p) = random(rng)?;
                (i, p, RowReason::Mistake)
            }
            _ => {
                let wins = self.winning_moves();
                if wins.is_empty() {
                    // The first move of the first heap that has one.
                    let i = self.row.iter().position(|&n| self.game.has_option(n).unwrap_or(false))?;
                    let p = self.options_at_most(i, 1).into_iter().next()?;
                    (i, p, RowReason::NoWinningMove)
                } else {
                    let (i, p) = rng.pick(&wins).clone();
                    let mut after = self.row.clone();
                    after.splice(i..=i, p.iter().copied());
                    (i, p, RowReason::XorZero { values: self.values_of(&after) })
                }
            }
        };
        self.apply(heap, parts, Some(reason)).ok()?;
        self.history.last().cloned()
    }
}

impl Turns for RowGame {
    fn undo(&mut self) -> bool {
        match self.history.undo() {
            Some(m) => {
                let before = m.before.clone();
                self.set_row(before);
                true
            }
            None => false,
        }
    }

    fn redo(&mut self) -> bool {
        match self.history.redo() {
            Some(m) => {
                let after = m.after();
                self.set_row(after);
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
    use crate::play::{HUMAN_FIRST, PERFECT_VS_RANDOM};
    use std::collections::HashMap;

    /// Whether a row is a P-position, by search over every move (no
    /// Sprague–Grundy): the reference for the XOR rule.
    fn brute_p(game: &TakeBreak, row: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = row.to_vec();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let mut p = true;
        'all: for i in 0..row.len() {
            for parts in game.options(row[i]).unwrap() {
                let mut next = row.to_vec();
                next.splice(i..=i, parts);
                if brute_p(game, &next, memo) {
                    p = false;
                    break 'all;
                }
            }
        }
        memo.insert(key, p);
        p
    }

    #[test]
    fn a_winning_row_of_large_four_way_splits_finds_its_moves_by_value() {
        let rules = Rules::take_and_break("split:4", "split:4");
        let start = [600, 599, 580, 333, 7];
        let g = RowGame::new(&rules, &start, HUMAN_FIRST).unwrap();
        assert_ne!(g.xor(), 0, "a winning row");
        let moves = g.winning_moves();
        assert!(!moves.is_empty() && moves.len() <= MAX_WINNING_MOVES, "{}", moves.len());
        assert!(!g.winning_moves_complete(), "the search stops before every split is walked");
        for (i, parts) in &moves {
            assert!(g.game.is_option(start[*i], parts).unwrap(), "{i} {parts:?}");
            let mut next = start.to_vec();
            next.splice(*i..=*i, parts.iter().copied());
            assert_eq!(next.iter().fold(0, |x, &h| x ^ g.value(h)), 0, "{i} {parts:?}");
        }
        // The walk stops at the moves wanted: a heap of 600 has about
        // 1.5 million splits into four.
        let mut walked = 0;
        let mut count = |_: &[u64]| {
            walked += 1;
            Pick::Keep
        };
        assert_eq!(g.game.options_where(600, &mut count, 5).unwrap().len(), 5);
        assert_eq!(walked, 5);
        // The computer's random move lists a few options, and is legal.
        let mut weak =
            RowGame::new(&rules, &start, [PlayerKind::Computer(Strength::Random), PlayerKind::Human]).unwrap();
        let m = weak.computer_move(&mut Rng::new(7)).expect("a move");
        assert!(weak.game.is_option(m.before[m.heap], &m.parts).unwrap());
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions() {
        for spec in ["kayles", "dawsons-kayles", "grundy-game", "octal:4.07"] {
            let rules = Rules::take_and_break(spec, spec);
            let game = TakeBreak::from_rules(&rules).unwrap();
            let mut memo = HashMap::new();
            for start in [vec![7, 4], vec![3, 5, 6], vec![9], vec![2, 2, 8]] {
                let g = RowGame::new(&rules, &start, HUMAN_FIRST).unwrap();
                let mut expected = Vec::new();
                for i in 0..g.row().len() {
                    for parts in g.options_at_most(i, usize::MAX) {
                        let mut next = g.row().to_vec();
                        next.splice(i..=i, parts.iter().copied());
                        if brute_p(&game, &next, &mut memo) {
                            expected.push((i, parts));
                        }
                    }
                }
                assert_eq!(g.winning_moves(), expected, "{spec} {start:?}");
                assert!(g.winning_moves_complete(), "{spec} {start:?}");
                assert_eq!(g.xor() == 0, brute_p(&game, &start, &mut memo), "{spec} {start:?}");
            }
        }
    }

    #[test]
    fn the_perfect_computer_wins_from_an_n_position_and_undo_restores_the_row() {
        let rules = Rules::take_and_break("kayles", "kayles");
        let mut g = RowGame::new(&rules, &[10, 4], PERFECT_VS_RANDOM).unwrap();
        assert_ne!(g.xor(), 0);
        let mut rng = Rng::new(9);
        let mut moves = 0;
        while g.winner().is_none() {
            g.computer_move(&mut rng).unwrap();
            moves += 1;
            if moves % 2 == 1 {
                assert_eq!(g.xor(), 0, "the perfect side leaves value 0");
            }
        }
        assert_eq!(g.winner(), Some(0));
        while g.undo() {}
        assert_eq!(g.row(), &[10, 4]);
        // A person's move: knock down the middle pins of 10, leaving 4 + 4.
        let mut h = RowGame::new(&rules, &[10], HUMAN_FIRST).unwrap();
        h.play(0, &[4, 4]).unwrap();
        assert_eq!(h.row(), &[4, 4]);
        assert_eq!(h.play(0, &[5]), Err(MoveError::NotYourTurn));
        assert!(RowGame::new(&rules, &[MAX_ROW_HEAP + 1], HUMAN_FIRST).is_err());
        // A split into four heaps is computed up to 600: the limit said is
        // 600, not the row's 1000.
        let four = Rules::take_and_break("split4", "split:4");
        assert_eq!(RowGame::new(&four, &[1000], HUMAN_FIRST).err(), Some(RowError::Start { max: 600 }));
        assert!(RowGame::new(&four, &[600], HUMAN_FIRST).is_ok());
        assert!(matches!(
            RowGame::new(&Rules::take_and_break("x", "octal:0.9"), &[3], HUMAN_FIRST),
            Err(RowError::Rules(_))
        ));
    }
}
