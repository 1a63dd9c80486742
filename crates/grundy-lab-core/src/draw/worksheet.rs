//! A worksheet picture: a title, the board with its pieces (or the piles
//! of stones) of one position, and the sentences that go with it (whose
//! turn, the hint, the computer's reason), black on white for a printer.
//! The caller words every text in the user's language; this module only
//! lays them out ([`Worksheet::scene`]), so the PNG backend writes what it
//! is given with the export's fonts.

use super::font::text_width;
use super::{Anchor, Rgba, Scene, Stroke};

/// The width of a worksheet in scene units (its height follows from what
/// it holds).
pub const WIDTH: f32 = 1000.0;

/// The long side of the PNG file of a worksheet, in pixels (about A4 at 240
/// dots per inch).
pub const PX: u32 = 2000;

/// The most stones drawn one by one in a pile; a larger pile is a bar with
/// its number.
pub const MAX_DRAWN_STONES: u64 = 30;

/// The largest board drawn cell by cell (a side of 41 cells, as on screen).
pub const MAX_BOARD_SIDE: u64 = 41;

/// The characters a worksheet writes besides the texts it is given and the
/// digits of the axes: the corner's star.
pub const OWN_CHARACTERS: &str = "★";

const MARGIN: f32 = 40.0;
const TITLE_SIZE: f32 = 34.0;
const SENTENCE_SIZE: f32 = 24.0;
const INK: Rgba = Rgba::rgb(20, 20, 20);
const LIGHT: Rgba = Rgba::rgb(250, 246, 236);
const DARK: Rgba = Rgba::rgb(222, 212, 190);
const CORNER: Rgba = Rgba::rgb(255, 214, 120);
const TERMINAL: Rgba = Rgba::rgb(190, 190, 190);
const STONE: Rgba = Rgba::rgb(90, 90, 90);

/// A piece on the board: its cell and the mark written on it (`None`: a
/// plain disk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    /// The cell `(x, y)`, x to the right and y down from the corner.
    pub cell: (u64, u64),
    /// The character(s) written on it.
    pub mark: Option<String>,
}

/// A pile of stones: its name (as written under it) and how many stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile {
    /// The name written under the pile ("A: 9").
    pub label: String,
    /// The stones in it.
    pub stones: u64,
}

/// What the worksheet shows of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A whole board from the corner (0, 0), `cols` x `rows` cells (each at
    /// most [`MAX_BOARD_SIDE`]), with its terminal cells and pieces.
    Board {
        /// Cells across.
        cols: u64,
        /// Cells down.
        rows: u64,
        /// The cells of the terminal set (shaded).
        terminal: Vec<(u64, u64)>,
        /// The pieces.
        pieces: Vec<BoardPiece>,
    },
    /// Piles of stones side by side.
    Piles(Vec<Pile>),
}

/// A worksheet: a title, a figure and sentences, each worded by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worksheet {
    /// The title, at the top.
    pub title: String,
    /// The position.
    pub figure: Figure,
    /// The sentences under the figure, in order.
    pub sentences: Vec<String>,
}

/// The mark of a place where a line may break (a zero-width space), which
/// the caller puts between the phrases of Japanese (the app finds them
/// with BudouX); it is never drawn.
pub const PHRASE_BREAK: char = '\u{200B}';

/// `text` cut into lines no wider than `width` at em size `size`: between
/// words, and in Japanese (which has no spaces) at the [`PHRASE_BREAK`]s
/// of a paragraph that has them, else between any two characters; a word
/// wider than the line is cut where it must.
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let marked = paragraph.contains(PHRASE_BREAK);
        let mut line = String::new();
        // The byte index in `line` of the last place it may be cut.
        let mut cut: Option<usize> = None;
        let mut prev = ' ';
        for c in paragraph.chars() {
            if c == PHRASE_BREAK {
                if !line.is_empty() {
                    cut = Some(line.len());
                }
                continue;
            }
            let between_characters = !marked && (is_cjk(c) || is_cjk(prev));
            if !line.is_empty() && (c == ' ' || between_characters) && !is_closing(c) {
                cut = Some(line.len());
            }
            line.push(c);
            prev = c;
            if text_width(&line, size) > width && line.chars().count() > 1 {
                let at = cut.filter(|&i| i > 0).unwrap_or_else(|| line.len() - c.len_utf8());
                let rest = line.split_off(at);
                lines.push(line.trim_end().to_string());
                line = rest.trim_start().to_string();
                cut = None;
            }
        }
        if !line.trim().is_empty() {
            lines.push(line.trim_end().to_string());
        }
    }
    lines
}

