//! The piece's name and description, "Use in Play" / "Show in map", the
//! user's library of pieces (kept between runs), and rules files: the native
//! dialog, or a typed path when no dialog can open.

use super::PiecesTab;
use crate::fsutil::atomic_write;
use crate::rules::{Rules, from_json, to_json};
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::rules_choice::{shown_description, shown_label, shown_name};
use crate::ui::state::{AppCommand, Shared};
use crate::ui::tabs::Tab;
use crate::ui::theme::Colours;
use crate::ui::ui_ext::{TipExt, UiExt};
use egui::RichText;
use std::path::Path;

/// Messages of the piece panel (runtime only).
#[derive(Default)]
pub struct FileState {
    /// The last message, and whether it is good news.
    message: Option<(bool, Notice)>,
    /// The dialogs and the typed path.
    choice: FileChoice,
}

impl FileState {
    fn ok(&mut self, text: Notice) {
        self.message = Some((true, text));
    }

    fn fail(&mut self, text: Notice) {
        self.message = Some((false, text));
    }
}

/// Write the draft to `path` as a rules file.
pub fn save_to(tab: &mut PiecesTab, path: &Path) {
    let json = to_json(&tab.draft);
    match atomic_write(path, |w| w.write_all(json.as_bytes())) {
        Ok(()) => {
            let path = path.to_path_buf();
            tab.files.ok(Notice::new(move || trf("lib.saved", &[("path", &path.display())])))
        }
        Err(e) => tab
            .files
            .fail(Notice::new(move || trf("lib.save_failed", &[("error", &crate::ui::words::errors::file_error(&e))]))),
    }
}

/// Read a rules file into the draft; a bad file changes nothing.
pub fn open_from(tab: &mut PiecesTab, path: &Path) {
    // Why a file cannot be opened, kept as data until it is worded.
    enum Why {
        Read(crate::fsutil::OsError),
        File(crate::rules::RulesFileError),
        NotABoard(Box<Rules>),
    }
    let result = crate::fsutil::read_text(path, crate::rules::MAX_FILE_BYTES)
        .map_err(|e| Why::Read((&e).into()))
        .and_then(|text| from_json(&text).map_err(Why::File))
        .and_then(|rules| match crate::ui::rules_choice::board_game(&rules) {
            Ok(()) => Ok(rules),
            // A piece of four to eight heaps: the list of moves edits it.
            Err(_) if rules.dimension > 3 && rules.program.is_none() => Ok(rules),
            Err(_) => Err(Why::NotABoard(Box::new(rules))),
        });
    let shown = path.to_path_buf();
    match result {
        Ok(rules) => {
            tab.load(rules);
            tab.files.ok(Notice::new(move || trf("lib.opened", &[("path", &shown.display())])));
        }
        Err(why) => tab.files.fail(Notice::new(move || {
            let e = match &why {
                Why::Read(os) => crate::ui::words::errors::os_reason(os),
                Why::File(f) => crate::ui::words::errors::rules_file_error(f),
                Why::NotABoard(rules) => crate::ui::rules_choice::board_game(rules).err().unwrap_or_default(),
            };
            // The reason may be a sentence with its own full stop (or 。).
            let e = e.trim_end_matches(['.', '。']);
            trf("lib.open_failed", &[("path", &shown.display()), ("error", &e)])
        })),
    }
}

/// A file name for the piece: its name with anything unusual replaced.
fn file_name(rules: &Rules) -> String {
    let stem: String =
        rules.name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
    format!("{}.json", if stem.is_empty() { "piece".to_string() } else { stem })
}

/// Whether the draft passes [`Rules::validate`] (the one validation: a
/// piece of one to three heaps, a program of up to eight); if not, the
/// message says why.
fn usable(tab: &mut PiecesTab) -> bool {
    match tab.draft.validate() {
        Ok(()) => true,
        Err(e) => {
            tab.files.fail(Notice::new(move || {
                trf("lib.invalid", &[("error", &crate::ui::words::errors::rules_error(&e))])
            }));
            false
        }
    }
}

