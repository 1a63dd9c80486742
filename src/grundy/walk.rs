//! The depth-first search of games with a memory (options that keep or
//! raise the coordinate sum), shared by the tables of one to three
//! coordinates (`search.rs`) and of many heaps (`heaps/search.rs`): over
//! states numbered from 0, with an explicit stack (never the call stack).
//! A state's value is written once all its options have theirs; an option
//! on the search path closes a cycle (the game would not end), and an
//! option outside the game's domain is an error, in whatever order the
//! search meets it.

use super::{EngineError, NOT_A_POSITION};
use crate::Control;

/// What the search asks of a table.
pub(super) trait Graph {
    /// Whether `state` is a position of the game's domain.
    fn in_domain(&mut self, state: usize) -> Result<bool, EngineError>;
    /// Append the options of `state` (states, the pass included) to `out`.
    fn options(&mut self, state: usize, out: &mut Vec<usize>) -> Result<(), EngineError>;
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

/// The search's memory: the status of every state (one byte, counted by
/// the memory checks), the path and the options of the states on it.
pub(super) struct Walker {
    seen: Vec<Seen>,
    options: Vec<usize>,
    path: Vec<Frame>,
}

impl Walker {
    /// A search over `states` states, none reached yet.
    pub fn new(states: usize) -> Walker {
        Walker { seen: vec![Seen::No; states], options: Vec::new(), path: Vec::new() }
    }

    /// Whether `state` has its value.
    pub fn is_done(&self, state: usize) -> bool {
        self.seen[state] == Seen::Done
    }

    /// Give a value to `start` and every state the search reaches from it:
    /// the mex of its options' values, or in misère play 0 (P) exactly
    /// when it has options and each is 1 (N). Progress counts states; the
    /// control is looked at every state.
    pub fn from(
        &mut self,
        graph: &mut impl Graph,
        start: usize,
        misere: bool,
        control: &Control,
    ) -> Result<(), EngineError> {
        if !graph.in_domain(start)? {
            graph.set(start, NOT_A_POSITION);
            self.seen[start] = Seen::Done;
            control.advance(1);
            return Ok(());
        }
        self.push(graph, start)?;
        let mut values = Vec::new();
        while let Some(top) = self.path.last_mut() {
            if control.must_stop() {
                return Err(super::program::engine_error(super::program::stopped(control)));
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
                let v = if misere {
                    let p_position = !values.is_empty() && values.iter().all(|&v| v == 1);
                    u32::from(!p_position)
                } else {
                    super::naive::mex(&values)
                };
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
            if !graph.in_domain(o)? {
                return Err(graph.outside(from, o));
            }
            self.push(graph, o)?;
        }
        Ok(())
    }

    /// Put `state` on the path with its options.
    fn push(&mut self, graph: &mut impl Graph, state: usize) -> Result<(), EngineError> {
        let first = self.options.len();
        if let Err(e) = graph.options(state, &mut self.options) {
            self.options.truncate(first);
            return Err(e);
        }
        self.seen[state] = Seen::OnPath;
        self.path.push(Frame { state, first, next: first });
        Ok(())
    }
}
