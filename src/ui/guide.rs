//! The guide: for each tab, what it is for and the first three things to
//! try, opened from the Help menu (for the tab on screen) and shown at the
//! first start.

use super::i18n::tr;
use super::tabs::Tab;
use crate::ui::ui_ext::UiExt;
use egui::RichText;

/// The keys of a tab's guide: what the tab is for, then three steps.
fn keys(tab: Tab) -> [&'static str; 4] {
    match tab {
        Tab::Play => ["guide.play.what", "guide.play.1", "guide.play.2", "guide.play.3"],
        Tab::Map => ["guide.map.what", "guide.map.1", "guide.map.2", "guide.map.3"],
        Tab::Pieces => ["guide.pieces.what", "guide.pieces.1", "guide.pieces.2", "guide.pieces.3"],
        Tab::Knight => ["guide.knight.what", "guide.knight.1", "guide.knight.2", "guide.knight.3"],
    }
}

/// The guide window's contents for `tab`; the other tabs' guides are one
/// click away. Returns the tab whose guide to show next.
pub fn guide(ui: &mut egui::Ui, tab: Tab) -> Tab {
    let mut shown = tab;
    ui.horizontal_wrapped(|ui| {
        for t in Tab::ALL {
            ui.selectable_value(&mut shown, t, t.title());
        }
    });
    ui.separator();
    // A small window (1024 x 768, large text) scrolls: the guide keeps to
    // the screen below the bar and the window's title.
    let room = (ui.ctx().content_rect().height() - 220.0).max(200.0);
    let scroll = egui::ScrollArea::vertical().auto_shrink([false, true]).max_height(room);
    scroll.min_scrolled_height(room.min(520.0)).show(ui, |ui| {
        let [what, steps @ ..] = keys(shown);
        super::guide_pictures::picture(ui, shown);
        ui.add_space(6.0);
        ui.phrases(RichText::new(tr(what)).strong());
        ui.add_space(6.0);
        ui.phrases(tr("guide.try"));
        for (i, key) in steps.iter().enumerate() {
            ui.phrases(format!("{}. {}", i + 1, tr(key)));
        }
        ui.add_space(6.0);
        ui.small(tr("guide.more"));
    });
    shown
}
