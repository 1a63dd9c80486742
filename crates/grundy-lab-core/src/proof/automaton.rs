//! Deterministic finite automata over tuples of digits, read most
//! significant digit first: the sets of tuples of natural numbers that a
//! formula defines.
//!
//! Two invariants hold for every automaton built here, and every
//! operation keeps them:
//! - it accepts only *valid* words (each track a representation in its
//!   numeration: no factor 11 in Fibonacci);
//! - it is *closed under leading zeros*: it accepts `w` iff it accepts the
//!   word `0w` (the all-zero letter first), so it speaks of numbers, not of
//!   words.

use super::numeration::Numeration;
use super::{Limits, ProofError};
use std::collections::HashMap;

/// A complete deterministic automaton whose letters are tuples of digits,
/// one digit per *track*; each track is a variable of a formula.
#[derive(Clone, Debug)]
pub struct Automaton {
    numeration: Numeration,
    tracks: Vec<String>,
    start: u32,
    accept: Vec<bool>,
    /// `next[q * letters + a]`: the state after reading letter `a` in `q`.
    next: Vec<u32>,
}

/// The number of letters of `k` tracks: `radix^k`, refused beyond the limit.
fn letter_count(numeration: Numeration, k: usize, limits: &Limits) -> Result<usize, ProofError> {
    let letters = (numeration.radix() as u64).checked_pow(k as u32).unwrap_or(u64::MAX);
    if letters > limits.max_letters as u64 {
        return Err(ProofError::TooManyLetters { tracks: k, letters, limit: limits.max_letters });
    }
    Ok(letters as usize)
}

impl Automaton {
    /// An automaton from its parts. `next` has `states × radix^tracks`
    /// entries; the caller keeps the two invariants of this module.
    pub(super) fn from_parts(
        numeration: Numeration,
        tracks: Vec<String>,
        start: u32,
        accept: Vec<bool>,
        next: Vec<u32>,
    ) -> Automaton {
        debug_assert_eq!(next.len(), accept.len() * (numeration.radix() as usize).pow(tracks.len() as u32));
        Automaton { numeration, tracks, start, accept, next }
    }

    /// Every tuple of valid numbers (`accept_all = true`) or none, over `tracks`.
    pub fn constant_set(numeration: Numeration, tracks: Vec<String>, accept_all: bool) -> Automaton {
        let letters = (numeration.radix() as usize).pow(tracks.len() as u32);
        let a = Automaton::from_parts(numeration, tracks, 0, vec![accept_all], vec![0; letters]);
        // In Fibonacci numeration "every word" must still mean every valid word.
        if accept_all && numeration == Numeration::Fibonacci {
            return a.restrict_to_valid();
        }
        a
    }

    /// The numeration the automaton reads.
    pub fn numeration(&self) -> Numeration {
        self.numeration
    }

    /// The variables, one per track, in the order of the digits of a letter.
    pub fn tracks(&self) -> &[String] {
        &self.tracks
    }

    /// The number of states (the dead state included).
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// The start state.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Whether state `q` accepts.
    pub fn accepts_state(&self, q: u32) -> bool {
        self.accept[q as usize]
    }

    /// The number of letters: radix to the power of the number of tracks.
    pub fn letters(&self) -> usize {
        self.next.len() / self.accept.len()
    }

    /// The state after reading letter `a` in state `q`.
    pub fn step(&self, q: u32, a: usize) -> u32 {
        self.next[q as usize * self.letters() + a]
    }

    /// The letter of a tuple of digits, one per track.
    pub fn letter_of(&self, digits: &[u8]) -> usize {
        let r = self.numeration.radix() as usize;
        digits.iter().rev().fold(0, |acc, &d| acc * r + d as usize)
    }

    /// The digits of letter `a`, one per track.
    pub fn digits_of(&self, a: usize) -> Vec<u8> {
        let r = self.numeration.radix() as usize;
        (0..self.tracks.len()).map(|i| ((a / r.pow(i as u32)) % r) as u8).collect()
    }

