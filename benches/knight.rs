//! Knight benchmarks: prints figures measured in this run (see
//! `grundy_lab::knight::bench`). Run with `cargo bench --bench knight`.

fn main() {
    println!("{}", grundy_lab::knight::bench::bench_report());
}
