//! The depth-first search of games whose options lower no sum of the
//! coordinates (a game with a memory that no sum orders, or one that does
//! not end), shared by the tables of one to three coordinates (`search.rs`)
//! and of many heaps (`heaps/search.rs`): over states numbered from 0, with
//! an explicit stack (never the call stack).
//! A state's value is written once all its options have theirs; an option
//! on the search path closes a cycle (the game would not end), and an
//! option outside the game's domain is an error, in whatever order the
//! search meets it.
//!
//! The search itself is one thread, but the program's runs, nearly all of
//! its time, are not: where the search needs a state it has not listed,
//! it lists that state's domain and options together with those of the
//! states it goes to next (the options still to come of the state on top
//! of the path, then the next starts), in parallel, up to [`BUDGET`]
//! options kept. The search then takes each state's list from there, in
//! its own order, so that tables and errors are the ones the one-thread
//! search finds; a list that fails is reported only where the search
//! meets it. With one thread (a browser without them), nothing is listed
//! ahead.

use super::{EngineError, NOT_A_POSITION};
use crate::Control;
use rayon::prelude::*;
use rhai::Scope;
use std::collections::HashMap;

/// The most options (and states) kept listed ahead of the search: 8 bytes
/// each, 16 MiB in all, beside the table.
const BUDGET: usize = 1 << 21;

/// The fewest states listed on threads; fewer are listed on this one.
const PARALLEL: usize = 8;

/// The most states listed at once.
const WAVE: usize = 4096;

/// What the search asks of a table. `in_domain` and `options` run on
/// several threads at once, each with its own scope.
pub(super) trait Graph: Sync {
    /// Whether `state` is a position of the game's domain.
    fn in_domain(&self, state: usize, scope: &mut Scope<'static>) -> Result<bool, EngineError>;
    /// Append the options of `state` (states, the pass included) to `out`.
    fn options(&self, state: usize, scope: &mut Scope<'static>, out: &mut Vec<usize>) -> Result<(), EngineError>;
    /// The value stored for `state`.
    fn value(&self, state: usize) -> u32;
    /// Store the value of `state`.
    fn set(&mut self, state: usize, value: u32);
    /// The error for the cycle `states` (the first again last).
    fn cycle(&self, states: &[usize]) -> EngineError;
    /// The error for `option`, outside the domain, of `state`.
    fn outside(&self, state: usize, option: usize) -> EngineError;
}

/// The status of a state in the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Not reached yet.
    No,
    /// On the search path: its options are being looked at.
    OnPath,
    /// Its value is stored.
    Done,
}

/// One state on the search path, and where its options start in the
/// shared list and how far they have been looked at.
struct Frame {
    state: usize,
    first: usize,
    next: usize,
}

/// What was found ahead of the search about a state.
enum Listed {
    /// Not a position of the game.
    Outside,
    /// A position, and its options.
    Options(Vec<usize>),
    /// Whether it is a position could not be found.
    DomainFailed(EngineError),
    /// A position whose options could not be listed.
    OptionsFailed(EngineError),
}

impl Listed {
    /// What `state` is (`None` when the control says to stop first).
    fn of(graph: &impl Graph, state: usize, scope: &mut Scope<'static>, control: &Control) -> Option<Listed> {
        if control.must_stop() {
            return None;
        }
        Some(match graph.in_domain(state, scope) {
            Ok(false) => Listed::Outside,
            Err(e) => Listed::DomainFailed(e),
            Ok(true) => {
                let mut out = Vec::new();
                match graph.options(state, scope, &mut out) {
                    Ok(()) => Listed::Options(out),
                    Err(e) => Listed::OptionsFailed(e),
                }
            }
        })
    }

