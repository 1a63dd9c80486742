//! Sentences for the Play tab: the play module's reasons, hints and results
//! (data) turned into the user's language. The formulas themselves come
//! from [`crate::play::Why::formula`] and read the same in every language.

use crate::play::{GameOver, Hint, NimReason, PlayerKind, Players, Reason, Why, nim::nim_sum_formula};
use crate::ui::i18n::{tr, trf, trn};
/// Moved to [`crate::ui::rules_choice`]; kept here for the Map tab's import.
pub use crate::ui::rules_choice::rules_name;

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
        NimReason::OddOnes { ones } => trn("nim.why.odd_ones.one", "nim.why.odd_ones", *ones as u64, &[]),
        NimReason::NoWinningMove { odd_ones: None } => tr("nim.why.no_winning_move").to_string(),
        NimReason::NoWinningMove { odd_ones: Some(n) } => {
            trn("nim.why.no_winning_move_ones.one", "nim.why.no_winning_move_ones", *n as u64, &[])
        }
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
