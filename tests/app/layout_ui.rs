//! Layouts that hold in front of a class: every tab at the two projector
//! sizes (1280 x 800 and 1920 x 1080), with and without presentation mode,
//! in English and Japanese, checked through the accessibility tree (egui
//! reports each widget's rectangle):
//!
//! - no widget sticks out of the window (sideways anywhere; up or down only
//!   inside a scroll area, whose hidden part is scrolled to);
//! - panels side by side do not overlap: the widgets of one panel never
//!   share a pixel with those of its neighbour (a panel drawn over another
//!   would cut its text);
//! - inside a scroll area nothing reaches under its scroll bar (text cut at
//!   the panel's edge), and every side panel has a visible scroll bar.
//!
//! The real app is built from a saved settings string and stepped until its
//! first background jobs end (no sleeps).

use crate::common;
use common::step_until;

use egui::accesskit::Role;
use egui::{Rect, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use grundy_lab::ui::GrundyLabApp;

/// A widget of the accessibility tree with what the checks need.
struct Item {
    role: Role,
    name: String,
    rect: Option<Rect>,
    kids: Vec<Item>,
}

fn item(n: egui_kittest::Node<'_>) -> Item {
    let a = n.accesskit_node();
    let name = a.label().or_else(|| a.value()).unwrap_or_default().chars().take(60).collect();
    let rect =
        a.bounding_box().map(|r| Rect::from_min_max(pos2(r.x0 as f32, r.y0 as f32), pos2(r.x1 as f32, r.y1 as f32)));
    Item { role: a.role(), name, rect, kids: n.children().map(item).collect() }
}

impl Item {
    fn describe(&self) -> String {
        format!("{:?} {:?} at {:?}", self.role, self.name, self.rect.map(|r| (r.min, r.max)))
    }

    /// The vertical scroll bar among the children (the node is a scroll area).
    fn vertical_bar(&self) -> Option<Rect> {
        self.kids.iter().filter(|k| k.role == Role::ScrollBar).filter_map(|k| k.rect).find(|r| r.height() > r.width())
    }

    /// Whether the children include a horizontal scroll bar.
    fn scrolls_sideways(&self) -> bool {
        self.kids.iter().filter(|k| k.role == Role::ScrollBar).filter_map(|k| k.rect).any(|r| r.width() > r.height())
    }

    fn has_vertical_bar(&self) -> bool {
        self.vertical_bar().is_some() || self.kids.iter().any(Item::has_vertical_bar)
    }

    /// Every rectangle below this node, except in areas that scroll
    /// sideways (their content is wider on purpose and clipped).
    fn rects<'a>(&'a self, out: &mut Vec<(&'a Item, Rect)>) {
        for k in &self.kids {
            if let Some(r) = k.rect {
                out.push((k, r));
            }
            if !k.scrolls_sideways() {
                k.rects(out);
            }
        }
    }

    /// The panes below this node that are not inside another pane below it.
    fn sibling_panes<'a>(&'a self, out: &mut Vec<&'a Item>) {
        for k in &self.kids {
            if k.role == Role::Pane {
                out.push(k);
            } else {
                k.sibling_panes(out);
            }
        }
    }
}

fn union(item: &Item) -> Option<Rect> {
    let mut all = Vec::new();
    item.rects(&mut all);
    all.into_iter().map(|(_, r)| r).reduce(|a, b| a.union(b))
}

