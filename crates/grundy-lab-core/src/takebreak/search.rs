//! Rows of heaps whose value is not the XOR of the heaps' values, found by
//! search: misère play and the pass.
//!
//! **Misère play**: the player who makes the last move loses. A row is an
//! N-position when it has no move (the player to move has nothing to do
//! and wins: the last move was the other's) or a move to a P-position,
//! else a P-position. Its misère Grundy value is 1 when it has no move,
//! else the least number not among its options' values; it is 0 exactly
//! at the P-positions (Conway's G⁻, *On Numbers and Games*, ch. 12).
//!
//! **Passes** (normal play): either player may pass instead of moving, as
//! many times in the whole game as there are passes, but not where the
//! game is over (unless the passes may be used at the end). With `k`
//! passes left, `g(row, k)` is the least number not among `g(q, k)` for
//! the moves `q` and `g(row, k - 1)` (the pass), 0 for a row with no move
//! (and no pass allowed there); with none left, the XOR of the heaps'
//! values (Sprague–Grundy), read from the game's sequence.
//!
//! **Genus**: in misère play, a row may have copies of the nim-heap `*2`
//! beside it (Conway's genus, see [`crate::grundy::genus`]); they become
//! `*1` or vanish, so the row keeps only how many heaps of two and of one
//! it has.
//!
//! Rows are kept as sorted multisets of their heaps, heaps with no move
//! left out (a heap nobody can touch changes no option of the row and has
//! the value 0), each outcome or value found once. Every one stored is
//! counted against the memory the app may use before it is stored.

use super::{Sequence, SequenceError, TakeBreak, TakeBreakError};
use crate::Control;
use crate::system::memory::human_bytes;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for the rows (short lists of numbers): the
/// multiply-and-rotate of rustc's FxHash, a word at a time. SipHash, the
/// default, took a sixth of a search's time; a row is not chosen by
/// someone who could make keys collide on purpose.
#[derive(Default, Clone, Copy)]
struct RowHasher(u64);

impl RowHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for RowHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }

    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
}

/// What is known of the rows met, by row.
type Rows<V> = HashMap<Box<[u64]>, V, BuildHasherDefault<RowHasher>>;

/// The bytes one stored row costs besides its heaps: the map's entry, the
/// key's allocation, the outcome.
const BYTES_PER_ROW: u64 = 64;
/// Rows looked at between two looks at the cancel flag.
const CHECK_EVERY: u64 = 4096;
/// The largest heap a search takes: far beyond what a search of rows
/// reaches within any memory (the rows of one heap of n grow like the
/// partitions of n), and a bound on the table of options.
pub const MAX_SEARCH_HEAP: u64 = 1 << 20;

/// The memory of one option in a heap's list besides its heaps: the
/// list's 24 bytes and the allocator's block of its heaps.
pub const OPTION_BYTES: u64 = 48;

/// How a row is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// Misère play: the last move loses.
    Misere,
    /// Normal play with passes.
    Passes {
        /// Passes in the whole game (at least 1).
        count: u8,
        /// Whether a pass may be used where the game is over.
        at_end: bool,
    },
}

/// Why an outcome or a value was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The rows to remember do not fit in the memory the app may use.
    TooLarge {
        /// Rows stored when it was stopped.
        rows: u64,
        /// The bytes they take.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// A program failed at a heap.
    Rules(TakeBreakError),
    /// The values of the heaps (for the passes) could not be computed.
    Values(SequenceError),
    /// A heap larger than [`MAX_SEARCH_HEAP`].
    HeapTooLarge {
        /// The heap.
        heap: u64,
    },
    /// Cancelled, or out of time.
    Cancelled,
    /// The genus was asked of a search that is not of misère play.
    GenusOfPasses,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::TooLarge { rows, needed, limit } => write!(
                f,
                "the search stored {rows} rows of heaps ({}) and needs more; the limit on this machine is {} ({}): \
                 ask about fewer or smaller heaps",
                human_bytes(*needed),
                human_bytes(*limit),
                crate::system::memory::limit_source()
            ),
            SearchError::Rules(e) => write!(f, "{e}"),
            SearchError::Values(e) => write!(f, "{e}"),
            SearchError::HeapTooLarge { heap } => write!(
                f,
                "a heap of {heap}: a search of rows of heaps takes heaps up to {MAX_SEARCH_HEAP} (its rows grow like \
                 the partitions of the heaps, far past any memory before that)"
            ),
            SearchError::Cancelled => f.write_str("cancelled"),
            SearchError::GenusOfPasses => f.write_str("the genus is not computed for games with a pass"),
        }
    }
}