    /// Whether the tuple `values` (one per track) is in the set.
    pub fn contains(&self, values: &[u64]) -> bool {
        let words: Vec<Vec<u8>> = values.iter().map(|&v| self.numeration.digits(v)).collect();
        let len = words.iter().map(Vec::len).max().unwrap_or(0);
        let mut q = self.start;
        for i in 0..len {
            let digits: Vec<u8> =
                words.iter().map(|w| if i + w.len() >= len { w[i + w.len() - len] } else { 0 }).collect();
            q = self.step(q, self.letter_of(&digits));
        }
        self.accepts_state(q)
    }

    /// The same automaton with its tracks renamed (`names[i]` for track `i`).
    pub fn renamed(mut self, names: Vec<String>) -> Automaton {
        assert_eq!(names.len(), self.tracks.len());
        self.tracks = names;
        self
    }

    /// The set combined with `other` cell by cell: a tuple over the union of
    /// the two automata's variables is accepted iff
    /// `op(in self, in other)`; a variable of only one of them is free in
    /// the other. Only valid words are accepted.
    pub fn combine(
        &self,
        other: &Automaton,
        op: impl Fn(bool, bool) -> bool,
        limits: &Limits,
    ) -> Result<Automaton, ProofError> {
        assert_eq!(self.numeration, other.numeration);
        let mut tracks = self.tracks.clone();
        for t in &other.tracks {
            if !tracks.contains(t) {
                tracks.push(t.clone());
            }
        }
        let letters = letter_count(self.numeration, tracks.len(), limits)?;
        let r = self.numeration.radix() as usize;
        let place = |names: &[String]| -> Vec<usize> {
            names.iter().map(|n| tracks.iter().position(|t| t == n).unwrap_or(0)).collect()
        };
        let (in_a, in_b) = (place(&self.tracks), place(&other.tracks));
        let project = |a: usize, places: &[usize]| -> usize {
            places.iter().enumerate().map(|(i, &p)| ((a / r.pow(p as u32)) % r) * r.pow(i as u32)).sum()
        };
        let map_a: Vec<usize> = (0..letters).map(|a| project(a, &in_a)).collect();
        let map_b: Vec<usize> = (0..letters).map(|a| project(a, &in_b)).collect();
        // Fibonacci: the state also remembers which tracks read a 1 last,
        // so that a word with 11 in any track goes to the dead state.
        let fib = self.numeration == Numeration::Fibonacci;
        let ones: Vec<u32> = (0..letters)
            .map(|a| if fib { (0..tracks.len()).filter(|&i| (a >> i) & 1 == 1).fold(0, |m, i| m | 1 << i) } else { 0 })
            .collect();
        const DEAD: (u32, u32, u32) = (u32::MAX, u32::MAX, u32::MAX);
        let mut index: HashMap<(u32, u32, u32), u32> = HashMap::new();
        let mut order: Vec<(u32, u32, u32)> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let start = (self.start, other.start, 0);
        index.insert(start, 0);
        order.push(start);
        let mut i = 0;
        while i < order.len() {
            let (qa, qb, mask) = order[i];
            for a in 0..letters {
                let target = if (qa, qb, mask) == DEAD || ones[a] & mask != 0 {
                    DEAD
                } else {
                    (self.step(qa, map_a[a]), other.step(qb, map_b[a]), ones[a])
                };
                let id = match index.get(&target) {
                    Some(&id) => id,
                    None => {
                        let id = order.len() as u32;
                        if order.len() >= limits.max_states {
                            return Err(ProofError::TooManyStates { limit: limits.max_states });
                        }
                        index.insert(target, id);
                        order.push(target);
                        id
                    }
                };
                next.push(id);
            }
            i += 1;
        }
        let accept = order
            .iter()
            .map(|&(qa, qb, m)| (qa, qb, m) != DEAD && op(self.accepts_state(qa), other.accepts_state(qb)))
            .collect();
        Ok(Automaton { numeration: self.numeration, tracks, start: 0, accept, next }.minimized())
    }

    /// The intersection with "every track is a valid representation" (the
    /// identity in base b).
    pub(super) fn restrict_to_valid(&self) -> Automaton {
        let all = Automaton::from_parts(self.numeration, self.tracks.clone(), 0, vec![true], vec![0; self.letters()]);
        // The combination of two automata over the same tracks never needs
        // more letters than they have; its states are at most 2^k times
        // ours.
        let limits = Limits { max_states: usize::MAX, max_letters: usize::MAX };
        self.combine(&all, |a, b| a && b, &limits).unwrap_or_else(|_| self.clone())
    }

