//! `grundy-lab genus`: Conway's genus of one position (a board, or a row of
//! heaps of a take-and-break game), with the misère values it is made of.

use super::{CliError, progress, put};
use crate::Control;
use crate::grundy::genus::{GENUS_COPIES, Genus, GenusError, genus, genus_box};
use crate::grundy::memory_limit;
use crate::rules::Rules;
use crate::takebreak::TakeBreak;
use crate::takebreak::search::{MAX_SEARCH_HEAP, Play, RowSearch, SearchError};
use std::io::Write;

/// The genus of `position` in `rules` (a game of one to three coordinates).
pub(super) fn board(rules: &Rules, position: &[u64]) -> Result<String, String> {
    let rules = &without_convention(rules)?;
    let p = super::position_of(rules, position)?;
    let shown = crate::rules::position_text(p, rules.dimension);
    let control = Control::new();
    let g = progress::watch("computing the sums with copies of *2", &control, || genus(rules, p, &control))
        .map_err(|e| format!("{shown} in {}: {e}", rules.label()))?;
    Ok(lines(&g, &format!("{shown} in {}", rules.label()), "the position"))
}

/// `rules` in normal play (the genus holds both plays' values, so the
/// convention asked for plays no part), or why they have no genus here.
fn without_convention(rules: &Rules) -> Result<Rules, String> {
    if rules.dimension > 3 {
        return Err(format!("{}: {}", rules.label(), GenusError::ManyCoordinates(rules.dimension)));
    }
    Ok(Rules { convention: crate::rules::Convention::Normal, ..rules.clone() })
}

/// The genus of the row `heaps` of `game`, by a search of misère play over
/// the rows it can reach.
pub(super) fn row(game: &TakeBreak, heaps: &[u64], out: &mut dyn Write) -> Result<i32, CliError> {
    let control = Control::new();
    let mut search = RowSearch::new(game.clone(), Play::Misere, memory_limit()).reporting_memory();
    let g = progress::watch("searching the game, memory used of the limit", &control, || search.genus(heaps, &control))
        .map_err(|e| format!("{}: {e}", game.label()))?;
    let shown = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    put(out, &lines(&g, &format!("({shown}) in {}", game.label()), "the row"))?;
    Ok(0)
}

/// The genus of every position of the box `size` of `rules`, laid out as
/// `table` lays out values (`-` where a program says there is no
/// position).
pub(super) fn board_box(rules: &Rules, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let rules = &without_convention(rules)?;
    let dims = super::parse_box(size, rules.dimension)?;
    let control = Control::new();
    let all = progress::watch("computing the sums with copies of *2", &control, || genus_box(rules, dims, &control))
        .map_err(|e| format!("{} on {}: {e}", rules.label(), crate::grundy::size_text(dims)))?;
    let text = |g: &Option<Genus>| g.as_ref().map_or_else(|| "-".to_string(), Genus::notation);
    let [w, h, d] = dims;
    if rules.dimension == 3 {
        put(out, "x,y,z,genus\n")?;
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    put(out, &format!("{x},{y},{z},{}\n", text(&all[(z * h + y) * w + x])))?;
                }
            }
        }
    } else {
        for y in 0..h {
            let row: Vec<String> = all[y * w..(y + 1) * w].iter().map(text).collect();
            put(out, &(row.join(",") + "\n"))?;
        }
    }
    Ok(0)
}

/// The genus of each heap below `size` of `game`, on one line, by one
/// search that keeps what it found from heap to heap.
pub(super) fn heaps_below(game: &TakeBreak, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let bad = || format!("`{size}` is not a number of heaps: write N for the heaps 0 to N - 1");
    let n: u64 = size.trim().parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
    // A number, not a list: a search takes heaps up to MAX_SEARCH_HEAP.
    if n > MAX_SEARCH_HEAP + 1 {
        return Err(format!("{}: {}", game.label(), SearchError::HeapTooLarge { heap: n - 1 }).into());
    }
    let control = Control::new();
    let mut search = RowSearch::new(game.clone(), Play::Misere, memory_limit());
    control.start(n);
    let row = progress::watch("searching the game", &control, || {
        (0..n)
            .map(|h| {
                control.advance(1);
                search.genus(&[h], &control).map(|g| g.notation())
            })
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(|e| format!("{}: {e}", game.label()))?;
    put(out, &(row.join(",") + "\n"))?;
    Ok(0)
}

/// The notation on the first line, then what it is made of.
fn lines(g: &Genus, what: &str, the_position: &str) -> String {
    let values: Vec<String> = g.misere.iter().map(u32::to_string).collect();
    let like = if g.is_nim_like() {
        format!("; the genus of the nim-heap *{}, as far as computed", g.normal)
    } else {
        String::new()
    };
    let tail = if g.superscript().len() < g.misere.len() {
        "from the last two values on, they alternate as far as computed"
    } else {
        "no alternation is seen yet: the genus may go on"
    };
    format!(
        "{}\n{what}: g = {} in normal play; the misère Grundy values of {the_position} plus k copies of *2, k = 0 \
         to {GENUS_COPIES}: {}; Conway's genus {} ({tail}){like}\n",
        g.notation(),
        g.normal,
        values.join(" "),
        g.notation()
    )
}
