//! The About/Help window (Wythoff's game, its history and the golden-ratio
//! P-positions, in our own words) and the keyboard shortcuts.

use super::i18n::{Text, tr};
use egui::RichText;

/// Texts of the help windows.
pub const TEXTS: &[Text] = &[
    ("about.game.title", "The game", "ゲーム"),
    (
        "about.game",
        "Two piles of stones lie on the table. On your turn you take any number of stones from one pile, or the same number from both piles. Whoever takes the last stone wins. Drawn on a board, this is a queen that may move only left, up, or diagonally up-left: whoever moves her into the corner wins. That is why the game is also called \"Corner the Queen\".",
        "石の山が2つあります。自分の番には、どちらか一方の山から好きな数だけ、または両方の山から同じ数だけ石を取ります。最後の石を取った人の勝ちです。盤の上で考えると、左・上・左上の斜めにだけ進めるクイーンを動かし、隅に入れた人が勝つゲームになります。そのため「クイーンを隅へ」とも呼ばれます。",
    ),
    ("about.history.title", "History", "歴史"),
    (
        "about.history",
        "The Dutch mathematician Willem Abraham Wythoff analysed the game in 1907, in \"A modification of the game of Nim\". Martin Gardner told the readers of Scientific American about it in his column of March 1977, mentioning that it is played in China as jian shizi, \"picking stones\".",
        "オランダの数学者ワイソフ(W. A. Wythoff)が1907年の論文「ニムの一変形」でこのゲームを解析しました。マーティン・ガードナーは1977年3月のサイエンティフィック・アメリカンの連載でこのゲームを紹介し、中国では「jian shizi(石拾い)」として遊ばれていると書いています。",
    ),
    ("about.p.title", "Winning with the golden ratio", "黄金比で勝つ"),
    (
        "about.p",
        "A P-position is a position where the player who just moved wins with best play: whatever the opponent does, there is an answer that leads back to a P-position. In Wythoff's game the P-positions are the pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirror images, where φ = (1 + √5) / 2 is the golden ratio: (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), ... Move to one of them and you can win.",
        "P局面とは、直前に動いた人が最善をつくせば勝てる局面です。相手がどう動いても、またP局面に戻す手があります。ワイソフのゲームのP局面は、φ = (1 + √5) / 2 を黄金比として、(⌊nφ⌋, ⌊nφ²⌋) とその左右を入れかえた組です: (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), … これらの局面に動かせば勝てます。",
    ),
    (
        "about.relatives",
        "Grundy Lab also plays the game's relatives: other pieces (the rook 飛車 is two-pile Nim; the dragon king 龍王 and dragon horse 龍馬 of shogi), end zones near the corner, and the misère version, where the last move loses.",
        "グランディ・ラボでは仲間のゲームも遊べます: ほかの駒(飛車は2山のニム、将棋の龍王や龍馬)、隅の近くの終了マス、そして最後に動いた人が負けるミゼール版です。",
    ),
    ("keys.title", "Keyboard shortcuts", "キーボードショートカット"),
    (
        "keys.undo",
        "Undo (a move in Play, an edit in Pieces and the Knight designer)",
        "元に戻す (対戦の1手、駒・ナイトの編集)",
    ),
    ("keys.redo", "Redo", "やり直す"),
    ("keys.map_pan", "Grundy map: move the view", "グランディ数の地図: 表示を動かす"),
    (
        "keys.map_zoom",
        "Grundy map: zoom in / out (about the pointer)",
        "グランディ数の地図: 拡大 / 縮小 (ポインタの位置を中心に)",
    ),
    ("keys.map_fit", "Grundy map: show the whole table", "グランディ数の地図: 表全体を表示"),
    ("keys.new", "New game", "新しいゲーム"),
    ("keys.zoom_in", "Larger text", "文字を大きく"),
    ("keys.zoom_out", "Smaller text", "文字を小さく"),
    ("keys.zoom_reset", "Normal text size", "文字の大きさを元に戻す"),
    (
        "keys.presentation",
        "Presentation mode (full screen, larger text, high contrast)",
        "発表モード(全画面・大きな文字・高コントラスト)",
    ),
    ("keys.help", "This list", "この一覧"),
];

/// The About window's contents.
pub fn about(ui: &mut egui::Ui) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.set_max_width(700.0);
        for (title, body) in
            [("about.game.title", "about.game"), ("about.history.title", "about.history"), ("about.p.title", "about.p")]
        {
            ui.label(RichText::new(tr(title)).heading());
            ui.label(tr(body));
            ui.add_space(10.0);
        }
        ui.label(tr("about.relatives"));
    });
}

/// The shortcut list.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+Z", "keys.undo"),
    ("Ctrl+Y", "keys.redo"),
    ("Ctrl+N", "keys.new"),
    ("Ctrl + +", "keys.zoom_in"),
    ("Ctrl + −", "keys.zoom_out"),
    ("Ctrl+0", "keys.zoom_reset"),
    ("← ↑ → ↓", "keys.map_pan"),
    ("+ / −", "keys.map_zoom"),
    ("F", "keys.map_fit"),
    ("F11", "keys.presentation"),
    ("F1", "keys.help"),
];

/// The Shortcuts window's contents.
pub fn shortcuts(ui: &mut egui::Ui) {
    egui::Grid::new("shortcuts").num_columns(2).spacing([24.0, 8.0]).show(ui, |ui| {
        for &(keys, what) in SHORTCUTS {
            ui.label(RichText::new(keys).monospace().strong());
            ui.label(tr(what));
            ui.end_row();
        }
    });
}
