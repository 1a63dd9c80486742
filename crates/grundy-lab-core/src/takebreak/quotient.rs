//! The misère quotient of a take-and-break game (Plambeck and Siegel),
//! restricted to heaps of at most `n` stones.
//!
//! Two rows of heaps `G` and `H` are **indistinguishable** in misère play
//! when `G + X` and `H + X` have the same outcome for every row `X` of
//! heaps of at most `n`. The classes form a commutative monoid, the
//! **misère quotient** `Q`: the class of `G + H` is the product of the
//! classes. Its **P-portion** is the set of classes of P-positions, and the
//! **quotient map** sends each heap to its class. With them, the outcome
//! of any row, however many heaps it has, is a product in `Q` and a look
//! at the P-portion (misère Kayles: Sibert and Conway's solution,
//! Plambeck's 48-element quotient).
//!
//! How it is found, and why the answer is a proof:
//!
//! 1. **Elements.** A row's *signature* is its outcomes (by the search of
//!    misère play, [`super::search::RowSearch`]) with each of a list of
//!    test rows added. Starting from the empty row, each class found gets
//!    one heap more, for every heap size: the new row's signature is a
//!    known class's or makes a new class. Rows of different signatures are
//!    distinguishable, so every class is an element of the true quotient,
//!    each once. (Rows of one signature may still differ on a row that is
//!    not a test: step 3 finds such a row, and its difference gives a new
//!    test; then step 1 runs again.)
//! 2. **The map.** Each class and heap gives the class of their sum
//!    ("adding a heap"); adding two heaps in either order must end in the
//!    same class. Then every row has one class: add its heaps one by one.
//! 3. **The proof** of the rule of misère play for every row: a class is
//!    in the P-portion exactly when its row has a move and no move reaches
//!    a class of the P-portion (a move takes one heap `h` and puts its
//!    option's heaps back: the class of the row without `h`, times the
//!    option's). By induction on the moves (a move replaces a heap by
//!    smaller heaps, so every row ends), every row's class then tells
//!    its outcome; as the classes are distinguishable, `Q` is the quotient
//!    itself, not a cover of it. It is checked on the *states* of a row
//!    ([`Proof::ByStates`]): a row's class, whether it has a move, and the
//!    classes that one of its moves takes to the P-portion when multiplied
//!    by them. Adding a heap to a row gives the new state from the old
//!    one; every state reached from the empty row is visited, and the rule
//!    checked at each. There are at most as many states as classes times
//!    sets of classes, however many heap sizes there are.
//!
//!    When the states are more than [`MAX_STATES`], the quotient is only
//!    **checked** against the search on every row of a few heaps
//!    ([`Proof::Checked`]), and says so.
//!
//! A heap with no move changes nothing in any row (no option, and the rows
//! with and without it have the same moves): its class is the identity.

use super::TakeBreak;
use super::search::{OPTION_BYTES, Play, RowSearch, SearchError};
use crate::Control;
use std::collections::HashMap;
use std::fmt;

/// The largest quotient searched for: beyond it the game is not one whose
/// quotient is "finite and small".
pub const MAX_ELEMENTS: usize = 1000;

/// The most states the proof visits.
pub const MAX_STATES: usize = 300_000;

/// The largest heap bound.
pub const MAX_HEAP: u64 = 200;

/// The misère quotient of a game's rows of heaps of at most
/// [`MisereQuotient::heaps_up_to`] stones, and how it is known
/// ([`MisereQuotient::proof`]; see the module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    /// The largest heap of the rows.
    pub heaps_up_to: u64,
    /// One row of each element, sorted, the identity (the empty row) first;
    /// element `i` is the class of `rows[i]`.
    pub rows: Vec<Vec<u64>>,
    /// `product[a][b]`: the class of the sum of a row of class `a` and one
    /// of class `b`.
    pub product: Vec<Vec<usize>>,
    /// Whether each element is in the P-portion.
    pub p_portion: Vec<bool>,
    /// The class of one heap of `n` stones, for `n = 0 ..= heaps_up_to`
    /// (`0`: the identity).
    pub heap_class: Vec<usize>,
    /// How the proof went.
    pub proof: Proof,
}

