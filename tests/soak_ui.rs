//! A soak test of the whole app: random clicks on the buttons, checkboxes
//! and tabs a person sees, typed numbers and texts (10^9, 10^15, words,
//! a pasted million characters), keys and drags, across every tab, for a
//! fixed number of actions. It asserts that nothing panics, that no frame
//! takes longer than a bound, and that memory stays flat.
//!
//! CI runs a short soak (`GRUNDY_LAB_SOAK_ACTIONS` unset: 300 actions);
//! by hand, `GRUNDY_LAB_SOAK_ACTIONS=5000 cargo test --release --test
//! soak_ui` runs a long one, and `GRUNDY_LAB_SOAK_MINUTES=30` one of 30
//! minutes whose memory must be flat after its first third (at most 10 %
//! or 64 MB more at the end than then); `docs/benchmarks.md` has its
//! figures. The seed is printed, and `GRUNDY_LAB_SOAK_SEED` replays a run.

mod common;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest one frame may take, with no GPU: 3 s in a debug build, 1 s
/// in a release build, or `GRUNDY_LAB_SOAK_FRAME_MS` milliseconds.
fn frame_bound() -> Duration {
    let default = if cfg!(debug_assertions) { 3000 } else { 1000 };
    Duration::from_millis(env_number("GRUNDY_LAB_SOAK_FRAME_MS").unwrap_or(default))
}

/// Buttons that open a native file dialog (which a headless test cannot
/// answer) are left out of the random clicks; their paths are tested with
/// typed paths elsewhere.
fn opens_a_dialog(label: &str) -> bool {
    ["…", "PNG", "SVG", "CSV", "JSON", "Open", "Save", "Export", "Load", "Choose", "開", "保存", "書き出"]
        .iter()
        .any(|w| label.contains(w))
}

/// What a person may type into a field.
const TYPED: [&str; 12] = [
    "1000000000",
    "1000000000000000",
    "18446744073709551616",
    "-5",
    "x",
    "1e300",
    "3, 4, 5",
    "0",
    "９",
    "fn moves(x) { [[x - 1]] }",
    "/dev/full",
    "",
];

/// SplitMix64, as the app's own `Rng`, so that a run can be replayed.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// The system's allocator, counting the bytes the process holds: what the
/// app keeps alive, apart from how the allocator lays it out (resident
/// memory also counts freed pages the allocator has not given back).
struct Counting;

static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to `System` unchanged; only a counter is kept.
#[expect(unsafe_code, reason = "a global allocator is an unsafe trait; this one only counts")]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System::alloc`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System::alloc_zeroed`'s.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System::dealloc`'s.
        unsafe { System.dealloc(ptr, layout) };
        LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is `System::realloc`'s.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE_BYTES.fetch_add(new_size, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The bytes the process holds on its heap.
fn live_bytes() -> u64 {
    LIVE_BYTES.load(Ordering::Relaxed) as u64
}

/// The resident memory of this process, in bytes (Linux), if it can be read.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

