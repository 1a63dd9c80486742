//! Progress of long command-line runs, on stderr: a line that shows how far
//! the work is once it has taken more than a second, only when stderr is a
//! terminal (or `GRUNDY_LAB_PROGRESS=1` asks for it), so pipes and scripts
//! see clean output.

use crate::Control;
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use web_time::Instant;

/// How long work runs before its progress is shown.
const QUIET: Duration = Duration::from_secs(1);
/// How often the progress line is redrawn.
const EVERY: Duration = Duration::from_millis(250);

/// Whether progress lines are wanted: stderr is a terminal, or the
/// environment asks for them (plain lines then, for logs and tests).
fn wanted() -> (bool, bool) {
    let forced = std::env::var("GRUNDY_LAB_PROGRESS").is_ok_and(|v| v == "1");
    let terminal = std::io::stderr().is_terminal();
    (terminal || forced, terminal)
}

/// Run `work` on this thread while another thread shows the progress that
/// `work` reports through `control`, as "`label`: 42% (3 s)", and cancels
/// the work when the control's time limit passes (so work that looks only
/// at the cancel flag, such as the engine's tiles, stops at a budget too).
pub fn watch<T>(label: &str, control: &Control, work: impl FnOnce() -> T) -> T {
    let (wanted, terminal) = wanted();
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let start = Instant::now();
            let mut shown = false;
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(EVERY) {
                if control.is_out_of_time() {
                    control.cancel();
                }
                let elapsed = start.elapsed();
                if !wanted || elapsed < QUIET {
                    continue;
                }
                let line = format!("{label}: {:.0}% ({} s)", control.fraction() * 100.0, elapsed.as_secs());
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

#[cfg(test)]
mod tests {
    use super::*;

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
