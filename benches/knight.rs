//! Knight benchmarks: prints figures measured in this run (see
//! `grundy_lab::bench::knight`). Run with `cargo bench --bench knight`.

#![allow(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

fn main() {
    println!("{}", grundy_lab::bench::knight::bench_report());
}
