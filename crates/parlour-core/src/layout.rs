/// One named part of an observation ([`crate::Encoding::observation_layout`]): where it lies in
/// the flat tensor, its shape (row-major), what it holds and the range of its entries.
#[derive(Clone, PartialEq, Debug)]
pub struct LayoutPart {
    /// A short identifier (`hand`, `trick`, `scores`), unique within the layout.
    pub name: &'static str,
    /// Index of its first entry in the observation.
    pub offset: usize,
    /// Its shape; per-seat parts put the seat first (relative to the observer: row 0 is the
    /// observer's own).
    pub shape: Vec<usize>,
    /// What its entries hold, for people (the row of the game's documentation table).
    pub meaning: String,
    /// The least any of its entries takes.
    pub low: f32,
    /// The most any of its entries takes.
    pub high: f32,
}

impl LayoutPart {
    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether it has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Declares a layout part after part, each starting where the last ended, so the offsets
/// cannot drift from the sizes.
#[derive(Default, Debug)]
pub struct Layout {
    parts: Vec<LayoutPart>,
    next: usize,
}

impl Layout {
    /// An empty layout.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends part `name` of `shape`, its entries in `[range.0, range.1]`.
    pub fn part(
        &mut self,
        name: &'static str,
        shape: &[usize],
        range: (f32, f32),
        meaning: impl Into<String>,
    ) -> &mut Self {
        let part = LayoutPart {
            name,
            offset: self.next,
            shape: shape.to_vec(),
            meaning: meaning.into(),
            low: range.0,
            high: range.1,
        };
        self.next += part.len();
        self.parts.push(part);
        self
    }

    /// Appends a part of flags and shares (entries in `[0, 1]`).
    pub fn unit(
        &mut self,
        name: &'static str,
        shape: &[usize],
        meaning: impl Into<String>,
    ) -> &mut Self {
        self.part(name, shape, (0.0, 1.0), meaning)
    }

    /// Entries declared so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.next
    }

    /// Whether no entry is declared.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// The parts, in order.
    #[must_use]
    pub fn finish(self) -> Vec<LayoutPart> {
        self.parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_follow_one_another() {
        let mut l = Layout::new();
        l.unit("hand", &[88], "own hand")
            .part("scores", &[4], (-2.0, 2.0), "scores")
            .unit("trick", &[4, 88], "trick");
        assert_eq!(l.len(), 88 + 4 + 352);
        let parts = l.finish();
        let offsets: Vec<usize> = parts.iter().map(|p| p.offset).collect();
        assert_eq!(offsets, [0, 88, 92]);
        assert_eq!((parts[1].low, parts[1].high), (-2.0, 2.0));
        assert_eq!(parts[2].len(), 352);
    }
}