/// How a quotient was proved (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// By visiting every state of a row (this many).
    ByStates(usize),
    /// Not proved (the states were more than [`MAX_STATES`]): checked
    /// against the search on every row of at most `heaps` heaps (`rows`
    /// of them).
    Checked {
        /// The rows checked.
        rows: usize,
        /// Their most heaps.
        heaps: usize,
    },
}

/// The most rows the check of an unproved quotient asks the search about.
pub const MAX_CHECKED_ROWS: usize = 200_000;

/// Every row of at most 4 heaps (fewer if they would be more than
/// [`MAX_CHECKED_ROWS`]), the quotient's outcome against the search's:
/// [`Proof::Checked`], or a row where they differ.
fn check_rows(
    classes: &mut Classes<'_>,
    movable: &[u64],
    add: &[Vec<usize>],
    p: &[bool],
) -> Result<Result<Proof, Vec<u64>>, QuotientError> {
    let m = movable.len();
    if m == 0 {
        return Ok(Ok(Proof::Checked { rows: 0, heaps: 0 }));
    }
    // Multisets of k of m heaps: C(m + k - 1, k).
    let count = |k: usize| (0..k).fold(1usize, |c, i| c * (m + i) / (i + 1));
    let heaps = (1..=4).take_while(|&k| (1..=k).map(count).sum::<usize>() <= MAX_CHECKED_ROWS).last().unwrap_or(0);
    let mut rows = 0;
    let mut row: Vec<usize> = Vec::new();
    // Rows as indices into `movable`, non-decreasing, in order.
    loop {
        if classes.control.must_stop() {
            return Err(QuotientError::Search(SearchError::Cancelled));
        }
        if !row.is_empty() {
            let heaps: Vec<u64> = row.iter().map(|&i| movable[i]).collect();
            let class = heaps.iter().fold(0, |c, &h| add[c][h as usize]);
            if p[class] != classes.outcome(&heaps)? {
                return Ok(Err(heaps));
            }
            rows += 1;
        }
        // The next row: grow, or raise the last index and drop the maxed.
        if row.len() < heaps && m > 0 {
            row.push(row.last().copied().unwrap_or(0));
            continue;
        }
        while row.last() == Some(&(m - 1)) {
            row.pop();
        }
        match row.last_mut() {
            Some(last) => *last += 1,
            None => break,
        }
    }
    Ok(Ok(Proof::Checked { rows, heaps }))
}

/// Why a quotient was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// A heap bound of 0 or above [`MAX_HEAP`].
    Bound {
        /// The bound asked for.
        heaps_up_to: u64,
    },
    /// The search of misère play stopped (memory, cancel, a heap too large).
    Search(SearchError),
    /// The options of the heaps up to the bound do not fit in the memory.
    Options {
        /// The bound asked for.
        heaps_up_to: u64,
        /// The bytes of the options listed when it was stopped.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// More elements than [`MAX_ELEMENTS`].
    TooManyElements {
        /// The bound asked for.
        heaps_up_to: u64,
    },
    /// The proof by states met more than [`MAX_STATES`] states (inside
    /// [`misere_quotient`] the sign to check the quotient instead).
    TooManyStates {
        /// The bound asked for.
        heaps_up_to: u64,
    },
    /// The classes' P-portion breaks the rule of misère play at a row.
    Refuted {
        /// The row.
        row: Vec<u64>,
    },
}

impl From<SearchError> for QuotientError {
    fn from(e: SearchError) -> Self {
        QuotientError::Search(e)
    }
}

/// A row as its heaps joined by `+` (`0` for the empty row).
pub fn row_text(row: &[u64]) -> String {
    if row.is_empty() {
        return "0".to_owned();
    }
    row.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
}

impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotientError::Bound { heaps_up_to } => {
                write!(f, "heaps up to {heaps_up_to}: the quotient is computed for heaps of 1 to {MAX_HEAP} stones")
            }
            QuotientError::Search(e) => write!(f, "the search of misère play stopped: {e}"),
            QuotientError::Options { heaps_up_to, needed, limit } => write!(
                f,
                "the options of the heaps of 1 to {heaps_up_to} stones need more than the memory limit of {} ({} \
                 listed when it was reached): try a smaller bound",
                crate::system::memory::human_bytes(*limit),
                crate::system::memory::human_bytes(*needed)
            ),
            QuotientError::TooManyElements { heaps_up_to } => write!(
                f,
                "the misère quotient of heaps up to {heaps_up_to} has more than {MAX_ELEMENTS} elements: not a \
                 small quotient (try fewer heaps)"
            ),
            QuotientError::TooManyStates { heaps_up_to } => write!(
                f,
                "the proof for heaps up to {heaps_up_to} met more than {MAX_STATES} states of rows; not proved (try \
                 fewer heaps)"
            ),
            QuotientError::Refuted { row } => write!(
                f,
                "the classes found predict the wrong outcome of the row {} (a larger search would be needed)",
                row_text(row)
            ),
        }
    }
}

impl std::error::Error for QuotientError {}

/// Sorted union of two rows.
fn sum(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out: Vec<u64> = a.iter().chain(b).copied().collect();
    out.sort_unstable();
    out
}

/// The classes found against a list of tests (rows added to a row to see
/// its outcome): a row's *signature* is its outcomes with every test
/// added. Each class keeps the heaps of its first row in the order they
/// were added, so that adding them one by one from the identity ends in
/// the class itself.
struct Classes<'a> {
    search: &'a mut RowSearch,
    control: &'a Control,
    tests: Vec<Vec<u64>>,
    rows: Vec<Vec<u64>>,
    signatures: Vec<Vec<bool>>,
    index: HashMap<Vec<bool>, usize>,
}

impl Classes<'_> {
    fn outcome(&mut self, row: &[u64]) -> Result<bool, SearchError> {
        let mut sorted = row.to_vec();
        sorted.sort_unstable();
        self.search.is_p(&sorted, self.control)
    }

    fn signature(&mut self, row: &[u64]) -> Result<Vec<bool>, SearchError> {
        (0..self.tests.len()).map(|t| self.search.is_p(&sum(row, &self.tests[t]), self.control)).collect()
    }

    /// The class of `row`, a new one if its signature is no class's.
    fn class_of(&mut self, row: Vec<u64>, heaps_up_to: u64) -> Result<usize, QuotientError> {
        let signature = self.signature(&row)?;
        if let Some(&i) = self.index.get(&signature) {
            return Ok(i);
        }
        if self.rows.len() >= MAX_ELEMENTS {
            return Err(QuotientError::TooManyElements { heaps_up_to });
        }
        self.rows.push(row);
        self.index.insert(signature.clone(), self.rows.len() - 1);
        self.signatures.push(signature);
        Ok(self.rows.len() - 1)
    }

    /// Every class reachable from the identity by adding heaps, and the
    /// table `add[class][heap]` (a heap with no move adds nothing).
    fn discover(&mut self, options: &[Vec<Vec<u64>>], heaps_up_to: u64) -> Result<Vec<Vec<usize>>, QuotientError> {
        self.rows.clear();
        self.signatures.clear();
        self.index.clear();
        self.class_of(Vec::new(), heaps_up_to)?;
        let mut add = Vec::new();
        let mut a = 0;
        while a < self.rows.len() {
            let mut row = vec![a; heaps_up_to as usize + 1];
            for h in 1..=heaps_up_to {
                if self.control.must_stop() {
                    return Err(QuotientError::Search(SearchError::Cancelled));
                }
                if !options[h as usize].is_empty() {
                    let mut next = self.rows[a].clone();
                    next.push(h);
                    row[h as usize] = self.class_of(next, heaps_up_to)?;
                }
            }
            add.push(row);
            a += 1;
        }
        Ok(add)
    }

    /// A row, as heaps in an order, whose class (adding its heaps in that
    /// order) is in the P-portion but the row is not a P-position, or the
    /// other way: two rows of one class it tells apart give a new test.
    /// Returns whether a new test was found.
    fn learn_from(&mut self, row: &[u64], add: &[Vec<usize>], p: &[bool]) -> Result<bool, QuotientError> {
        // Along the row: c[i] is the class of its first i heaps. The row's
        // outcome with the first i heaps replaced by class c[i]'s row is
        // the row's own outcome at i = 0 and the prediction at the end;
        // where two neighbours differ, the rest of the row tells apart two
        // rows the table put in one class.
        let mut classes = vec![0];
        let mut class = 0;
        for &h in row {
            class = add[class][h as usize];
            classes.push(class);
        }
        let at = |me: &mut Self, i: usize| -> Result<bool, SearchError> {
            let mut whole = me.rows[classes[i]].clone();
            whole.extend_from_slice(&row[i..]);
            me.outcome(&whole)
        };
        let mut previous = at(self, 0)?;
        for i in 1..=row.len() {
            let here = if i == row.len() { p[classes[i]] } else { at(self, i)? };
            if here != previous {
                let mut test = row[i..].to_vec();
                test.sort_unstable();
                if self.tests.contains(&test) {
                    return Ok(false);
                }
                self.tests.push(test);
                return Ok(true);
            }
            previous = here;
        }
        Ok(false)
    }
}

