//! The browser client: the files of `web/` (at the repository's root) served from the binary.
//!
//! Release builds embed the files; debug builds read them from disk at each request, so edits to
//! the JavaScript show on reload without rebuilding. `/` is the lobby, `/play/{id}` and
//! `/watch/{id}` the table page (which reads the seat's token from `?token=` and moves it out of
//! the address bar), and every other path a file of `web/`, or `404`.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::is_table_id;

#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "*.md"]
#[exclude = "*/.*"]
#[exclude = ".*"]
struct Assets;

/// The content type of a file name by its extension.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path` (relative, no leading slash), with an `ETag` from its hash.
///
/// Files are not fingerprinted, so every response must be revalidated (`no-cache`); the `ETag`
/// makes that a `304` when nothing changed.
fn file(path: &str, headers: &HeaderMap) -> Response {
    if path.split('/').any(|p| p.is_empty() || p.starts_with('.')) {
        return not_found();
    }
    let Some(f) = Assets::get(path) else {
        return not_found();
    };
    let hash = f.metadata.sha256_hash();
    let etag = format!(
        "\"{}\"",
        hash[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cache = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (
            header::ETAG,
            HeaderValue::from_str(&etag).expect("hex is a header value"),
        ),
    ];
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(path)),
        )],
        cache,
        [(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        )],
        f.data.into_owned(),
    )
        .into_response()
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "not found",
    )
        .into_response()
}

/// `/`: the lobby.
pub(crate) async fn lobby(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// `/play/{id}` and `/watch/{id}`: the table page; the id is checked for shape only (the page
/// learns from the websocket whether the table exists).
pub(crate) async fn table_page(Path(id): Path<String>, headers: HeaderMap) -> Response {
    if !is_table_id(&id) {
        return not_found();
    }
    file("table.html", &headers)
}

/// Any other path: a file of `web/`, or `404`.
pub(crate) async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.is_empty() || path.ends_with(".html") {
        // The pages have their own routes.
        return not_found();
    }
    file(path, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(
            content_type("games/haunted.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("README"), "application/octet-stream");
    }

    #[test]
    fn the_pages_and_modules_are_embedded() {
        for f in [
            "index.html",
            "table.html",
            "lobby.js",
            "table.js",
            "cards.js",
            "generic.js",
            "alerts.js",
            "presence.js",
            "menu.js",
        ] {
            assert!(Assets::get(f).is_some(), "{f}");
        }
        assert!(Assets::get("README.md").is_none());
    }
}
