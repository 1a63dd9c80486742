//! Exact tour search: depth-first backtracking in Warnsdorff order with
//! pruning. Each unvisited cell keeps `avail` = the number of its neighbours
//! that can still be next to it on the tour (unvisited cells, the current
//! cell, and for a closed tour the start). A cell with `avail = 0` can never
//! be reached; a cell with `avail = 1` must be the last cell (so at most one
//! for an open tour, none for a closed one). The unvisited cells must also
//! stay connected to the current cell.

use super::graph::LeaperGraph;
use super::warnsdorff::{Rng, centre_distance};
use crate::Control;

/// Above this many unvisited cells the connectivity check is skipped
/// (it costs time linear in the cells left).
const CONNECTIVITY_LIMIT: usize = 4096;

/// How one depth-first run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// A tour, vertices in visiting order.
    Found(Vec<u32>),
    /// Every possibility was explored; the number of tours found (when
    /// counting; 0 when searching).
    Exhausted(u64),
    /// The node cap of this run was reached (the count so far).
    Capped(u64),
    /// The deadline passed or the cancel flag was set (the count so far).
    Stopped(u64),
}

struct Frame {
    cands: [u32; 8],
    len: u8,
    next: u8,
}

/// The state of the backtracking search on one graph.
pub struct Dfs<'g> {
    g: &'g LeaperGraph,
    closed: bool,
    start: usize,
    visited: Vec<bool>,
    avail: Vec<i32>,
    key: Vec<u64>,
    path: Vec<u32>,
    ones: i32,
    zeros: i32,
    start_free: i32,
    stamp: Vec<u32>,
    stamp_id: u32,
    queue: Vec<u32>,
}