/// Japanese (and other wide) characters, between which a line may break.
fn is_cjk(c: char) -> bool {
    ('\u{2E80}'..='\u{9FFF}').contains(&c)
        || ('\u{F900}'..='\u{FAFF}').contains(&c)
        || ('\u{FF00}'..='\u{FFEF}').contains(&c)
}

/// Punctuation that never starts a line.
fn is_closing(c: char) -> bool {
    matches!(c, '、' | '。' | '，' | '．' | '」' | '）' | ')' | ',' | '.' | '！' | '？' | '・' | 'ー')
}

impl Worksheet {
    /// The picture, [`WIDTH`] units wide.
    pub fn scene(&self) -> Scene {
        let inner = WIDTH - 2.0 * MARGIN;
        let mut shapes = Scene::new(WIDTH, 1.0, Some(Rgba::WHITE));
        let mut y = MARGIN;
        for line in wrap(&self.title, TITLE_SIZE, inner) {
            shapes.text([MARGIN, y], &line, TITLE_SIZE, INK, Anchor::TopLeft);
            y += TITLE_SIZE * 1.3;
        }
        y += 16.0;
        y = match &self.figure {
            Figure::Board { cols, rows, terminal, pieces } => board(&mut shapes, y, *cols, *rows, terminal, pieces),
            Figure::Piles(piles) => draw_piles(&mut shapes, y, piles),
        };
        y += 24.0;
        for sentence in &self.sentences {
            for line in wrap(sentence, SENTENCE_SIZE, inner) {
                shapes.text([MARGIN, y], &line, SENTENCE_SIZE, INK, Anchor::TopLeft);
                y += SENTENCE_SIZE * 1.4;
            }
            y += 6.0;
        }
        shapes.height = y + MARGIN;
        shapes
    }

    /// The size in pixels of the PNG file the worksheet is written as.
    pub fn png_size(&self) -> (u32, u32) {
        self.scene().pixel_size(PX)
    }

    /// Write the worksheet as a PNG file ([`PX`] pixels on its long side);
    /// returns its size in pixels.
    pub fn write_png(&self, path: &std::path::Path) -> Result<(u32, u32), super::DrawError> {
        let scene = self.scene();
        super::png::write_png(&scene, PX, path)?;
        Ok(scene.pixel_size(PX))
    }
}