/// What the checks of a table found wrong: a row to learn from.
enum Fault {
    /// Rows (heaps in order), one of which the table predicts wrongly.
    Rows(Vec<Vec<u64>>),
    /// Adding two heaps (`h` then `k`, and `k` then `h`) to a class's row
    /// gave two classes.
    Order(Vec<u64>, u64, u64),
}

/// The misère quotient of `game` for heaps of 1 to `heaps_up_to` stones,
/// proved where it can be, else checked (see [`Proof`]), within `memory`
/// bytes of search, under `control`.
///
/// The quotients for heaps of 1 to `m` are found for `m = 1, 2, …` in
/// turn: the tests of one are the first tests of the next, and once one
/// is proved, the search reads the outcome of every row of heaps of at
/// most `m` from it instead of searching its moves. The control's progress
/// counts the bounds done.
pub fn misere_quotient(
    game: &TakeBreak,
    heaps_up_to: u64,
    memory: u64,
    control: &Control,
) -> Result<MisereQuotient, QuotientError> {
    if heaps_up_to == 0 || heaps_up_to > MAX_HEAP {
        return Err(QuotientError::Bound { heaps_up_to });
    }
    // The options of every heap, counted against the memory (a split into
    // four of heaps up to 200 has millions): listed only as far as the
    // memory left holds; the search gets the rest.
    let mut options: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
    let mut held = 0u64;
    for h in 1..=heaps_up_to {
        if control.must_stop() {
            return Err(QuotientError::Search(SearchError::Cancelled));
        }
        let room = usize::try_from(memory.saturating_sub(held) / OPTION_BYTES).unwrap_or(usize::MAX);
        let list = game
            .options_at_most(h, room.saturating_add(1))
            .map_err(|e| QuotientError::Search(SearchError::Rules(e)))?;
        let bytes: u64 = list.iter().map(|o| OPTION_BYTES + 8 * o.len() as u64).sum();
        held = held.saturating_add(bytes);
        if list.len() > room || held > memory {
            return Err(QuotientError::Options { heaps_up_to, needed: held, limit: memory });
        }
        options.push(list);
    }
    let mut search = RowSearch::new(game.clone(), Play::Misere, memory - held);
    let mut tests = vec![Vec::new()];
    control.start(heaps_up_to);
    let mut m = 1;
    loop {
        let mut classes = Classes {
            search: &mut search,
            control,
            tests,
            rows: Vec::new(),
            signatures: Vec::new(),
            index: HashMap::new(),
        };
        let q = quotient_up_to(&mut classes, &options[..=m as usize], m)?;
        tests = classes.tests;
        control.advance(1);
        if m == heaps_up_to {
            return Ok(q);
        }
        if matches!(q.proof, Proof::ByStates(_)) {
            search.know_below(Box::new(move |heaps| q.is_p(heaps)));
        }
        m += 1;
    }
}

