//! Knight benchmarks: prints figures measured in this run (see
//! `grundy_lab::bench::knight`). Run with `cargo bench --bench knight`.

fn main() {
    println!("{}", grundy_lab::bench::knight::bench_report());
}
