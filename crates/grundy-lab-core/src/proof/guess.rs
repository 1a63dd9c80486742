//! The smallest automaton consistent with a computed table (Myhill–Nerode
//! on data): two words of digits are one state when they agree on every
//! suffix of at most `m` letters (is the tuple they spell in the set?).
//! The suffix length grows until the automaton built this way agrees with
//! the whole table. This is a *guess*: [`super::prove`] proves it or says
//! it could not.

use super::automaton::Automaton;
use super::numeration::Numeration;
use super::{Limits, ProofError};
use crate::control::Control;
use std::collections::HashMap;

/// A set of tuples known below a bound: `contains(p)` for every tuple whose
/// coordinates are all below `limit`.
pub struct Data<'a> {
    /// The bound of every coordinate.
    pub limit: u64,
    /// Membership, asked only below the bound.
    pub contains: &'a dyn Fn(&[u64]) -> bool,
}

/// Why no automaton was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFound {
    /// The longest words of digits the table covers.
    pub digits: usize,
    /// The longest suffixes tried.
    pub suffix: usize,
}

/// The words of `len` letters over `d` tracks whose every track is valid
/// on its own.
fn words(numeration: Numeration, d: usize, len: usize) -> Vec<Vec<usize>> {
    let r = numeration.radix() as usize;
    let letters = r.pow(d as u32);
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..len {
        let mut longer = Vec::with_capacity(out.len() * letters);
        for w in &out {
            for a in 0..letters {
                if numeration == Numeration::Fibonacci && w.last().is_some_and(|&b| a & b != 0) {
                    continue;
                }
                let mut v = w.clone();
                v.push(a);
                longer.push(v);
            }
        }
        out = longer;
    }
    out
}

struct Reader<'a> {
    numeration: Numeration,
    d: usize,
    data: &'a Data<'a>,
    /// `digit[a * d + t]`: the digit of track t in letter a.
    digit: Vec<u8>,
    /// `weight[i]`: the weight of the digit i places from the right.
    weight: Vec<u64>,
}

impl<'a> Reader<'a> {
    fn new(numeration: Numeration, d: usize, data: &'a Data<'a>, digits: usize) -> Self {
        let r = numeration.radix() as usize;
        let letters = r.pow(d as u32);
        let digit = (0..letters).flat_map(|a| (0..d).map(move |t| ((a / r.pow(t as u32)) % r) as u8)).collect();
        let weight = (0..=digits + 1)
            .map(|i| match numeration {
                Numeration::Base(b) => (b as u64).saturating_pow(i as u32),
                Numeration::Fibonacci => super::numeration::fibonacci_weight(i).unwrap_or(u64::MAX),
            })
            .collect();
        Reader { numeration, d, data, digit, weight }
    }

    /// Whether the word `w` then `s` spells a tuple in the set (invalid
    /// words: no; beyond the table: no, never asked by the callers).
    fn accepts(&self, w: &[usize], s: &[usize]) -> bool {
        let len = w.len() + s.len();
        if len >= self.weight.len() {
            return false;
        }
        let mut values = [0u64; 8];
        let fib = self.numeration == Numeration::Fibonacci;
        for (t, value) in values.iter_mut().enumerate().take(self.d) {
            let mut v = 0u64;
            let mut last = 0u8;
            for (i, &a) in w.iter().chain(s).enumerate() {
                let dgt = self.digit[a * self.d + t];
                if fib && dgt == 1 && last == 1 {
                    return false;
                }
                last = dgt;
                v = v.saturating_add(dgt as u64 * self.weight[len - 1 - i]);
            }
            if v >= self.data.limit {
                return false;
            }
            *value = v;
        }
        (self.data.contains)(&values[..self.d])
    }
}

/// The smallest automaton over `tracks` consistent with `data`, or why
/// none was found within the table.
pub fn guess(
    numeration: Numeration,
    tracks: &[String],
    data: &Data<'_>,
    limits: &Limits,
    control: &Control,
) -> Result<Result<Automaton, NotFound>, ProofError> {
    let d = tracks.len();
    let r = numeration.radix() as usize;
    let letters = r.pow(d as u32);
    let digits = numeration.length_below(data.limit);
    let reader = Reader::new(numeration, d, data, digits);
    let mut last_size = None;
    for m in 1..digits {
        if control.must_stop() {
            return Err(ProofError::Cancelled);
        }
        let suffixes: Vec<Vec<usize>> = (0..=m).flat_map(|len| words(numeration, d, len)).collect();
        let signature = |w: &[usize]| -> Vec<bool> { suffixes.iter().map(|s| reader.accepts(w, s)).collect() };
        // Breadth-first: each new behaviour is a state, named by the
        // shortest word that shows it.
        let mut index: HashMap<Vec<bool>, u32> = HashMap::new();
        let mut reps: Vec<Vec<usize>> = vec![Vec::new()];
        index.insert(signature(&[]), 0);
        let mut next = Vec::new();
        let mut accept = Vec::new();
        let mut fits = true;
        let mut i = 0;
        while i < reps.len() {
            if reps[i].len() + 1 + m > digits {
                fits = false;
                break;
            }
            accept.push(reader.accepts(&reps[i], &[]));
            for a in 0..letters {
                let mut w = reps[i].clone();
                w.push(a);
                let sig = signature(&w);
                let id = match index.get(&sig) {
                    Some(&id) => id,
                    None => {
                        if reps.len() >= limits.max_states {
                            return Err(ProofError::TooManyStates { limit: limits.max_states });
                        }
                        let id = reps.len() as u32;
                        index.insert(sig, id);
                        reps.push(w);
                        id
                    }
                };
                next.push(id);
            }
            i += 1;
        }
        if !fits {
            break;
        }
        let candidate =
            Automaton::from_parts(numeration, tracks.to_vec(), 0, accept, next).restrict_to_valid().minimized();
        if agrees(&candidate, data, control)? {
            // Stable: one more letter of suffix changes nothing.
            if last_size == Some(candidate.states()) {
                return Ok(Ok(candidate));
            }
            last_size = Some(candidate.states());
        } else {
            last_size = None;
        }
    }
    Ok(Err(NotFound { digits, suffix: digits.saturating_sub(1) }))
}

/// The most tuples compared with the table, in one guess.
const MAX_COMPARED: u64 = 1_000_000;

/// Whether the automaton agrees with the table on the box (on its part
/// nearest the corner when the box holds more than [`MAX_COMPARED`]
/// tuples).
fn agrees(a: &Automaton, data: &Data<'_>, control: &Control) -> Result<bool, ProofError> {
    let d = a.tracks().len() as u32;
    let mut side = data.limit;
    while side.saturating_pow(d) > MAX_COMPARED {
        side = side * 9 / 10;
    }
    let mut count = 0u64;
    let mut cancelled = false;
    let same = a.each_below(side, |p, accepted| {
        count += 1;
        if count.is_multiple_of(65536) && control.must_stop() {
            cancelled = true;
            return false;
        }
        accepted == (data.contains)(p)
    });
    if cancelled {
        return Err(ProofError::Cancelled);
    }
    Ok(same)
}