/// The quotient for heaps of 1 to `heaps_up_to` (`options[h]`, the options
/// of a heap of `h`), from the tests `classes` starts with.
fn quotient_up_to(
    classes: &mut Classes<'_>,
    options: &[Vec<Vec<u64>>],
    heaps_up_to: u64,
) -> Result<MisereQuotient, QuotientError> {
    let control = classes.control;
    let movable: Vec<u64> = (1..=heaps_up_to).filter(|&h| !options[h as usize].is_empty()).collect();
    loop {
        // Each test tells apart two rows of one class: there are at most as
        // many tests as elements.
        if classes.tests.len() > MAX_ELEMENTS {
            return Err(QuotientError::TooManyElements { heaps_up_to });
        }
        let add = classes.discover(options, heaps_up_to)?;
        let p: Vec<bool> = classes.signatures.iter().map(|s| s[0]).collect();
        let fault = match order_fault(&add, &movable, &classes.rows) {
            Some(fault) => fault,
            None => {
                // The order of the heaps does not matter: the class of two
                // rows together is the first's class with the second's
                // heaps added.
                let n = classes.rows.len();
                let fold = |a: usize, row: &[u64]| row.iter().fold(a, |c, &h| add[c][h as usize]);
                let product: Vec<Vec<usize>> =
                    (0..n).map(|a| (0..n).map(|b| fold(a, &classes.rows[b])).collect()).collect();
                let proved = match prove(options, &movable, &add, &product, &p, heaps_up_to, control) {
                    Err(QuotientError::TooManyStates { .. }) => check_rows(classes, &movable, &add, &p)?,
                    other => other?,
                };
                let row = match proved {
                    Ok(proof) => {
                        let heap_class = (0..=heaps_up_to).map(|h| add[0][h as usize]).collect();
                        let mut rows = classes.rows.clone();
                        rows.iter_mut().for_each(|r| r.sort_unstable());
                        return Ok(MisereQuotient { heaps_up_to, rows, product, p_portion: p, heap_class, proof });
                    }
                    Err(row) => row,
                };
                // The rule fails at `row`: the row or one of its options is
                // predicted wrongly.
                let mut rows = vec![row.clone()];
                for (i, &h) in row.iter().enumerate() {
                    for o in &options[h as usize] {
                        let mut option: Vec<u64> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                        option.extend(o);
                        rows.push(option);
                    }
                }
                Fault::Rows(rows)
            }
        };
        let rows = match fault {
            Fault::Rows(rows) => rows,
            Fault::Order(start, h, k) => {
                // The two orders' classes differ on a test: one of the
                // rows (the row and a test, in either order, or a class's
                // own row and the test) is predicted wrongly.
                let row = [&start[..], &[h, k]].concat();
                let start = &start[..];
                let a = start.iter().fold(0, |c, &x| add[c][x as usize]);
                let (c1, c2) = (add[add[a][h as usize]][k as usize], add[add[a][k as usize]][h as usize]);
                let t = (0..classes.tests.len()).find(|&t| classes.signatures[c1][t] != classes.signatures[c2][t]);
                let test = t.map(|t| classes.tests[t].clone()).unwrap_or_default();
                let with = |mut r: Vec<u64>| {
                    r.extend_from_slice(&test);
                    r
                };
                vec![
                    with(row.clone()),
                    with([start, &[k, h]].concat()),
                    with(classes.rows[c1].clone()),
                    with(classes.rows[c2].clone()),
                ]
            }
        };
        let mut first = rows[0].clone();
        first.sort_unstable();
        let mut learned = false;
        for row in rows {
            let fold = row.iter().fold(0, |c, &x| add[c][x as usize]);
            if classes.signatures[fold][0] != classes.outcome(&row)? {
                learned = classes.learn_from(&row, &add, &p)?;
                break;
            }
        }
        if !learned {
            return Err(QuotientError::Refuted { row: first });
        }
    }
}

/// Two heaps added in the two orders to some class's row, ending in two
/// classes (the row, with the two heaps last).
fn order_fault(add: &[Vec<usize>], movable: &[u64], rows: &[Vec<u64>]) -> Option<Fault> {
    for a in 0..add.len() {
        for &h in movable {
            for &k in movable {
                if add[add[a][h as usize]][k as usize] != add[add[a][k as usize]][h as usize] {
                    return Some(Fault::Order(rows[a].clone(), h, k));
                }
            }
        }
    }
    None
}

