//! Sentences for the Play tab: the play module's reasons, hints and results
//! (data) turned into the user's language. The formulas themselves come
//! from [`crate::play::Why::formula`] and read the same in every language.

use crate::play::{GameOver, Hint, NimReason, PlayerKind, Players, Reason, Why, nim::nim_sum_formula};
use crate::rules::{Convention, Rules};
use crate::ui::i18n::{Text, tr, trf};

/// Texts of the Play tab's sentences.
pub const TEXTS: &[Text] = &[
    ("who.you", "You", "あなた"),
    ("who.computer", "The computer", "コンピュータ"),
    ("who.player1", "Player 1", "プレイヤー1"),
    ("who.player2", "Player 2", "プレイヤー2"),
    ("why.p", "({x},{y}) is a P-position: {formula}", "({x},{y}) はP局面です: {formula}"),
    (
        "why.terminal",
        "({x},{y}) is a P-position: it is in the end zone, where the game stops.",
        "({x},{y}) はP局面です: ゲームが終わる終了マスです。",
    ),
    (
        "why.exception",
        "({x},{y}) is a P-position: one of the few exceptions near the corner.",
        "({x},{y}) はP局面です: 隅の近くにある数少ない例外の1つです。",
    ),
    (
        "why.table",
        "({x},{y}) is a P-position: the computed table gives {formula}",
        "({x},{y}) はP局面です: 計算した表では {formula}",
    ),
    (
        "why.no_winning_move",
        "The computer was in a P-position: every move loses against best play, so it made a small move and hopes for a mistake.",
        "コンピュータはP局面にいました。どう動いても最善の相手には負けるので、小さく動いて相手のミスを待ちます。",
    ),
    ("why.random", "The computer plays at random.", "コンピュータはでたらめに指しています。"),
    (
        "why.mistake",
        "The computer made a mistake on purpose (it makes mistakes sometimes).",
        "コンピュータはわざとミスをしました(ときどきミスをする設定です)。",
    ),
    (
        "why.unknown",
        "No formula is known and the position is too large to tabulate, so the computer moved at random.",
        "公式が知られておらず、表を計算するには大きすぎるため、コンピュータはでたらめに動きました。",
    ),
    ("nim.why.zero", "Now the nim-sum is {formula} = 0: a P-position.", "これでニム和は {formula} = 0、P局面です。"),
    (
        "nim.why.odd_ones",
        "{n} heaps of one stone are left: the other player must take the last stone.",
        "1個の山が{n}つ残りました。相手が最後の石を取ることになります。",
    ),
    (
        "nim.why.no_winning_move",
        "The nim-sum was already 0: every move loses against best play, so the computer took one stone.",
        "ニム和はすでに0でした。どう取っても最善の相手には負けるので、コンピュータは1個だけ取りました。",
    ),
    ("hint.winning", "Winning moves (each goes to a P-position): {moves}", "勝ちの手(どれもP局面へ行きます): {moves}"),
    (
        "hint.p",
        "This is a P-position: every move loses against best play.",
        "ここはP局面です。最善の相手には、どう動いても負けます。",
    ),
    ("hint.computing", "The table of this game is being computed…", "このゲームの表を計算しています…"),
    (
        "hint.too_large",
        "No formula is known for these rules and this position is too large to tabulate, so there are no hints.",
        "このルールには公式が知られておらず、表を計算するには局面が大きすぎるため、ヒントはありません。",
    ),
    ("nim.hint.winning", "Winning moves: {moves}", "勝ちの手: {moves}"),
    ("nim.hint.move", "leave {left} in heap {heap}", "山{heap}を{left}個にする"),
    ("over.normal", "{winner} won by making the last move!", "{winner}の勝ち! 最後の手を指しました。"),
    ("over.terminal", "{winner} won by moving into the end zone!", "{winner}の勝ち! 終了マスに入れました。"),
    (
        "over.misere",
        "{winner} won: in misère play, whoever makes the last move loses.",
        "{winner}の勝ち! ミゼールでは最後に動いた人が負けです。",
    ),
    ("rules.nim", "Rook 飛車 (two-pile Nim)", "飛車(2山のニム)"),
    ("rules.queen", "Queen (Wythoff's game)", "クイーン(ワイソフのゲーム)"),
    ("rules.dragon-king", "Dragon king 龍王", "龍王"),
    ("rules.dragon-horse", "Dragon horse 龍馬", "龍馬"),
    ("rules.queen-t2", "Queen with end zone x + y ≤ 2", "終了マス x + y ≤ 2 のクイーン"),
    ("rules.bishop", "Bishop 角行", "角行"),
    ("rules.king", "King 玉将", "玉将"),
    ("rules.knight", "Knight (two jumps)", "ナイト(2つの跳び)"),
    ("rules.ryuoh", "Ryuoh piece, p = {p}", "一般化龍王 p = {p}"),
    ("rules.misere", "{name}, misère", "{name}・ミゼール"),
];

