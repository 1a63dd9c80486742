//! Progress of long command-line runs, on stderr: a line that shows how far
//! the work is once it has taken more than a second, redrawn while stderr
//! is a terminal (or every line when `GRUNDY_LAB_PROGRESS=1` asks for it).
//! When stderr is a pipe or a file, a run longer than ten seconds still
//! says so there, with its estimate, once and then once a minute, so that a
//! script's log shows why it waits; stdout stays clean.

use crate::Control;
use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use web_time::Instant;

/// How long work runs before its progress is shown.
const QUIET: Duration = Duration::from_secs(1);
/// How often the progress line is redrawn.
const EVERY: Duration = Duration::from_millis(250);
/// When stderr is not a terminal: the first line, and the time between two.
const LOG_FIRST: Duration = Duration::from_secs(10);
const LOG_EVERY: Duration = Duration::from_secs(60);

/// Whether progress lines are wanted: stderr is a terminal, or the
/// environment asks for them (plain lines then, for logs and tests); and
/// whether a log hears of long runs (not with `GRUNDY_LAB_PROGRESS=0`).
fn wanted() -> (bool, bool, bool) {
    let setting = std::env::var("GRUNDY_LAB_PROGRESS").ok();
    let terminal = std::io::stderr().is_terminal();
    let off = setting.as_deref() == Some("0");
    (!off && (terminal || setting.as_deref() == Some("1")), terminal, !off)
}

thread_local! {
    /// The deadline of the whole command (`--budget` of `value`, `is-p`,
    /// `genus`), which every watched run on this thread keeps, and the flag
    /// a run sets when the deadline stopped it.
    static COMMAND_DEADLINE: RefCell<Option<(Instant, Arc<AtomicBool>)>> = const { RefCell::new(None) };
}

/// A command's time budget, kept by every [`watch`] on this thread until
/// the guard is dropped: the budget covers every long run of the command.
pub struct CommandBudget {
    budget: Duration,
    stopped: Arc<AtomicBool>,
}

impl CommandBudget {
    /// Start the command's budget now.
    pub fn start(budget: Duration) -> CommandBudget {
        let stopped = Arc::new(AtomicBool::new(false));
        COMMAND_DEADLINE.with(|d| *d.borrow_mut() = Some((Instant::now() + budget, Arc::clone(&stopped))));
        CommandBudget { budget, stopped }
    }

    /// The budget, when a watched run was stopped by it (the run's own
    /// error says only "cancelled").
    pub fn spent(&self) -> Option<Duration> {
        self.stopped.load(Ordering::Relaxed).then_some(self.budget)
    }
}

impl Drop for CommandBudget {
    fn drop(&mut self) {
        COMMAND_DEADLINE.with(|d| *d.borrow_mut() = None);
    }
}