/// A set of classes, one bit each.
#[derive(Clone, PartialEq, Eq, Hash)]
struct ClassSet(Vec<u64>);

impl ClassSet {
    fn new(n: usize) -> Self {
        ClassSet(vec![0; n.div_ceil(64)])
    }

    fn contains(&self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 == 1
    }

    fn insert(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }
}

/// The state of a row `Y` in the proof (see [`prove`]): its class, the
/// classes `x` for which some move of `Y` reaches a class `x·Y'` of the
/// P-portion, and whether it has a move.
type State = (usize, ClassSet, bool);

/// The proof ([`Proof::ByStates`]), once [`order_fault`] has found
/// nothing, so that a row's class does not depend on the order of its
/// heaps and the classes multiply (`product[x][y]`, the class of a row of
/// class `x` and one of class `y` together).
///
/// The state of a row `Y` is its class `y`, whether it has a move, and
/// the set `R(Y)` of classes `x` such that some option `Y'` of `Y` has
/// `x·Y'` in the P-portion. Adding a heap `h` of class `c` gives the
/// state of `Y + h` from that of `Y` alone: its options are `Y' + h` and
/// `Y + o` for the options `o` of `h`, so `x` is in `R(Y + h)` exactly
/// when `x·c` is in `R(Y)` or some `x·y·o` is in the P-portion. Heaps of
/// one class whose options have the same classes change a state alike:
/// one heap of each kind stands for all.
///
/// The rule of misère play at `Y` is: `y` is in the P-portion exactly when
/// `Y` has a move and the identity is not in `R(Y)`. Every state reached
/// from the empty row is visited and the rule checked at each; by
/// induction on the moves (each replaces a heap by smaller ones), every
/// row's class then tells its outcome. The states are at most the
/// classes times the sets of classes, whatever the number of heap sizes.
///
/// Returns the number of states, or a row (heaps in the order added) where
/// the rule fails.
fn prove(
    options: &[Vec<Vec<u64>>],
    movable: &[u64],
    add: &[Vec<usize>],
    product: &[Vec<usize>],
    p: &[bool],
    heaps_up_to: u64,
    control: &Control,
) -> Result<Result<Proof, Vec<u64>>, QuotientError> {
    let n = add.len();
    let fold = |a: usize, row: &[u64]| row.iter().fold(a, |c, &h| add[c][h as usize]);
    // One heap of each kind: its class, and the classes z from which one
    // of its options reaches the P-portion (some z·o in it).
    let mut kinds: Vec<(usize, ClassSet)> = Vec::new();
    let mut standing: Vec<u64> = Vec::new();
    for &h in movable {
        let mut reach = ClassSet::new(n);
        for z in 0..n {
            if options[h as usize].iter().any(|o| p[fold(z, o)]) {
                reach.insert(z);
            }
        }
        let kind = (add[0][h as usize], reach);
        if !kinds.contains(&kind) {
            kinds.push(kind);
            standing.push(h);
        }
    }
    // Each state with a row that has it (for the message of a refutation).
    let mut seen: HashMap<State, Vec<u64>> = HashMap::new();
    let start: State = (0, ClassSet::new(n), false);
    seen.insert(start.clone(), Vec::new());
    let mut queue = vec![start];
    while let Some(state) = queue.pop() {
        if control.must_stop() {
            return Err(QuotientError::Search(SearchError::Cancelled));
        }
        let (y, reach, has_move) = &state;
        if p[*y] != (*has_move && !reach.contains(0)) {
            return Ok(Err(seen[&state].clone()));
        }
        for ((c, reach_h), &h) in kinds.iter().zip(&standing) {
            let mut next = ClassSet::new(n);
            for (x, times) in product.iter().enumerate() {
                if reach.contains(times[*c]) || reach_h.contains(times[*y]) {
                    next.insert(x);
                }
            }
            let next: State = (product[*y][*c], next, true);
            if !seen.contains_key(&next) {
                if seen.len() >= MAX_STATES {
                    return Err(QuotientError::TooManyStates { heaps_up_to });
                }
                let mut row = seen[&state].clone();
                row.push(h);
                seen.insert(next.clone(), row);
                queue.push(next);
            }
        }
    }
    Ok(Ok(Proof::ByStates(seen.len())))
}

