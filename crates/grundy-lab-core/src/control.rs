//! Progress, cancellation and time limits shared between a computation and
//! whoever watches it (the UI's jobs, the command line). One type for all
//! long work: the engine, the formula checker, exports, tour searches.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use web_time::Instant;

/// No deadline (the stored value of [`Control`]'s deadline).
const NO_DEADLINE: u64 = u64::MAX;

/// A cancel flag, a progress counter (`done` of `total` work units) and an
/// optional deadline. Work that cannot know its total in advance (a tour
/// search) counts what it did in `done` and reports the fraction of its time
/// limit as its progress.
#[derive(Debug)]
pub struct Control {
    cancel: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    created: Instant,
    /// Nanoseconds after `created`, or [`NO_DEADLINE`].
    deadline: AtomicU64,
    /// Nanoseconds from setting the deadline to the deadline (for progress).
    limit: AtomicU64,
}

impl Default for Control {
    fn default() -> Self {
        Control {
            cancel: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            created: Instant::now(),
            deadline: AtomicU64::new(NO_DEADLINE),
            limit: AtomicU64::new(0),
        }
    }
}

impl Control {
    /// A fresh control: not cancelled, no progress, no deadline.
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh control whose work must stop `limit` from now.
    pub fn with_time_limit(limit: Duration) -> Self {
        let c = Self::new();
        c.set_time_limit(limit);
        c
    }

    /// Ask the computation to stop as soon as it can.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The work must stop `limit` from now (and not before).
    pub fn set_time_limit(&self, limit: Duration) {
        let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(NO_DEADLINE - 1);
        let at = nanos(self.created.elapsed()).saturating_add(nanos(limit)).min(NO_DEADLINE - 1);
        self.limit.store(nanos(limit), Ordering::Relaxed);
        self.deadline.store(at, Ordering::Relaxed);
    }

    /// The deadline set by [`Control::set_time_limit`], if any.
    pub fn deadline(&self) -> Option<Instant> {
        let d = self.deadline.load(Ordering::Relaxed);
        (d != NO_DEADLINE).then(|| self.created + Duration::from_nanos(d))
    }

    /// The time limit last set, if any.
    pub fn time_limit(&self) -> Option<Duration> {
        (self.deadline.load(Ordering::Relaxed) != NO_DEADLINE)
            .then(|| Duration::from_nanos(self.limit.load(Ordering::Relaxed)))
    }

    /// Whether the deadline set by [`Control::set_time_limit`] has passed.
    pub fn is_out_of_time(&self) -> bool {
        let deadline = self.deadline.load(Ordering::Relaxed);
        deadline != NO_DEADLINE && self.created.elapsed().as_nanos() >= u128::from(deadline)
    }

    /// Whether the work must stop now: cancelled, or out of time.
    pub fn must_stop(&self) -> bool {
        self.is_cancelled() || self.is_out_of_time()
    }

    /// Set the amount of work and reset the progress.
    pub fn start(&self, total: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    /// Record `n` more units done.
    pub fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    /// The units done so far (for work without a total: e.g. the positions
    /// a tour search tried).
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Progress between 0 and 1: the share of the total done, or, for work
    /// without a total but with a time limit, the share of the time used.
    pub fn fraction(&self) -> f32 {
        let total = self.total.load(Ordering::Relaxed);
        if total > 0 {
            return (self.done() as f64 / total as f64).min(1.0) as f32;
        }
        let (deadline, limit) = (self.deadline.load(Ordering::Relaxed), self.limit.load(Ordering::Relaxed));
        if deadline == NO_DEADLINE {
            return 0.0;
        }
        if limit == 0 {
            return 1.0;
        }
        let left = (deadline as f64 - self.created.elapsed().as_nanos() as f64).max(0.0);
        (1.0 - left / limit as f64).clamp(0.0, 1.0) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_cancel_and_deadline() {
        let c = Control::new();
        assert_eq!(c.fraction(), 0.0);
        c.start(4);
        c.advance(1);
        assert_eq!(c.fraction(), 0.25);
        assert_eq!(c.done(), 1);
        assert!(!c.must_stop());
        c.cancel();
        assert!(c.must_stop() && c.is_cancelled() && !c.is_out_of_time());

        let c = Control::with_time_limit(Duration::ZERO);
        assert!(c.is_out_of_time() && c.must_stop() && !c.is_cancelled());
        assert_eq!(c.fraction(), 1.0, "no total: the share of the time used");
        let c = Control::with_time_limit(Duration::from_secs(3600));
        assert!(!c.must_stop());
        assert!(c.fraction() < 0.01);
        let c = Control::with_time_limit(Duration::MAX);
        assert!(!c.must_stop());
    }
}
