//! Background work: a [`Job`] runs a closure on its own thread, reports
//! progress and honours cancellation through a shared [`Control`], and calls
//! a repaint callback when its progress moves and when it ends (the UI passes
//! `ctx.request_repaint`). A job is cancelled when it is dropped, so
//! replacing the job in a slot stops the old one. [`poll`] is the one way to
//! collect a job's end. Nothing here knows about egui.

use crate::Control;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Jobs started (running, or waiting for a worker in the browser) and not
/// yet ended.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How many jobs are running now (the browser's UI polls while any is).
pub fn running() -> usize {
    RUNNING.load(Ordering::SeqCst)
}

/// Called when a job's progress moves or when it ends.
pub type Repaint = Box<dyn Fn() + Send + Sync>;

/// How often a running job's progress is looked at for the repaint callback.
const PROGRESS_TICK: Duration = Duration::from_millis(50);

/// Why a job gave no result.
#[derive(Debug, Clone, PartialEq)]
pub enum JobError<E> {
    /// The work returned this error.
    Work(E),
    /// The work panicked (a bug); the panic's message.
    Panicked(String),
}

impl<E: fmt::Display> fmt::Display for JobError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobError::Work(e) => e.fmt(f),
            JobError::Panicked(m) => write!(f, "internal error: {m}"),
        }
    }
}

/// How a job ended.
#[derive(Debug, Clone, PartialEq)]
pub enum JobEnd<T, E = String> {
    /// Finished with a result.
    Done(T),
    /// Stopped because it was cancelled (or dropped).
    Cancelled,
    /// The work returned an error or panicked.
    Failed(JobError<E>),
}

type Outcome<T, E> = Arc<Mutex<Option<JobEnd<T, E>>>>;

/// One piece of background work with a name, progress and a cancel flag.
/// Dropping it cancels the work.
pub struct Job<T, E = String> {
    name: String,
    control: Arc<Control>,
    outcome: Outcome<T, E>,
}

impl<T, E> fmt::Debug for Job<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Job({}, {:.0}%)", self.name, self.control.fraction() * 100.0)
    }
}

impl<T: Send + 'static, E: Send + 'static> Job<T, E> {
    /// Start `work` on a new thread. It gets the job's [`Control`] (report
    /// progress with `start`/`advance`, look at `must_stop` often) and
    /// returns its result or an error. `repaint` is called when the progress
    /// moves and once when the job ends.
    pub fn spawn<F>(name: impl Into<String>, repaint: Repaint, work: F) -> Self
    where
        F: FnOnce(Arc<Control>) -> Result<T, E> + Send + 'static,
    {
        let name = name.into();
        let control = Arc::new(Control::new());
        let outcome: Outcome<T, E> = Arc::new(Mutex::new(None));
        let (tx, rx) = mpsc::channel::<()>();
        {
            let control = control.clone();
            let shared = outcome.clone();
            RUNNING.fetch_add(1, Ordering::SeqCst);
            let spawned = crate::system::start_thread(
                format!("job: {name}"),
                Box::new(move || {
                    let result = catch_unwind(AssertUnwindSafe(|| work(control.clone())));
                    let end = match result {
                        _ if control.is_cancelled() => JobEnd::Cancelled,
                        Ok(Ok(value)) => JobEnd::Done(value),
                        Ok(Err(e)) => JobEnd::Failed(JobError::Work(e)),
                        Err(panic) => JobEnd::Failed(JobError::Panicked(panic_message(&*panic))),
                    };
                    *shared.lock().unwrap_or_else(|e| e.into_inner()) = Some(end);
                    RUNNING.fetch_sub(1, Ordering::SeqCst);
                    drop(tx);
                }),
            );

            if let Err(e) = spawned {
                RUNNING.fetch_sub(1, Ordering::SeqCst);
                // No thread could be made (the system is out of them): the
                // job ends at once, saying why.
                let why = format!("no thread could be started: {e}");
                *outcome.lock().unwrap_or_else(|e| e.into_inner()) = Some(JobEnd::Failed(JobError::Panicked(why)));
            }
        }
        // A small watcher thread turns progress into repaint requests; it
        // ends as soon as the worker drops its end of the channel (or at
        // once when the worker could not start). Where a thread cannot wake
        // the UI (the browser), the UI polls instead (see [`running`]).
        if !crate::system::THREADS_WAKE_THE_UI {
            return Job { name, control, outcome };
        }
        let watched = control.clone();
        let watcher = crate::system::start_thread(
            format!("watch: {name}"),
            Box::new(move || {
                let mut last = -1.0f32;
                loop {
                    match rx.recv_timeout(PROGRESS_TICK) {
                        Err(RecvTimeoutError::Timeout) => {
                            let now = watched.fraction();
                            if now != last {
                                last = now;
                                repaint();
                            }
                        }
                        _ => {
                            repaint();
                            return;
                        }
                    }
                }
            }),
        );
        // Without a watcher the UI still polls the job when it next draws.
        drop(watcher);
        Job { name, control, outcome }
    }
}