impl std::error::Error for SearchError {}

/// A heap larger than [`MAX_SEARCH_HEAP`] is refused.
fn check_heaps(heaps: &[u64]) -> Result<(), SearchError> {
    match heaps.iter().find(|&&h| h > MAX_SEARCH_HEAP) {
        Some(&heap) => Err(SearchError::HeapTooLarge { heap }),
        None => Ok(()),
    }
}

/// The nim-heaps beside a row of misère play, as the first word of its key
/// holds them: heaps of two (the high half) and heaps of one.
fn nim(word: u64) -> (u64, u64) {
    (word >> 32, word & 0xffff_ffff)
}

/// The first word of a key with `twos` heaps of two and `ones` of one.
fn with_nim(twos: u64, ones: u64) -> u64 {
    (twos << 32) | ones
}

/// The search of one game and way of play, keeping what it found for the
/// next question.
pub struct RowSearch {
    game: TakeBreak,
    play: Play,
    /// The options of each heap, sorted multisets (a heap of `n` at `n`).
    /// (Shared, so that a row's expansion holds them while it asks about
    /// other heaps, without a copy.)
    options: Vec<Option<std::sync::Arc<[Vec<u64>]>>>,
    /// Normal play's values of single heaps (for the passes).
    normal: Option<Sequence>,
    /// The outcome of each row found so far, keyed by the first word of
    /// [`RowSearch::key`] then the heaps: `true` for a P-position.
    outcomes: Rows<bool>,
    /// The value of each row found so far, keyed likewise.
    values: Rows<u32>,
    bytes: u64,
    limit: u64,
    /// Whether a question reports, as its progress, the memory used of the
    /// limit (see [`RowSearch::reporting_memory`]).
    memory_progress: bool,
    /// Misère outcomes known without search (see [`RowSearch::know_below`]).
    proved: Option<ProvedBelow>,
}

/// The misère outcome (`true`: P) of a row of heaps, or `None` where it is
/// not known: a proved quotient's answer.
pub type ProvedBelow = Box<dyn Fn(&[u64]) -> Option<bool> + Send + Sync>;

impl RowSearch {
    /// A search of `game` played as `play`, within `limit` bytes.
    pub fn new(game: TakeBreak, play: Play, limit: u64) -> RowSearch {
        RowSearch {
            game,
            play,
            options: Vec::new(),
            normal: None,
            outcomes: Rows::default(),
            values: Rows::default(),
            bytes: 0,
            limit,
            memory_progress: false,
            proved: None,
        }
    }

    /// From now on, read the misère outcome of a row from `proved` (a row
    /// of heaps, largest first, without the heaps that have no move) where
    /// it answers, instead of searching its moves: a quotient *proved* for
    /// the rows of heaps up to a bound. Its answers are taken as the truth.
    pub fn know_below(&mut self, proved: ProvedBelow) {
        if self.play == Play::Misere {
            self.proved = Some(proved);
        }
    }

    /// The same search, each question reporting to its control, as its
    /// progress, the memory used of the limit: a search ends when it is
    /// answered or at the limit, so the time to the limit, at the rate
    /// memory has grown, estimates the longest it may take (a search cannot
    /// know how many rows it will meet).
    pub fn reporting_memory(mut self) -> RowSearch {
        self.memory_progress = true;
        self
    }

    /// The game.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// Rows whose outcome or value is stored.
    pub fn rows(&self) -> usize {
        self.outcomes.len() + self.values.len()
    }

