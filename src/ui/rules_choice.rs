//! The choice of rules shared by the Play and Map tabs: a piece (the presets
//! and the user's saved pieces) and the misère convention. Both change the
//! one `shared.rules`, so every tab plays and draws the same game.

use crate::rules::{Convention, FAMILY_PRESETS, MAX_PASSES, PRESET_NAMES, Passes, Piece, Rules, preset};
use crate::takebreak::TAKEBREAK_PRESETS;
use crate::ui::i18n::{tr, trf};
use crate::ui::state::{AppCommand, Shared};
use crate::ui::ui_ext::{TipExt, UiExt};
use std::sync::LazyLock;

/// The presets of [`PRESET_NAMES`] without a parameter, built once:
/// (name, rules). `ryuoh:P` is recognised by [`known_game`] for every P.
static FIXED_PRESETS: LazyLock<Vec<(&'static str, Rules)>> = LazyLock::new(|| {
    PRESET_NAMES.iter().filter(|n| !n.starts_with("ryuoh:")).filter_map(|n| Some((*n, preset(n).ok()?))).collect()
});

/// Whether `rules` are a piece on a board: two coordinates, no pass, the
/// moves of a piece (what the board of Play, a sum of pieces and the move
/// matrix of the Pieces tab show). The other games are played as heaps and
/// written as programs; the message says so in the user's language.
pub fn board_game(rules: &Rules) -> Result<(), String> {
    if rules.dimension == 2 && !rules.passes.any() && rules.program.is_none() {
        Ok(())
    } else if rules.dimension > 3 && rules.program.is_none() {
        Err(trf("rules.many_heaps_piece", &[("n", &rules.dimension)]))
    } else if rules.dimension > 3 {
        Err(trf("program.many_heaps", &[("n", &rules.dimension)]))
    } else {
        Err(trf("rules.tabs_cannot", &[("name", &rules.label())]))
    }
}

/// The preset `name` with its description in the user's language (the
/// library's descriptions are English, for the command line): what the
/// Pieces tab puts in the description field.
pub fn preset_for_ui(name: &str) -> Option<Rules> {
    let mut r = preset(name).ok()?;
    r.description = match known_game(&r)? {
        KnownGame::Preset(n) => preset_description(n)?,
        KnownGame::Ryuoh(p) => trf("preset.desc.ryuoh", &[("p", &p)]),
    };
    Some(r)
}

/// The name the Pieces tab shows for `rules`: a name of the library
/// (`queen`, `ryuoh:4`, `nim-3`) as that game's title in the current
/// language, any other name (the user's) as it is.
pub fn shown_name(rules: &Rules) -> String {
    match preset(&rules.name) {
        Ok(named) => rules_name(&named),
        Err(_) => rules.name.clone(),
    }
}

/// [`shown_name`] with misère and the pass in words, as [`rules_name`]
/// adds them.
pub fn shown_label(rules: &Rules) -> String {
    let name = shown_name(rules);
    let name = match rules.convention {
        Convention::Normal => name,
        Convention::Misere => trf("rules.misere", &[("name", &name)]),
    };
    with_passes(name, rules.passes)
}

/// `name` with the passes in words: `queen with a pass`, `queen with 2
/// passes, also at the end`; `name` alone without passes.
pub fn with_passes(name: String, passes: Passes) -> String {
    let count = passes.count;
    match (count, passes.at_end) {
        (0, _) => name,
        (1, false) => trf("rules.with_pass", &[("name", &name)]),
        (1, true) => trf("rules.with_pass_at_end", &[("name", &name)]),
        (_, false) => trf("rules.with_passes", &[("name", &name), ("count", &count)]),
        (_, true) => trf("rules.with_passes_at_end", &[("name", &name), ("count", &count)]),
    }
}

/// The state of the passes in words, for a game of `passes` with `left`
/// still left: with one pass, whether it is still there or used; with
/// more, how many are left.
pub fn passes_left(passes: Passes, left: usize) -> String {
    match (passes.count, left) {
        (1, 0) => tr("heaps.pass_used").to_string(),
        (1, _) => tr("heaps.pass_there").to_string(),
        (_, 0) => tr("passes.left.none").to_string(),
        (_, 1) => tr("passes.left.one").to_string(),
        (_, k) => trf("passes.left", &[("k", &k)]),
    }
}

