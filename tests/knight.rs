//! Integration tests of the knight library: boards, graphs, tours, designs,
//! pictures and the CLI entry point.

use grundy_lab::knight::warnsdorff::Rng;
use grundy_lab::knight::*;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

static NEVER: AtomicBool = AtomicBool::new(false);

fn budget(nodes: &AtomicU64) -> Budget<'_> {
    Budget {
        time_limit: Duration::from_secs(60),
        cancel: &NEVER,
        nodes,
    }
}

/// Plain depth-first enumeration with no pruning at all: the reference.
/// Counts Hamiltonian paths from `start` (closed: returning to `start`).
fn naive_count(g: &LeaperGraph, start: usize, closed: bool, stop_at_first: bool) -> u64 {
    fn go(
        g: &LeaperGraph,
        v: usize,
        seen: &mut Vec<bool>,
        depth: usize,
        start: usize,
        closed: bool,
        first: bool,
    ) -> u64 {
        if depth == g.len() {
            return u64::from(!closed || (g.len() >= 3 && g.adjacent(v, start)));
        }
        let mut total = 0;
        for &u in g.neighbours(v) {
            let u = u as usize;
            if !seen[u] {
                seen[u] = true;
                total += go(g, u, seen, depth + 1, start, closed, first);
                seen[u] = false;
                if first && total > 0 {
                    return total;
                }
            }
        }
        total
    }
    if g.is_empty() {
        return 0;
    }
    let mut seen = vec![false; g.len()];
    seen[start] = true;
    go(g, start, &mut seen, 1, start, closed, stop_at_first)
}

fn naive_exists(g: &LeaperGraph, closed: bool) -> bool {
    if closed {
        return !g.is_empty() && naive_count(g, 0, true, true) > 0;
    }
    (0..g.len()).any(|s| naive_count(g, s, false, true) > 0)
}

/// Schwenk (1991): an m x n board, m <= n, has a closed knight's tour
/// unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6, 8.
fn schwenk_closed(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    !((m % 2 == 1 && n % 2 == 1) || matches!(m, 1 | 2 | 4) || (m == 3 && matches!(n, 4 | 6 | 8)))
}