    /// The options of a heap of `n`, each sorted, largest first.
    fn heap_options(&mut self, n: u64) -> Result<std::sync::Arc<[Vec<u64>]>, SearchError> {
        let i = self.load_options(n)?;
        Ok(self.options[i].clone().unwrap_or_else(|| std::sync::Arc::from([])))
    }

    /// Whether a heap of `n` has a move.
    fn has_moves(&mut self, n: u64) -> Result<bool, SearchError> {
        let i = self.load_options(n)?;
        Ok(self.options[i].as_ref().is_some_and(|o| !o.is_empty()))
    }

    /// Make the list of the options of a heap of `n` once, and say where it
    /// is. The lists are counted against the memory like the rows.
    fn load_options(&mut self, n: u64) -> Result<usize, SearchError> {
        if n > MAX_SEARCH_HEAP {
            return Err(SearchError::HeapTooLarge { heap: n });
        }
        let i = n as usize;
        if self.options.len() <= i {
            self.charge(24 * (i + 1 - self.options.len()) as u64)?;
            self.options.resize(i + 1, None);
        }
        if self.options[i].is_none() {
            // No more options listed than the memory left holds: a heap of
            // 2^20 of Kayles has about a million.
            let room = usize::try_from(self.limit.saturating_sub(self.bytes) / OPTION_BYTES).unwrap_or(usize::MAX);
            let mut list = self.game.options_at_most(n, room.saturating_add(1)).map_err(SearchError::Rules)?;
            if list.len() > room {
                return Err(SearchError::TooLarge {
                    rows: self.rows() as u64,
                    needed: self.bytes.saturating_add(list.len() as u64 * OPTION_BYTES),
                    limit: self.limit,
                });
            }
            for o in &mut list {
                o.retain(|&h| h > 0);
                o.sort_unstable_by(|a, b| b.cmp(a));
            }
            list.sort_unstable();
            list.dedup();
            self.charge(list.iter().map(|o| OPTION_BYTES + 8 * o.len() as u64).sum())?;
            self.options[i] = Some(list.into());
        }
        Ok(i)
    }

    /// Count `bytes` more against the limit, or say it does not fit.
    fn charge(&mut self, bytes: u64) -> Result<(), SearchError> {
        let needed = self.bytes.saturating_add(bytes);
        if needed > self.limit {
            return Err(SearchError::TooLarge { rows: self.rows() as u64, needed, limit: self.limit });
        }
        self.bytes = needed;
        Ok(())
    }

    /// The row `heaps` as the search keeps it: its first word `first` (with
    /// passes, how many are left; in misère play, the nim-heaps beside the
    /// row, see [`nim`]), then the heaps sorted, largest first, without the
    /// heaps that have no move.
    fn key(&mut self, first: u64, heaps: &[u64]) -> Result<Vec<u64>, SearchError> {
        let mut key = Vec::with_capacity(heaps.len() + 1);
        key.push(first);
        for &h in heaps {
            if h > 0 && self.has_moves(h)? {
                key.push(h);
            }
        }
        key[1..].sort_unstable_by(|a, b| b.cmp(a));
        Ok(key)
    }