/// The description the Pieces tab shows for `rules`: the description of
/// the library's game its name names, in the library's English or in any
/// language of the app, is shown in the current language; the user's own
/// words as they are.
pub fn shown_description(rules: &Rules) -> String {
    let Ok(named) = preset(&rules.name) else { return rules.description.clone() };
    let worded = || preset_for_ui(&rules.name).map(|r| r.description).unwrap_or_else(|| rules_name(&named));
    let known = rules.description == named.description
        || crate::ui::i18n::in_each_language(|| (worded(), rules_name(&named)))
            .iter()
            .any(|(d, title)| rules.description == *d || rules.description == *title);
    if known { worded() } else { rules.description.clone() }
}

/// The translated description of a preset without a parameter.
fn preset_description(name: &str) -> Option<String> {
    let key = match name {
        "nim" => "preset.desc.nim",
        "queen" => "preset.desc.queen",
        "dragon-king" => "preset.desc.dragon_king",
        "dragon-horse" => "preset.desc.dragon_horse",
        "queen-t2" => "preset.desc.queen_t2",
        "bishop" => "preset.desc.bishop",
        "king" => "preset.desc.king",
        "knight" => "preset.desc.knight",
        _ => return None,
    };
    Some(tr(key).to_string())
}

/// A game the app knows by name, recognised by what its rules are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownGame {
    /// A preset of [`PRESET_NAMES`] without a parameter, by that name.
    Preset(&'static str),
    /// The parameter-p piece `ryuoh:P` (for a P that is no other preset).
    Ryuoh(u32),
}

/// Which named game `rules` is, judged by the piece and the terminal cells
/// (what the rules are), not by the name they carry: a preset whose moves
/// were edited is no longer that preset, and a piece of the user's that
/// moves like a preset is that preset. The convention is not looked at.
pub fn known_game(rules: &Rules) -> Option<KnownGame> {
    if let Some((name, _)) = FIXED_PRESETS.iter().find(|(_, p)| p.piece == rules.piece && p.terminal == rules.terminal)
    {
        return Some(KnownGame::Preset(name));
    }
    if !rules.terminal.is_empty() {
        return None;
    }
    crate::rules::parameter_p_of(&rules.piece).map(KnownGame::Ryuoh)
}

/// The name of the preset whose piece this is (terminal cells aside), e.g.
/// for the mark drawn on it.
pub fn preset_piece(piece: &Piece) -> Option<&'static str> {
    FIXED_PRESETS.iter().find(|(_, p)| p.piece == *piece).map(|(name, _)| *name)
}

/// The rules' name in the current language: a known game by its
/// translated name (see [`known_game`]), any other piece by the name the
/// user gave it.
pub fn rules_name(rules: &Rules) -> String {
    if let Some(spec) = &rules.breaks {
        return takebreak_title(spec).map_or_else(|| rules.name.clone(), str::to_string);
    }
    let family = family_title(rules).map(str::to_string).or_else(|| heap_title(rules));
    let base = match (family, known_game(rules)) {
        (Some(title), _) => title,
        (None, Some(KnownGame::Preset(name))) => preset_title(name).map_or_else(|| rules.name.clone(), str::to_string),
        (None, Some(KnownGame::Ryuoh(p))) => trf("rules.ryuoh", &[("p", &p)]),
        (None, None) => rules.name.clone(),
    };
    let base = match rules.convention {
        Convention::Normal => base,
        Convention::Misere => trf("rules.misere", &[("name", &base)]),
    };
    with_passes(base, rules.passes)
}

/// The rules' name with the number of heaps when it is not two: what the
/// current choice says.
pub fn rules_label(rules: &Rules) -> String {
    let name = rules_name(rules);
    if let Some(spec) = &rules.breaks {
        return if takebreak_title(spec).is_some() { format!("{name} ({spec})") } else { name };
    }
    match rules.dimension {
        2 => name,
        1 => trf("rules.with_one_heap", &[("name", &name)]),
        d => trf("rules.with_heaps", &[("name", &name), ("n", &d)]),
    }
}