/// Draw name, description, "Use in Play", "Show in map" and the last message.
pub fn show_piece(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared, pal: &Colours) {
    ui.section(tr("lib.piece"));
    // A library name and description (`queen`, English) are shown in the
    // reader's language; what the person types becomes the piece's own.
    let label = ui.phrases(tr("lib.name"));
    let mut name = shown_name(&tab.draft);
    let edit = egui::TextEdit::singleline(&mut name).char_limit(crate::rules::MAX_NAME).desired_width(f32::INFINITY);
    if ui.add(edit).labelled_by(label.id).changed() {
        tab.draft.name = name;
    }
    let label = ui.phrases(tr("lib.description"));
    let mut description = shown_description(&tab.draft);
    let edit = egui::TextEdit::multiline(&mut description)
        .char_limit(crate::rules::MAX_DESCRIPTION)
        .desired_rows(3)
        .desired_width(f32::INFINITY);
    if ui.add(edit).labelled_by(label.id).changed() {
        tab.draft.description = description;
    }
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        let size = ui.section_size() * 0.95;
        let big = |key| egui::Button::new(RichText::new(tr(key)).strong().size(size)).min_size(egui::vec2(150.0, 40.0));
        // The same validation as a rules file: what the engine cannot
        // compute never becomes the current game.
        if ui.add(big("lib.use")).clicked() && usable(tab) {
            shared.send(AppCommand::SetRules(tab.draft.clone()));
            let name = shown_label(&tab.draft);
            tab.files.ok(Notice::new(move || trf("lib.used", &[("name", &name)])));
        }
        if ui.add(big("lib.show_map")).clicked() && usable(tab) {
            shared.send(AppCommand::SetRules(tab.draft.clone()));
            shared.send(AppCommand::OpenTab(Tab::Map));
        }
    });
    if shared.rules == tab.draft {
        ui.colored_label(pal.good, tr("lib.current"));
    }
    if let Some((good, text)) = &tab.files.message {
        ui.add_space(6.0);
        ui.colored_label(if *good { pal.good } else { pal.bad }, text.text());
    }
}

/// Draw My pieces and the file buttons.
pub fn show_files(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared) {
    my_pieces(tab, ui, shared);
    ui.add_space(10.0);
    files(tab, ui);
}

/// My pieces: keep the draft, and open or remove a kept piece.
fn my_pieces(tab: &mut PiecesTab, ui: &mut egui::Ui, shared: &mut Shared) {
    ui.add_space(10.0);
    let keep = ui
        .horizontal_wrapped(|ui| {
            ui.phrases(RichText::new(tr("lib.mine")).strong().size(ui.section_size()));
            ui.button(tr("lib.save_mine")).clicked()
        })
        .inner;
    if keep {
        if tab.draft.name.trim().is_empty() {
            tab.files.fail(Notice::key("lib.no_name"));
        } else if usable(tab) {
            let piece = tab.draft.clone();
            match shared.saved_pieces.iter_mut().find(|p| p.name == piece.name) {
                Some(old) => *old = piece,
                None => shared.saved_pieces.push(piece),
            }
            let name = tab.draft.name.clone();
            tab.files.ok(Notice::new(move || trf("lib.kept", &[("name", &name)])));
        }
    }
    if shared.saved_pieces.is_empty() {
        ui.phrases(RichText::new(tr("lib.empty")).weak());
    }
    let mut open = None;
    let mut remove = None;
    for (i, p) in shared.saved_pieces.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let name = shown_label(p);
            let b = ui.button(tr("lib.open_mine")).tip(trf("lib.open_named", &[("name", &name)]));
            b.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, trf("lib.open_named", &[("name", &name)]))
            });
            if b.clicked() {
                open = Some(i);
            }
            let r = ui.button(tr("lib.remove"));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, trf("lib.remove_named", &[("name", &name)]))
            });
            if r.clicked() {
                remove = Some(i);
            }
            ui.phrases(RichText::new(name).strong());
        });
    }
    if let Some(i) = open {
        tab.load(shared.saved_pieces[i].clone());
    }
    if let Some(i) = remove {
        shared.saved_pieces.remove(i);
    }
}

/// What a chosen rules file is for.
#[derive(Clone, Copy, Debug)]
enum FileAction {
    Save,
    Open,
}

/// The rules file: the system's dialogs, or a typed path (always there,
/// for when no dialog can open).
fn files(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.phrases(RichText::new(tr("lib.file")).strong().size(ui.section_size()));
    let filter = ("Grundy Lab rules", &["json"][..]);
    let dialogs = [
        DialogButton {
            label: tr("lib.save_dialog"),
            action: FileAction::Save,
            dialog: Dialog::Save { file_name: file_name(&tab.draft) },
            filter,
        },
        DialogButton { label: tr("lib.open_dialog"), action: FileAction::Open, dialog: Dialog::Open, filter },
    ];
    let field = PathField { label: tr("lib.path"), hint: "my-piece.json", width: f32::INFINITY };
    let buttons = [
        PathButton::replacing(tr("lib.save_path"), FileAction::Save),
        PathButton::new(tr("lib.open_path"), FileAction::Open),
    ];
    let chosen = tab.files.choice.show(ui, true, &dialogs, &mut tab.file_path, field, &buttons);
    if let Some((action, path)) = chosen {
        tab.file_path = path.display().to_string();
        match action {
            FileAction::Save => save_to(tab, &path),
            FileAction::Open => open_from(tab, &path),
        }
    }
}