impl<'g> Dfs<'g> {
    /// A search for open (or closed) tours of `g`.
    pub fn new(g: &'g LeaperGraph, closed: bool) -> Dfs<'g> {
        let n = g.len();
        Dfs {
            g,
            closed,
            start: 0,
            visited: vec![false; n],
            avail: vec![0; n],
            key: vec![0; n],
            path: Vec::with_capacity(n),
            ones: 0,
            zeros: 0,
            start_free: 0,
            stamp: vec![0; n],
            stamp_id: 0,
            queue: Vec::new(),
        }
    }

    /// Sets the tie-break among equally constrained cells: seed 0 = far
    /// from the centre first, other seeds = pseudo-random.
    fn set_order(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        for v in 0..self.g.len() {
            self.key[v] = if seed == 0 { u64::MAX - centre_distance(self.g, v) } else { rng.next_u64() };
        }
    }

    fn reset(&mut self, start: usize) {
        let g = self.g;
        self.start = start;
        self.visited.iter_mut().for_each(|b| *b = false);
        self.path.clear();
        self.visited[start] = true;
        self.path.push(start as u32);
        self.ones = 0;
        self.zeros = 0;
        for v in 0..g.len() {
            self.avail[v] = g.degree(v) as i32;
            if v != start {
                match self.avail[v] {
                    0 => self.zeros += 1,
                    1 => self.ones += 1,
                    _ => {}
                }
            }
        }
        self.start_free = g.degree(start) as i32;
    }

    fn remaining(&self) -> usize {
        self.g.len() - self.path.len()
    }

    fn advance(&mut self, v: usize) {
        let c = *self.path.last().expect("path starts non-empty") as usize;
        match self.avail[v] {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
        self.visited[v] = true;
        self.path.push(v as u32);
        if self.g.adjacent(v, self.start) {
            self.start_free -= 1;
        }
        if !(self.closed && c == self.start) {
            for &u in self.g.neighbours(c) {
                let u = u as usize;
                self.avail[u] -= 1;
                if !self.visited[u] {
                    match self.avail[u] {
                        1 => self.ones += 1,
                        0 => {
                            self.ones -= 1;
                            self.zeros += 1
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    fn retreat(&mut self) {
        let v = self.path.pop().expect("retreat after advance") as usize;
        let c = *self.path.last().expect("start stays") as usize;
        if !(self.closed && c == self.start) {
            for &u in self.g.neighbours(c) {
                let u = u as usize;
                // `v` is still marked visited here; it is counted below.
                if !self.visited[u] {
                    match self.avail[u] {
                        1 => self.ones -= 1,
                        0 => {
                            self.zeros -= 1;
                            self.ones += 1
                        }
                        _ => {}
                    }
                }
                self.avail[u] += 1;
            }
        }
        if self.g.adjacent(v, self.start) {
            self.start_free += 1;
        }
        self.visited[v] = false;
        match self.avail[v] {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
    }

    /// Whether the current partial tour can still be completed, as far as
    /// the cheap tests can tell.
    fn feasible(&mut self) -> bool {
        let r = self.remaining();
        if r == 0 {
            return true;
        }
        if self.zeros > 0 || self.ones > if self.closed { 0 } else { 1 } {
            return false;
        }
        if self.closed && self.start_free == 0 {
            return false;
        }
        if r <= CONNECTIVITY_LIMIT && r > 2 {
            return self.unvisited_connected(r);
        }
        true
    }

    fn unvisited_connected(&mut self, r: usize) -> bool {
        self.stamp_id = self.stamp_id.wrapping_add(1);
        if self.stamp_id == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_id = 1;
        }
        let id = self.stamp_id;
        let c = *self.path.last().expect("non-empty") as usize;
        self.queue.clear();
        self.queue.push(c as u32);
        self.stamp[c] = id;
        let mut reached = 0;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head] as usize;
            head += 1;
            for &u in self.g.neighbours(v) {
                let u = u as usize;
                if !self.visited[u] && self.stamp[u] != id {
                    self.stamp[u] = id;
                    reached += 1;
                    self.queue.push(u as u32);
                }
            }
        }
        reached == r
    }

    fn frame(&self) -> Frame {
        let c = *self.path.last().expect("non-empty") as usize;
        let mut f = Frame { cands: [0; 8], len: 0, next: 0 };
        for &u in self.g.neighbours(c) {
            if self.visited[u as usize] {
                continue;
            }
            // A neighbour reachable only from here must come next.
            if !self.closed && self.avail[u as usize] == 1 {
                f.cands[0] = u;
                f.len = 1;
                return f;
            }
            if (f.len as usize) < 8 {
                f.cands[f.len as usize] = u;
                f.len += 1;
            }
        }
        let (avail, key) = (&self.avail, &self.key);
        f.cands[..f.len as usize].sort_unstable_by_key(|&u| (avail[u as usize], key[u as usize]));
        f
    }

    fn complete(&self) -> bool {
        self.remaining() == 0
            && (!self.closed || {
                let c = *self.path.last().expect("non-empty") as usize;
                self.g.len() >= 3 && self.g.adjacent(c, self.start)
            })
    }

    /// Runs the backtracking search from `start` with tie-break `seed`,
    /// trying at most `cap` moves. When `count` is true it explores
    /// everything and counts the tours instead of stopping at the first.
    pub fn run(&mut self, start: usize, seed: u64, cap: u64, count: bool, ctl: &Control) -> RunEnd {
        if ctl.must_stop() {
            return RunEnd::Stopped(0);
        }
        self.set_order(seed);
        self.reset(start);
        let mut found = 0u64;
        let mut nodes = 0u64;
        let mut pending = 0u64;
        if self.g.len() == 1 {
            return if self.complete() {
                if count { RunEnd::Exhausted(1) } else { RunEnd::Found(self.path.clone()) }
            } else {
                RunEnd::Exhausted(0)
            };
        }
        let mut stack = vec![self.frame()];
        while let Some(top) = stack.last_mut() {
            if top.next == top.len {
                stack.pop();
                if !stack.is_empty() {
                    self.retreat();
                }
                continue;
            }
            let v = top.cands[top.next as usize] as usize;
            top.next += 1;
            nodes += 1;
            pending += 1;
            if pending == 4096 {
                ctl.advance(pending);
                pending = 0;
                if ctl.must_stop() {
                    return RunEnd::Stopped(found);
                }
            }
            if nodes > cap {
                ctl.advance(pending);
                return RunEnd::Capped(found);
            }
            self.advance(v);
            if self.remaining() == 0 {
                if self.complete() {
                    if !count {
                        ctl.advance(pending);
                        return RunEnd::Found(self.path.clone());
                    }
                    found += 1;
                }
                self.retreat();
            } else if self.feasible() {
                stack.push(self.frame());
            } else {
                self.retreat();
            }
        }
        ctl.advance(pending);
        RunEnd::Exhausted(found)
    }
}