/// The translated name of a preset of [`FAMILY_PRESETS`], recognised by
/// what it is (the same moves, or the same program).
fn family_title(rules: &Rules) -> Option<&'static str> {
    let plain = Rules { convention: Convention::Normal, ..rules.clone().without_passes() };
    let name = FAMILY
        .iter()
        .find(|(_, r)| {
            r.piece == plain.piece
                && r.program == plain.program
                && r.dimension == plain.dimension
                && r.terminal == plain.terminal
        })?
        .0;
    Some(match name {
        "nim-1" => tr("rules.family.nim-1"),
        "nim-3" => tr("rules.family.nim-3"),
        "queen-3" => tr("rules.family.queen-3"),
        "queen-3-all" => tr("rules.family.queen-3-all"),
        "restricted-nim" => tr("rules.family.restricted-nim"),
        "subtraction-1-3-4" => tr("rules.family.subtraction-1-3-4"),
        "chocolate-2d" => tr("rules.family.chocolate-2d"),
        "chocolate-3d" => tr("rules.family.chocolate-3d"),
        "fraenkel-3" => tr("rules.family.fraenkel-3"),
        "ho-wythoff" => tr("rules.family.ho-wythoff"),
        "imitation-nim" => tr("rules.family.imitation-nim"),
        "imitation-nim-2" => tr("rules.family.imitation-nim-2"),
        "chocolate-hexagon" => tr("rules.family.chocolate-hexagon"),
        "queen-program" => tr("rules.family.queen-program"),
        _ => return None,
    })
}

/// The translated name of a preset of many heaps
/// ([`crate::rules::HEAP_PRESETS`]), by its name and program.
fn heap_title(rules: &Rules) -> Option<String> {
    use crate::rules::HeapFamily;
    let plain = Rules { convention: Convention::Normal, ..rules.clone().without_passes() };
    Some(match crate::rules::heap_family(&plain)? {
        HeapFamily::Nim => tr("rules.family.nim-many").to_string(),
        HeapFamily::Moore { k } => trf("rules.family.moore", &[("k", &k)]),
        HeapFamily::Greedy => tr("rules.family.greedy-nim").to_string(),
        HeapFamily::RestrictedCeil => tr("rules.family.restricted-nim-ceil").to_string(),
        HeapFamily::Welter => tr("rules.family.welter").to_string(),
    })
}

/// The translated name of a take-and-break preset, by its spec.
fn takebreak_title(spec: &str) -> Option<&'static str> {
    let (name, ..) = TAKEBREAK_PRESETS.iter().find(|p| p.1 == spec)?;
    Some(match *name {
        "kayles" => tr("rules.tb.kayles"),
        "dawsons-kayles" => tr("rules.tb.dawsons-kayles"),
        "dawsons-chess" => tr("rules.tb.dawsons-chess"),
        "treblecross" => tr("rules.tb.treblecross"),
        "grundy-game" => tr("rules.tb.grundy-game"),
        "lasker" => tr("rules.tb.lasker"),
        _ => return None,
    })
}

/// The take-and-break presets as rules.
fn takebreak_presets() -> Vec<Rules> {
    TAKEBREAK_PRESETS.iter().map(|(name, spec, _)| Rules::take_and_break(name, spec)).collect()
}

/// The games of more than three heaps the rules choice offers (Play
/// plays them; the others of [`crate::rules::HEAP_PRESETS`] are on the
/// command line and in the Pieces tab's programs).
const MANY_HEAPS_OFFERED: [&str; 4] = ["nim-4", "moore-4-2", "greedy-nim-5", "welter-4"];

/// The presets of the game families, built once: (name, rules).
static FAMILY: LazyLock<Vec<(&'static str, Rules)>> = LazyLock::new(|| {
    FAMILY_PRESETS.iter().chain(&MANY_HEAPS_OFFERED).filter_map(|n| Some((*n, preset(n).ok()?))).collect()
});