    /// What it keeps, counted against [`BUDGET`].
    fn size(&self) -> usize {
        1 + match self {
            Listed::Options(list) => list.len(),
            _ => 0,
        }
    }
}

/// The search's memory: the status of every state (one byte, counted by
/// the memory checks), the path and the options of the states on it, and
/// what was listed ahead (at most [`BUDGET`]).
pub(super) struct Walker {
    seen: Vec<Seen>,
    options: Vec<usize>,
    path: Vec<Frame>,
    listed: HashMap<usize, Listed>,
    /// The size of `listed`.
    kept: usize,
    /// The options a listed state has, on average so far (none listed yet:
    /// `None`).
    per_state: Option<usize>,
    /// The starts still to come, from which the next starts are listed.
    starts: std::ops::Range<usize>,
    /// Whether states are listed ahead (more than one thread to list them).
    ahead: bool,
    scope: Scope<'static>,
}

impl Walker {
    /// A search over `states` states, none reached yet.
    pub fn new(states: usize) -> Walker {
        Walker {
            seen: vec![Seen::No; states],
            options: Vec::new(),
            path: Vec::new(),
            listed: HashMap::new(),
            kept: 0,
            per_state: None,
            starts: 0..0,
            ahead: rayon::current_num_threads() > 1,
            scope: Scope::new(),
        }
    }

    /// Give a value to every state of `starts` and to every state the
    /// search reaches from them, in the order of the states.
    pub fn all(
        &mut self,
        graph: &mut impl Graph,
        starts: std::ops::Range<usize>,
        misere: bool,
        control: &Control,
    ) -> Result<(), EngineError> {
        self.starts = starts.clone();
        for start in starts {
            self.starts.start = self.starts.start.max(start + 1);
            if !self.is_done(start) {
                self.from(graph, start, misere, control)?;
            }
        }
        Ok(())
    }

    /// Whether `state` has its value.
    pub fn is_done(&self, state: usize) -> bool {
        self.seen[state] == Seen::Done
    }

    /// Give a value to `start` and every state the search reaches from it:
    /// the mex of its options' values (in misère play 1 where it has none,
    /// [`super::naive::misere_mex`]). Progress counts states; the
    /// control is looked at every state.
    fn from(
        &mut self,
        graph: &mut impl Graph,
        start: usize,
        misere: bool,
        control: &Control,
    ) -> Result<(), EngineError> {
        if !self.in_domain(&*graph, start, control)? {
            graph.set(start, NOT_A_POSITION);
            self.seen[start] = Seen::Done;
            control.advance(1);
            return Ok(());
        }
        self.push(&*graph, start)?;
        let mut values = Vec::new();
        while let Some(top) = self.path.last_mut() {
            if control.must_stop() {
                return Err(crate::grundy::EngineError::of_program(crate::grundy::error::program_stopped(control)));
            }
            // The first option not done yet: look at it first.
            let (mut child, mut outside) = (None, None);
            while top.next < self.options.len() {
                let o = self.options[top.next];
                if self.seen[o] != Seen::Done {
                    child = Some(o);
                    break;
                }
                // A start outside the domain was done first: still no option.
                if graph.value(o) == NOT_A_POSITION {
                    outside = Some(o);
                    break;
                }
                top.next += 1;
            }
            let from = top.state;
            if let Some(o) = outside {
                return Err(graph.outside(from, o));
            }
            let Some(o) = child else {
                // Every option has its value: this state gets its own.
                let Some(frame) = self.path.pop() else { break };
                values.clear();
                values.extend(self.options[frame.first..].iter().map(|&o| graph.value(o)));
                self.options.truncate(frame.first);
                let v = if misere { super::naive::misere_mex(&values) } else { super::naive::mex(&values) };
                graph.set(frame.state, v);
                self.seen[frame.state] = Seen::Done;
                control.advance(1);
                continue;
            };
            if self.seen[o] == Seen::OnPath {
                let at = self.path.iter().position(|f| f.state == o).unwrap_or(0);
                let mut cycle: Vec<usize> = self.path[at..].iter().map(|f| f.state).collect();
                cycle.push(o);
                return Err(graph.cycle(&cycle));
            }
            if !self.in_domain(&*graph, o, control)? {
                return Err(graph.outside(from, o));
            }
            self.push(&*graph, o)?;
        }
        Ok(())
    }