impl MisereQuotient {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Never: the identity is always an element.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The class of a row of heaps of at most [`Self::heaps_up_to`]
    /// (`None` for a larger heap).
    pub fn class_of(&self, heaps: &[u64]) -> Option<usize> {
        // (`try_from`: a heap typed in the browser may not fit its usize.)
        heaps.iter().try_fold(0, |c, &h| Some(self.product[c][*self.heap_class.get(usize::try_from(h).ok()?)?]))
    }

    /// Whether a row is a P-position of misère play, read from the
    /// quotient (`None` for a heap above the bound).
    pub fn is_p(&self, heaps: &[u64]) -> Option<bool> {
        self.class_of(heaps).map(|c| self.p_portion[c])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> TakeBreak {
        crate::takebreak::load(spec).unwrap()
    }

    /// Misère outcome by plain recursion, written apart from the search.
    fn plain(g: &TakeBreak, row: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = row.to_vec();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let mut any_move = false;
        let mut p = true;
        'all: for (i, &h) in key.iter().enumerate() {
            for o in g.options(h).unwrap() {
                any_move = true;
                let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                next.extend(o);
                if plain(g, &next, memo) {
                    p = false;
                    break 'all;
                }
            }
        }
        let p = p && any_move;
        memo.insert(key, p);
        p
    }

    #[test]
    fn the_quotient_tells_the_outcome_of_every_row_as_the_recursion_does() {
        for (spec, up_to) in [("kayles", 12), ("octal:0.07", 12), ("subtraction:1,2,3", 6), ("grundy-game", 9)] {
            let g = game(spec);
            let q = misere_quotient(&g, up_to, u64::MAX, &Control::new()).unwrap();
            let mut memo = HashMap::new();
            for a in 0..=up_to {
                for b in 0..=a {
                    for c in 0..=b {
                        for d in 0..=c.min(5) {
                            let row = [a, b, c, d];
                            assert_eq!(q.is_p(&row), Some(plain(&g, &row, &mut memo)), "{spec} {row:?}");
                        }
                    }
                }
            }
            // The monoid: the identity, commutative, associative.
            let n = q.len();
            for a in 0..n {
                assert_eq!(q.product[0][a], a);
                for b in 0..n {
                    assert_eq!(q.product[a][b], q.product[b][a], "{spec}");
                    for c in 0..n {
                        assert_eq!(q.product[q.product[a][b]][c], q.product[a][q.product[b][c]], "{spec}");
                    }
                }
            }
            // The empty row is an N-position of misère play.
            assert!(!q.p_portion[0]);
            // Small enough to be proved, not only checked.
            assert!(!matches!(q.proof, Proof::Checked { .. }), "{spec}: {:?}", q.proof);
        }
    }

    #[test]
    fn misere_kayles_to_twenty_is_proved_and_tells_the_outcome_of_rows_of_heaps_to_twenty() {
        // Heaps of 1 to 20: 24 elements, proved by the states of a row (a
        // bound the proof that kept one class per heap kind could not
        // reach), each bound found with the one below as the search's
        // known outcomes.
        let g = game("kayles");
        let q = misere_quotient(&g, 20, u64::MAX, &Control::new()).unwrap();
        assert_eq!((q.len(), q.p_portion.iter().filter(|&&p| p).count()), (24, 8));
        assert!(matches!(q.proof, Proof::ByStates(_)), "{:?}", q.proof);
        let mut memo = HashMap::new();
        for a in 1..=20 {
            for b in 0..=a {
                for c in 0..=b {
                    // (A fourth heap of more than 3 makes the recursion too
                    // slow for a debug build: see the test below.)
                    for d in 0..=c.min(3) {
                        let row = [a, b, c, d];
                        assert_eq!(q.is_p(&row), Some(plain(&g, &row, &mut memo)), "{row:?}");
                    }
                }
            }
        }
    }