/// The groups of the rules choice: a heading and its rules.
pub fn offered_groups(shared: &Shared) -> Vec<(&'static str, Vec<Rules>)> {
    let family = |names: &[&str]| -> Vec<Rules> {
        FAMILY.iter().filter(|(n, _)| names.contains(n)).map(|(_, r)| r.clone()).collect()
    };
    vec![
        (tr("rules.group.board"), offered_rules(shared)),
        (tr("rules.group.one"), family(&["nim-1", "restricted-nim", "subtraction-1-3-4"])),
        (tr("rules.group.three"), family(&["nim-3", "queen-3", "queen-3-all", "chocolate-3d", "fraenkel-3"])),
        (
            tr("rules.group.programs"),
            family(&[
                "chocolate-2d",
                "ho-wythoff",
                "imitation-nim",
                "imitation-nim-2",
                "chocolate-hexagon",
                "queen-program",
            ]),
        ),
        (tr("rules.group.many"), family(&MANY_HEAPS_OFFERED)),
        (tr("rules.group.takebreak"), takebreak_presets()),
    ]
}

/// The translated name of a preset of [`PRESET_NAMES`] without a parameter.
fn preset_title(name: &str) -> Option<&'static str> {
    Some(match name {
        "nim" => tr("rules.nim"),
        "queen" => tr("rules.queen"),
        "dragon-king" => tr("rules.dragon-king"),
        "dragon-horse" => tr("rules.dragon-horse"),
        "queen-t2" => tr("rules.queen-t2"),
        "bishop" => tr("rules.bishop"),
        "king" => tr("rules.king"),
        "knight" => tr("rules.knight"),
        _ => return None,
    })
}

/// The rules offered: the presets and the user's saved pieces (all normal play).
pub fn offered_rules(shared: &Shared) -> Vec<Rules> {
    PRESET_NAMES.iter().filter_map(|n| preset(n).ok()).chain(shared.saved_pieces.iter().cloned()).collect()
}

/// The rules with normal play and no pass (what the piece list compares
/// with).
pub fn as_normal(r: &Rules) -> Rules {
    let mut r = r.clone();
    r.convention = Convention::Normal;
    r.passes = Passes::NONE;
    r
}

/// A combo box of the offered pieces, labelled by `label` (a label the
/// caller drew, so each tab keeps its own style). Choosing a piece keeps the
/// current convention. Returns whether the rules changed.
pub fn piece_combo(ui: &mut egui::Ui, shared: &mut Shared, id_salt: &str, label: egui::Id) -> bool {
    let mut chosen = None;
    let current = as_normal(&shared.rules);
    let combo = egui::ComboBox::from_id_salt(id_salt)
        .selected_text(rules_label(&current))
        .width(ui.available_width() - 8.0)
        .height(600.0)
        .show_ui(ui, |ui| {
            for (heading, group) in offered_groups(shared) {
                ui.phrases(egui::RichText::new(heading).strong().weak());
                for r in group {
                    if ui.selectable_label(current == r, rules_label(&r)).clicked() {
                        chosen = Some(r);
                    }
                }
                ui.separator();
            }
        });
    combo.response.labelled_by(label);
    match chosen {
        Some(mut r) if r != current => {
            let now = shared.next_rules();
            if r.breaks.is_none() {
                r.convention = now.convention;
                r.passes = now.passes;
            }
            shared.send(AppCommand::SetRules(r));
            true
        }
        _ => false,
    }
}

/// A link to the Pieces tab, where a game is written as a program.
pub fn program_link(ui: &mut egui::Ui, shared: &mut Shared) {
    if ui.small_button(tr("rules.program_link")).tip(tr("rules.program_link.tip")).clicked() {
        shared.send(AppCommand::OpenTab(crate::ui::tabs::Tab::Pieces));
    }
}

/// The passes of the current game (Play and the map): their number per
/// game (0 to [`MAX_PASSES`]) and whether a pass is allowed also where no
/// other move is left. Returns whether the rules changed.
pub fn passes_choice(ui: &mut egui::Ui, shared: &mut Shared) -> bool {
    let mut rules = shared.next_rules();
    if rules.breaks.is_some() {
        return false;
    }
    let changed = passes_fields(ui, &mut rules.passes);
    if changed {
        shared.send(AppCommand::SetRules(rules));
    }
    changed
}