/// What is wrong with the layout (empty when it holds).
fn problems(root: &Item, window: Rect) -> Vec<String> {
    let mut out = Vec::new();
    // (a) Inside the window: sideways always; up and down unless a scroll
    // area holds the widget.
    fn walk(it: &Item, window: Rect, in_scroll: bool, out: &mut Vec<String>) {
        if let Some(r) = it.rect {
            let sideways = r.min.x < window.min.x - 0.5 || r.max.x > window.max.x + 0.5;
            let vertical = !in_scroll && (r.min.y < window.min.y - 0.5 || r.max.y > window.max.y + 0.5);
            if sideways || vertical {
                out.push(format!("outside the window: {}", it.describe()));
            }
        }
        if it.scrolls_sideways() {
            return;
        }
        let in_scroll = in_scroll || it.vertical_bar().is_some();
        for k in &it.kids {
            walk(k, window, in_scroll, out);
        }
    }
    walk(root, window, false, &mut out);
    // (b) Panels side by side: the widgets of two panels never overlap. The
    // last pane of a group is the central panel (egui adds it last); the
    // others are side panels and must scroll with a visible bar.
    fn panels(it: &Item, out: &mut Vec<String>) {
        let mut panes = Vec::new();
        it.sibling_panes(&mut panes);
        let unions: Vec<Option<Rect>> = panes.iter().map(|p| union(p)).collect();
        for i in 0..panes.len() {
            for j in i + 1..panes.len() {
                if let (Some(a), Some(b)) = (unions[i], unions[j])
                    && a.shrink(0.5).intersects(b.shrink(0.5))
                {
                    // Name the widgets that overlap.
                    let (mut wa, mut wb) = (Vec::new(), Vec::new());
                    panes[i].rects(&mut wa);
                    panes[j].rects(&mut wb);
                    let pair = wa
                        .iter()
                        .flat_map(|x| wb.iter().map(move |y| (x, y)))
                        .find(|(x, y)| x.1.shrink(0.5).intersects(y.1.shrink(0.5)));
                    let pair =
                        pair.map_or(String::new(), |(x, y)| format!(": {} / {}", x.0.describe(), y.0.describe()));
                    out.push(format!("panels {i} and {j} of {} overlap ({a:?} / {b:?}){pair}", panes.len()));
                }
            }
        }
        let sides = panes.len().saturating_sub(1);
        if panes.len() >= 3 || (panes.len() == 2 && panes.iter().any(|p| !p.kids.is_empty())) {
            for (i, p) in panes.iter().take(sides).enumerate() {
                // The top bar of the app is a pane too; only tab panels scroll.
                if union(p).is_some_and(|u| u.height() > 120.0) && !p.has_vertical_bar() {
                    out.push(format!("side panel {i} of {} has no scroll bar", panes.len()));
                }
            }
        }
        for p in panes {
            panels(p, out);
        }
    }
    panels(root, &mut out);
    // (c) Nothing reaches under a scroll area's vertical bar (it would be
    // cut at the panel's edge).
    fn under_bar(it: &Item, out: &mut Vec<String>) {
        if let Some(bar) = it.vertical_bar() {
            let mut all = Vec::new();
            for k in it.kids.iter().filter(|k| k.role != Role::ScrollBar) {
                if let Some(r) = k.rect {
                    all.push((k, r));
                }
                if !k.scrolls_sideways() {
                    k.rects(&mut all);
                }
            }
            for (w, r) in all {
                if r.max.x > bar.min.x + 0.5 {
                    out.push(format!("cut at the scroll bar (x = {}): {}", bar.min.x, w.describe()));
                }
            }
        }
        for k in &it.kids {
            under_bar(k, out);
        }
    }
    under_bar(root, &mut out);
    out
}

/// The app for `tab` at `size`, stepped until its first jobs end.
fn settled(tab: &str, size: [f32; 2], presentation: bool, japanese: bool) -> Harness<'static, GrundyLabApp> {
    settled_in(tab, size, presentation, japanese, false)
}

/// [`settled`], in the lesson view or not.
fn settled_in(
    tab: &str,
    size: [f32; 2],
    presentation: bool,
    japanese: bool,
    lesson: bool,
) -> Harness<'static, GrundyLabApp> {
    let language = if japanese { "Japanese" } else { "English" };
    let saved = format!(
        r#"{{"tab":"{tab}","shared":{{"settings":{{"lesson":{lesson}}}}},"play":{{"options":{{"computer_delay":0.0,"show_hints":true}}}}}}"#
    );
    let mut h = common::app(saved).size(size).language(language).presentation(presentation).build();
    // The first frames start the tab's jobs; then wait until they end.
    h.run_steps(3);
    let map = tab == "Map";
    step_until(&mut h, "the first jobs end", move |a| {
        let s = &a.state;
        let map_done = !map || (!s.map.is_computing() && s.map.is_finished());
        map_done && !s.play.is_busy() && !s.pieces.is_busy() && !s.knight.busy()
    });
    // A few more frames: sizes measured in one frame are used in the next.
    h.run_steps(4);
    h
}