    /// The complement among the tuples of valid numbers over the same tracks.
    pub fn complement(&self, limits: &Limits) -> Result<Automaton, ProofError> {
        let all = Automaton::from_parts(self.numeration, self.tracks.clone(), 0, vec![true], vec![0; self.letters()]);
        self.combine(&all, |a, _| !a, limits)
    }

    /// `∃ var`: the tuples of the other tracks for which some value of
    /// `var` is accepted. Projection gives a nondeterministic automaton,
    /// made deterministic by subsets; its start is every state reachable
    /// from the start by letters that are 0 on the other tracks, because
    /// the value of `var` may need more digits than the others have.
    pub fn exists(&self, var: &str, limits: &Limits) -> Result<Automaton, ProofError> {
        let Some(k) = self.tracks.iter().position(|t| t == var) else {
            return Ok(self.clone());
        };
        let r = self.numeration.radix() as usize;
        let mut tracks = self.tracks.clone();
        tracks.remove(k);
        let letters = letter_count(self.numeration, tracks.len(), limits)?;
        // The letters of the old automaton that a new letter stands for.
        let lift = |a: usize, d: usize| -> usize {
            let low = a % r.pow(k as u32);
            let high = a / r.pow(k as u32);
            low + d * r.pow(k as u32) + high * r.pow(k as u32 + 1)
        };
        // The start set: closure of the start under letters 0 off track k.
        let mut start: Vec<u32> = vec![self.start];
        let mut seen = vec![false; self.states()];
        seen[self.start as usize] = true;
        let mut i = 0;
        while i < start.len() {
            for d in 0..r {
                let q = self.step(start[i], lift(0, d));
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    start.push(q);
                }
            }
            i += 1;
        }
        start.sort_unstable();
        let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut order: Vec<Vec<u32>> = vec![start.clone()];
        index.insert(start, 0);
        let mut next = Vec::new();
        let mut mark = vec![usize::MAX; self.states()];
        let mut i = 0;
        while i < order.len() {
            for a in 0..letters {
                let mut set = Vec::new();
                for &q in &order[i] {
                    for d in 0..r {
                        let t = self.step(q, lift(a, d));
                        if mark[t as usize] != i * letters + a {
                            mark[t as usize] = i * letters + a;
                            set.push(t);
                        }
                    }
                }
                set.sort_unstable();
                let id = match index.get(&set) {
                    Some(&id) => id,
                    None => {
                        if order.len() >= limits.max_states {
                            return Err(ProofError::TooManyStates { limit: limits.max_states });
                        }
                        let id = order.len() as u32;
                        index.insert(set.clone(), id);
                        order.push(set);
                        id
                    }
                };
                next.push(id);
            }
            i += 1;
        }
        let accept = order.iter().map(|s| s.iter().any(|&q| self.accepts_state(q))).collect();
        Ok(Automaton { numeration: self.numeration, tracks, start: 0, accept, next }.minimized())
    }

    /// The smallest automaton of the same set: unreachable states dropped,
    /// then states with the same future merged (Moore's refinement).
    pub fn minimized(&self) -> Automaton {
        let letters = self.letters();
        // Reachable states, numbered in the order found.
        let mut number = vec![u32::MAX; self.states()];
        let mut order = vec![self.start];
        number[self.start as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            for a in 0..letters {
                let t = self.step(order[i], a);
                if number[t as usize] == u32::MAX {
                    number[t as usize] = order.len() as u32;
                    order.push(t);
                }
            }
            i += 1;
        }
        let n = order.len();
        let mut class: Vec<u32> = order.iter().map(|&q| self.accepts_state(q) as u32).collect();
        let mut count = class.iter().collect::<std::collections::HashSet<_>>().len();
        loop {
            let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut new_class = Vec::with_capacity(n);
            for (s, &q) in order.iter().enumerate() {
                let mut key = Vec::with_capacity(letters + 1);
                key.push(class[s]);
                for a in 0..letters {
                    key.push(class[number[self.step(q, a) as usize] as usize]);
                }
                let len = index.len() as u32;
                new_class.push(*index.entry(key).or_insert(len));
            }
            let new_count = index.len();
            class = new_class;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        // Renumber the classes in the order their first member was found,
        // so the start is 0 and equal sets give equal automata.
        let mut rename = vec![u32::MAX; count];
        let mut reps = Vec::new();
        for (s, &c) in class.iter().enumerate() {
            let c = c as usize;
            if rename[c] == u32::MAX {
                rename[c] = reps.len() as u32;
                reps.push(s);
            }
        }
        let mut next = Vec::with_capacity(reps.len() * letters);
        let mut accept = Vec::with_capacity(reps.len());
        for &s in &reps {
            let q = order[s];
            accept.push(self.accepts_state(q));
            for a in 0..letters {
                next.push(rename[class[number[self.step(q, a) as usize] as usize] as usize]);
            }
        }
        Automaton { numeration: self.numeration, tracks: self.tracks.clone(), start: 0, accept, next }
    }

    /// Whether no tuple is accepted.
    pub fn is_empty(&self) -> bool {
        self.minimized().accept.iter().all(|&a| !a)
    }

    /// For an automaton of no tracks (a sentence): whether it is true.
    pub fn is_true(&self) -> bool {
        self.accepts_state(self.start)
    }

    /// The least number accepted by an automaton of one track, or `None`
    /// when it accepts none. Error when it does not fit in 64 bits.
    fn least_of_one_track(&self) -> Result<Option<u64>, ProofError> {
        debug_assert_eq!(self.tracks.len(), 1);
        if self.accepts_state(self.start) {
            return Ok(Some(0));
        }
        let letters = self.letters();
        let n = self.states();
        // can[m][q]: some word of exactly m letters leads from q to acceptance.
        let mut can: Vec<Vec<bool>> = vec![self.accept.clone()];
        // The least number has the fewest digits: a nonzero first digit,
        // then the rest; at most n + 1 digits if there is one at all.
        for len in 1..=n + 1 {
            let prev = &can[len - 1];
            let row: Vec<bool> = (0..n).map(|q| (0..letters).any(|a| prev[self.step(q as u32, a) as usize])).collect();
            can.push(row);
            let ok = (1..letters).any(|a| can[len - 1][self.step(self.start, a) as usize]);
            if ok {
                // Greedy: the smallest digit that can still finish.
                let mut q = self.start;
                let mut digits = Vec::with_capacity(len);
                for rest in (0..len).rev() {
                    let first = if digits.is_empty() { 1 } else { 0 };
                    let Some(a) = (first..letters).find(|&a| can[rest][self.step(q, a) as usize]) else {
                        return Ok(None);
                    };
                    digits.push(a as u8);
                    q = self.step(q, a);
                }
                return self.numeration.value(&digits).map(Some).ok_or(ProofError::WitnessTooLarge);
            }
        }
        Ok(None)
    }

    /// The same set over exactly the tracks `order`, in that order: a
    /// variable the automaton does not have is free (any value); a track
    /// not in `order` is a mistake of the caller.
    pub fn with_tracks(&self, order: &[String], limits: &Limits) -> Result<Automaton, ProofError> {
        let missing: Vec<String> = order.iter().filter(|t| !self.tracks.contains(t)).cloned().collect();
        let full = if missing.is_empty() {
            self.clone()
        } else {
            let all = Automaton::constant_set(self.numeration, missing, true);
            self.combine(&all, |a, b| a && b, limits)?
        };
        assert!(full.tracks.len() == order.len(), "with_tracks: {:?} is not a superset of {:?}", order, self.tracks);
        if full.tracks == order {
            return Ok(full);
        }
        let r = self.numeration.radix() as usize;
        let letters = full.letters();
        // Where each new track sits among the old ones.
        let old_place: Vec<usize> =
            order.iter().map(|t| full.tracks.iter().position(|u| u == t).unwrap_or(0)).collect();
        let old_letter = |a: usize| -> usize {
            old_place.iter().enumerate().map(|(i, &p)| ((a / r.pow(i as u32)) % r) * r.pow(p as u32)).sum()
        };
        let map: Vec<usize> = (0..letters).map(old_letter).collect();
        let mut next = Vec::with_capacity(full.next.len());
        for q in 0..full.states() as u32 {
            for &old in &map {
                next.push(full.step(q, old));
            }
        }
        Ok(Automaton {
            numeration: self.numeration,
            tracks: order.to_vec(),
            start: full.start,
            accept: full.accept,
            next,
        })
    }

    /// Call `visit(tuple, accepted)` for every tuple whose coordinates are
    /// all below `limit`, each once, until it returns `false`: a walk of
    /// the tree of words of one length (enough digits for `limit − 1`)
    /// that carries the state along and leaves a branch as soon as a
    /// coordinate reaches the limit. Returns whether the walk finished.
    pub fn each_below(&self, limit: u64, mut visit: impl FnMut(&[u64], bool) -> bool) -> bool {
        let num = self.numeration;
        let d = self.tracks.len();
        let len = num.digits(limit.saturating_sub(1)).len();
        let weight: Vec<u64> = (0..len)
            .map(|i| match num {
                Numeration::Base(b) => (b as u64).pow(i as u32),
                Numeration::Fibonacci => super::numeration::fibonacci_weight(i).unwrap_or(u64::MAX),
            })
            .collect();
        let letters = self.letters();
        let r = num.radix() as usize;
        // digits[a * d + t]: the digit of track t in letter a.
        let digits: Vec<u64> =
            (0..letters).flat_map(|a| (0..d).map(move |t| ((a / r.pow(t as u32)) % r) as u64)).collect();
        // The stack of the walk, one level per digit read: the letter tried
        // next, the state, the values so far (d per level, flat).
        let mut values = vec![0u64; (len + 1) * d];
        let mut states = vec![self.start; len + 1];
        let mut letter = vec![0usize; len + 1];
        let mut depth = 0usize;
        loop {
            if depth == len {
                if !visit(&values[depth * d..(depth + 1) * d], self.accepts_state(states[depth])) {
                    return false;
                }
                if depth == 0 {
                    return true;
                }
                depth -= 1;
                letter[depth] += 1;
                continue;
            }
            let a = letter[depth];
            if a == letters {
                if depth == 0 {
                    return true;
                }
                depth -= 1;
                letter[depth] += 1;
                continue;
            }
            let w = weight[len - 1 - depth];
            let here = &digits[a * d..(a + 1) * d];
            let fib_bad = num == Numeration::Fibonacci
                && depth > 0
                && here
                    .iter()
                    .zip(&digits[letter[depth - 1] * d..(letter[depth - 1] + 1) * d])
                    .any(|(x, y)| x & y == 1);
            let (lower, upper) = values.split_at_mut((depth + 1) * d);
            let mut over = fib_bad;
            for t in 0..d {
                let v = lower[depth * d + t].saturating_add(here[t] * w);
                over |= v >= limit;
                upper[t] = v;
            }
            if over {
                letter[depth] += 1;
                continue;
            }
            states[depth + 1] = self.step(states[depth], a);
            letter[depth + 1] = 0;
            depth += 1;
        }
    }

    /// The least accepted tuple in the order of the tracks (the least first
    /// coordinate, then the least second one with it, …), or `None` when
    /// the set is empty: the counterexample a person reads.
    pub fn least(&self, limits: &Limits) -> Result<Option<Vec<u64>>, ProofError> {
        if self.tracks.is_empty() {
            return Ok(self.is_true().then(Vec::new));
        }
        let mut current = self.clone();
        let mut out = Vec::new();
        for (i, t) in self.tracks.iter().enumerate() {
            let mut only = current.clone();
            for other in &self.tracks[i + 1..] {
                only = only.exists(other, limits)?;
            }
            let Some(v) = only.least_of_one_track()? else {
                return Ok(None);
            };
            out.push(v);
            let fixed = super::basic::constant(self.numeration, t, v);
            current = current.combine(&fixed, |a, b| a && b, limits)?.exists(t, limits)?;
        }
        Ok(Some(out))
    }
}

/// Two automata are equal when they read the same set over the same
/// tracks: their minimal automata, whose states are numbered in the order
/// a breadth-first walk from the start meets them, are the same.
impl PartialEq for Automaton {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.minimized(), other.minimized());
        a.numeration == b.numeration && a.tracks == b.tracks && a.accept == b.accept && a.next == b.next
    }
}

impl Eq for Automaton {}