    /// Whether `state` is in the game's domain, from what was listed ahead
    /// (listed now, with the states the search goes to next, if it was
    /// not).
    fn in_domain(&mut self, graph: &impl Graph, state: usize, control: &Control) -> Result<bool, EngineError> {
        if self.ahead && !self.listed.contains_key(&state) {
            self.list_ahead(graph, state, control);
        }
        match self.listed.get(&state) {
            Some(Listed::Options(_) | Listed::OptionsFailed(_)) => Ok(true),
            Some(Listed::Outside | Listed::DomainFailed(_)) => match self.take(state) {
                Some(Listed::DomainFailed(e)) => Err(e),
                _ => Ok(false),
            },
            // One thread, or listing ahead stopped (a cancel: the search
            // stops next).
            None => graph.in_domain(state, &mut self.scope),
        }
    }

    /// Put `state` (a position) on the path with its options.
    fn push(&mut self, graph: &impl Graph, state: usize) -> Result<(), EngineError> {
        let first = self.options.len();
        match self.take(state) {
            Some(Listed::Options(list)) => self.options.extend_from_slice(&list),
            Some(Listed::OptionsFailed(e)) => return Err(e),
            // Not listed ahead (one thread, or a cancel stopped the listing).
            _ => {
                if let Err(e) = graph.options(state, &mut self.scope, &mut self.options) {
                    self.options.truncate(first);
                    return Err(e);
                }
            }
        }
        self.seen[state] = Seen::OnPath;
        self.path.push(Frame { state, first, next: first });
        Ok(())
    }

    fn take(&mut self, state: usize) -> Option<Listed> {
        let listed = self.listed.remove(&state)?;
        self.kept -= listed.size();
        Some(listed)
    }

    /// List `state` and, in parallel with it, the states the search goes
    /// to next: the options still to come of the state on top of the path
    /// (the siblings of `state`), then the next starts, as many as the
    /// budget has room for.
    fn list_ahead(&mut self, graph: &impl Graph, state: usize, control: &Control) {
        // A first wave of a few, until the number of options is known.
        let room = match self.per_state {
            None => PARALLEL,
            Some(n) => (BUDGET.saturating_sub(self.kept) / (n + 1)).clamp(1, WAVE),
        };
        let mut wave = vec![state];
        let new = |s: usize, this: &Walker| this.seen[s] == Seen::No && s != state && !this.listed.contains_key(&s);
        if let Some(top) = self.path.last() {
            for &o in &self.options[top.next..] {
                if wave.len() >= room {
                    break;
                }
                if new(o, self) {
                    wave.push(o);
                }
            }
            // The options of a state have no repeats, except the pass.
            wave[1..].sort_unstable();
            wave.dedup();
        }
        while wave.len() < room.min(PARALLEL * 8) {
            let Some(s) = self.starts.next() else { break };
            if new(s, self) && !wave.contains(&s) {
                wave.push(s);
            }
        }
        let lists: Vec<Option<Listed>> = if wave.len() < PARALLEL {
            wave.iter().map(|&s| Listed::of(graph, s, &mut self.scope, control)).collect()
        } else {
            wave.par_iter().map_init(Scope::new, |scope, &s| Listed::of(graph, s, scope, control)).collect()
        };
        let (mut states, mut options) = (0, 0);
        for (&s, listed) in wave.iter().zip(lists) {
            let Some(listed) = listed else { continue };
            if let Listed::Options(list) = &listed {
                states += 1;
                options += list.len();
            }
            self.kept += listed.size();
            self.listed.insert(s, listed);
        }
        if let Some(n) = options.checked_div(states) {
            self.per_state = Some(n);
        }
    }
}