impl<T, E> Job<T, E> {
    /// The name given when the job was started (shown next to its progress bar).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Progress between 0 and 1.
    pub fn fraction(&self) -> f32 {
        self.control.fraction()
    }

    /// Whether the job has ended (done, cancelled or failed).
    pub fn is_finished(&self) -> bool {
        lock_now(&self.outcome).is_some_and(|end| end.is_some())
    }

    /// Ask the job to stop; it ends as [`JobEnd::Cancelled`] soon after.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// The job's progress, time limit and cancel flag.
    pub fn control(&self) -> &Arc<Control> {
        &self.control
    }

    /// The end, moved out, once the job has ended (`None` while it runs or
    /// after it was taken).
    pub fn take(&mut self) -> Option<JobEnd<T, E>> {
        lock_now(&self.outcome)?.take()
    }
}

/// The outcome's lock if it is free now: the UI never waits for a worker
/// (in the browser the page's thread may not wait at all); a job that is
/// writing its end is collected at the next frame.
fn lock_now<T, E>(outcome: &Outcome<T, E>) -> Option<std::sync::MutexGuard<'_, Option<JobEnd<T, E>>>> {
    match outcome.try_lock() {
        Ok(guard) => Some(guard),
        Err(std::sync::TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => None,
    }
}

impl<T, E> Drop for Job<T, E> {
    fn drop(&mut self) {
        // Nobody will read the result: stop the work.
        self.control.cancel();
    }
}

/// The one way to collect a job: when the job in `slot` has ended, take it
/// out of the slot and return how it ended; `None` while it runs (or when
/// the slot is empty).
pub fn poll<T, E>(slot: &mut Option<Job<T, E>>) -> Option<JobEnd<T, E>> {
    let end = slot.as_mut()?.take()?;
    *slot = None;
    Some(end)
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    /// Poll `slot` until its job ends (a deadline, no sleeps).
    fn wait<T, E>(slot: &mut Option<Job<T, E>>) -> JobEnd<T, E> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(end) = poll(slot) {
                assert!(slot.is_none(), "poll empties the slot");
                return end;
            }
            assert!(Instant::now() < deadline, "the job did not end in time");
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_job_completes_and_repaints() {
        let repaints = Arc::new(AtomicUsize::new(0));
        let r = repaints.clone();
        let mut slot: Option<Job<u64>> = Some(Job::spawn(
            "sum",
            Box::new(move || {
                r.fetch_add(1, Ordering::SeqCst);
            }),
            |c| {
                c.start(10);
                let mut s = 0u64;
                for i in 0..10 {
                    s += i;
                    c.advance(1);
                }
                Ok(s)
            },
        ));
        assert_eq!(wait(&mut slot), JobEnd::Done(45));
        let deadline = Instant::now() + Duration::from_secs(20);
        while repaints.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "no repaint after the end");
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_job_cancels_and_a_dropped_job_stops() {
        let forever = |c: Arc<Control>| {
            while !c.must_stop() {
                std::thread::yield_now();
            }
            Ok::<u32, String>(1)
        };
        let mut slot = Some(Job::spawn("forever", Box::new(|| {}), forever));
        assert!(poll(&mut slot).is_none(), "still running");
        slot.as_ref().unwrap().cancel();
        assert_eq!(wait(&mut slot), JobEnd::Cancelled);
        // Replacing (dropping) a job cancels it: its control says so.
        let job = Job::spawn("forever", Box::new(|| {}), forever);
        let control = job.control().clone();
        drop(job);
        assert!(control.is_cancelled());
    }

    #[test]
    fn a_table_job_reports_progress_and_failures_are_typed() {
        let rules = crate::rules::preset("queen").unwrap();
        let mut slot =
            Some(Job::spawn("table", Box::new(|| {}), move |c| crate::grundy::compute(&rules, 300, 300, &c)));
        let control = slot.as_ref().unwrap().control().clone();
        match wait(&mut slot) {
            JobEnd::Done(t) => assert!(t.is_p(3, 5) && !t.is_p(3, 4)),
            other => panic!("{other:?}"),
        }
        // The engine reported its tiles: all of them were done.
        assert_eq!(control.fraction(), 1.0);
        assert!(control.done() > 0);
        let mut bad: Option<Job<(), crate::grundy::EngineError>> =
            Some(Job::spawn("bad", Box::new(|| {}), |_| Err(crate::grundy::EngineError::Cancelled)));
        assert_eq!(wait(&mut bad), JobEnd::Failed(JobError::Work(crate::grundy::EngineError::Cancelled)));
        let mut panics: Option<Job<(), String>> = Some(Job::spawn("panics", Box::new(|| {}), |_| panic!("boom")));
        match wait(&mut panics) {
            JobEnd::Failed(JobError::Panicked(m)) => assert!(m.contains("boom")),
            other => panic!("{other:?}"),
        }
    }
}
