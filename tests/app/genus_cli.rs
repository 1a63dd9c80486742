//! `genus` on the command line: Conway's notation on the first line, the
//! values it is made of after it, and what it refuses, with why.

use crate::common::run_cli as run;

#[test]
fn the_genus_of_a_position_is_written_as_conway_writes_it() {
    let out = run(&["genus", "--rules", "nim-1", "4"]).unwrap();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("4^46"));
    let why = lines.next().unwrap();
    assert!(why.contains("k = 0 to 6: 4 6 4 6 4 6 4"), "{why}");
    assert!(why.contains("the genus of the nim-heap *4"), "{why}");
    // Wythoff's P-position (1, 2) has the genus of *0 (its misère value is 1).
    let out = run(&["genus", "--rules", "queen", "1", "2"]).unwrap();
    assert!(out.starts_with("0^120\n(1, 2) in queen: g = 0 in normal play"), "{out}");
    // Two-digit values are spelled out between commas.
    let out = run(&["genus", "--rules", "queen", "15", "40"]).unwrap();
    assert_eq!(out.lines().next(), Some("33^(33,35)"), "{out}");
    // A genus of no nim-heap: (12, 21) has g = 1 but is not like *1.
    let out = run(&["genus", "--rules", "queen", "12", "21"]).unwrap();
    assert!(out.starts_with("1^13\n") && !out.contains("nim-heap"), "{out}");
}

#[test]
fn a_row_of_a_take_and_break_game_has_its_genus_by_search() {
    // A heap of five pins of Kayles: g = 4, but 1 alone in misère play.
    let out = run(&["genus", "--rules", "kayles", "5"]).unwrap();
    assert!(out.starts_with("4^146\n(5) in kayles (octal:0.77): g = 4 in normal play"), "{out}");
    assert!(out.contains("k = 0 to 6: 1 4 6 4 6 4 6"), "{out}");
    // Two heaps of one: the genus of *0.
    let out = run(&["genus", "--rules", "misere:kayles", "1", "1"]).unwrap();
    assert!(out.starts_with("0^120\n") && out.contains("the genus of the nim-heap *0"), "{out}");
    // A number of heaps is a number: refused at once beyond the search's reach.
    let e = run(&["genus", "--rules", "kayles", "--size", "1000000000000000"]).unwrap_err();
    assert!(e.contains("heaps up to 1048576"), "{e}");
    let e = run(&["genus", "--rules", "kayles+pass", "3"]).unwrap_err();
    assert!(e.contains("not computed for games with a pass"), "{e}");
}

#[test]
fn the_genus_of_every_position_of_a_box_is_laid_out_as_a_table() {
    // Wythoff's corner: the first row and column are Nim's, *0 to *5.
    let out = run(&["genus", "--rules", "queen", "--size", "6"]).unwrap();
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 6, "{out}");
    assert_eq!(rows[0], "0^120,1^031,2^20,3^31,4^46,5^57");
    // (5, 3) is a P-position in both plays, of a genus no nim-heap has.
    assert_eq!(rows[3].split(',').nth(5), Some("0^02"), "{out}");
    // Kayles' heaps 0 to 13, by one search.
    let out = run(&["genus", "--rules", "kayles", "--size", "14"]).unwrap();
    assert_eq!(out, "0^120,1^031,2^20,3^31,1^031,4^146,3^31,2^20,1^13,4^046,2^20,6^46,4^046,1^13\n");
    // Outside a program's domain: a dash.
    let out = run(&["genus", "--rules", "chocolate-2d", "--size", "3"]).unwrap();
    assert!(out.starts_with("0^120,-,-\n"), "{out}");
    let e = run(&["genus", "--rules", "queen", "--size", "300"]).unwrap_err();
    assert!(e.contains("90000 cells") && e.contains("at most 65536"), "{e}");
}

/// A rules file of a take-and-break game (its `breaks`) is that game for
/// every command, in misère play too.
#[test]
fn a_take_and_break_rules_file_is_searched_in_misere_play_too() {
    let dir = std::env::temp_dir().join(format!("grundy-lab-genus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("my-kayles.json");
    std::fs::write(
        &file,
        r#"{"format":"grundy-lab-rules","version":2,"name":"my-kayles","dimension":1,"breaks":"octal:0.77"}"#,
    )
    .unwrap();
    let spec = file.to_str().unwrap();
    assert!(run(&["value", "--rules", spec, "5"]).unwrap().starts_with("4\n"));
    let misere = run(&["value", "--rules", spec, "--misere", "5"]).unwrap();
    assert!(misere.starts_with("1\n") && misere.contains("misère"), "{misere}");
    assert!(run(&["genus", "--rules", spec, "5"]).unwrap().starts_with("4^146\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_without_a_genus_here_are_refused_with_why() {
    let e = run(&["genus", "--rules", "queen+pass", "1", "1"]).unwrap_err();
    assert!(e.contains("not computed for games with a pass"), "{e}");
    let e = run(&["genus", "--rules", "queen", "100000", "3"]).unwrap_err();
    assert!(e.contains("needs a box of 400004 cells") && e.contains("every position it can reach"), "{e}");
    let e = run(&["genus", "--rules", "queen", "3"]).unwrap_err();
    assert!(e.contains("give 2 numbers, not 1"), "{e}");
    let e = run(&["genus", "--rules", "chocolate-3d", "5", "5", "5"]).unwrap_err();
    assert!(e.contains("not a position of this game"), "{e}");
}