fn check(tab: &str, size: [f32; 2], presentation: bool) {
    let mut found = Vec::new();
    for japanese in [false, true] {
        let h = settled(tab, size, presentation, japanese);
        let root = item(h.root());
        let window = Rect::from_min_size(pos2(0.0, 0.0), size.into());
        for p in problems(&root, window) {
            found.push(format!("{}: {p}", if japanese { "Japanese" } else { "English" }));
        }
    }
    assert!(found.is_empty(), "{tab} at {}x{}, presentation {presentation}:\n{}", size[0], size[1], found.join("\n"));
}

/// One test per tab, window size and mode; each checks both languages.
macro_rules! layout_tests {
    ($($name:ident: $tab:literal, $w:literal x $h:literal, $pres:literal;)*) => {
        $(
            #[test]
            fn $name() {
                check($tab, [$w, $h], $pres);
            }
        )*
    };
}

layout_tests! {
    play_1024x768: "Play", 1024.0 x 768.0, false;
    play_1024x768_presentation: "Play", 1024.0 x 768.0, true;
    map_1024x768: "Map", 1024.0 x 768.0, false;
    map_1024x768_presentation: "Map", 1024.0 x 768.0, true;
    pieces_1024x768: "Pieces", 1024.0 x 768.0, false;
    pieces_1024x768_presentation: "Pieces", 1024.0 x 768.0, true;
    knight_1024x768: "Knight", 1024.0 x 768.0, false;
    knight_1024x768_presentation: "Knight", 1024.0 x 768.0, true;
    play_1280x800: "Play", 1280.0 x 800.0, false;
    play_1280x800_presentation: "Play", 1280.0 x 800.0, true;
    play_1920x1080: "Play", 1920.0 x 1080.0, false;
    play_1920x1080_presentation: "Play", 1920.0 x 1080.0, true;
    map_1280x800: "Map", 1280.0 x 800.0, false;
    map_1280x800_presentation: "Map", 1280.0 x 800.0, true;
    map_1920x1080: "Map", 1920.0 x 1080.0, false;
    map_1920x1080_presentation: "Map", 1920.0 x 1080.0, true;
    pieces_1280x800: "Pieces", 1280.0 x 800.0, false;
    pieces_1280x800_presentation: "Pieces", 1280.0 x 800.0, true;
    pieces_1920x1080: "Pieces", 1920.0 x 1080.0, false;
    pieces_1920x1080_presentation: "Pieces", 1920.0 x 1080.0, true;
    knight_1280x800: "Knight", 1280.0 x 800.0, false;
    knight_1280x800_presentation: "Knight", 1280.0 x 800.0, true;
    knight_1920x1080: "Knight", 1920.0 x 1080.0, false;
    knight_1920x1080_presentation: "Knight", 1920.0 x 1080.0, true;
    play_768x1024: "Play", 768.0 x 1024.0, false;
    map_768x1024: "Map", 768.0 x 1024.0, false;
    knight_768x1024: "Knight", 768.0 x 1024.0, false;
    knight_768x1024_presentation: "Knight", 768.0 x 1024.0, true;
}

/// The full-screen requests of the last frame.
fn fullscreen_requests(h: &Harness<'_, GrundyLabApp>) -> Vec<bool> {
    h.output()
        .viewport_output
        .values()
        .flat_map(|v| &v.commands)
        .filter_map(|c| match c {
            egui::ViewportCommand::Fullscreen(on) => Some(*on),
            _ => None,
        })
        .collect()
}

/// Step a few frames and gather the full-screen requests they made.
fn requests_over_frames(h: &mut Harness<'_, GrundyLabApp>) -> Vec<bool> {
    let mut all = Vec::new();
    for _ in 0..4 {
        h.step();
        all.extend(fullscreen_requests(h));
    }
    all
}

fn body_size(h: &Harness<'_, GrundyLabApp>) -> f32 {
    h.ctx.style_of(egui::Theme::Light).text_styles[&egui::TextStyle::Body].size
}

