use std::fmt;

use serde::{Serialize, Serializer};

/// One of the eight signs, in the traditional circle order (spec §1.5, DESIGNED order).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Sign {
    /// Flame.
    Flame,
    /// Star.
    Star,
    /// Stone.
    Stone,
    /// Wave.
    Wave,
    /// Wind.
    Wind,
    /// Bone.
    Bone,
    /// Tree.
    Tree,
    /// Tone.
    Tone,
}

impl Sign {
    /// Every sign, in traditional circle order (the card-id order).
    pub const ALL: [Sign; 8] = [
        Sign::Flame,
        Sign::Star,
        Sign::Stone,
        Sign::Wave,
        Sign::Wind,
        Sign::Bone,
        Sign::Tree,
        Sign::Tone,
    ];
    /// How many signs.
    pub const COUNT: usize = 8;

    /// The sign with index `i` (0..8).
    #[must_use]
    pub const fn from_index(i: u8) -> Sign {
        Sign::ALL[i as usize & 7]
    }

    /// Index in traditional order.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Lower-case id, as in card ids (`flame`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Sign::Flame => "flame",
            Sign::Star => "star",
            Sign::Stone => "stone",
            Sign::Wave => "wave",
            Sign::Wind => "wind",
            Sign::Bone => "bone",
            Sign::Tree => "tree",
            Sign::Tone => "tone",
        }
    }

    /// Display name (`Flame`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Sign::Flame => "Flame",
            Sign::Star => "Star",
            Sign::Stone => "Stone",
            Sign::Wave => "Wave",
            Sign::Wind => "Wind",
            Sign::Bone => "Bone",
            Sign::Tree => "Tree",
            Sign::Tone => "Tone",
        }
    }

    /// Reads a sign id (case-insensitive).
    #[must_use]
    pub fn parse(text: &str) -> Option<Sign> {
        Sign::ALL
            .into_iter()
            .find(|s| s.id().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Sign {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}
