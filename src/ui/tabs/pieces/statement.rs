//! The workbench's choice of what the text says (a formula for g, or a
//! statement that holds), the condition choosing the cells checked, and
//! saving a check's result as a paragraph (Markdown or LaTeX).

use super::PiecesTab;
use crate::conjecture::paragraph::ParagraphFormat;
use crate::conjecture::{CheckMode, Formula, FormulaError};
use crate::fsutil::FileError;
use crate::ui::file_choice::{Dialog, DialogButton, FileChoice, PathButton, PathField};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;
use crate::ui::words::errors::{file_error, formula_error_what};
use std::path::PathBuf;

/// The condition's compile state and the paragraph's file choice.
#[derive(Default)]
pub struct StatementState {
    /// What the error is for.
    compiled_for: Option<super::workbench::CompiledFor>,
    /// Why the condition does not compile.
    pub error: Option<FormulaError>,
    files: FileChoice,
    path: String,
    /// The last save: the file written, or why not.
    saved: Option<Result<(PathBuf, crate::fsutil::Appended), FileError>>,
}

/// The radio choice of what the text says.
pub(super) fn mode_choice(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        ui.phrases(tr("bench.mode"));
        ui.radio_value(&mut tab.check_mode, CheckMode::Formula, tr("bench.mode.formula"));
        let holds = if tab.draft.dimension > 3 { "bench.mode.holds_heaps" } else { "bench.mode.holds" };
        ui.radio_value(&mut tab.check_mode, CheckMode::Holds, tr(holds));
    });
    if tab.check_mode == CheckMode::Holds {
        let help = if tab.draft.dimension > 3 { "bench.mode.holds_help_heaps" } else { "bench.mode.holds_help" };
        ui.phrases(egui::RichText::new(tr(help)).small());
    }
}

/// The label of the text box: a formula for g, or a statement.
pub(super) fn text_label(tab: &PiecesTab) -> String {
    let d = tab.draft.dimension;
    match tab.check_mode {
        CheckMode::Formula if d > 3 => trf("bench.formula_heaps", &[("n", &d)]),
        CheckMode::Formula => tr("bench.formula").to_string(),
        CheckMode::Holds if d > 3 => tr("bench.statement_heaps").to_string(),
        CheckMode::Holds => tr("bench.statement").to_string(),
    }
}

/// The condition box, with its compile error.
pub(super) fn condition_box(tab: &mut PiecesTab, ui: &mut egui::Ui) {
    let d = tab.draft.dimension;
    let now = (tab.condition.clone(), d, tab.draft.parameters());
    let state = &mut tab.bench.statement;
    if state.compiled_for.as_ref() != Some(&now) {
        state.error = match tab.condition.trim() {
            "" => None,
            _ if d > 3 => Formula::compile_heaps(&tab.condition, d as usize).err(),
            _ => Formula::compile_for(&tab.condition, &tab.draft).err(),
        };
        state.compiled_for = Some(now);
    }
    let label = ui.phrases(tr(if d > 3 { "bench.where_heaps" } else { "bench.where" }));
    ui.add(
        egui::TextEdit::singleline(&mut tab.condition)
            .char_limit(crate::conjecture::MAX_TEXT)
            .id_salt("pieces_condition")
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace)
            .hint_text(tr(if d > 3 { "bench.where_hint_heaps" } else { "bench.where_hint" })),
    )
    .labelled_by(label.id);
    if let Some(e) = &tab.bench.statement.error {
        ui.error_label(trf("bench.where_error", &[("message", &formula_error_what(e))]));
    }
}

/// The condition as the check takes it: `None` when the box is empty.
pub(super) fn condition_text(tab: &PiecesTab) -> Option<String> {
    let c = tab.condition.trim();
    (!c.is_empty()).then(|| c.to_string())
}

/// The buttons that save a check as a paragraph (`text` writes it in the
/// form asked for), and what the last save did.
pub(super) fn save_paragraph(
    state: &mut StatementState,
    ui: &mut egui::Ui,
    text: impl FnOnce(ParagraphFormat) -> String,
) {
    ui.add_space(4.0);
    ui.phrases(egui::RichText::new(tr("bench.paragraph")).strong());
    let (markdown, latex) = (tr("bench.paragraph.markdown"), tr("bench.paragraph.latex"));
    let dialogs = [
        DialogButton {
            label: markdown,
            action: ParagraphFormat::Markdown,
            dialog: Dialog::Save { file_name: "check.md".into() },
            filter: ("Markdown", &["md"]),
        },
        DialogButton {
            label: latex,
            action: ParagraphFormat::Latex,
            dialog: Dialog::Save { file_name: "check.tex".into() },
            filter: ("LaTeX", &["tex"]),
        },
    ];
    let width = ui.available_width().min(240.0);
    let field = PathField { label: tr("bench.paragraph.path"), hint: "check.md", width };
    let chosen = state.files.show(
        ui,
        true,
        &dialogs,
        &mut state.path,
        field,
        &[PathButton::new(tr("bench.paragraph.save_path"), ParagraphFormat::Markdown)],
    );
    if let Some((asked, path)) = chosen {
        // A typed path says its form by its ending (.tex: LaTeX).
        let format = ParagraphFormat::of_path(&path).unwrap_or(asked);
        let text = text(format);
        // A report collects paragraphs: added after what the file holds.
        state.saved = Some(crate::fsutil::append_paragraph(&path, &text).map(|how| (path, how)));
    }
    match &state.saved {
        Some(Ok((path, how))) => {
            let key = match how {
                crate::fsutil::Appended::New => "bench.paragraph.saved",
                crate::fsutil::Appended::Added => "bench.paragraph.added",
            };
            ui.phrases(trf(key, &[("path", &path.display())]));
        }
        Some(Err(e)) => {
            ui.error_label(file_error(e));
        }
        None => {}
    }
}
