//! Background work: a [`Job`] runs a closure on its own thread, reports
//! progress and honours cancellation through a shared [`Control`], and calls
//! a repaint callback when its progress moves and when it ends (the UI passes
//! `ctx.request_repaint`). Nothing here knows about egui.

use crate::Control;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Called when a job's progress moves or when it ends.
pub type Repaint = Box<dyn Fn() + Send + Sync>;

/// How often a running job's progress is looked at for the repaint callback.
const PROGRESS_TICK: Duration = Duration::from_millis(50);

/// What a job is doing, or how it ended.
#[derive(Debug, Clone, PartialEq)]
pub enum JobState<T> {
    /// Still running; the fraction of the work done, between 0 and 1.
    Running(f32),
    /// Finished with a result.
    Done(T),
    /// Stopped because [`Job::cancel`] was called.
    Cancelled,
    /// The work returned an error (or panicked); the message says why.
    Failed(String),
}

impl<T> JobState<T> {
    /// True while the job runs.
    pub fn is_running(&self) -> bool {
        matches!(self, JobState::Running(_))
    }
}

/// One piece of background work with a name, progress and a cancel flag.
pub struct Job<T> {
    name: String,
    control: Arc<Control>,
    outcome: Arc<Mutex<Option<JobState<T>>>>,
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Job({}, {:.0}%)", self.name, self.control.fraction() * 100.0)
    }
}

impl<T: Send + 'static> Job<T> {
    /// Start `work` on a new thread. It gets the job's [`Control`] (report
    /// progress with `start`/`advance`, look at `is_cancelled` often) and
    /// returns its result or an error message. `repaint` is called when the
    /// progress moves and once when the job ends.
    pub fn spawn<F>(name: impl Into<String>, repaint: Repaint, work: F) -> Self
    where
        F: FnOnce(Arc<Control>) -> Result<T, String> + Send + 'static,
    {
        let name = name.into();
        let control = Arc::new(Control::new());
        let outcome = Arc::new(Mutex::new(None));
        let (tx, rx) = mpsc::channel::<()>();
        {
            let control = control.clone();
            let outcome = outcome.clone();
            std::thread::Builder::new()
                .name(format!("job: {name}"))
                .spawn(move || {
                    let result = catch_unwind(AssertUnwindSafe(|| work(control.clone())));
                    let state = match result {
                        _ if control.is_cancelled() => JobState::Cancelled,
                        Ok(Ok(value)) => JobState::Done(value),
                        Ok(Err(message)) => JobState::Failed(message),
                        Err(panic) => JobState::Failed(panic_message(&*panic)),
                    };
                    *outcome.lock().unwrap_or_else(|e| e.into_inner()) = Some(state);
                    drop(tx);
                })
                .expect("spawn a job thread");
        }
        // A small watcher thread turns progress into repaint requests; it
        // ends as soon as the worker drops its end of the channel.
        let watched = control.clone();
        std::thread::Builder::new()
            .name(format!("watch: {name}"))
            .spawn(move || {
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
            })
            .expect("spawn a job watcher thread");
        Job { name, control, outcome }
    }
}

impl<T: Clone> Job<T> {
    /// The current state: running with its progress, or how it ended.
    pub fn state(&self) -> JobState<T> {
        match &*self.outcome.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(end) => end.clone(),
            None => JobState::Running(self.control.fraction()),
        }
    }
}

impl<T> Job<T> {
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
        self.outcome.lock().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// Ask the job to stop; it ends as [`JobState::Cancelled`] soon after.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// The job's progress and cancel flag.
    pub fn control(&self) -> &Arc<Control> {
        &self.control
    }

    /// The end state, moved out, once the job has ended (`None` while it
    /// runs or after it was taken).
    pub fn take(&mut self) -> Option<JobState<T>> {
        self.outcome.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        format!("internal error: {s}")
    } else if let Some(s) = panic.downcast_ref::<String>() {
        format!("internal error: {s}")
    } else {
        "internal error".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    fn wait_until<T: Clone>(job: &Job<T>, done: impl Fn(&JobState<T>) -> bool) -> JobState<T> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let s = job.state();
            if done(&s) {
                return s;
            }
            assert!(Instant::now() < deadline, "job did not reach the state in time");
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_job_completes_and_repaints() {
        let repaints = Arc::new(AtomicUsize::new(0));
        let r = repaints.clone();
        let job = Job::spawn(
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
        );
        assert_eq!(wait_until(&job, |s| !s.is_running()), JobState::Done(45));
        let deadline = Instant::now() + Duration::from_secs(20);
        while repaints.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "no repaint after the end");
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_job_cancels() {
        let job: Job<u32> = Job::spawn("forever", Box::new(|| {}), |c| {
            while !c.is_cancelled() {
                std::thread::yield_now();
            }
            Ok(1)
        });
        assert!(job.state().is_running());
        job.cancel();
        assert_eq!(wait_until(&job, |s| !s.is_running()), JobState::Cancelled);
    }

    #[test]
    fn a_table_job_reports_progress_and_a_failure_is_a_message() {
        let rules = crate::rules::preset("queen").unwrap();
        let mut job = Job::spawn("table", Box::new(|| {}), move |c| {
            crate::grundy::compute(&rules, 300, 300, &c).map(Arc::new).map_err(|e| e.to_string())
        });
        match wait_until(&job, |s| !s.is_running()) {
            JobState::Done(t) => assert!(t.is_p(3, 5) && !t.is_p(3, 4)),
            other => panic!("{other:?}"),
        }
        assert!(job.take().is_some() && job.take().is_none());
        let bad: Job<()> = Job::spawn("bad", Box::new(|| {}), |_| Err("no such file".into()));
        assert_eq!(wait_until(&bad, |s| !s.is_running()), JobState::Failed("no such file".into()));
        let panics: Job<()> = Job::spawn("panics", Box::new(|| {}), |_| panic!("boom"));
        match wait_until(&panics, |s| !s.is_running()) {
            JobState::Failed(m) => assert!(m.contains("boom")),
            other => panic!("{other:?}"),
        }
    }
}