/// The name of a side: "You" / "The computer", or "Player 1" / "Player 2".
pub fn player_name(players: Players, side: usize) -> &'static str {
    let humans = players.iter().filter(|p| !p.is_computer()).count();
    match (humans, players[side]) {
        (1, PlayerKind::Human) => tr("who.you"),
        (1, PlayerKind::Computer(_)) => tr("who.computer"),
        _ if side == 0 => tr("who.player1"),
        _ => tr("who.player2"),
    }
}

/// Why the computer played its move, as a sentence.
pub fn reason(r: &Reason) -> String {
    match *r {
        Reason::ToP { x, y, why } => match why {
            Why::Terminal => trf("why.terminal", &[("x", &x), ("y", &y)]),
            Why::Exception => trf("why.exception", &[("x", &x), ("y", &y)]),
            Why::Table => trf("why.table", &[("x", &x), ("y", &y), ("formula", &why.formula(x, y))]),
            _ => trf("why.p", &[("x", &x), ("y", &y), ("formula", &why.formula(x, y))]),
        },
        Reason::NoWinningMove => tr("why.no_winning_move").to_string(),
        Reason::Random => tr("why.random").to_string(),
        Reason::Mistake => tr("why.mistake").to_string(),
        Reason::Unknown => tr("why.unknown").to_string(),
    }
}

/// Why the computer played its Nim move.
pub fn nim_reason(r: &NimReason) -> String {
    match r {
        NimReason::NimSumZero { heaps } => trf("nim.why.zero", &[("formula", &nim_sum_formula(heaps))]),
        NimReason::OddOnes { ones } => trf("nim.why.odd_ones", &[("n", ones)]),
        NimReason::NoWinningMove => tr("nim.why.no_winning_move").to_string(),
        NimReason::Random => tr("why.random").to_string(),
        NimReason::Mistake => tr("why.mistake").to_string(),
    }
}

/// `(a,b), (c,d), …` (at most eight shown).
pub fn list_positions(moves: &[(u64, u64)]) -> String {
    let mut s: Vec<String> = moves.iter().take(8).map(|(a, b)| format!("({a},{b})")).collect();
    if moves.len() > 8 {
        s.push("…".into());
    }
    s.join(", ")
}

/// The hint as a sentence.
pub fn hint(h: &Hint) -> String {
    match h {
        Hint::WinningMoves(m) => trf("hint.winning", &[("moves", &list_positions(m))]),
        Hint::PPosition => tr("hint.p").to_string(),
        Hint::Computing => tr("hint.computing").to_string(),
        Hint::TooLarge => tr("hint.too_large").to_string(),
    }
}

/// How the game ended, as a sentence.
pub fn game_over(over: &GameOver, players: Players) -> String {
    let winner = player_name(players, over.winner);
    let key = match (over.misere, over.terminal) {
        (true, _) => "over.misere",
        (false, true) => "over.terminal",
        (false, false) => "over.normal",
    };
    trf(key, &[("winner", &winner)])
}

/// The rules' name in the current language (presets by their piece name,
/// the user's pieces by the name they gave).
pub fn rules_name(rules: &Rules) -> String {
    let base = match rules.name.as_str() {
        "nim" => tr("rules.nim").to_string(),
        "queen" => tr("rules.queen").to_string(),
        "dragon-king" => tr("rules.dragon-king").to_string(),
        "dragon-horse" => tr("rules.dragon-horse").to_string(),
        "queen-t2" => tr("rules.queen-t2").to_string(),
        "bishop" => tr("rules.bishop").to_string(),
        "king" => tr("rules.king").to_string(),
        "knight" => tr("rules.knight").to_string(),
        n => match n.strip_prefix("ryuoh:") {
            Some(p) => trf("rules.ryuoh", &[("p", &p)]),
            None => n.to_string(),
        },
    };
    match rules.convention {
        Convention::Normal => base,
        Convention::Misere => trf("rules.misere", &[("name", &base)]),
    }
}
