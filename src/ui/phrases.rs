//! Line breaks that keep Japanese words whole. egui may break a line of
//! Japanese between any two characters, so that 「開く」 or 「グランディ数」
//! is cut in two at the end of a line. Here a line may break only between
//! phrases, as BudouX finds them (Google's phrase segmenter, the model
//! behind Chrome's `word-break: auto-phrase`: the `budoux` crate with its
//! Japanese model, Apache-2.0), and at spaces; never next to a no-break
//! space, never before a closing mark or a small kana, never after an
//! opening one. Words a line cannot hold are left to egui.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Hiragana (ぁ–ゟ).
fn is_hiragana(c: char) -> bool {
    ('\u{3041}'..='\u{309F}').contains(&c)
}

/// Katakana and the prolonged sound mark (゠–ヿ, ｦ–ﾟ).
fn is_katakana(c: char) -> bool {
    ('\u{30A0}'..='\u{30FF}').contains(&c) || ('\u{FF66}'..='\u{FF9F}').contains(&c)
}

/// CJK ideographs (kanji) and the iteration mark 々.
fn is_kanji(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c) || c == '々'
}

/// Whether `c` is Japanese script (kana, kanji or full-width punctuation).
pub fn is_japanese(c: char) -> bool {
    is_hiragana(c) || is_katakana(c) || is_kanji(c) || ('\u{3000}'..='\u{303F}').contains(&c) || is_full_width(c)
}

/// Full-width forms (！ ， （ …).
fn is_full_width(c: char) -> bool {
    ('\u{FF00}'..='\u{FF65}').contains(&c)
}

/// Marks that never start a line (closing brackets, punctuation, small kana).
fn never_starts_a_line(c: char) -> bool {
    ")]}）］｝〕〉》」』】〙〗、。，．・：；？！ー～…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々,.:;!?%）"
        .contains(c)
}

/// Marks that never end a line (opening brackets).
fn never_ends_a_line(c: char) -> bool {
    "([{（［｛〔〈《「『【〘〖".contains(c)
}

/// Whether a line may break between `a` and `b`, where `phrase` says
/// whether BudouX starts a phrase at `b`.
pub fn may_break(phrase: bool, a: char, b: char) -> bool {
    // A no-break space holds its neighbours together ("(8,\u{a0}13)").
    let no_break = |c: char| matches!(c, '\u{a0}' | '\u{202f}' | '\u{2060}');
    if no_break(a) || no_break(b) {
        return false;
    }
    if b.is_whitespace() || a.is_whitespace() {
        return true;
    }
    if never_starts_a_line(b) || never_ends_a_line(a) {
        return false;
    }
    phrase
}

/// The byte offsets at which BudouX starts a phrase in `text` (not 0),
/// remembered: a label is laid out every frame.
fn phrase_starts(text: &str) -> Arc<[usize]> {
    static CACHE: Mutex<Option<HashMap<String, Arc<[usize]>>>> = Mutex::new(None);
    /// Texts remembered before the cache starts again (a few hundred
    /// sentences are on screen at most).
    const MOST: usize = 4096;
    let mut guard = CACHE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let cache = guard.get_or_insert_with(HashMap::new);
    if let Some(starts) = cache.get(text) {
        return starts.clone();
    }
    let mut starts = Vec::new();
    let mut at = 0;
    for phrase in budoux::parse(budoux::models::default_japanese_model(), text) {
        at += phrase.len();
        starts.push(at);
    }
    starts.pop();
    // The phrases are the text cut in pieces; if not, no phrase breaks.
    if at != text.len() || starts.iter().any(|&i| !text.is_char_boundary(i)) {
        starts.clear();
    }
    let starts: Arc<[usize]> = starts.into();
    if cache.len() >= MOST {
        cache.clear();
    }
    cache.insert(text.to_owned(), starts.clone());
    starts
}

/// The byte offsets in `text` at which to start a new line so that no line
/// is wider than `max_width`, breaking only where [`may_break`] allows;
/// `width_of(i, c)` gives the width of the character `c` at byte `i`. A
/// line that holds one long phrase only is not broken here (egui breaks it).
pub fn line_starts(text: &str, max_width: f32, mut width_of: impl FnMut(usize, char) -> f32) -> Vec<usize> {
    let phrases = phrase_starts(text);
    let mut starts = Vec::new();
    let mut width = 0.0;
    // The last place the line may break, and the width after it.
    let mut last_break: Option<(usize, f32)> = None;
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            width = 0.0;
            last_break = None;
            prev = None;
            continue;
        }
        if let Some(p) = prev
            && may_break(phrases.binary_search(&i).is_ok(), p, c)
        {
            last_break = Some((i, 0.0));
        }
        let w = width_of(i, c);
        width += w;
        if let Some((_, after)) = last_break.as_mut() {
            *after += w;
        }
        if width > max_width
            && let Some((at, after)) = last_break.take()
            && at > starts.last().copied().unwrap_or(0)
        {
            // A space at the break is dropped by egui at the line's end;
            // break after it so the next line does not start with it.
            starts.push(at);
            width = after;
        }
        prev = Some(c);
    }
    starts
}

