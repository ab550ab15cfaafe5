use parlour_cards::CardSet;
use parlour_core::{GameRng, OptionSpec, ParseError, Seat};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::{Card, Mat, Sign};

/// Options every Deck of Fey game shares (spec §5).
pub mod options {
    use super::OptionSpec;

    /// `first_player`: fix the first player (default random).
    pub const FIRST_PLAYER: OptionSpec = OptionSpec::FIRST_PLAYER;
    /// `traditional_mat`.
    pub const TRADITIONAL_MAT: OptionSpec = OptionSpec::flag(
        "traditional_mat",
        "live signs laid out in traditional order (fey skipped) instead of at random",
    );
    /// `reshuffle_player_signs_each_hand`.
    pub const RESHUFFLE_PLAYER_SIGNS: OptionSpec = OptionSpec::flag(
        "reshuffle_player_signs_each_hand",
        "deal the players' signs anew at each new hand or round",
    );
    /// `new_fey_each_hand`.
    pub const NEW_FEY_EACH_HAND: OptionSpec = OptionSpec::flag(
        "new_fey_each_hand",
        "draw a new fey sign and new player signs at each new hand or round",
    );
}

/// The common setup of spec §1.6: the mat, each seat's sign, and (at the start only) the first
/// player. A chance outcome; text form
/// `mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableSetup {
    /// The mat.
    pub mat: Mat,
    /// Each seat's sign, by seat.
    pub signs: Vec<Sign>,
    /// The first player, when this is the game's opening setup.
    pub first: Option<Seat>,
}

impl TableSetup {
    /// Draws a setup: shuffle the 8 tokens (first drawn is fey), deal the 7 non-fey square tokens,
    /// and pick the first player unless fixed.
    pub fn sample(
        players: u8,
        traditional: bool,
        first: FirstPlayer,
        rng: &mut GameRng,
    ) -> TableSetup {
        let mut tokens = Sign::ALL;
        tokens.shuffle(rng);
        let fey = tokens[0];
        let mat = if traditional {
            Mat::traditional(fey)
        } else {
            let layout: [Sign; 7] = tokens[1..].try_into().expect("seven live tokens");
            Mat::new(fey, layout).expect("eight distinct tokens")
        };
        let signs = Self::sample_signs(players, fey, rng);
        let first = match first {
            FirstPlayer::None => None,
            FirstPlayer::Fixed(s) => Some(s),
            FirstPlayer::Random => Some(Seat(rng.random_range(0..players))),
        };
        TableSetup { mat, signs, first }
    }

    /// Deals `players` distinct signs from the seven that are not `fey`.
    pub fn sample_signs(players: u8, fey: Sign, rng: &mut GameRng) -> Vec<Sign> {
        let mut squares: Vec<Sign> = Sign::ALL.into_iter().filter(|s| *s != fey).collect();
        squares.shuffle(rng);
        squares.truncate(players as usize);
        squares
    }

    /// Checks a stated setup against the table and options.
    ///
    /// # Errors
    /// Wrong sign count, repeated or fey player signs, a non-traditional mat under
    /// `traditional_mat`, or a first player that is missing, out of range or contradicts the
    /// option.
    pub fn validate(
        &self,
        players: u8,
        traditional: bool,
        first: FirstPlayer,
    ) -> Result<(), String> {
        if self.signs.len() != players as usize {
            return Err(format!(
                "{} player signs for {players} players",
                self.signs.len()
            ));
        }
        for (i, s) in self.signs.iter().enumerate() {
            if *s == self.mat.fey() {
                return Err(format!("seat {i} cannot have the fey sign {}", s.id()));
            }
            if self.signs[..i].contains(s) {
                return Err(format!("sign {} dealt to two seats", s.id()));
            }
        }
        if traditional && self.mat != Mat::traditional(self.mat.fey()) {
            return Err("traditional_mat is on but the stated mat is not traditional".into());
        }
        match (first, self.first) {
            (FirstPlayer::None, None) => Ok(()),
            (FirstPlayer::None, Some(_)) => Err("no first player is chosen at this point".into()),
            (_, None) => Err("the first player is missing".into()),
            (_, Some(s)) if s.0 >= players => Err(format!("first player {s} out of range")),
            (FirstPlayer::Fixed(f), Some(s)) if f != s => Err(format!(
                "first_player option is {f} but the setup states {s}"
            )),
            _ => Ok(()),
        }
    }

    /// Text form (see the type's docs).
    #[must_use]
    pub fn text(&self) -> String {
        let signs: Vec<&str> = self.signs.iter().map(|s| s.id()).collect();
        let mut t = format!("mat {}; signs {}", self.mat, signs.join(" "));
        if let Some(f) = self.first {
            t.push_str(&format!("; first {f}"));
        }
        t
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// Text that is not of that form.
    pub fn parse(text: &str) -> Result<TableSetup, ParseError> {
        let err = |r: String| ParseError::new(text, r);
        let mut mat = None;
        let mut signs = None;
        let mut first = None;
        for part in text.split(';').map(str::trim) {
            let (key, rest) = part.split_once(' ').unwrap_or((part, ""));
            match key {
                "mat" => mat = Some(Mat::parse(rest).map_err(err)?),
                "signs" => {
                    signs = Some(
                        rest.split_whitespace()
                            .map(|t| {
                                Sign::parse(t).ok_or_else(|| err(format!("unknown sign `{t}`")))
                            })
                            .collect::<Result<Vec<_>, _>>()?,
                    );
                }
                "first" => {
                    first = Some(Seat(
                        rest.trim()
                            .parse()
                            .map_err(|_| err(format!("bad seat `{rest}`")))?,
                    ));
                }
                _ => {
                    return Err(err(format!(
                        "unknown part `{key}` (expected mat, signs, first)"
                    )));
                }
            }
        }
        Ok(TableSetup {
            mat: mat.ok_or_else(|| err("missing `mat`".into()))?,
            signs: signs.ok_or_else(|| err("missing `signs`".into()))?,
            first,
        })
    }
}

/// How the first player is settled in a [`TableSetup`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstPlayer {
    /// Not part of this setup (a later hand).
    None,
    /// Fixed by the `first_player` option.
    Fixed(Seat),
    /// Drawn by the RNG.
    Random,
}

