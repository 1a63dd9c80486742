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
//!    itself, not a cover of it. It is checked in one of two ways:
//!    - **by the classes** ([`Proof::ByClasses`]), when for every class and
//!      heap the rows without that heap agree (see [`prove_by_classes`]);
//!    - **by the states** ([`Proof::ByStates`]): the *state* of a row is its
//!      class and, for each heap size it holds, the class of the row with
//!      one such heap less; there are finitely many, every state reached
//!      from the empty row by adding heaps is visited, and the rule is
//!      checked at each.
//!
//!    When the states are more than [`MAX_STATES`], the quotient is only
//!    **checked** against the search on every row of a few heaps
//!    ([`Proof::Checked`]), and says so.
//!
//! A heap with no move changes nothing in any row (no option, and the rows
//! with and without it have the same moves): its class is the identity.

use super::TakeBreak;
use super::search::{Play, RowSearch, SearchError};
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
    /// By its classes alone: for every class `y` outside the P-portion and
    /// every heap `h`, the classes `x` with `x·h = y` all agree on whether
    /// `h` has a move to the P-portion from `x`, so a row of class `y` with
    /// no move to the P-portion could only be made of heaps that have none
    /// there; no product of those heaps is `y`.
    ByClasses,
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
pub fn misere_quotient(
    game: &TakeBreak,
    heaps_up_to: u64,
    memory: u64,
    control: &Control,
) -> Result<MisereQuotient, QuotientError> {
    if heaps_up_to == 0 || heaps_up_to > MAX_HEAP {
        return Err(QuotientError::Bound { heaps_up_to });
    }
    let options: Vec<Vec<Vec<u64>>> = (0..=heaps_up_to)
        .map(|h| if h == 0 { Ok(Vec::new()) } else { game.options(h) })
        .collect::<Result<_, _>>()
        .map_err(|e| QuotientError::Search(SearchError::Rules(e)))?;
    let movable: Vec<u64> = (1..=heaps_up_to).filter(|&h| !options[h as usize].is_empty()).collect();
    let mut search = RowSearch::new(game.clone(), Play::Misere, memory);
    let mut classes = Classes {
        search: &mut search,
        control,
        tests: vec![Vec::new()],
        rows: Vec::new(),
        signatures: Vec::new(),
        index: HashMap::new(),
    };
    loop {
        // Each test tells apart two rows of one class: there are at most as
        // many tests as elements.
        if classes.tests.len() > MAX_ELEMENTS {
            return Err(QuotientError::TooManyElements { heaps_up_to });
        }
        let add = classes.discover(&options, heaps_up_to)?;
        let p: Vec<bool> = classes.signatures.iter().map(|s| s[0]).collect();
        let fault = match order_fault(&add, &movable, &classes.rows) {
            Some(fault) => fault,
            None => match prove_by_classes(&options, &movable, &add, &p, &classes.rows, control).map_or_else(
                || match prove(&options, &movable, &add, &p, heaps_up_to, control) {
                    Err(QuotientError::TooManyStates { .. }) => check_rows(&mut classes, &movable, &add, &p),
                    other => other,
                },
                Ok,
            )? {
                Ok(proof) => {
                    let n = classes.rows.len();
                    let fold = |a: usize, row: &[u64]| row.iter().fold(a, |c, &h| add[c][h as usize]);
                    let product = (0..n).map(|a| (0..n).map(|b| fold(a, &classes.rows[b])).collect()).collect();
                    let heap_class = (0..=heaps_up_to).map(|h| add[0][h as usize]).collect();
                    let mut rows = classes.rows.clone();
                    rows.iter_mut().for_each(|r| r.sort_unstable());
                    return Ok(MisereQuotient { heaps_up_to, rows, product, p_portion: p, heap_class, proof });
                }
                Err(row) => {
                    // The rule fails at `row`: the row or one of its options
                    // is predicted wrongly.
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
            },
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

/// The proof by classes ([`Proof::ByClasses`]), once [`order_fault`] has
/// found nothing (so a row's class does not depend on the order of its
/// heaps, and a move's class only on the option's class): `None` when some class
/// and heap leave it open (then the states decide), else `Ok` or a row
/// (heaps in order) where the rule of misère play fails.
///
/// The rule at a row `G` of class `y`: `y` is in the P-portion exactly
/// when `G` has a move and no move reaches the P-portion. A move takes a
/// heap `h` and puts an option `O` of it back, to the class `x·O`, where
/// `x` is the class of `G` without `h` (so `x·h = y`); "`h` reaches the
/// P-portion from `x`" is `B(h, x)`. Every class is the class of some row,
/// so every `x` occurs beside every `h`. Then:
/// - a class `x·h` in the P-portion needs `B(h, x)` false: checked for
///   every `x` and `h`;
/// - a row with no move (only heaps without moves) is the identity, which
///   must be outside the P-portion;
/// - a class `y` outside the P-portion needs, in every row of class `y`
///   with a move, some heap `h` with `B(h, x)`. When all `x` with
///   `x·h = y` agree on `B(h, x)`, a row without one is made only of heaps
///   `h` for which it is false at `y`; it exists exactly when `y` is a
///   product of one or more such heaps (a search over the classes).
fn prove_by_classes(
    options: &[Vec<Vec<u64>>],
    movable: &[u64],
    add: &[Vec<usize>],
    p: &[bool],
    rows: &[Vec<u64>],
    control: &Control,
) -> Option<Result<Proof, Vec<u64>>> {
    let fold = |a: usize, row: &[u64]| row.iter().fold(a, |c, &h| add[c][h as usize]);
    let n = add.len();
    let reaches = |h: u64, x: usize| options[h as usize].iter().any(|o| p[fold(x, o)]);
    if p[0] {
        return Some(Err(Vec::new()));
    }
    // For each class y and heap h: whether h reaches the P-portion from
    // every x with x·h = y (Some(true)), from none (Some(false)).
    let mut agree: Vec<Vec<Option<Option<bool>>>> = vec![vec![None; movable.len()]; n];
    for x in 0..n {
        if control.must_stop() {
            // Left to the proof by states, which says it was cancelled.
            return None;
        }
        for (i, &h) in movable.iter().enumerate() {
            let y = add[x][h as usize];
            let b = reaches(h, x);
            if p[y] && b {
                let mut row = rows[x].clone();
                row.push(h);
                return Some(Err(row));
            }
            agree[y][i] = match agree[y][i] {
                None => Some(Some(b)),
                Some(Some(c)) if c == b => Some(Some(b)),
                _ => Some(None),
            };
        }
    }
    for y in (0..n).filter(|&y| !p[y]) {
        let mut quiet: Vec<u64> = Vec::new();
        for (i, &h) in movable.iter().enumerate() {
            match agree[y][i] {
                Some(None) => return None,
                Some(Some(false)) => quiet.push(h),
                _ => {}
            }
        }
        // The products of one or more quiet heaps, each with a row.
        let mut seen: Vec<Option<Vec<u64>>> = vec![None; n];
        let mut queue: Vec<usize> = Vec::new();
        for &h in &quiet {
            let c = add[0][h as usize];
            if seen[c].is_none() {
                seen[c] = Some(vec![h]);
                queue.push(c);
            }
        }
        while let Some(c) = queue.pop() {
            for &h in &quiet {
                let next = add[c][h as usize];
                if seen[next].is_none() {
                    let mut row = seen[c].clone().unwrap_or_default();
                    row.push(h);
                    seen[next] = Some(row);
                    queue.push(next);
                }
            }
        }
        if let Some(row) = seen[y].take() {
            return Some(Err(row));
        }
    }
    Some(Ok(Proof::ByClasses))
}

/// The state of a row: its class, and for each heap size it holds (in
/// increasing order) the class of the row with one such heap less.
type State = (usize, Vec<(u64, usize)>);

/// Visit every state from the empty row, checking the rule of misère play
/// at each: the number of states, or a row (its heaps in the order added)
/// where the rule fails.
fn prove(
    options: &[Vec<Vec<u64>>],
    movable: &[u64],
    add: &[Vec<usize>],
    p: &[bool],
    heaps_up_to: u64,
    control: &Control,
) -> Result<Result<Proof, Vec<u64>>, QuotientError> {
    let fold = |a: usize, row: &[u64]| row.iter().fold(a, |c, &h| add[c][h as usize]);
    // Heaps of one class whose options have the same classes are alike in
    // every rule the proof checks (the row without one of them has one
    // class whichever is taken): one heap of each kind stands for all.
    let mut kinds: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut standing: Vec<u64> = Vec::new();
    for &h in movable {
        let mut after: Vec<usize> = options[h as usize].iter().map(|o| fold(0, o)).collect();
        after.sort_unstable();
        after.dedup();
        let kind = (add[0][h as usize], after);
        if !kinds.contains(&kind) {
            kinds.push(kind);
            standing.push(h);
        }
    }
    let movable = &standing[..];
    // Each state with a row that has it (for the message of a refutation).
    let mut seen: HashMap<State, Vec<u64>> = HashMap::new();
    let start: State = (0, Vec::new());
    seen.insert(start.clone(), Vec::new());
    let mut queue = vec![start];
    while let Some(state) = queue.pop() {
        if control.must_stop() {
            return Err(QuotientError::Search(SearchError::Cancelled));
        }
        let (class, less) = &state;
        let has_move = !less.is_empty();
        let move_to_p = less.iter().any(|&(h, without)| options[h as usize].iter().any(|o| p[fold(without, o)]));
        if p[*class] != (has_move && !move_to_p) {
            return Ok(Err(seen[&state].clone()));
        }
        for &h in movable {
            let mut next_less: Vec<(u64, usize)> = less.iter().map(|&(k, c)| (k, add[c][h as usize])).collect();
            match next_less.binary_search_by_key(&h, |&(k, _)| k) {
                Ok(i) => next_less[i].1 = *class,
                Err(i) => next_less.insert(i, (h, *class)),
            }
            let next: State = (add[*class][h as usize], next_less);
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
        heaps.iter().try_fold(0, |c, &h| Some(self.product[c][*self.heap_class.get(h as usize)?]))
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
        assert_eq!(q.class_of(&[2, 2]), q.class_of(&[3, 3]));
    }

    #[test]
    fn bounds_are_refused_with_a_message() {
        let e = misere_quotient(&game("kayles"), 0, u64::MAX, &Control::new()).unwrap_err();
        assert!(e.to_string().contains("1 to 200"), "{e}");
        assert!(misere_quotient(&game("kayles"), 201, u64::MAX, &Control::new()).is_err());
    }
}