/// The fields of `passes` (the current game's, or a draft's in the Pieces
/// tab). Returns whether they changed.
pub fn passes_fields(ui: &mut egui::Ui, passes: &mut Passes) -> bool {
    let before = *passes;
    let tip = trf("rules.passes.tip", &[("max", &MAX_PASSES)]);
    // One row, as the one checkbox of Gale's pass was: the side panels
    // keep their height.
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr("rules.passes")).tip(&tip);
        let field = egui::DragValue::new(&mut passes.count).range(0..=MAX_PASSES).speed(0.05);
        ui.add(field).labelled_by(label.id).tip(&tip);
        let mut at_end = passes.at_end;
        let at_end_box = ui.checkbox(&mut at_end, tr("rules.pass_at_end")).tip(tr("rules.pass_at_end.tip"));
        if at_end_box.changed() {
            // A pass at the end needs a pass: ticking it gives the game one.
            let count = if at_end { passes.count.max(1) } else { passes.count };
            *passes = Passes { count, at_end };
        }
    });
    *passes != before
}

/// The misère checkbox. Returns whether the rules changed.
pub fn misere_checkbox(ui: &mut egui::Ui, shared: &mut Shared) -> bool {
    let mut rules = shared.next_rules();
    if rules.breaks.is_some() {
        ui.phrases(tr("rules.tb.normal_only")).tip(tr("tb.not_normal_play.tip"));
        return false;
    }
    let mut m = rules.convention == Convention::Misere;
    let changed = ui.checkbox(&mut m, tr("play.misere")).changed();
    if changed {
        rules.convention = if m { Convention::Misere } else { Convention::Normal };
        shared.send(AppCommand::SetRules(rules));
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TerminalSet;
    use crate::ui::i18n::{Language, set_language};

    #[test]
    fn games_are_known_by_what_they_are_not_by_their_name() {
        for name in PRESET_NAMES {
            let known = known_game(&preset(name).unwrap());
            match name.strip_prefix("ryuoh:") {
                Some(p) => assert_eq!(known, Some(KnownGame::Ryuoh(p.parse().unwrap())), "{name}"),
                None => assert_eq!(known, Some(KnownGame::Preset(name)), "{name}"),
            }
        }
        // ryuoh:2 and ryuoh:3 move like the rook and the dragon king.
        assert_eq!(known_game(&preset("ryuoh:2").unwrap()), Some(KnownGame::Preset("nim")));
        assert_eq!(known_game(&preset("ryuoh:3").unwrap()), Some(KnownGame::Preset("dragon-king")));
        assert_eq!(known_game(&preset("ryuoh:17").unwrap()), Some(KnownGame::Ryuoh(17)));
        // A queen whose moves were edited keeps its name but is no queen.
        let mut edited = preset("queen").unwrap();
        edited.piece.jumps.insert(crate::rules::Offset::new(2, 1));
        assert_eq!(known_game(&edited), None);
        // A user's piece named anything that moves like a king is the king.
        let mine = Rules::new("mine", preset("king").unwrap().piece);
        assert_eq!(known_game(&mine), Some(KnownGame::Preset("king")));
        // The terminal cells count: a queen with other terminal cells is
        // neither queen nor queen-t2.
        let mut t3 = preset("queen").unwrap();
        t3.terminal = TerminalSet::triangle(3);
        assert_eq!(known_game(&t3), None);
    }

    #[test]
    fn names_are_translated_and_the_users_name_is_kept() {
        set_language(Language::Japanese);
        let mut misere = preset("dragon-king").unwrap();
        misere.convention = Convention::Misere;
        assert_eq!(rules_name(&misere), trf("rules.misere", &[("name", &tr("rules.dragon-king"))]));
        let mut edited = preset("queen").unwrap();
        edited.piece.slides.clear();
        edited.piece.jumps.insert(crate::rules::Offset::new(3, 1));
        assert_eq!(rules_name(&edited), "queen", "not 「クイーン」: the moves were edited");
        assert_eq!(rules_name(&preset("ryuoh:5").unwrap()), trf("rules.ryuoh", &[("p", &5)]));
        set_language(Language::English);
        assert_eq!(rules_name(&preset("queen").unwrap()), tr("rules.queen"));
    }

    #[test]
    fn preset_pieces_ignore_the_terminal_cells() {
        assert_eq!(preset_piece(&preset("queen-t2").unwrap().piece), Some("queen"));
        assert_eq!(preset_piece(&preset("ryuoh:4").unwrap().piece), None);
    }
}