/// `text` with a zero-width space (U+200B) where a line may break between
/// two Japanese phrases, for pictures whose lines are broken by the
/// library ([`crate::draw::worksheet::wrap`] breaks there only); text
/// without Japanese is returned as it is.
pub fn mark_phrases(text: &str) -> String {
    if !text.chars().any(is_japanese) {
        return text.to_string();
    }
    let phrases = phrase_starts(text);
    let mut out = String::with_capacity(text.len() + 3 * phrases.len());
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if let Some(p) = prev
            && !p.is_whitespace()
            && !c.is_whitespace()
            && phrases.binary_search(&i).is_ok()
            && may_break(true, p, c)
        {
            out.push('\u{200B}');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// `text` with a newline at each of `starts`.
pub fn with_breaks(text: &str, starts: &[usize]) -> String {
    let mut out = String::with_capacity(text.len() + starts.len());
    let mut from = 0;
    for &at in starts {
        out.push_str(&text[from..at]);
        out.push('\n');
        from = at;
    }
    out.push_str(&text[from..]);
    out
}

/// Where the byte `p` of the text is once a newline is put at each of
/// `starts` (a newline at `p` itself comes before it).
pub fn shifted(p: usize, starts: &[usize]) -> usize {
    p + starts.iter().filter(|&&s| s <= p).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character 1 wide.
    fn wrap(text: &str, width: f32) -> String {
        with_breaks(text, &line_starts(text, width, |_, _| 1.0))
    }

    #[test]
    fn words_are_never_cut() {
        // 「開く」「負け」「グランディ数」 stay whole at every width.
        let text = "マスをクリックして開くと、グランディ数を見て負けを確かめます。";
        for width in 4..30 {
            let wrapped = wrap(text, width as f32);
            for word in ["開く", "負け", "グランディ数", "クリック", "確かめます。"] {
                assert!(wrapped.contains(word), "{word} cut at width {width}:\n{wrapped}");
            }
            assert_eq!(wrapped.replace('\n', ""), text);
        }
    }

    #[test]
    fn lines_fit_where_the_phrases_allow() {
        let wrapped = wrap("駒を発明してみましょう。動けるマスをクリックします。", 12.0);
        assert!(wrapped.lines().all(|l| l.chars().count() <= 12), "{wrapped}");
        assert_eq!(wrapped.lines().next(), Some("駒を発明してみましょう。"));
    }

    #[test]
    fn a_particle_after_a_word_ends_a_phrase() {
        assert_eq!(wrap("まだ手はありません。", 6.0), "まだ手は\nありません。");
        assert_eq!(wrap("駒を動かすと負けになります", 8.0), "駒を動かすと\n負けになります");
    }

    #[test]
    fn no_line_starts_with_a_closing_mark_or_a_small_kana() {
        let text = "「動きの行列」は、ジャンプ、スライド、なしと切りかわります。";
        for width in 2..20 {
            for line in wrap(text, width as f32).lines().skip(1) {
                let first = line.chars().next().expect("no empty line");
                assert!(!never_starts_a_line(first), "{line:?} at width {width}");
            }
        }
    }

    #[test]
    fn latin_words_and_short_texts_stay_whole() {
        // Latin words are whole too: lines break at spaces only.
        let english = "The queen moves left, down or diagonally.";
        assert!(wrap(english, 10.0).lines().all(|l| english.split(' ').any(|w| l.trim().starts_with(w))));
        assert_eq!(wrap(english, 10.0).replace('\n', ""), english);
        assert!(line_starts("駒をつくる", 40.0, |_, _| 1.0).is_empty());
        // Spaces still break a line.
        assert_eq!(wrap("盤の大きさ N で確かめる", 8.0), "盤の大きさ N \nで確かめる");
        assert_eq!(shifted(3, &[2, 3, 7]), 5);
    }

    /// The words a teacher saw cut by the rules of thumb before BudouX
    /// stay whole in every Japanese text of the app, at every width from 4
    /// to 30 characters.
    #[test]
    fn no_word_of_the_app_is_cut() {
        let backend = crate::ui::i18n::_rust_i18n_backend();
        let texts = backend.messages_for_locale("ja").expect("Japanese texts");
        let words = [
            "行き先",
            "クリック",
            "クイーン",
            "ください",
            "振り返る",
            "コピー",
            "ワークシート",
            "選ぶ",
            "グランディ数",
        ];
        let mut found = Vec::new();
        for (key, text) in texts {
            for width in 4..=30 {
                let wrapped = wrap(&text, width as f32);
                for word in words.iter().filter(|w| text.contains(*w)) {
                    if !wrapped.contains(word) {
                        found.push(format!("{key}: {word} cut at width {width}:\n{wrapped}"));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "{} cuts:\n{}",
            found.len(),
            found.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
        );
    }

    #[test]
    fn a_no_break_space_keeps_a_cell_whole() {
        let text = "よって (8,\u{a0}13) はP局面で、左右を入れかえた (13,\u{a0}8) もP局面です。";
        for width in 4..30 {
            let wrapped = wrap(text, width as f32);
            for cell in ["(8,\u{a0}13)", "(13,\u{a0}8)"] {
                assert!(wrapped.contains(cell), "{cell} cut at width {width}:\n{wrapped}");
            }
        }
    }
}
