//! The `knight` subcommand: tours, counts and undecided searches printed,
//! designs read, pictures written, mistakes and limits reported.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab::cli::KnightArgs;
use grundy_lab::cli::knight::run;
use grundy_lab::knight::*;

// ---------------------------------------------------------------- pictures

use std::path::PathBuf;

fn tmp_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// How many elements named `name` (in the SVG namespace) the SVG holds;
/// `Err` when it is not well-formed XML or its root is not an SVG `svg`.
fn svg_count(svg: &str, name: &str) -> Result<usize, String> {
    const SVG: &str = "http://www.w3.org/2000/svg";
    let doc = roxmltree::Document::parse(svg).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace() != Some(SVG) {
        return Err(format!("the root is {:?}", root.tag_name()));
    }
    // The glyph outlines of the texts (in `<defs>`) are not the picture's.
    let in_defs = |n: &roxmltree::Node| n.ancestors().any(|a| a.tag_name().name() == "defs");
    Ok(doc
        .descendants()
        .filter(|n| n.tag_name().name() == name && n.tag_name().namespace() == Some(SVG) && !in_defs(n))
        .count())
}

// ---------------------------------------------------------------- designs

// ---------------------------------------------------------------- CLI

fn args(line: &str) -> KnightArgs {
    use clap::Parser;
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        knight: KnightArgs,
    }
    Cli::try_parse_from(std::iter::once("knight").chain(line.split_whitespace()))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .knight
}

#[test]
fn rect_beyond_the_board_limit_says_the_limit_and_where_the_big_figure_comes_from() {
    use grundy_lab::knight::board::MAX_SIDE;
    let e = run(&args("--rect 1000x1000")).unwrap_err();
    assert!(e.contains(&format!("at most {MAX_SIDE} x {MAX_SIDE}")), "{e}");
    assert!(e.contains("grundy-lab bench --only knight"), "{e}");
    assert!(run(&args(&format!("--rect {MAX_SIDE}x1 --limit 1"))).is_ok());
    // The help says the limit too.
    use clap::CommandFactory;
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        knight: KnightArgs,
    }
    let help = Cli::command().render_long_help().to_string();
    assert!(help.contains(&format!("at most {MAX_SIDE}x{MAX_SIDE}")), "{help}");
    assert!(help.contains("bench --only knight"), "{help}");
}

fn parse_tour(line: &str) -> Tour {
    let cells = line
        .split_whitespace()
        .map(|c| {
            let (x, y) = c.split_once(',').unwrap();
            Pos::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    Tour { cells, closed: false }
}

#[test]
fn cli_prints_tours_none_undecided_and_counts() {
    let (out, code) = run(&args("--rect 6x5 --start 2,2")).unwrap();
    assert_eq!(code, 0);
    let t = parse_tour(out.trim());
    assert_eq!(t.cells[0], Pos::new(2, 2));
    t.verify(&Board::rect(6, 5).unwrap(), Region::A, Leaper::KNIGHT).unwrap();

    let (out, code) = run(&args("--rect 6x6 --closed")).unwrap();
    let mut t = parse_tour(out.trim());
    t.closed = true;
    t.verify(&Board::rect(6, 6).unwrap(), Region::A, Leaper::KNIGHT).unwrap();
    assert_eq!(code, 0);

    assert_eq!(run(&args("--rect 4x4 --closed")).unwrap(), ("none\n".into(), 1));
    assert_eq!(run(&args("--rect 3x3")).unwrap(), ("none\n".into(), 1));
    assert_eq!(run(&args("--rect 5x5 --count --start 0,0")).unwrap(), ("304\n".into(), 0));
    assert_eq!(run(&args("--rect 10x3 --closed --count")).unwrap(), ("16\n".into(), 0));
    let (out, code) = run(&args("--rect 8x8 --count --limit 0.05")).unwrap();
    assert!(out.starts_with("undecided"), "{out}");
    assert_eq!(code, 3);
    let (out, _) = run(&args("--rect 1x1")).unwrap();
    assert_eq!(out, "0,0\n");
}

#[test]
fn cli_reads_designs_writes_pictures_and_reports_mistakes() {
    let dir = tmp_dir("cli");
    let design = Design { board: Preset::HalvesMirror.build(12, 6).unwrap(), ..Design::default() };
    let file = dir.join("halves.json");
    design.save(&file).unwrap();
    let png_path = dir.join("halves.png");
    let line = format!("--board {} --out {} --px 500", file.display(), png_path.display());
    let (out, code) = run(&args(&line)).unwrap();
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "one line per region");
    for (region, l) in Region::BOTH.into_iter().zip(lines) {
        parse_tour(l).verify(&design.board, region, Leaper::KNIGHT).unwrap();
    }
    let img = image::open(&png_path).unwrap();
    assert_eq!(img.width().max(img.height()), 500);
    let svg_path = dir.join("halves.svg");
    run(&args(&format!("--board {} --out {}", file.display(), svg_path.display()))).unwrap();
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let edges: usize =
        Region::BOTH.iter().map(|&r| LeaperGraph::of_region(&design.board, r, Leaper::KNIGHT).edge_count()).sum();
    assert_eq!(svg_count(&text, "line"), Ok(edges), "the knight graph of both regions");
    assert_eq!(svg_count(&text, "path"), Ok(2), "one tour per region");

    for (line, needle) in [
        ("--rect 8y8", "--rect"),
        ("--rect 0x5", "1 x 1"),
        ("--rect 8x8 --start 9,9", "not a cell"),
        ("--rect 8x8 --start 1", "--start"),
        ("--rect 8x8 --limit=-1", "--limit"),
        ("--rect 8x8 --leaper 0,0", "leaper"),
        ("--rect 8x8 --px 0 --out /tmp/never-written-grundy.png", "size"),
        ("--board /no/such/file.json", "/no/such/file.json"),
    ] {
        let e = run(&args(line)).unwrap_err();
        assert!(e.contains(needle), "{line}: {e}");
    }
    assert!(!std::path::Path::new("/tmp/never-written-grundy.png").exists());
    // Camel on 8x8: colour-bound, so no tour at all.
    assert_eq!(run(&args("--rect 8x8 --leaper 1,3")).unwrap().1, 1);
}
