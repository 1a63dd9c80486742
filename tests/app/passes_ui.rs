//! Passes of every kind in the real app, driven by egui_kittest through the
//! labels a person reads: the passes choice (a number and "a pass also
//! where no other move is left"), Play with two passes shared by the
//! players, and the map's layers, one per number of passes left, in
//! English and in Japanese.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use crate::common;
use common::{shows, step_until};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::play::HeapMove;
use grundy_lab::rules::{Passes, Rules, preset};
use grundy_lab::ui::GrundyLabApp;

fn saved(rules: &Rules, tab: &str, extra: &str) -> &'static str {
    let rules = serde_json::to_string(rules).unwrap();
    let s = format!(r#"{{"shared":{{"settings":{{"language":"English"}},"rules":{rules}}},"tab":"{tab}"{extra}}}"#);
    Box::leak(s.into_boxed_str())
}

fn play(rules: &Rules) -> Harness<'static, GrundyLabApp> {
    let extra = r#","play":{"options":{"show_hints":true,"computer_delay":0.0,"start":"Small"}}"#;
    common::app(saved(rules, "Play", extra)).size([1600.0, 1000.0]).build()
}

fn map(rules: &Rules, language: &'static str) -> Harness<'static, GrundyLabApp> {
    common::app(saved(rules, "Map", r#","map":{"options":{"size":24}}"#))
        .language(language)
        .size([1600.0, 1000.0])
        .build()
}

#[test]
fn the_pass_at_the_end_box_gives_the_game_a_pass_at_the_end() {
    let mut h = play(&preset("queen").unwrap());
    h.run();
    assert!(shows(&h, "Passes"), "the number of passes is a field");
    h.get_by_label("also at the end").click();
    h.run();
    assert_eq!(h.state().state.shared.rules.passes, Passes { count: 1, at_end: true }, "ticking it gives one pass");
    h.get_by_label("also at the end").click();
    h.run();
    assert_eq!(h.state().state.shared.rules.passes, Passes::GALE, "unticking it keeps the pass");
}

#[test]
fn two_passes_are_shared_by_the_players_and_counted_down() {
    let mut h = play(&preset("queen+passes:2").unwrap());
    step_until(&mut h, "the table", |a| a.state.play.heaps().is_some_and(|g| g.has_table()));
    h.run();
    assert!(shows(&h, "2 passes left"), "the state says how many passes are left");
    h.get_by_label("Pass").click();
    h.run();
    let g = h.state().state.play.heaps().cloned().unwrap();
    assert_eq!(g.state().passes_left, 1, "one pass used");
    assert!(shows(&h, "You: passed"));
    // The computer answers: two passes cancel, so after a pass it passes
    // back where the start was a P-position of the queen, or moves.
    step_until(&mut h, "the computer answers", |a| a.state.play.heaps().unwrap().to_move() == 0);
    h.run();
    let g = h.state().state.play.heaps().cloned().unwrap();
    if g.state().passes_left == 1 {
        assert!(h.query_by_label("Pass").is_some(), "one pass is still left, for either player");
        assert!(shows(&h, "1 pass left"));
    } else {
        assert_eq!(g.state().passes_left, 0);
        assert!(h.query_by_label("Pass").is_none(), "no pass is left");
    }
    // Undo takes back the computer's move and the pass.
    h.query_all_by_label("Undo").next().unwrap().click();
    h.run();
    assert_eq!(h.state().state.play.heaps().unwrap().state().passes_left, 2);
    assert!(h.state().state.play.heaps().unwrap().is_legal(HeapMove::Pass));
}

#[test]
fn the_map_shows_each_layer_and_says_which() {
    let mut h = map(&preset("queen+passes:3").unwrap(), "English");
    step_until(&mut h, "the table", |a| a.state.map.full_table().is_some_and(|t| t.is_complete()));
    h.run();
    let full = h.state().state.map.full_table().unwrap().clone();
    assert_eq!(full.layers(), 4);
    let shown = |h: &Harness<'_, GrundyLabApp>| h.state().state.map.table().unwrap().slice_source().unwrap().layer;
    assert_eq!(shown(&h), 3, "the map opens on the top layer, every pass still there");
    for (label, layer) in [("no pass left", 0), ("1 pass left", 1), ("2 passes left", 2), ("3 passes left", 3)] {
        h.get_by_label(label).click();
        // The layer is cut out of the table in the background.
        step_until(&mut h, label, |a| {
            a.state.map.table().and_then(|t| t.slice_source()).is_some_and(|s| s.layer == layer)
        });
        h.run();
        let t = h.state().state.map.table().unwrap().clone();
        assert_eq!(t.get(2, 1), full.get_at([2, 1, 0], layer), "{label}: the plane of that layer");
    }
    // The difference view compares the layer shown with the one below.
    h.get_by_label("2 passes left").click();
    h.run();
    h.get_by_label("Where does the pass change the value?").click();
    h.run();
    step_until(&mut h, "the difference", |a| a.state.map.overlay_summary().is_some());
    let changed = full.positions().filter(|&p| full.get_at(p, 2) != full.get_at(p, 1)).count();
    assert!(changed > 0);
    let summary = format!("The pass changes the value of {changed} of 576 cells of this plane.");
    assert_eq!(h.state().state.map.overlay_summary(), Some(summary));
}

/// The map cuts a layer out of its table in the background: choosing
/// another layer while a long computation keeps every thread of rayon's
/// pool busy (a statement checked in the Pieces tab) does not freeze the
/// app. The random soak once saw a frame of 6 s here.
#[test]
fn choosing_a_layer_while_the_pool_is_busy_does_not_freeze_the_app() {
    use std::sync::{Arc, Barrier, Condvar, Mutex, mpsc};
    use std::time::Duration;
    let mut h = map(&preset("queen+pass").unwrap(), "English");
    step_until(&mut h, "the table", |a| a.state.map.full_table().is_some_and(|t| t.is_complete()));
    h.run();
    let layer = |h: &Harness<'_, GrundyLabApp>| h.state().state.map.table().unwrap().slice_source().unwrap().layer;
    assert_eq!(layer(&h), 1, "the map opens with the pass still there");
    // Every thread of the pool waits at a gate, opened after the frames below.
    let gate = Arc::new((Mutex::new(false), Condvar::new()));
    let threads = rayon::current_num_threads();
    let all_busy = Arc::new(Barrier::new(threads + 1));
    for _ in 0..threads {
        let (gate, all_busy) = (gate.clone(), all_busy.clone());
        rayon::spawn(move || {
            all_busy.wait();
            let (open, opened) = &*gate;
            let mut o = open.lock().unwrap();
            while !*o {
                o = opened.wait(o).unwrap();
            }
        });
    }
    all_busy.wait();
    let open_gate = {
        let gate = gate.clone();
        move || {
            *gate.0.lock().unwrap() = true;
            gate.1.notify_all();
        }
    };
    // Should the frames wait for the pool, a watchdog opens the gate after
    // a minute (so that the test fails instead of hanging) and says so.
    let (frames_done, watched) = mpsc::channel::<()>();
    let watchdog = {
        let open_gate = open_gate.clone();
        std::thread::spawn(move || {
            let timed_out = watched.recv_timeout(Duration::from_secs(60)).is_err();
            open_gate();
            timed_out
        })
    };
    h.get_by_label("pass used").click();
    for _ in 0..4 {
        h.step();
    }
    assert!(shows(&h, "Cutting out the plane shown"), "the side panel says what the map waits for");
    // (The watchdog is gone if it fired.)
    frames_done.send(()).ok();
    let frames_waited = watchdog.join().unwrap();
    assert!(!frames_waited, "the frames after the click waited for the busy pool");
    // With the pool free again, the layer arrives.
    step_until(&mut h, "the layer with the pass used", |a| {
        a.state.map.table().and_then(|t| t.slice_source()).is_some_and(|s| s.layer == 0)
    });
    h.run();
    let full = h.state().state.map.full_table().unwrap().clone();
    let t = h.state().state.map.table().unwrap().clone();
    assert_eq!(t.get(2, 1), full.get_at([2, 1, 0], 0), "the plane of that layer");
    assert!(shows(&h, "pass used"));
}

#[test]
fn the_passes_are_worded_in_japanese() {
    let mut h = map(&preset("queen+passes:2+pass-at-end").unwrap(), "Japanese");
    step_until(&mut h, "the table", |a| a.state.map.full_table().is_some_and(|t| t.is_complete()));
    h.run();
    for label in ["パス残り 2 回", "パス残り 1 回", "パスは残っていない", "最後にも"] {
        assert!(h.query_all_by_label(label).next().is_some(), "{label}");
    }
    assert!(shows(&h, "パスの回数"));
}

/// Settings saved by earlier builds hold `"pass": true` or `false` in the
/// rules, and the map's layer as 0 or 1: they still read, as Gale's pass.
#[test]
fn settings_from_before_still_read() {
    let rules = serde_json::to_string(&preset("queen").unwrap()).unwrap();
    assert!(rules.contains(r#""pass":false"#), "{rules}");
    let old = rules.replace(r#""pass":false"#, r#""pass":true"#);
    let s = format!(
        r#"{{"shared":{{"settings":{{"language":"English"}},"rules":{old}}},"tab":"Map","map":{{"options":{{"size":24,"pass_layer":0}}}}}}"#
    );
    let mut h = common::app(s).size([1600.0, 1000.0]).build();
    step_until(&mut h, "the table", |a| a.state.map.full_table().is_some_and(|t| t.is_complete()));
    h.run();
    assert_eq!(h.state().state.shared.rules.passes, Passes::GALE);
    assert_eq!(h.state().state.map.table().unwrap().slice_source().unwrap().layer, 0, "the saved layer: pass used");
    assert!(shows(&h, "pass used"));
}

#[test]
fn a_piece_drawn_in_the_pieces_tab_gets_its_passes_and_plays_with_them() {
    let saved = r#"{"shared":{"settings":{"language":"English"}},"tab":"Pieces"}"#;
    let mut h = common::app(saved).size([1600.0, 1000.0]).build();
    h.run();
    h.get_by_label("Dragon king").click();
    h.run();
    // The editor's own fields, below "Who wins": the draft's passes, not
    // the current game's.
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Passes").set_value_accesskit(2.0);
    h.run();
    // Far down the editor's column: scrolled to, as a person would.
    h.get_by_label("also at the end").scroll_to_me();
    h.run();
    h.get_by_label("also at the end").click();
    h.run();
    let draft = h.state().state.pieces.draft.clone();
    assert_eq!(draft.passes, Passes { count: 2, at_end: true });
    assert_eq!(h.state().state.shared.rules.passes, Passes::NONE, "the current game is not changed by the draft");
    h.get_by_label("Use in Play").scroll_to_me();
    h.run();
    h.get_by_label("Use in Play").click();
    h.run();
    assert_eq!(h.state().state.shared.rules, draft);
    assert!(shows(&h, "This piece is the current game."));
}