/// The board with its axes from `top`; returns the `y` below it.
fn board(scene: &mut Scene, top: f32, cols: u64, rows: u64, terminal: &[(u64, u64)], pieces: &[BoardPiece]) -> f32 {
    let (cols, rows) = (cols.clamp(1, MAX_BOARD_SIDE), rows.clamp(1, MAX_BOARD_SIDE));
    let axis = 44.0;
    let cell = ((WIDTH - 2.0 * MARGIN - axis) / cols as f32).min(620.0 / rows as f32).min(64.0);
    let (bw, bh) = (cell * cols as f32, cell * rows as f32);
    // The board in the middle of the page, its axis labels to its left.
    let x0 = (WIDTH - bw + axis) / 2.0;
    let y0 = top + axis;
    let label = (cell * 0.45).clamp(10.0, 24.0);
    let every = if cell >= 20.0 { 1 } else { 5 };
    let at = |c: u64, r: u64| [x0 + c as f32 * cell, y0 + r as f32 * cell];
    for r in 0..rows {
        for c in 0..cols {
            let fill = if (c, r) == (0, 0) {
                CORNER
            } else if terminal.contains(&(c, r)) {
                TERMINAL
            } else if (c + r) % 2 == 0 {
                LIGHT
            } else {
                DARK
            };
            let [x, y] = at(c, r);
            scene.push(super::Shape::Rect { min: [x, y], max: [x + cell, y + cell], fill: Some(fill), stroke: None });
        }
    }
    let [cx, cy] = at(0, 0);
    scene.text([cx + cell / 2.0, cy + cell / 2.0], "★", cell * 0.55, INK.with_alpha(150), Anchor::Center);
    let grid = Stroke::new(1.0, INK.with_alpha(90));
    for c in 1..cols {
        scene.line([x0 + c as f32 * cell, y0], [x0 + c as f32 * cell, y0 + bh], grid);
    }
    for r in 1..rows {
        scene.line([x0, y0 + r as f32 * cell], [x0 + bw, y0 + r as f32 * cell], grid);
    }
    let edge = Stroke::new(3.0, INK);
    scene.push(super::Shape::Rect { min: [x0, y0], max: [x0 + bw, y0 + bh], fill: None, stroke: Some(edge) });
    for c in (0..cols).filter(|c| c % every == 0) {
        scene.text([x0 + (c as f32 + 0.5) * cell, y0 - 10.0], &c.to_string(), label, INK, Anchor::Bottom);
    }
    for r in (0..rows).filter(|r| r % every == 0) {
        scene.text([x0 - 10.0, y0 + (r as f32 + 0.5) * cell], &r.to_string(), label, INK, Anchor::Right);
    }
    scene.text([x0 + bw + 8.0, y0 - 10.0], "x", label, INK, Anchor::BottomLeft);
    scene.text([x0 - 10.0, y0 + bh + 8.0], "y", label, INK, Anchor::TopRight);
    for p in pieces.iter().filter(|p| p.cell.0 < cols && p.cell.1 < rows) {
        let [x, y] = at(p.cell.0, p.cell.1);
        let centre = [x + cell / 2.0, y + cell / 2.0];
        let ring = Some(Stroke::new((cell * 0.06).max(2.0), Rgba::WHITE));
        scene.push(super::Shape::Circle { center: centre, radius: cell * 0.4, fill: Some(INK), stroke: ring });
        if let Some(mark) = &p.mark {
            scene.text(centre, mark, cell * 0.45, Rgba::WHITE, Anchor::Center);
        }
    }
    y0 + bh + label + 12.0
}