/// Run `work` on this thread while another thread shows the progress that
/// `work` reports through `control`, as "`label`: 42% (3 s)", and cancels
/// the work when the control's time limit passes, or the command's budget
/// ([`CommandBudget`]) (so work that looks only at the cancel flag, such as
/// the engine's tiles, stops at a budget too).
pub fn watch<T>(label: &str, control: &Control, work: impl FnOnce() -> T) -> T {
    let (wanted, terminal, logged_runs) = wanted();
    let command_deadline = COMMAND_DEADLINE.with(|d| d.borrow().clone());
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let start = Instant::now();
            let mut shown = false;
            let mut logged: Option<Duration> = None;
            // Where the work stood at the first look: a run that goes on
            // from a file starts far along, and only what it does from
            // there says how fast it goes.
            let mut first: Option<(f64, Duration)> = None;
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(EVERY) {
                if let Some((deadline, stopped)) = &command_deadline
                    && Instant::now() >= *deadline
                {
                    stopped.store(true, Ordering::Relaxed);
                    control.cancel();
                }
                if control.is_out_of_time() {
                    control.cancel();
                }
                let elapsed = start.elapsed();
                let fraction = f64::from(control.fraction());
                let since = *first.get_or_insert((fraction, elapsed));
                if !wanted {
                    if logged_runs && elapsed >= log_due(logged) {
                        let _ = writeln!(std::io::stderr(), "{}", progress_line(label, fraction, elapsed, since));
                        logged = Some(elapsed);
                    }
                    continue;
                }
                if elapsed < QUIET {
                    continue;
                }
                let line = progress_line(label, fraction, elapsed, since);
                let mut err = std::io::stderr().lock();
                // Errors writing progress are not worth stopping the work for.
                let _ = if terminal { write!(err, "\r{line}\x1b[K") } else { writeln!(err, "{line}") };
                let _ = err.flush();
                shown = true;
            }
            if shown && terminal {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// When stderr is not a terminal: when the next line is due, after the
/// last one written (`None`: none yet).
fn log_due(logged: Option<Duration>) -> Duration {
    logged.map_or(LOG_FIRST, |t| t + LOG_EVERY)
}

/// How far the work must have gone, since the first look, before the time
/// left is estimated.
const ESTIMATE_FROM: f64 = 0.0001;

/// "`label`: 42% (3 s, about 5 s left)": the time left from the rate since
/// `since` (the fraction done and the time at the first look; once a
/// hundredth of a percent more is done), so that a run of hours says so in
/// its first seconds. Below 10 % the percentage has one decimal, so that a
/// long run is seen to move.
fn progress_line(label: &str, fraction: f64, elapsed: Duration, since: (f64, Duration)) -> String {
    let percent = fraction * 100.0;
    let shown = if percent < 10.0 { format!("{percent:.1}") } else { format!("{percent:.0}") };
    let (done, spent) = (fraction - since.0, elapsed.saturating_sub(since.1).as_secs_f64());
    let left = if done >= ESTIMATE_FROM && fraction < 1.0 {
        format!(", about {} left", left_text(spent * (1.0 - fraction) / done))
    } else {
        String::new()
    };
    format!("{label}: {shown}% ({} s{left})", elapsed.as_secs())
}

/// A time left for a person, to the nearest unit: `40 s`, `12 min`, `5 h`,
/// `3 days`.
fn left_text(seconds: f64) -> String {
    let round = |x: f64| x.round().max(1.0);
    if seconds < 90.0 {
        format!("{:.0} s", round(seconds))
    } else if seconds < 5400.0 {
        format!("{:.0} min", round(seconds / 60.0))
    } else if seconds < 172_800.0 {
        format!("{:.0} h", round(seconds / 3600.0))
    } else {
        format!("{:.0} days", round(seconds / 86_400.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log (stderr not a terminal) hears of a long run after ten seconds,
    /// then once a minute, not four times a second.
    #[test]
    fn a_log_hears_of_a_long_run_once_a_minute() {
        assert_eq!(log_due(None), Duration::from_secs(10));
        assert_eq!(log_due(Some(Duration::from_secs(10))), Duration::from_secs(70));
        assert_eq!(log_due(Some(Duration::from_secs(71))), Duration::from_secs(131));
    }

    #[test]
    fn a_long_run_says_how_long_it_will_take() {
        let s = Duration::from_secs;
        let start = (0.0, Duration::ZERO);
        assert_eq!(progress_line("computing", 0.0, s(1), start), "computing: 0.0% (1 s)");
        // 0.1 % in 19 s: 18 981 s (5.3 h) left.
        assert_eq!(progress_line("computing", 0.001, s(19), start), "computing: 0.1% (19 s, about 5 h left)");
        assert_eq!(progress_line("computing", 0.5, s(30), start), "computing: 50% (30 s, about 30 s left)");
        assert_eq!(progress_line("computing", 0.25, s(60), start), "computing: 25% (60 s, about 3 min left)");
        assert_eq!(progress_line("computing", 0.0001, s(100), start), "computing: 0.0% (100 s, about 12 days left)");
        assert_eq!(progress_line("computing", 1.0, s(3), start), "computing: 100% (3 s)");
        // Going on from a file at 90 %: 0.2 % more in 10 s leaves about
        // 8 minutes (490 s), not one second.
        let resumed = (0.9, Duration::ZERO);
        assert_eq!(progress_line("computing", 0.902, s(10), resumed), "computing: 90% (10 s, about 8 min left)");
        assert_eq!(progress_line("computing", 0.9, s(10), resumed), "computing: 90% (10 s)");
    }

    #[test]
    fn a_commands_budget_stops_its_watched_runs_and_ends_with_its_guard() {
        let spin = |control: &Control| {
            let give_up = Instant::now() + Duration::from_secs(20);
            while !control.is_cancelled() {
                if Instant::now() > give_up {
                    return false;
                }
                std::hint::spin_loop();
            }
            true
        };
        {
            let budget = CommandBudget::start(Duration::from_millis(50));
            assert_eq!(budget.spent(), None, "not spent before a run stops at it");
            let control = Control::new();
            assert!(watch("waiting", &control, || spin(&control)), "the command's deadline cancelled the run");
            assert_eq!(budget.spent(), Some(Duration::from_millis(50)));
        }
        // The guard is gone: a run of the next command is not stopped.
        assert!(COMMAND_DEADLINE.with(|d| d.borrow().is_none()));
        let control = Control::new();
        let done = watch("working", &control, || {
            std::thread::sleep(Duration::from_millis(400));
            control.is_cancelled()
        });
        assert!(!done, "no budget is left over from the command before");
    }

    #[test]
    fn work_that_only_looks_at_cancel_stops_at_the_deadline() {
        let control = Control::with_time_limit(Duration::from_millis(50));
        let give_up = Instant::now() + Duration::from_secs(20);
        let stopped = watch("waiting", &control, || {
            while !control.is_cancelled() {
                if Instant::now() > give_up {
                    return false;
                }
                std::hint::spin_loop();
            }
            true
        });
        assert!(stopped, "the watcher cancelled the work at its deadline");
    }
}