/// Open tours exist on 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and
/// m x n for n >= m >= 5 (math.md, section 6).
fn open_exists(w: usize, h: usize) -> bool {
    let (m, n) = (w.min(h), w.max(h));
    (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5
}

fn solve(board: &Board, region: Region, spec: TourSpec) -> TourResult {
    let nodes = AtomicU64::new(0);
    let g = LeaperGraph::of_region(board, region, Leaper::KNIGHT);
    let r = find_tour(&g, &spec, &budget(&nodes)).expect("start is on the board");
    if let TourResult::Found(t) = &r {
        t.verify(board, region, Leaper::KNIGHT)
            .unwrap_or_else(|e| panic!("bad tour {}: {e}", t.to_line()));
        assert_eq!(t.closed, spec.closed);
        if let Some(s) = spec.start {
            assert_eq!(t.cells[0], s);
        }
    }
    r
}

#[test]
fn rectangles_agree_with_exhaustive_search_and_schwenk() {
    for h in 1..=20usize {
        for w in 1..=20usize {
            if w * h > 20 {
                continue;
            }
            let board = Board::rect(w, h).unwrap();
            let g = LeaperGraph::of_region(&board, Region::A, Leaper::KNIGHT);
            for closed in [false, true] {
                let r = solve(&board, Region::A, TourSpec { closed, start: None });
                let found = match r {
                    TourResult::Found(_) => true,
                    TourResult::None(_) => false,
                    TourResult::Undecided => panic!("{w} x {h} undecided"),
                };
                assert_eq!(found, naive_exists(&g, closed), "{w} x {h} closed={closed}");
                let theory = if closed { schwenk_closed(w, h) } else { open_exists(w, h) };
                assert_eq!(found, theory, "{w} x {h} closed={closed}");
            }
        }
    }
}

#[test]
fn rectangles_up_to_40_cells_agree_with_theory() {
    for h in 1..=40usize {
        for w in h..=40usize {
            if w * h > 40 || w * h <= 20 {
                continue;
            }
            let board = Board::rect(w, h).unwrap();
            for closed in [false, true] {
                let found = matches!(
                    solve(&board, Region::A, TourSpec { closed, start: None }),
                    TourResult::Found(_)
                );
                let theory = if closed { schwenk_closed(w, h) } else { open_exists(w, h) };
                assert_eq!(found, theory, "{w} x {h} closed={closed}");
            }
        }
    }
}

#[test]
fn random_boards_with_holes_agree_with_exhaustive_search() {
    let mut rng = Rng::new(7);
    for case in 0..300 {
        let (w, h) = (3 + (rng.next_u64() % 4) as usize, 3 + (rng.next_u64() % 3) as usize);
        let mut cells = Vec::new();
        for _ in 0..w * h {
            cells.push(match rng.next_u64() % 5 {
                0 => Cell::Hole,
                1 => Cell::B,
                _ => Cell::A,
            });
        }
        let board = Board::from_cells(w, h, cells).unwrap();
        for region in Region::BOTH {
            let g = LeaperGraph::of_region(&board, region, Leaper::KNIGHT);
            if g.len() > 16 {
                continue;
            }
            for closed in [false, true] {
                let found = match solve(&board, region, TourSpec { closed, start: None }) {
                    TourResult::Found(_) => true,
                    TourResult::None(_) => false,
                    TourResult::Undecided => panic!("case {case} undecided"),
                };
                assert_eq!(
                    found,
                    naive_exists(&g, closed),
                    "case {case} {region:?} closed={closed}\n{}",
                    board.to_rows().join("\n")
                );
                // From every start cell too (open tours).
                if !closed {
                    for s in 0..g.len() {
                        let spec = TourSpec { closed, start: Some(g.cell(s)) };
                        let f = matches!(solve(&board, region, spec), TourResult::Found(_));
                        assert_eq!(f, naive_count(&g, s, false, true) > 0, "case {case} start {s}");
                    }
                }
            }
        }
    }
}

#[test]
fn counts_agree_with_known_numbers_and_naive_counts() {
    let nodes = AtomicU64::new(0);
    let b = budget(&nodes);
    let count = |w, h, closed, start: Option<Pos>| {
        let g = LeaperGraph::rectangle(w, h, Leaper::KNIGHT);
        count_tours(&g, &TourSpec { closed, start }, &b).unwrap()
    };
    // 5 x 5: 1728 directed open tours, 304 from a corner.
    assert_eq!(count(5, 5, false, None), TourCount::Exact(864));
    assert_eq!(count(5, 5, false, Some(Pos::new(0, 0))), TourCount::Exact(304));
    // 3 x 10: 16 closed tours (OEIS A070030).
    assert_eq!(count(10, 3, true, None), TourCount::Exact(16));
    assert_eq!(count(4, 4, true, None), TourCount::Exact(0));
    for (w, h) in [(3, 4), (4, 3), (4, 4), (3, 7), (4, 5)] {
        let g = LeaperGraph::rectangle(w, h, Leaper::KNIGHT);
        let directed: u64 = (0..g.len()).map(|s| naive_count(&g, s, false, false)).sum();
        assert_eq!(count(w, h, false, None), TourCount::Exact(directed / 2), "{w} x {h}");
    }
    let g = LeaperGraph::rectangle(3, 4, Leaper::CAMEL);
    let r = count_tours(&g, &TourSpec::default(), &b).unwrap();
    assert_eq!(r, TourCount::Exact(0));
}

#[test]
fn cancelled_and_timed_out_searches_are_undecided() {
    let nodes = AtomicU64::new(0);
    let cancel = AtomicBool::new(true);
    let g = LeaperGraph::rectangle(8, 8, Leaper::KNIGHT);
    let b = Budget { time_limit: Duration::from_secs(60), cancel: &cancel, nodes: &nodes };
    assert_eq!(count_tours(&g, &TourSpec::default(), &b).unwrap(), TourCount::AtLeast(0));
    let b = Budget { time_limit: Duration::ZERO, cancel: &NEVER, nodes: &nodes };
    assert_eq!(find_tour(&g, &TourSpec::default(), &b).unwrap(), TourResult::Undecided);
    let off = TourSpec { closed: false, start: Some(Pos::new(9, 0)) };
    assert!(find_tour(&g, &off, &b).unwrap_err().contains("9,0"));
}

#[test]
fn larger_boards_and_other_leapers() {
    for (w, h) in [(8, 8), (12, 9), (30, 30), (64, 64)] {
        let board = Board::rect(w, h).unwrap();
        for closed in [false, true] {
            let r = solve(&board, Region::A, TourSpec { closed, start: Some(Pos::new(1, 2)) });
            let want = if closed { schwenk_closed(w, h) } else { true };
            assert_eq!(matches!(r, TourResult::Found(_)), want, "{w} x {h} {closed}");
        }
    }
    // Camel moves keep the colour: half the board is unreachable.
    let g = LeaperGraph::rectangle(6, 6, Leaper::CAMEL);
    let nodes = AtomicU64::new(0);
    assert!(matches!(find_tour(&g, &TourSpec::default(), &budget(&nodes)).unwrap(), TourResult::None(_)));
}

#[test]
fn two_region_designs_tour_each_region_and_mirror() {
    let board = Preset::HalvesMirror.build(10, 5).unwrap();
    let TourResult::Found(a) = solve(&board, Region::A, TourSpec::default()) else {
        panic!("5 x 5 half has an open tour");
    };
    let b = a.mapped(Symmetry::MirrorLeftRight, 10, 5).unwrap();
    b.verify(&board, Region::B, Leaper::KNIGHT).unwrap();
    assert!(a.verify(&board, Region::B, Leaper::KNIGHT).is_err());
    let mut broken = a.clone();
    broken.cells.swap(3, 4);
    assert!(broken.verify(&board, Region::A, Leaper::KNIGHT).unwrap_err().contains("step"));
}
