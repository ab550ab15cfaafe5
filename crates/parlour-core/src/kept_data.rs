//! Replaceable game data (a card list given as an option's text) parsed once and kept for the
//! life of the process, so a state can hold it by `&'static` reference, as it holds the built-in
//! data, and copying a state in search costs nothing more.

use std::sync::{Mutex, PoisonError};

/// Parsed data by its text, at most `max` distinct texts.
pub struct KeptData<T: 'static> {
    kept: Mutex<Vec<(String, &'static T)>>,
    max: usize,
}

impl<T: 'static> KeptData<T> {
    /// An empty store for at most `max` distinct texts (for a `static`).
    #[must_use]
    pub const fn new(max: usize) -> Self {
        KeptData {
            kept: Mutex::new(Vec::new()),
            max,
        }
    }

    /// The data `text` parses to: kept from an earlier call, or parsed now and kept.
    /// `Ok(None)` when `text` is new, valid, and `max` texts are kept already.
    ///
    /// # Errors
    /// What `parse` answers for a text not kept yet.
    pub fn get_or_parse<E>(
        &self,
        text: &str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<&'static T>, E> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, d)) = kept.iter().find(|(t, _)| t == text) {
            return Ok(Some(d));
        }
        let parsed = parse(text)?;
        if kept.len() >= self.max {
            return Ok(None);
        }
        let parsed: &'static T = Box::leak(Box::new(parsed));
        kept.push((text.to_owned(), parsed));
        Ok(Some(parsed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_parsed_once_and_the_store_fills_up() {
        static KEPT: KeptData<String> = KeptData::new(2);
        let mut parses = 0;
        let mut get = |text: &str| {
            KEPT.get_or_parse(text, |t| {
                parses += 1;
                if t.is_empty() {
                    Err("empty")
                } else {
                    Ok(t.to_uppercase())
                }
            })
        };
        let a = get("a").unwrap().unwrap();
        assert!(std::ptr::eq(a, get("a").unwrap().unwrap()));
        assert_eq!(get(""), Err("empty"));
        assert_eq!(get("b").unwrap().map(String::as_str), Some("B"));
        assert_eq!(get("c"), Ok(None));
        assert_eq!(parses, 4);
    }
}