impl FirstPlayer {
    /// From the `first_player` option value.
    #[must_use]
    pub fn from_option(seat: Option<Seat>) -> Self {
        seat.map_or(FirstPlayer::Random, FirstPlayer::Fixed)
    }
}

/// The text of a layout chance outcome (a new mat keeping the fey sign):
/// `mat bone: tree flame star tone wind stone wave`.
#[must_use]
pub fn layout_text(mat: &Mat) -> String {
    format!("mat {mat}")
}

/// Reads the text of a layout chance outcome (see [`layout_text`]).
///
/// # Errors
/// Text that is not `mat <fey>: <seven signs>`, or a mat that is not valid.
pub fn parse_layout(text: &str) -> Result<Mat, ParseError> {
    let m = text
        .trim()
        .strip_prefix("mat ")
        .ok_or_else(|| ParseError::new(text, "expected `mat <fey>: <seven signs>`"))?;
    Mat::parse(m).map_err(|r| ParseError::new(text, r))
}

/// A new random layout of the seven live tokens, keeping the fey sign (between hands). The live
/// signs are shuffled in traditional order from an array, so a layout never allocates.
pub fn sample_layout(fey: Sign, rng: &mut GameRng) -> Mat {
    let mut live = [Sign::Flame; 7];
    for (slot, s) in live
        .iter_mut()
        .zip(Sign::ALL.into_iter().filter(|s| *s != fey))
    {
        *slot = s;
    }
    live.shuffle(rng);
    Mat::new(fey, live).expect("seven distinct live signs")
}

/// Every card of the deck as a set.
#[must_use]
pub fn full_deck() -> CardSet {
    CardSet::first_n(u32::from(Card::COUNT))
}

/// Space-separated card ids.
#[must_use]
pub fn cards_text(cards: impl IntoIterator<Item = u8>) -> String {
    let ids: Vec<String> = cards.into_iter().map(card_name).collect();
    ids.join(" ")
}

/// The text id of card `id` (`flame-6`).
#[must_use]
pub fn card_name(id: u8) -> String {
    Card::from_id(id).map_or_else(|| format!("card#{id}"), Card::text)
}

/// Reads a space-separated list of card ids.
///
/// # Errors
/// The first token that is not a card id.
pub fn parse_cards(text: &str) -> Result<Vec<u8>, ParseError> {
    parlour_cards::parse_card_list(text, |t| Card::parse(t).map(Card::id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng_from_seed;

    #[test]
    fn setup_text_round_trips_and_validates() {
        let mut rng = rng_from_seed(3);
        for players in 2..=7 {
            let s = TableSetup::sample(players, false, FirstPlayer::Random, &mut rng);
            assert_eq!(TableSetup::parse(&s.text()).unwrap(), s);
            assert!(s.validate(players, false, FirstPlayer::Random).is_ok());
            assert!(s.validate(players + 1, false, FirstPlayer::Random).is_err());
        }
        let s = TableSetup::parse(
            "mat bone: flame star stone wave wind tree tone; signs star wave tone wind; first 0",
        )
        .unwrap();
        assert!(s.validate(4, true, FirstPlayer::Fixed(Seat(0))).is_ok());
        assert!(s.validate(4, true, FirstPlayer::Fixed(Seat(1))).is_err());
        let bad =
            TableSetup::parse("mat bone: flame star stone wave wind tree tone; signs bone wave")
                .unwrap();
        assert!(bad.validate(2, false, FirstPlayer::None).is_err());
    }

    #[test]
    fn layout_sampler_draws_what_a_shuffled_vec_draws() {
        // The stream of the former Vec-based sampler: records depend on it.
        for seed in 0..50 {
            for fey in Sign::ALL {
                let mut a = rng_from_seed(seed);
                let mut b = rng_from_seed(seed);
                let mut live: Vec<Sign> = Sign::ALL.into_iter().filter(|s| *s != fey).collect();
                live.shuffle(&mut b);
                let want = Mat::new(fey, live.try_into().unwrap()).unwrap();
                assert_eq!(sample_layout(fey, &mut a), want);
            }
        }
    }

    #[test]
    fn layout_text_round_trips() {
        let text = "mat bone: tree flame star tone wind stone wave";
        let mat = parse_layout(text).unwrap();
        assert_eq!(layout_text(&mat), text);
        assert_eq!(parse_layout(&format!("  {text} ")).unwrap(), mat);
        assert!(parse_layout("bone: tree flame star tone wind stone wave").is_err());
        assert!(parse_layout("mat bone: tree flame star tone wind stone bone").is_err());
    }
}
