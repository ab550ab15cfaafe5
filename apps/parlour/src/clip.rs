//! Error messages quote what was sent; a long input is quoted only in part, so a 50 MB bad
//! action gets a short answer.

use std::borrow::Cow;

/// Most characters of one input that an error message quotes.
pub const QUOTE_MAX: usize = 80;

/// Most characters of a whole error message, after its quotes are clipped.
const MESSAGE_MAX: usize = 1_000;

/// `text` itself when it is short, else its first `max` characters, `…` and its full length.
fn clip_to(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!(
            "{}… ({} characters)",
            &text[..cut],
            text.chars().count()
        )),
    }
}

/// An input as an error may quote it: itself, or its first [`QUOTE_MAX`] characters, `…` and
/// its full length.
pub fn clip(text: &str) -> Cow<'_, str> {
    clip_to(text, QUOTE_MAX)
}

/// `message` with every span quoted in backticks or double quotes clipped by [`clip`] (the
/// libraries quote input that way), and the whole held to a bounded length.
pub fn clip_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(MESSAGE_MAX));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        if let Some(close) = inside.find(quote) {
            out.push_str(&clip(&inside[..close]));
            out.push_str(quote);
            rest = &inside[close + 1..];
        } else {
            out.push_str(&clip(inside));
            rest = "";
        }
    }
    out.push_str(rest);
    clip_to(&out, MESSAGE_MAX).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(clip("play flame-1"), "play flame-1");
        assert_eq!(
            clip_quotes("cannot read `play x`: no such card"),
            "cannot read `play x`: no such card"
        );
    }

    #[test]
    fn long_quotes_keep_80_characters_and_the_length() {
        let long = "é".repeat(100_000);
        let msg = clip_quotes(&format!("cannot read `{long}`: bad \"{long}\" end"));
        let head = "é".repeat(QUOTE_MAX);
        assert_eq!(
            msg,
            format!(
                "cannot read `{head}… (100000 characters)`: bad \"{head}… (100000 characters)\" end"
            )
        );
    }

    #[test]
    fn an_unclosed_quote_and_a_long_message_are_bounded() {
        let msg = clip_quotes(&format!("unknown `{}", "x".repeat(500)));
        assert!(msg.ends_with("… (500 characters)"), "{msg}");
        let msg = clip_quotes(&"word ".repeat(1_000));
        assert_eq!(msg, format!("{}… (5000 characters)", "word ".repeat(200)));
    }
}