fn presentation(h: &Harness<'_, GrundyLabApp>) -> bool {
    h.state().state.shared.settings.presentation
}

#[test]
fn presentation_mode_toggles_by_f11_and_the_button_and_restores() {
    use egui_kittest::kittest::Queryable;
    let mut h = settled("Play", [1280.0, 800.0], false, false);
    let normal = body_size(&h);
    assert!(!presentation(&h));
    assert!(requests_over_frames(&mut h).is_empty(), "no full-screen request without a change");

    // F11: presentation on, full screen asked for, larger text.
    h.key_press(egui::Key::F11);
    let asked = requests_over_frames(&mut h);
    assert!(presentation(&h), "F11 turns presentation mode on");
    assert_eq!(asked, vec![true], "full screen is requested once");
    let large = body_size(&h);
    assert!(large >= normal * 1.25, "presentation text {large} against {normal}");

    // F11 again: back to the window and the normal text.
    h.key_press(egui::Key::F11);
    assert_eq!(requests_over_frames(&mut h), vec![false], "leaving asks for the window back");
    assert!(!presentation(&h));
    assert_eq!(body_size(&h), normal, "the text size is restored");

    // The top bar's button does the same.
    h.get_by_label("Presentation").click();
    assert_eq!(requests_over_frames(&mut h), vec![true]);
    assert!(presentation(&h));
    assert_eq!(body_size(&h), large);
    h.get_by_label("Presentation").click();
    assert_eq!(requests_over_frames(&mut h), vec![false]);
    assert!(!presentation(&h));
    assert_eq!(body_size(&h), normal);
}

/// The union of the rectangles of the widgets whose label starts with
/// `prefix` (the board's cells, a pile's stones).
fn area_of(h: &Harness<'_, GrundyLabApp>, prefix: &str) -> Rect {
    use egui_kittest::kittest::Queryable;
    h.query_all_by(|n| n.label().is_some_and(|l| l.starts_with(prefix)))
        .map(|n| n.rect())
        .reduce(|a, b| a.union(b))
        .unwrap_or(Rect::NOTHING)
}

#[test]
fn the_board_and_the_piles_grow_with_the_window() {
    let mut boards = Vec::new();
    for presentation in [false, true] {
        let small = settled("Play", [1280.0, 800.0], presentation, false);
        let large = settled("Play", [1920.0, 1080.0], presentation, false);
        let (board_s, board_l) = (area_of(&small, "cell ("), area_of(&large, "cell ("));
        let (pile_s, pile_l) = (area_of(&small, "Pile B, stone"), area_of(&large, "Pile B, stone"));
        // The 13 x 10 board of the medium start fills most of the centre's
        // height: more than half of the window's.
        for (board, height) in [(board_s, 800.0), (board_l, 1080.0)] {
            assert!(
                board.height() > 0.5 * height,
                "presentation {presentation}: board {board:?} in a window {height} high"
            );
        }
        assert!(board_l.width() > board_s.width() * 1.2, "the board grows: {board_s:?} → {board_l:?}");
        boards.push((presentation, board_s.height(), board_l.height()));
        assert!(pile_l.height() > pile_s.height() * 1.2, "the piles grow: {pile_s:?} → {pile_l:?}");
        assert!(pile_l.width() > pile_s.width() * 1.2, "the stones grow too: {pile_s:?} → {pile_l:?}");
    }
    // Presentation mode makes the text larger, never the board smaller (its
    // larger tab bar and banner may take a few points).
    let [(_, normal_s, normal_l), (_, pres_s, pres_l)] = boards[..] else { unreachable!() };
    assert!(pres_s >= 0.9 * normal_s, "1280 x 800: board {normal_s} high, {pres_s} in presentation");
    assert!(pres_l >= 0.9 * normal_l, "1920 x 1080: board {normal_l} high, {pres_l} in presentation");
}

