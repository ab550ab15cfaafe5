//! How ids are found in text: the one tokenizer that leak checks and the public-reveal rule
//! share, so "a text names a card" means the same everywhere.

/// The words of `text` that could be an id: split at white space and at `,;:()[]{}"'`. Ids
/// keep their hyphens and dots (`line-305`, `p0.l1`).
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || ",;:()[]{}\"'".contains(c))
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn ids_survive_punctuation_around_them() {
        let w: Vec<&str> = words("seat 1 plays (line-305), then p0.l1: 'c7'").collect();
        assert_eq!(w, ["seat", "1", "plays", "line-305", "then", "p0.l1", "c7"]);
    }
}
