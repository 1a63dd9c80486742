//! `grundy-lab genus`: Conway's genus of one position, with the misère
//! values it is made of.

use crate::grundy::genus::{GENUS_COPIES, genus};
use crate::rules::Rules;

/// The genus of `position` in `rules`: the notation on the first line, then
/// what it is made of.
pub(super) fn genus_text(rules: &Rules, position: &[u64]) -> Result<String, String> {
    if rules.dimension > 3 {
        return Err(genus(rules, [0; 3]).err().map_or_else(String::new, |e| format!("{}: {e}", rules.label())));
    }
    let p = super::position_of(rules, position)?;
    let shown = crate::rules::position_text(p, rules.dimension);
    let g = genus(rules, p).map_err(|e| format!("{shown} in {}: {e}", rules.label()))?;
    let values: Vec<String> = g.misere.iter().map(u32::to_string).collect();
    let like = if g.is_nim_like() { format!("; the genus of the nim-heap *{}", g.normal) } else { String::new() };
    let tail = if g.superscript().len() < g.misere.len() {
        "from the last two values on, they alternate as far as computed"
    } else {
        "no alternation is seen yet: the genus may go on"
    };
    Ok(format!(
        "{}\n{shown} in {}: g = {} in normal play; the misère Grundy values of the position plus k copies of *2, \
         k = 0 to {GENUS_COPIES}: {}; Conway's genus {} ({tail}){like}\n",
        g.notation(),
        rules.label(),
        g.normal,
        values.join(" "),
        g.notation()
    ))
}