/// The lesson view: at the three projector sizes, in both languages, with
/// and without presentation mode, the side panels are gone, nothing sticks
/// out, the board's side is at least 70 % of the window's height, and
/// presentation mode never makes the board smaller.
#[test]
fn the_lesson_view_gives_the_board_the_window() {
    use egui_kittest::kittest::Queryable;
    let mut found = Vec::new();
    for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        for japanese in [false, true] {
            let mut boards = Vec::new();
            for presentation in [false, true] {
                let h = settled_in("Play", size, presentation, japanese, true);
                let what = format!("{}x{} japanese {japanese} presentation {presentation}", size[0], size[1]);
                let window = Rect::from_min_size(pos2(0.0, 0.0), size.into());
                for p in problems(&item(h.root()), window) {
                    found.push(format!("{what}: {p}"));
                }
                let board = area_of(&h, if japanese { "マス (" } else { "cell (" });
                if board.height() < 0.7 * size[1] {
                    found.push(format!("{what}: the board is {:.0} high, under 70 % of {}", board.height(), size[1]));
                }
                let options = if japanese { "新しいゲーム" } else { "New game" };
                if h.query_by_label(options).is_some() {
                    found.push(format!("{what}: the options panel is still there"));
                }
                boards.push(board.height());
            }
            // (The tab bar's larger text may take a few points.)
            if boards[1] < 0.97 * boards[0] {
                found.push(format!("{}x{}: presentation makes the board smaller: {boards:?}", size[0], size[1]));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The lesson view is one key away and Esc leaves it; the toolbar says so.
#[test]
fn the_lesson_view_opens_with_l_and_closes_with_esc() {
    use egui_kittest::kittest::Queryable;
    let mut h = settled("Play", [1280.0, 800.0], false, false);
    assert!(h.query_by_label("New game").is_some());
    h.key_press(egui::Key::L);
    h.run();
    assert!(h.state().state.shared.settings.lesson);
    assert!(h.query_by_label("New game").is_none(), "the side panels fold away");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("New game").is_some());
    h.get_by_label("Lesson view").click();
    h.run();
    assert!(h.state().state.shared.settings.lesson, "the toolbar button turns it on");
}

/// The tab bar is one row at 1280 x 800 in both languages, normal and in
/// presentation mode: the first tab and the Help menu share a row.
#[test]
fn the_tab_bar_keeps_to_one_row_at_1280_x_800() {
    use egui_kittest::kittest::Queryable;
    for (japanese, presentation) in [(false, false), (false, true), (true, false), (true, true)] {
        let h = settled("Play", [1280.0, 800.0], presentation, japanese);
        let (first, help) = if japanese { ("対局", "ヘルプ") } else { ("Play", "Help") };
        let first = h.query_all_by_label(first).next().expect("the first tab").rect();
        let help = h.get_by_label(help).rect();
        assert!(
            (first.center().y - help.center().y).abs() < 4.0 && help.right() <= 1280.0,
            "japanese {japanese}, presentation {presentation}: the first tab at {first:?}, Help at {help:?}"
        );
    }
}

/// Play's board keeps one size for the whole game (a click aimed at a
/// square never lands elsewhere because a sentence appeared): the same at
/// the start as once the computer's reason and the hint are said; at least
/// 60 % of the window's height at 1024 x 768 and above (where the moves
/// share the options' panel), in both languages, normal and presentation;
/// nothing is cut at game over, and the review shows the board as large.
#[test]
fn the_play_board_keeps_its_size_for_the_whole_game() {
    use egui_kittest::kittest::Queryable;
    let mut found = Vec::new();
    for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        for (presentation, japanese) in [(false, false), (true, false), (false, true), (true, true)] {
            let what = format!("{}x{} japanese {japanese} presentation {presentation}", size[0], size[1]);
            let mut h = settled("Play", size, presentation, japanese);
            let (cell, piece) =
                if japanese { ("マス (", "(9, 12) の駒") } else { ("cell (", "the piece at (9, 12)") };
            let start = area_of(&h, cell);
            let least = 0.6;
            if start.height() < least * size[1] {
                found.push(format!("{what}: the board is {:.0} high, under {least} of {}", start.height(), size[1]));
            }
            // A move up the column; the computer answers with its reason.
            h.get_by_label(piece).click();
            h.run_steps(2);
            let target = if japanese { "マス (9, 3)" } else { "cell (9, 3)" };
            h.get_by_label(target).click();
            step_until(&mut h, "the computer answers", |a| a.state.play.game().is_some_and(|g| g.history().len() == 2));
            h.run_steps(3);
            let answered = area_of(&h, cell);
            if (answered.width() - start.width()).abs() > 1.0 || (answered.height() - start.height()).abs() > 1.0 {
                found.push(format!("{what}: the board is {start:?} at the start, {answered:?} after the answer"));
            }
            // Game over: the piece to (0, y) on the board; the computer wins.
            let (x, y) = h.state().state.play.game().expect("a game").position();
            let (piece, target) = if japanese {
                (format!("({x}, {y}) の駒"), format!("マス (0, {y})"))
            } else {
                (format!("the piece at ({x}, {y})"), format!("cell (0, {y})"))
            };
            h.get_by_label(&piece).click();
            h.run_steps(2);
            h.get_by_label(&target).click();
            step_until(&mut h, "the game ends", |a| a.state.play.game().is_some_and(|g| g.is_over().is_some()));
            h.run_steps(3);
            let window = Rect::from_min_size(pos2(0.0, 0.0), size.into());
            for p in problems(&item(h.root()), window) {
                found.push(format!("{what} at game over: {p}"));
            }
            // The review opens by itself; its board is as large as the
            // game's (its header goes beside the board where it is wide).
            assert!(h.state().state.play.reviewing(), "{what}: the review opens at game over");
            let reviewed = area_of(&h, cell);
            if reviewed.height() < least * size[1] {
                found.push(format!(
                    "{what}: the review's board is {:.0} high, under {least} of {}",
                    reviewed.height(),
                    size[1]
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Screenshots of Play at the start, after the computer's answer and at
/// game over, at three sizes, normal and presentation, in
/// target/play-shots/ (to look at; run with --ignored).
#[test]
#[ignore = "writes Play's screenshots for a person to look at"]
fn play_screenshots() {
    use egui_kittest::kittest::Queryable;
    std::fs::create_dir_all("target/play-shots").expect("a folder");
    for size in [[768.0, 1024.0], [1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        for presentation in [false, true] {
            let saved = r#"{"tab":"Play","play":{"options":{"computer_delay":0.0,"show_hints":true}}}"#;
            let mut h = common::app(saved).size(size).presentation(presentation).wgpu().build();
            h.run_steps(6);
            let name = format!("{}x{}{}", size[0], size[1], if presentation { "-p" } else { "" });
            let shot = |h: &mut Harness<'static, GrundyLabApp>, when: &str| {
                let image = h.render().expect("a picture");
                image.save(format!("target/play-shots/{name}-{when}.png")).expect("saved");
            };
            shot(&mut h, "0-start");
            h.get_by_label("the piece at (9, 12)").click();
            h.run_steps(2);
            h.get_by_label("cell (9, 3)").click();
            step_until(&mut h, "the computer answers", |a| a.state.play.game().is_some_and(|g| g.history().len() == 2));
            h.run_steps(3);
            shot(&mut h, "1-answer");
            let (x, y) = h.state().state.play.game().expect("a game").position();
            h.get_by_label(&format!("the piece at ({x}, {y})")).click();
            h.run_steps(2);
            h.get_by_label(&format!("cell (0, {y})")).click();
            step_until(&mut h, "the game ends", |a| a.state.play.game().is_some_and(|g| g.is_over().is_some()));
            h.run_steps(3);
            shot(&mut h, "2-over");
        }
    }
}

/// In the lesson view, where the options panel is folded away, the hint
/// is switched on beside the board, and its sentence lies in the window
/// with the computer's reason.
#[test]
fn the_lesson_view_switches_the_hint_on_beside_the_board() {
    use egui_kittest::kittest::Queryable;
    for size in [[1024.0, 768.0], [1280.0, 800.0]] {
        for presentation in [false, true] {
            let what = format!("{}x{} presentation {presentation}", size[0], size[1]);
            let saved = r#"{"tab":"Play","shared":{"settings":{"lesson":true}},"play":{"options":{"computer_delay":0.0,"show_hints":false}}}"#;
            let mut h = common::app(saved).size(size).presentation(presentation).build();
            h.run_steps(6);
            assert!(h.query_by_label_contains("Winning moves").is_none(), "{what}: no hint before it is asked");
            h.get_by_label("Show winning moves").click();
            h.run_steps(3);
            let hint = h.get_by_label("Winning moves (each goes to a P-position): (4,7)");
            let r = hint.rect();
            assert!(r.max.x <= size[0] && r.max.y <= size[1], "{what}: the hint is out of the window: {r:?}");
        }
    }
}

/// The tab bar keeps to one row at 1024 x 768, normal and presentation,
/// in both languages: where the window is narrow, Presentation and Help
/// are in the View menu, and Lesson view stays in sight.
#[test]
fn the_tab_bar_keeps_to_one_row_at_1024() {
    use egui_kittest::kittest::Queryable;
    let mut found = Vec::new();
    for presentation in [false, true] {
        for japanese in [false, true] {
            let h = settled("Play", [1024.0, 768.0], presentation, japanese);
            let (tab, lesson) = if japanese { ("対局", "授業") } else { ("Play", "Lesson view") };
            let (a, b) = (h.get_by_label(tab).rect(), h.get_by_label(lesson).rect());
            if (a.center().y - b.center().y).abs() > 2.0 || b.max.x > 1024.0 {
                found.push(format!(
                    "presentation {presentation} japanese {japanese}: {tab} at {a:?}, {lesson} at {b:?}"
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// F1 lists every key, each row whole and inside the window, at 1024 x
/// 768 in both languages, normal and presentation: the list scrolls within
/// the window when it is longer than the window is high.
#[test]
fn the_shortcut_list_is_whole_at_1024() {
    use egui_kittest::kittest::Queryable;
    let size = [1024.0, 768.0];
    let window = Rect::from_min_size(pos2(0.0, 0.0), size.into());
    let mut found = Vec::new();
    for (presentation, japanese) in [(false, false), (true, false), (false, true), (true, true)] {
        let what = format!("japanese {japanese} presentation {presentation}");
        let mut h = settled("Play", size, presentation, japanese);
        h.key_press(egui::Key::F1);
        h.run_steps(3);
        let title = if japanese { "キーボードショートカット" } else { "Keyboard shortcuts" };
        let Some(list) = h.query_by_label(title).map(|n| n.rect()) else {
            found.push(format!("{what}: F1 opens no list"));
            continue;
        };
        for keys in ["Ctrl+Z", "F1", "PageUp / PageDown", "Space"] {
            let Some(row) = h.query_by_label(keys).map(|n| n.rect()) else {
                found.push(format!("{what}: no row {keys:?}"));
                continue;
            };
            // The first row lies whole below the list's title bar.
            if keys == "Ctrl+Z" && (row.top() < list.top() + 24.0 || !list.contains_rect(row)) {
                found.push(format!("{what}: the first row {row:?} is not whole in the list {list:?}"));
            }
        }
        if !window.contains_rect(list) {
            found.push(format!("{what}: the list {list:?} is not inside the window"));
        }
        for p in problems(&item(h.root()), window) {
            found.push(format!("{what}: {p}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A tablet held upright (768 x 1024): Play's options and moves fold under
/// the board, whose cells are at least 32 points (a finger's width), with
/// both piles and every control inside the window, in both languages,
/// normal and presentation.
#[test]
fn play_on_an_upright_tablet_has_cells_for_a_finger() {
    use egui_kittest::kittest::Queryable;
    let size = [768.0, 1024.0];
    let window = Rect::from_min_size(pos2(0.0, 0.0), size.into());
    let mut found = Vec::new();
    for (presentation, japanese) in [(false, false), (true, false), (false, true), (true, true)] {
        let what = format!("japanese {japanese} presentation {presentation}");
        let h = settled("Play", size, presentation, japanese);
        let cell = h.get_by_label(if japanese { "マス (0, 0)" } else { "cell (0, 0)" }).rect();
        if cell.width() < 32.0 {
            found.push(format!("{what}: a cell is {:.1} wide", cell.width()));
        }
        for pile in if japanese { ["山A", "山B"] } else { ["Pile A", "Pile B"] } {
            // The pile's name beside the board (the options' start sizes,
            // further down their scrolled list, may name it too).
            let shown: Vec<Rect> = h.query_all_by_label(pile).map(|n| n.rect()).collect();
            if !shown.iter().any(|r| window.contains_rect(*r) && r.top() < cell.top() + 400.0) {
                found.push(format!("{what}: {pile:?} at {shown:?}"));
            }
        }
        // The tab bar keeps to one row (the tabs' short names; Lesson view
        // goes into the View menu if the row is short of room).
        let (tab, view, lesson) =
            if japanese { ("対局", "表示", "授業") } else { ("Play", "View", "Lesson view") };
        let a = h.get_by_label(tab).rect();
        for b in [Some(h.get_by_label(view).rect()), h.query_by_label(lesson).map(|n| n.rect())].into_iter().flatten() {
            if (a.center().y - b.center().y).abs() > 2.0 || b.max.x > size[0] {
                found.push(format!("{what}: the tab bar has two rows ({tab} at {a:?}, {b:?})"));
            }
        }
        let new_game = h.get_by_label(if japanese { "新しいゲーム" } else { "New game" }).rect();
        if new_game.top() < cell.bottom() {
            found.push(format!("{what}: the options {new_game:?} are not under the board"));
        }
        for p in problems(&item(h.root()), window) {
            found.push(format!("{what}: {p}"));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The Knight designer's picture is the largest thing on screen: its side
/// is at least 60 % of the window's height (70 % in the lesson view) at
/// 1024 x 768, 1280 x 800 and 1920 x 1080, and fills the width left by its
/// panel on a tablet held upright, in both languages.
#[test]
fn the_knight_picture_is_the_largest_thing_on_screen() {
    use egui_kittest::kittest::Queryable;
    let mut found = Vec::new();
    for size in [[1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0], [768.0, 1024.0]] {
        for (lesson, japanese) in [(false, false), (false, true), (true, false)] {
            let what = format!("{}x{} lesson {lesson} japanese {japanese}", size[0], size[1]);
            let h = settled_in("Knight", size, false, japanese, lesson);
            let picture = h.get_by_label(if japanese { "盤の画像" } else { "Board picture" }).rect();
            let side = picture.width().min(picture.height());
            let least = if size[1] > size[0] {
                0.5 * size[0]
            } else if lesson {
                0.7 * size[1]
            } else {
                0.6 * size[1]
            };
            if side < least {
                found.push(format!("{what}: the picture {picture:?} has a side of {side:.0}, under {least:.0}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Screenshots of every tab at 768 x 1024, 1024 x 768, 1280 x 800 and
/// 1920 x 1080, in English and Japanese, normal and presentation, in
/// target/tab-shots/ (to look at; run with --ignored).
#[test]
#[ignore = "writes every tab's screenshots for a person to look at"]
fn tab_screenshots() {
    std::fs::create_dir_all("target/tab-shots").expect("a folder");
    for tab in ["Play", "Map", "Pieces", "Knight"] {
        for size in [[768.0, 1024.0], [1024.0, 768.0], [1280.0, 800.0], [1920.0, 1080.0]] {
            for (presentation, japanese) in [(false, false), (false, true), (true, true)] {
                let language = if japanese { "Japanese" } else { "English" };
                let saved =
                    format!(r#"{{"tab":"{tab}","play":{{"options":{{"computer_delay":0.0,"show_hints":true}}}}}}"#);
                let mut h = common::app(saved).size(size).language(language).presentation(presentation).wgpu().build();
                h.run_steps(3);
                step_until(&mut h, "the first jobs end", |a| {
                    let s = &a.state;
                    !s.map.is_computing() && !s.play.is_busy() && !s.pieces.is_busy() && !s.knight.busy()
                });
                h.run_steps(4);
                let name = format!(
                    "{tab}-{}x{}-{}{}",
                    size[0],
                    size[1],
                    if japanese { "ja" } else { "en" },
                    if presentation { "-p" } else { "" }
                );
                h.render().expect("a picture").save(format!("target/tab-shots/{name}.png")).expect("saved");
            }
        }
    }
}