/// Piles side by side from `top`; returns the `y` below them.
fn draw_piles(scene: &mut Scene, top: f32, piles: &[Pile]) -> f32 {
    if piles.is_empty() {
        return top;
    }
    let n = piles.len() as f32;
    let column = ((WIDTH - 2.0 * MARGIN) / n).min(220.0);
    let radius = (column * 0.18).min(14.0);
    let step = radius * 2.0 + 4.0;
    // As tall as the tallest pile drawn (a pile too large to draw, a bar,
    // takes the whole height of 30 stones).
    let tallest = piles.iter().map(|p| p.stones.min(MAX_DRAWN_STONES)).max().unwrap_or(0).max(8);
    let height = tallest as f32 * step;
    let left = (WIDTH - column * n) / 2.0;
    let bottom = top + height;
    for (i, pile) in piles.iter().enumerate() {
        let cx = left + (i as f32 + 0.5) * column;
        if pile.stones <= MAX_DRAWN_STONES {
            for k in 0..pile.stones {
                let cy = bottom - radius - k as f32 * step;
                let stroke = Some(Stroke::new(1.5, INK));
                scene.push(super::Shape::Circle { center: [cx, cy], radius, fill: Some(STONE), stroke });
            }
        } else {
            // Too many to draw: a full column, with the number on it.
            let (min, max) = ([cx - radius * 1.4, top], [cx + radius * 1.4, bottom]);
            scene.push(super::Shape::Rect { min, max, fill: Some(STONE), stroke: Some(Stroke::new(1.5, INK)) });
            let mid = [cx, top + height / 2.0];
            scene.text(mid, &pile.stones.to_string(), 18.0, Rgba::WHITE, Anchor::Center);
        }
        scene.line([cx - column * 0.4, bottom + 4.0], [cx + column * 0.4, bottom + 4.0], Stroke::new(2.0, INK));
        scene.text([cx, bottom + 14.0], &pile.label, SENTENCE_SIZE, INK, Anchor::Top);
    }
    bottom + 14.0 + SENTENCE_SIZE * 1.4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queen_sheet() -> Worksheet {
        Worksheet {
            title: "Corner the Queen: position (9, 12)".into(),
            figure: Figure::Board {
                cols: 10,
                rows: 13,
                terminal: vec![],
                pieces: vec![BoardPiece { cell: (9, 12), mark: None }],
            },
            sentences: vec!["Your turn: move the queen.".into(), "Winning moves: (4,7)".into()],
        }
    }

    #[test]
    fn the_png_written_is_the_size_said() {
        let dir = std::env::temp_dir().join(format!("grundy-worksheet-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for sheet in [
            queen_sheet(),
            Worksheet {
                title: "ニム".into(),
                figure: Figure::Piles(vec![
                    Pile { label: "A: 3".into(), stones: 3 },
                    Pile { label: "B: 100".into(), stones: 100 },
                ]),
                sentences: vec!["あなたの番です。".repeat(20)],
            },
        ] {
            let path = dir.join("sheet.png");
            let said = sheet.png_size();
            assert_eq!(sheet.write_png(&path).unwrap(), said);
            let decoded = image::open(&path).unwrap();
            assert_eq!((decoded.width(), decoded.height()), said);
            assert_eq!(said.0.max(said.1), PX, "the long side");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn sentences_wrap_between_words_and_japanese_characters() {
        let long = "Winning moves (each goes to a P-position): (4,7), (9,3) and many more words here";
        let lines = wrap(long, 24.0, 300.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 24.0) <= 300.0), "{lines:?}");
        assert_eq!(lines.join(" "), long, "cut only at spaces");
        let ja = "勝ちの手 (P局面へ行く手): (4,7)。あなたの番です。".repeat(3);
        let lines = wrap(&ja, 24.0, 300.0);
        assert!(lines.len() > 1 && lines.iter().all(|l| text_width(l, 24.0) <= 300.0), "{lines:?}");
        assert!(lines.iter().skip(1).all(|l| !l.starts_with('。')), "{lines:?}");
        assert_eq!(wrap("", 24.0, 300.0), Vec::<String>::new());
    }

    #[test]
    fn marked_japanese_breaks_only_at_its_marks_and_never_draws_them() {
        let phrases = ["あなたの", "番です。", "駒を", "クリックしてから", "行き先の", "マスを", "選んでください。"];
        let text = phrases.join(&PHRASE_BREAK.to_string());
        // (Each phrase fits a line: 8 characters of 24 are 192 wide.)
        for width in [200.0, 250.0, 300.0, 420.0] {
            let lines = wrap(&text, 24.0, width);
            assert!(lines.iter().all(|l| !l.contains(PHRASE_BREAK)), "{lines:?}");
            assert_eq!(lines.concat(), phrases.concat(), "nothing lost at {width}");
            // Every line is whole phrases.
            let mut rest = lines.concat();
            for line in &lines {
                assert!(rest.starts_with(line.as_str()));
                rest = rest[line.len()..].to_string();
                let mut left = line.as_str();
                while !left.is_empty() {
                    let p =
                        phrases.iter().find(|p| left.starts_with(**p)).unwrap_or_else(|| panic!("{line:?} at {width}"));
                    left = &left[p.len()..];
                }
            }
        }
    }

    #[test]
    fn the_board_has_every_cell_and_the_piece() {
        let scene = queen_sheet().scene();
        let cells =
            scene.shapes.iter().filter(|s| matches!(s, super::super::Shape::Rect { fill: Some(_), .. })).count();
        assert_eq!(cells, 10 * 13);
        let discs = scene.shapes.iter().filter(|s| matches!(s, super::super::Shape::Circle { .. })).count();
        assert_eq!(discs, 1);
        assert!(scene.height > 600.0 && scene.height < 1000.0, "{}", scene.height);
    }
}