    /// The keys one move (or one pass) from `key`.
    fn moves(&mut self, key: &[u64]) -> Result<Vec<Vec<u64>>, SearchError> {
        let (first, row) = (key[0], &key[1..]);
        let mut out = Vec::new();
        for (i, &h) in row.iter().enumerate() {
            if i > 0 && row[i - 1] == h {
                continue;
            }
            let options = self.heap_options(h)?;
            let mut kept = Vec::new();
            for o in options.iter() {
                // The option's heaps that have a move, and the other heaps,
                // both largest first, merged.
                kept.clear();
                for &k in o {
                    if self.has_moves(k)? {
                        kept.push(k);
                    }
                }
                let mut next = Vec::with_capacity(row.len() + kept.len());
                next.push(first);
                let mut rest = row[..i].iter().chain(&row[i + 1..]).copied().peekable();
                let mut put = kept.iter().copied().peekable();
                loop {
                    let take_rest = match (rest.peek(), put.peek()) {
                        (Some(a), Some(b)) => a >= b,
                        (Some(_), None) => true,
                        (None, Some(_)) => false,
                        (None, None) => break,
                    };
                    next.extend(if take_rest { rest.next() } else { put.next() });
                }
                out.push(next);
            }
        }
        if let Play::Passes { at_end, .. } = self.play
            && first > 0
            && (!row.is_empty() || at_end)
        {
            out.push([&[first - 1], row].concat());
        }
        if self.play == Play::Misere {
            // A heap of two becomes one of one or vanishes; one of one vanishes.
            let (twos, ones) = nim(first);
            if twos > 0 {
                out.push([&[with_nim(twos - 1, ones + 1)], row].concat());
                out.push([&[with_nim(twos - 1, ones)], row].concat());
            }
            if ones > 0 {
                out.push([&[with_nim(twos, ones - 1)], row].concat());
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Whether the row `heaps` is a P-position (the player to move loses),
    /// with every pass still there, under `control`.
    pub fn is_p(&mut self, heaps: &[u64], control: &Control) -> Result<bool, SearchError> {
        Ok(self.search(heaps, Mode::Outcome, control)? == 0)
    }

    /// The value of the row `heaps` (misère: its misère Grundy value), with
    /// every pass still there, under `control`.
    pub fn value(&mut self, heaps: &[u64], control: &Control) -> Result<u32, SearchError> {
        self.search(heaps, Mode::Value, control)
    }

    /// Conway's genus of the row `heaps`: its normal play value (the XOR of
    /// its heaps' values) and, for `k = 0 ..=` [`GENUS_COPIES`], the misère
    /// Grundy value of the row plus `k` copies of `*2`. For a search of
    /// misère play.
    ///
    /// [`GENUS_COPIES`]: crate::grundy::genus::GENUS_COPIES
    pub fn genus(&mut self, heaps: &[u64], control: &Control) -> Result<crate::grundy::genus::Genus, SearchError> {
        if self.play != Play::Misere {
            return Err(SearchError::GenusOfPasses);
        }
        check_heaps(heaps)?;
        self.normal_values(heaps, control)?;
        // The values were computed up to the largest heap just above.
        let normal = self.normal.as_ref().and_then(|seq| heaps.iter().try_fold(0, |x, &h| Some(x ^ seq.get(h)?)));
        let normal = normal.ok_or(SearchError::Cancelled)?;
        let misere = (0..=crate::grundy::genus::GENUS_COPIES as u64)
            .map(|k| self.search_from(with_nim(k, 0), heaps, Mode::Value, control))
            .collect::<Result<Vec<u32>, _>>()?;
        Ok(crate::grundy::genus::Genus { normal, misere })
    }

    /// What is known of `key`: the value, or for an outcome 0 (P) or 1
    /// (N). A row with no pass left in normal play is known at once: the
    /// XOR of its heaps' values.
    fn known(&self, mode: Mode, key: &[u64]) -> Option<u32> {
        if matches!(self.play, Play::Passes { .. }) && key[0] == 0 {
            let seq = self.normal.as_ref()?;
            let v = key[1..].iter().try_fold(0, |x, &h| Some(x ^ seq.get(h)?))?;
            return Some(if mode == Mode::Outcome { u32::from(v != 0) } else { v });
        }
        // Misère play, no nim-heap beside the row, a proved quotient that
        // knows the row.
        if let Some(proved) = &self.proved
            && mode == Mode::Outcome
            && key[0] == 0
            && let Some(p) = proved(&key[1..])
        {
            return Some(u32::from(!p));
        }
        match mode {
            Mode::Outcome => self.outcomes.get(key).map(|&p| u32::from(!p)),
            Mode::Value => self.values.get(key).copied(),
        }
    }

    /// The heaps' values in normal play up to the largest of `heaps`, for
    /// the rows with no pass left (every heap reached is at most that).
    fn normal_values(&mut self, heaps: &[u64], control: &Control) -> Result<(), SearchError> {
        let top = heaps.iter().copied().max().unwrap_or(0);
        if self.normal.as_ref().is_some_and(|s| s.len() > top) {
            return Ok(());
        }
        let mut seq = self.normal.take().unwrap_or_else(|| Sequence::new(self.game.clone()));
        let done = seq.extend(top, control, None);
        self.normal = Some(seq);
        done.map(|_| ()).map_err(|e| match e {
            SequenceError::Cancelled => SearchError::Cancelled,
            e => SearchError::Values(e),
        })
    }

    /// The search, depth first with an explicit stack of rows, their moves
    /// and the next move to look at. An outcome is decided at the first
    /// move to a P-position; a value needs every move's.
    fn search(&mut self, heaps: &[u64], mode: Mode, control: &Control) -> Result<u32, SearchError> {
        // Before the values of normal play, which take time up to the
        // largest heap.
        check_heaps(heaps)?;
        let passes = match self.play {
            Play::Misere => 0,
            Play::Passes { count, .. } => {
                self.normal_values(heaps, control)?;
                u64::from(count)
            }
        };
        self.search_from(passes, heaps, mode, control)
    }

    /// [`RowSearch::search`] from the row `heaps` with the first word of
    /// its key `first` (see [`RowSearch::key`]); its callers have checked
    /// the heaps ([`check_heaps`]).
    fn search_from(&mut self, first: u64, heaps: &[u64], mode: Mode, control: &Control) -> Result<u32, SearchError> {
        // A row with no move: 1 in misère play (its player wins), 0 in
        // normal play; as an outcome, N and P.
        let terminal = u32::from(self.play == Play::Misere);
        let start = self.key(first, heaps)?;
        if let Some(v) = self.known(mode, &start) {
            return Ok(v);
        }
        let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>, usize)> = Vec::new();
        let first = self.moves(&start)?;
        stack.push((start.clone(), first, 0));
        let mut looked = 0u64;
        let mut reported = self.bytes;
        if self.memory_progress {
            control.start(self.limit);
            control.advance(self.bytes);
        }
        while let Some((key, moves, next)) = stack.last_mut() {
            looked += 1;
            if looked.is_multiple_of(CHECK_EVERY) {
                if self.memory_progress {
                    control.advance(self.bytes.saturating_sub(reported));
                    reported = self.bytes;
                }
                if control.must_stop() {
                    return Err(SearchError::Cancelled);
                }
            }
            let mut found = None;
            // An outcome: a move known to reach a P-position decides it
            // before any unknown move is searched.
            if mode == Mode::Outcome && *next == 0 && moves.iter().any(|m| self.known(mode, m) == Some(0)) {
                found = Some(1);
            }
            while found.is_none() && *next < moves.len() {
                match self.known(mode, &moves[*next]) {
                    Some(0) if mode == Mode::Outcome => {
                        found = Some(1);
                        break;
                    }
                    Some(_) => *next += 1,
                    None => break,
                }
            }
            if found.is_none() && *next == moves.len() {
                found = Some(match mode {
                    _ if moves.is_empty() => terminal,
                    Mode::Outcome => 0,
                    Mode::Value => {
                        let mut seen: Vec<u32> = moves.iter().filter_map(|m| self.known(mode, m)).collect();
                        seen.sort_unstable();
                        seen.dedup();
                        seen.iter()
                            .enumerate()
                            .find(|&(i, &v)| v != i as u32)
                            .map_or(seen.len() as u32, |(i, _)| i as u32)
                    }
                });
            }
            match found {
                Some(v) => {
                    let key = std::mem::take(key);
                    stack.pop();
                    self.remember(mode, key, v)?;
                }
                None => {
                    let child = moves[*next].clone();
                    let child_moves = self.moves(&child)?;
                    stack.push((child, child_moves, 0));
                }
            }
        }
        Ok(self.known(mode, &start).unwrap_or(0))
    }

    fn remember(&mut self, mode: Mode, key: Vec<u64>, v: u32) -> Result<(), SearchError> {
        self.charge(BYTES_PER_ROW + 8 * key.len() as u64)?;
        match mode {
            Mode::Outcome => self.outcomes.insert(key.into_boxed_slice(), v == 0),
            Mode::Value => self.values.insert(key.into_boxed_slice(), v).map(|_| true),
        };
        Ok(())
    }
}

/// What a search finds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// P or N.
    Outcome,
    /// The value.
    Value,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> TakeBreak {
        crate::takebreak::load(spec).unwrap()
    }

    /// The outcome by plain recursion over unsorted rows, nothing left out.
    fn plain(g: &TakeBreak, row: &[u64]) -> bool {
        let mut any_move = false;
        for (i, &h) in row.iter().enumerate() {
            for o in g.options(h).unwrap() {
                any_move = true;
                let mut next: Vec<u64> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                next.extend(o);
                if plain(g, &next) {
                    return false;
                }
            }
        }
        any_move
    }

    #[test]
    fn the_search_agrees_with_plain_recursion_on_small_rows() {
        for spec in ["kayles", "octal:0.07", "grundy-game", "subtraction:1,3,4"] {
            let g = game(spec);
            let mut m = RowSearch::new(g.clone(), Play::Misere, u64::MAX);
            for a in 0..7u64 {
                for b in 0..=a {
                    for c in 0..=b.min(4) {
                        let row = [a, b, c];
                        assert_eq!(m.is_p(&row, &Control::new()).unwrap(), plain(&g, &row), "{spec} {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn misere_nim_is_bouton_s_rule_with_the_small_heaps_turned() {
        // Take 1 to 3 stones: Nim for heaps of at most 3. Misère Nim: with a
        // heap of 2 or more, P iff the XOR is 0; with heaps of 0 and 1
        // only, P iff the number of 1s is odd.
        let mut m = RowSearch::new(game("subtraction:1,2,3"), Play::Misere, u64::MAX);
        for a in 0..4u64 {
            for b in 0..4u64 {
                for c in 0..4u64 {
                    let small = a <= 1 && b <= 1 && c <= 1;
                    let p = if small { (a + b + c) % 2 == 1 } else { a ^ b ^ c == 0 };
                    assert_eq!(m.is_p(&[a, b, c], &Control::new()).unwrap(), p, "{a} {b} {c}");
                }
            }
        }
    }

    /// The misère Grundy value by plain recursion: 1 without a move, else
    /// the mex of the options'.
    fn plain_value(g: &TakeBreak, row: &[u64]) -> u32 {
        let mut seen = Vec::new();
        for (i, &h) in row.iter().enumerate() {
            for o in g.options(h).unwrap() {
                let mut next: Vec<u64> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                next.extend(o);
                seen.push(plain_value(g, &next));
            }
        }
        if seen.is_empty() { 1 } else { (0..).find(|v| !seen.contains(v)).unwrap_or(0) }
    }

    #[test]
    fn misere_values_agree_with_plain_recursion_and_are_0_at_the_p_positions() {
        for spec in ["kayles", "octal:0.07", "grundy-game"] {
            let g = game(spec);
            let mut m = RowSearch::new(g.clone(), Play::Misere, u64::MAX);
            for a in 0..7u64 {
                for b in 0..=a.min(4) {
                    let row = [a, b];
                    let v = m.value(&row, &Control::new()).unwrap();
                    assert_eq!(v, plain_value(&g, &row), "{spec} {row:?}");
                    assert_eq!(v == 0, m.is_p(&row, &Control::new()).unwrap(), "{spec} {row:?}");
                }
            }
        }
        // Misère Nim: a heap of n has the value n, except 0 and 1 swapped.
        let mut m = RowSearch::new(game("subtraction:1,2,3"), Play::Misere, u64::MAX);
        let heaps: Vec<u32> = (0..4).map(|n| m.value(&[n], &Control::new()).unwrap()).collect();
        assert_eq!(heaps, [1, 0, 2, 3]);
    }

    /// g(row, k) by the recursion of the passes, plainly: the XOR of the
    /// brute force's values with none left.
    fn plain_pass(g: &TakeBreak, row: &[u64], k: u8, at_end: bool, normal: &[u32]) -> u32 {
        if k == 0 {
            return row.iter().fold(0, |x, &h| x ^ normal[h as usize]);
        }
        let mut seen = Vec::new();
        for (i, &h) in row.iter().enumerate() {
            for o in g.options(h).unwrap() {
                let mut next: Vec<u64> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                next.extend(o);
                seen.push(plain_pass(g, &next, k, at_end, normal));
            }
        }
        if !seen.is_empty() || at_end {
            seen.push(plain_pass(g, row, k - 1, at_end, normal));
        }
        (0..).find(|v| !seen.contains(v)).unwrap_or(0)
    }

    #[test]
    fn passes_agree_with_their_recursion() {
        for spec in ["kayles", "octal:0.07", "subtraction:1,2,3"] {
            let g = game(spec);
            let normal = crate::takebreak::naive::values_by_options(&g, 10).unwrap();
            for (count, at_end) in [(1, false), (2, false), (1, true)] {
                let mut m = RowSearch::new(g.clone(), Play::Passes { count, at_end }, u64::MAX);
                for a in 0..6u64 {
                    for b in 0..=a.min(3) {
                        let v = m.value(&[a, b], &Control::new()).unwrap();
                        let want = plain_pass(&g, &[a, b], count, at_end, &normal);
                        assert_eq!(v, want, "{spec} {count} {at_end} {a} {b}");
                        assert_eq!(v == 0, m.is_p(&[a, b], &Control::new()).unwrap());
                    }
                }
            }
        }
        // Nim with one pass, one heap of 0 to 3 stones (take 1 to 3): the
        // empty heap is over (0, no pass there); 1 moves to 0 (0) or passes
        // to 1 with none left (1): 2; 2 moves to 0 (0) and 1 (2), passes to
        // 2 (2): 1; 3 moves to 0, 1, 2 (0, 2, 1), passes to 3 (3): 4.
        let mut m = RowSearch::new(game("subtraction:1,2,3"), Play::Passes { count: 1, at_end: false }, u64::MAX);
        let heaps: Vec<u32> = (0..4).map(|n| m.value(&[n], &Control::new()).unwrap()).collect();
        assert_eq!(heaps, [0, 2, 1, 4]);
    }

    #[test]
    fn a_huge_heap_is_refused_before_anything_is_made() {
        let mut m = RowSearch::new(game("kayles"), Play::Misere, u64::MAX);
        let e = m.is_p(&[10_000_000_000], &Control::new()).unwrap_err();
        assert_eq!(e, SearchError::HeapTooLarge { heap: 10_000_000_000 });
        assert!(e.to_string().contains("heaps up to 1048576"), "{e}");
        // Within it, the table of options counts against the memory.
        let mut m = RowSearch::new(game("kayles"), Play::Misere, 1000);
        assert!(matches!(m.is_p(&[1 << 20], &Control::new()), Err(SearchError::TooLarge { .. })));
        // Room for the table, not for the heap's million options: the list
        // stops one option past the limit, it is not made whole first.
        let limit = 30_000_000;
        let mut m = RowSearch::new(game("kayles"), Play::Misere, limit);
        match m.is_p(&[1 << 20], &Control::new()) {
            Err(SearchError::TooLarge { needed, .. }) => assert!(needed <= limit + OPTION_BYTES, "{needed}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_memory_limit_stops_the_search_with_the_numbers() {
        let mut m = RowSearch::new(game("kayles"), Play::Misere, 10_000);
        let e = m.is_p(&[30, 30, 30], &Control::new()).unwrap_err();
        assert!(matches!(e, SearchError::TooLarge { limit: 10_000, .. }), "{e:?}");
        assert!(e.to_string().contains("ask about fewer or smaller heaps"), "{e}");
    }
}
