//! The browser (wasm32): jobs on web workers, the settings in the
//! browser's storage, files through the browser's picker and as downloads,
//! a memory budget for the page.

use grundy_lab_core::system::web::{KEPT, keep_picked};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// A page sees no file system: no typed paths, files come from the picker
/// and leave as downloads.
pub const TYPED_PATHS: bool = false;

/// The settings "folder": kept in the browser's storage.
pub fn settings_dir(_app_id: &str) -> Option<PathBuf> {
    Some(PathBuf::from(KEPT))
}

/// The largest file the picker's answer is read into memory for (every
/// reader of the app caps its files far below).
const MAX_PICKED: f64 = 256e6;

/// What a file dialog answered.
#[derive(Debug)]
pub enum DialogAnswer {
    /// A file (a save names its download at once).
    Now(Option<PathBuf>),
    /// The picker answers in a later frame, through the [`PendingPick`].
    Later,
}

/// Where the browser's picker puts the file it gave (its name; the bytes
/// are kept for [`grundy_lab_core::system::read_limited`]).
#[derive(Clone, Debug, Default)]
pub struct PendingPick(Arc<Mutex<Option<PathBuf>>>);

impl PendingPick {
    /// The file that arrived since the last call.
    pub fn take(&self) -> Option<PathBuf> {
        self.0.try_lock().ok().and_then(|mut slot| slot.take())
    }
}

/// "Open": the browser's file picker; the file arrives in a later frame.
pub fn open_dialog(filter: (&str, &[&str]), pending: &PendingPick, ctx: &egui::Context) -> DialogAnswer {
    let dialog = rfd::AsyncFileDialog::new().add_filter(filter.0, filter.1);
    let (pending, ctx) = (pending.clone(), ctx.clone());
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(file) = dialog.pick_file().await {
            let name = PathBuf::from(file.file_name());
            let size = file.inner().size();
            let bytes = if size > MAX_PICKED { Err(size as u64) } else { Ok(file.read().await.into()) };
            keep_picked(name.clone(), bytes);
            if let Ok(mut slot) = pending.0.lock() {
                *slot = Some(name);
            }
            ctx.request_repaint();
        }
    });
    DialogAnswer::Later
}

/// "Save": the file becomes a download named `file_name`.
pub fn save_dialog(_filter: (&str, &[&str]), file_name: &str) -> DialogAnswer {
    DialogAnswer::Now(Some(PathBuf::from(file_name)))
}

/// Tell the page (and so the smoke test, `scripts/web_test.py`) parts of
/// the app's state after each frame: `window.grundyLab = {tab, language,
/// jobs, …}` (each call sets its keys and keeps the others), and once
/// `firstFrame`, the page's clock at the end of the first frame. `state` is
/// asked for only here: the desktop spends nothing on it.
pub fn publish_state(state: impl FnOnce() -> Vec<(&'static str, String)>) {
    let Some(window) = web_sys::window() else { return };
    let pairs = state();
    let key = JsValue::from_str("grundyLab");
    let published = match js_sys::Reflect::get(&window, &key) {
        Ok(v) if v.is_object() => v,
        _ => {
            let fresh: JsValue = js_sys::Object::new().into();
            let _ = js_sys::Reflect::set(&window, &key, &fresh);
            fresh
        }
    };
    let first_frame = JsValue::from_str("firstFrame");
    for (name, value) in pairs {
        // The page's clock (milliseconds since the navigation) when the
        // first frame has been laid out (the end of egui's second pass, the
        // first that publishes a frame number above 0): the smoke test's
        // measure of a visit.
        if name == "frame"
            && value != "0"
            && !js_sys::Reflect::has(&published, &first_frame).unwrap_or(true)
            && let Some(performance) = window.performance()
        {
            let _ = js_sys::Reflect::set(&published, &first_frame, &JsValue::from_f64(performance.now()));
        }
        let _ = js_sys::Reflect::set(&published, &JsValue::from_str(name), &JsValue::from_str(&value));
    }
}

thread_local! {
    /// The app's context, for what arrives after the start.
    static CONTEXT: std::cell::RefCell<Option<egui::Context>> = const { std::cell::RefCell::new(None) };
}

/// The rest of the kanji (`BIZUDPGothic-Regular-kanji.ttf`), which the
/// page fetches after the start (called by `web/index.html`): the app, its
/// pictures and its exports draw them from the next frame on.
#[wasm_bindgen]
pub fn add_kanji_face(bytes: Vec<u8>) -> Result<(), JsValue> {
    grundy_lab_core::draw::font::add_kanji_face(bytes).map_err(|e| JsValue::from_str(&e.to_string()))?;
    CONTEXT.with_borrow(|ctx| {
        if let Some(ctx) = ctx {
            ctx.set_fonts(crate::ui::fonts::definitions());
            ctx.request_repaint();
        }
    });
    Ok(())
}

/// Start the app on the page's canvas `canvas` after starting `threads`
/// web workers for the jobs (called by `web/index.html`).
#[wasm_bindgen]
pub async fn start(canvas: web_sys::HtmlCanvasElement, threads: usize) -> Result<(), JsValue> {
    wasm_bindgen_futures::JsFuture::from(wasm_bindgen_rayon::init_thread_pool(threads.max(2))).await?;
    let runner = eframe::WebRunner::new();
    let creator = |cc: &eframe::CreationContext<'_>| -> Result<Box<dyn eframe::App>, _> {
        CONTEXT.set(Some(cc.egui_ctx.clone()));
        Ok(Box::new(crate::ui::GrundyLabApp::new(cc)))
    };
    runner.start(canvas, eframe::WebOptions::default(), Box::new(creator)).await?;
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    // Save the settings when the page is hidden or left: eframe 0.37 listens
    // for an event named "onbeforeunload", which no browser sends, so
    // without these only its auto-save would keep them.
    runner.add_event_listener(&window, "pagehide", |_: web_sys::Event, app| app.save())?;
    runner.add_event_listener(&document, "visibilitychange", |_: web_sys::Event, app| app.save())?;
    // A panic (a bug) stops the app for good: say so rather than leave a
    // page that no longer answers.
    let watched = runner.clone();
    let watch = Closure::<dyn FnMut()>::new(move || {
        if watched.has_panicked() {
            say_stopped();
        }
    });
    window.set_interval_with_callback_and_timeout_and_arguments_0(watch.as_ref().unchecked_ref(), 1000)?;
    watch.forget();
    Ok(())
}

/// The notice over a stopped app (in both languages: the app cannot say
/// which one is chosen any more).
fn say_stopped() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.get_element_by_id("grundy-lab-stopped").is_some() {
        return;
    }
    let Ok(note) = document.create_element("p") else { return };
    note.set_id("grundy-lab-stopped");
    let _ = note.set_attribute(
        "style",
        "position:absolute;top:30%;left:10%;right:10%;padding:1em;font:20px sans-serif;\
         background:#fff3c4;color:#222;border:2px solid #a60;text-align:center",
    );
    note.set_text_content(Some(
        "Grundy Lab stopped because of an error (a bug). Reload the page: your settings are kept. \
         / エラーのため止まりました。ページを再読み込みしてください (設定は残っています)。",
    ));
    if let Some(body) = document.body() {
        let _ = body.append_child(&note);
    }
}
