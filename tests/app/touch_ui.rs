//! A touch screen (a school tablet): a finger held on a control shows what
//! its tooltip says, clicks nothing, and the tip stays until the next touch.

use crate::common;
use egui::{Event, PointerButton, Pos2, TouchDeviceId, TouchId, TouchPhase};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use grundy_lab::ui::GrundyLabApp;

/// A finger on `at` (egui's touch and the pointer it drives), held for
/// `steps` frames of a quarter of a second, then lifted.
fn hold(h: &mut Harness<'_, GrundyLabApp>, at: Pos2, steps: usize) {
    let touch = |phase| Event::Touch { device_id: TouchDeviceId(1), id: TouchId(1), phase, pos: at, force: None };
    let button = |pressed| Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    h.event(touch(TouchPhase::Start));
    h.event(Event::PointerMoved(at));
    h.event(button(true));
    h.step();
    for _ in 0..steps {
        h.step();
    }
    h.event(touch(TouchPhase::End));
    h.event(button(false));
    h.event(Event::PointerGone);
    h.step();
    h.step();
}

#[test]
fn a_finger_held_on_a_control_shows_its_tip_and_clicks_nothing() {
    let saved = r#"{"tab":"Play","shared":{"settings":{"language":"English"}}}"#;
    let mut h = common::app(saved).size([768.0, 1024.0]).build();
    h.run_steps(4);
    let tip = "Language of the app";
    assert!(h.query_by_label(tip).is_none(), "no tip before the touch");
    let at = h.get_by_label("日本語").rect().center();
    // Held for 1.5 s: the tip, and the language unchanged.
    hold(&mut h, at, 6);
    assert!(h.query_by_label(tip).is_some(), "the tip is shown after a long press");
    assert_eq!(format!("{:?}", h.state().state.shared.settings.language), "English", "nothing was clicked");
    // It stays after the finger is lifted, until the next touch elsewhere.
    h.step();
    assert!(h.query_by_label(tip).is_some(), "the tip stays");
    let elsewhere = h.get_by_label("cell (0, 0)").rect().center();
    hold(&mut h, elsewhere, 0);
    assert!(h.query_by_label(tip).is_none(), "the next touch closes the tip");
    // A short tap is a click.
    hold(&mut h, at, 0);
    h.run_steps(2);
    assert_eq!(format!("{:?}", h.state().state.shared.settings.language), "Japanese", "a tap clicks");
}