    /// Every row of four heaps of up to 20 (the plain recursion meets
    /// millions of rows): about 3.5 minutes with `cargo test --release -p
    /// grundy-lab-core -- --ignored four_heaps`.
    #[test]
    #[ignore = "minutes even in a release build"]
    fn misere_kayles_tells_every_row_of_four_heaps_to_twenty() {
        let g = game("kayles");
        let q = misere_quotient(&g, 20, u64::MAX, &Control::new()).unwrap();
        let mut memo = HashMap::new();
        let mut rows = 0;
        for a in 1..=20 {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let row = [a, b, c, d];
                        assert_eq!(q.is_p(&row), Some(plain(&g, &row, &mut memo)), "{row:?}");
                        rows += 1;
                    }
                }
            }
        }
        assert_eq!(rows, 10_625);
    }

    #[test]
    fn the_proof_refutes_a_p_portion_changed_at_any_element() {
        // Kayles up to 12, proved; then each element in turn moved in or
        // out of the P-portion: the states must meet a row where the rule
        // of misère play fails.
        let g = game("kayles");
        let q = misere_quotient(&g, 12, u64::MAX, &Control::new()).unwrap();
        let options: Vec<Vec<Vec<u64>>> =
            (0..=12).map(|h| if h == 0 { Vec::new() } else { g.options(h).unwrap() }).collect();
        let movable: Vec<u64> = (1..=12).collect();
        let add: Vec<Vec<usize>> =
            (0..q.len()).map(|c| (0..=12).map(|h| q.product[c][q.heap_class[h]]).collect()).collect();
        let control = Control::new();
        let proved = prove(&options, &movable, &add, &q.product, &q.p_portion, 12, &control).unwrap();
        assert!(matches!(proved, Ok(Proof::ByStates(_))), "{proved:?}");
        for e in 0..q.len() {
            let mut p = q.p_portion.clone();
            p[e] = !p[e];
            let refuted = prove(&options, &movable, &add, &q.product, &p, 12, &control).unwrap();
            assert!(refuted.is_err(), "element {e}");
        }
    }

    #[test]
    fn misere_nim_of_heaps_up_to_three_has_bouton_s_quotient() {
        // Misère Nim of heaps of 1 to 3 (take 1 to 3 stones): a row is told
        // by the parity of its heaps of one when it has no larger heap, by
        // its nim-sum (0 to 3) when it has one: 6 elements, of which the
        // P-portion is {an odd number of ones alone, nim-sum 0 with a
        // larger heap} (Bouton's misère rule).
        let q = misere_quotient(&game("subtraction:1,2,3"), 3, u64::MAX, &Control::new()).unwrap();
        assert_eq!(q.len(), 6, "{:?}", q.rows);
        assert_eq!(q.p_portion.iter().filter(|&&p| p).count(), 2);
        // Two heaps of one are the empty row's class.
        assert_eq!(q.class_of(&[1, 1]), Some(0));
        // A heap past the bound has no class, however large (a heap of
        // 2^32 + 1 is not read as a heap of 1 where usize is 32 bits).
        assert_eq!(q.class_of(&[1, (1 << 32) + 1]), None);
        assert_eq!(q.is_p(&[u64::MAX]), None);
        assert_eq!(q.class_of(&[2, 2]), q.class_of(&[3, 3]));
    }

    #[test]
    fn options_past_the_memory_are_refused_before_they_are_all_listed() {
        // A split into four of heaps up to 200: about 2.8 million options.
        let limit = 1_000_000;
        let e = misere_quotient(&game("split:4"), 200, limit, &Control::new()).unwrap_err();
        match &e {
            QuotientError::Options { heaps_up_to: 200, needed, limit: l } => {
                assert_eq!(*l, limit);
                // Stopped within one heap's list of the limit, not at the end.
                assert!(*needed > limit && *needed < 2 * limit, "{needed}");
            }
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains("try a smaller bound"), "{e}");
    }

    #[test]
    fn bounds_are_refused_with_a_message() {
        let e = misere_quotient(&game("kayles"), 0, u64::MAX, &Control::new()).unwrap_err();
        assert!(e.to_string().contains("1 to 200"), "{e}");
        assert!(misere_quotient(&game("kayles"), 201, u64::MAX, &Control::new()).is_err());
    }
}