#[test]
fn random_actions_on_every_tab_never_panic_stall_or_grow() {
    let minutes = env_number("GRUNDY_LAB_SOAK_MINUTES");
    let actions = match minutes {
        Some(_) => u64::MAX,
        None => env_number("GRUNDY_LAB_SOAK_ACTIONS").unwrap_or(300),
    };
    let began = Instant::now();
    let until = minutes.map(|m| began + Duration::from_secs(60 * m));
    let third = minutes.map(|m| began + Duration::from_secs(20 * m));
    let seed = env_number("GRUNDY_LAB_SOAK_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    match minutes {
        Some(m) => println!("soak: {m} minutes, seed {seed} (GRUNDY_LAB_SOAK_SEED={seed} replays it)"),
        None => println!("soak: {actions} actions, seed {seed} (GRUNDY_LAB_SOAK_SEED={seed} replays it)"),
    }
    // As the program's `main` does first.
    grundy_lab::platform::return_freed_memory();
    let mut dice = Dice(seed);
    let saved = r#"{"shared":{"settings":{"language":"English"}},"map":{"options":{"size":256}}}"#;
    let mut h = common::app(saved).max_steps(8).size([1280.0, 800.0]).build();
    h.run_steps(2);
    let tabs = ["Play", "Grundy map", "Pieces", "Knight designer", "English", "日本語"];
    let mut slowest = Duration::ZERO;
    let bound = frame_bound();
    // GRUNDY_LAB_SOAK_VERBOSE=1 prints every action, to replay a failure by hand.
    let verbose = std::env::var_os("GRUNDY_LAB_SOAK_VERBOSE").is_some();
    let mut memory_after_warm_up = None;
    let mut heap_after_warm_up = 0;
    let mut next_report = began + Duration::from_secs(60);
    let mut done = 0;
    for action in 0..actions {
        if until.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        let warm = match third {
            Some(t) => memory_after_warm_up.is_none() && Instant::now() >= t,
            None => action == actions / 5,
        };
        if warm {
            memory_after_warm_up = resident_bytes();
            heap_after_warm_up = live_bytes();
            println!(
                "soak: {} MB resident, {} MB held on the heap after {action} actions ({} s)",
                memory_after_warm_up.unwrap_or(0) >> 20,
                heap_after_warm_up >> 20,
                began.elapsed().as_secs()
            );
        }
        if Instant::now() >= next_report {
            next_report += Duration::from_secs(60);
            println!(
                "soak: {} s, {action} actions: {} MB resident, {} MB held on the heap",
                began.elapsed().as_secs(),
                resident_bytes().unwrap_or(0) >> 20,
                live_bytes() >> 20
            );
        }
        done = action + 1;
        let what = dice.below(10);
        let mut described = String::new();
        match what {
            0 => {
                let tab = tabs[dice.below(tabs.len())];
                // The first of its name: the tab bar comes before a guide's own tabs.
                if let Some(node) = h.query_all_by_label(tab).next() {
                    node.click();
                }
                described = format!("tab {tab}");
            }
            1..=4 => {
                let roles = [Role::Button, Role::CheckBox, Role::RadioButton, Role::Tab];
                let role = roles[dice.below(roles.len())];
                let nodes: Vec<_> = h
                    .query_all_by_role(role)
                    .filter(|n| n.accesskit_node().label().is_some_and(|l| !opens_a_dialog(&l)))
                    .filter(|n| !n.accesskit_node().is_disabled())
                    .collect();
                if !nodes.is_empty() {
                    let node = &nodes[dice.below(nodes.len())];
                    described = format!("click {:?}", node.accesskit_node().label());
                    node.click_accesskit();
                }
            }
            5 | 6 => {
                let nodes: Vec<_> = h.query_all_by_role(Role::TextInput).collect();
                if !nodes.is_empty() {
                    let node = &nodes[dice.below(nodes.len())];
                    node.focus();
                    let text = TYPED[dice.below(TYPED.len())];
                    described = format!("type {text:?} into {:?}", node.accesskit_node().label());
                    node.type_text(text);
                    h.key_press(egui::Key::Enter);
                }
            }
            7 => {
                let nodes: Vec<_> = h.query_all_by_role(Role::TextInput).collect();
                if !nodes.is_empty() {
                    let node = &nodes[dice.below(nodes.len())];
                    node.focus();
                    described = format!("paste a million characters into {:?}", node.accesskit_node().label());
                    h.event(egui::Event::Paste("9".repeat(1_000_000)));
                }
            }
            8 => {
                use egui::Key;
                let keys = [
                    Key::ArrowLeft,
                    Key::ArrowRight,
                    Key::ArrowUp,
                    Key::PageUp,
                    Key::PageDown,
                    Key::Plus,
                    Key::Minus,
                    Key::F,
                    Key::Escape,
                    Key::F1,
                ];
                let key = keys[dice.below(keys.len())];
                described = format!("key {key:?}");
                h.key_press(key);
            }
            _ => {
                let (x, y) = (dice.below(1280) as f32, dice.below(800) as f32);
                described = format!("drag at ({x}, {y})");
                h.drag_at(egui::pos2(x, y));
                h.drop_at(egui::pos2(x + dice.below(200) as f32 - 100.0, y + dice.below(200) as f32 - 100.0));
            }
        }
        if verbose {
            println!("soak: action {action}: {described}");
        }
        for _ in 0..2 {
            let began = Instant::now();
            h.step();
            let took = began.elapsed();
            assert!(took < bound, "action {action} ({described}, seed {seed}): a frame took {took:?}");
            slowest = slowest.max(took);
        }
    }
    println!("soak: {done} actions in {} s, slowest frame {slowest:?}", began.elapsed().as_secs());
    if let (Some(before), Some(after)) = (memory_after_warm_up, resident_bytes()) {
        println!(
            "soak: resident memory {} MB after warm-up, {} MB at the end; held on the heap {} MB, then {} MB",
            before >> 20,
            after >> 20,
            heap_after_warm_up >> 20,
            live_bytes() >> 20
        );
        // Tables and pictures the random clicks ask for come and go; what
        // must not happen is growth without bound. A long soak's memory is
        // flat after its first third.
        let allowed = if minutes.is_some() { (before / 10).max(64 << 20) } else { 1 << 30 };
        assert!(after < before + allowed, "memory grew from {} MB to {} MB (seed {seed})", before >> 20, after >> 20);
    }
}
