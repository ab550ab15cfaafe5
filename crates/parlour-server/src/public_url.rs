//! The address people reach the server at (`parlour serve --public-url`), which every link it
//! hands out starts with.

use thiserror::Error;

/// Why a public address is refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PublicUrlError {
    /// Not a URL at all.
    #[error("`{0}` is not an absolute URL such as https://cards.example.org")]
    NotUrl(String),
    /// Another scheme than `http` or `https`.
    #[error("the public address must start with http:// or https://, not {0}://")]
    Scheme(String),
    /// A user name or password.
    #[error("the public address may not hold a user name or password")]
    User,
    /// A query or a fragment.
    #[error("the public address may not hold a query (?...) or a fragment (#...)")]
    Query,
    /// A path: the server's pages and websocket live at the root of its address.
    #[error("parlour is served at the root of its address: drop the path `{0}`")]
    Path(String),
}

/// Checks a public address and returns it as the links' prefix: `scheme://host[:port]`, with
/// the host in lower case (punycode for a name beyond ASCII), no default port and no trailing
/// slash.
///
/// # Errors
/// Anything but an absolute `http` or `https` URL of a host, with no user, query, fragment or
/// path (a lone `/` is fine).
///
/// # Examples
/// ```
/// use parlour_server::public_url;
///
/// assert_eq!(public_url("https://Cards.Example.org:443/").unwrap(), "https://cards.example.org");
/// assert!(public_url("https://cards.example.org/?x=1").is_err());
/// ```
pub fn public_url(text: &str) -> Result<String, PublicUrlError> {
    let url = url::Url::parse(text.trim()).map_err(|_| PublicUrlError::NotUrl(text.to_owned()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(PublicUrlError::Scheme(url.scheme().to_owned()));
    }
    if url.host().is_none() {
        return Err(PublicUrlError::NotUrl(text.to_owned()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(PublicUrlError::User);
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(PublicUrlError::Query);
    }
    if url.path() != "/" {
        return Err(PublicUrlError::Path(url.path().to_owned()));
    }
    Ok(url.origin().ascii_serialization())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_addresses_are_plain_web_origins() {
        for (given, kept) in [
            ("https://cards.example.org", "https://cards.example.org"),
            ("https://cards.example.org/", "https://cards.example.org"),
            ("HTTPS://Cards.Example.ORG:443", "https://cards.example.org"),
            ("http://10.0.0.5:8080/", "http://10.0.0.5:8080"),
            ("http://[::1]:8080", "http://[::1]:8080"),
            (
                "https://kärtchen.example",
                "https://xn--krtchen-5wa.example",
            ),
        ] {
            assert_eq!(public_url(given).as_deref(), Ok(kept), "{given}");
        }
        for (bad, why) in [
            (
                "cards.example.org",
                PublicUrlError::NotUrl("cards.example.org".into()),
            ),
            (
                "ftp://cards.example.org",
                PublicUrlError::Scheme("ftp".into()),
            ),
            ("https://ann:pw@cards.example.org", PublicUrlError::User),
            ("https://cards.example.org/?a=1", PublicUrlError::Query),
            ("https://cards.example.org/#top", PublicUrlError::Query),
            (
                "https://cards.example.org/games",
                PublicUrlError::Path("/games".into()),
            ),
        ] {
            assert_eq!(public_url(bad), Err(why), "{bad}");
        }
    }
}
