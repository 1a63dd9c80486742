//! Messages kept as data until they are drawn: a [`Notice`] holds what
//! happened (an error value, a count, a cell) and a way to word it, and is
//! worded in the language of the moment each time it is shown, so a switch
//! of language rewords every message on screen.

use super::i18n::tr;
use std::fmt;
use std::sync::Arc;

/// A message worded when it is drawn.
#[derive(Clone)]
pub struct Notice(Arc<dyn Fn() -> String + Send + Sync>);

impl Notice {
    /// A message worded by `word` (which captures the typed reason and
    /// calls `tr`/`trf` when run).
    pub fn new(word: impl Fn() -> String + Send + Sync + 'static) -> Self {
        Notice(Arc::new(word))
    }

    /// The text of `key`.
    pub fn key(key: &'static str) -> Self {
        Notice::new(move || tr(key).to_string())
    }

    /// The message in the current language.
    pub fn text(&self) -> String {
        (self.0)()
    }
}

impl fmt::Debug for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Notice({:?})", self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::{Language, set_language};

    #[test]
    fn a_notice_is_worded_in_the_language_when_it_is_read() {
        let n = Notice::key("play.table_cancelled");
        set_language(Language::English);
        let english = n.text();
        set_language(Language::Japanese);
        let japanese = n.text();
        set_language(Language::English);
        assert_ne!(english, japanese);
        assert_eq!(english, tr("play.table_cancelled"));
    }
}
