//! "Open this seat on another device": the seat's link as a QR code, drawn here so the page
//! needs no outside service. Only the holder of a seat's token gets its code.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use qrcode::QrCode;
use qrcode::render::svg;
use serde::Deserialize;

use crate::api::{ask, bearer};
use crate::table::Cmd;
use crate::{AppError, AppState};

/// The longest origin accepted (scheme, host and port).
const MAX_ORIGIN: usize = 255;

#[derive(Deserialize)]
pub(crate) struct QrQuery {
    origin: Option<String>,
}

/// Whether `origin` is an `http` or `https` origin: a host (name, IPv4 or bracketed IPv6) and
/// an optional port, nothing more, so the code can only ever hold the seat's own link.
fn is_origin(origin: &str) -> bool {
    let Some(host) = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"))
    else {
        return false;
    };
    origin.len() <= MAX_ORIGIN
        && !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// The seat's link (the one the lobby hands out, made absolute) as an SVG picture.
fn link_svg(link: &str) -> Result<String, AppError> {
    let code = QrCode::new(link.as_bytes())
        .map_err(|e| AppError::BadRequest(format!("the link does not fit a QR code: {e}")))?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(240, 240)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build())
}

/// `GET /api/tables/{id}/qr?origin=O` with `Authorization: Bearer T`: the QR code of
/// `O/play/{id}?token=T` as `image/svg+xml`, where `O` is the server's public address if it has
/// one; `403` unless `T` is a seat of the table, `400` for an origin that is not
/// `http(s)://host[:port]` (when it is needed).
pub(crate) async fn seat_qr(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<QrQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let token = bearer(&headers).ok_or_else(|| {
        AppError::Forbidden("a seat's token is needed: Authorization: Bearer <token>".to_owned())
    })?;
    // The server's public address wins: a code then never holds another host's link.
    let origin = match (&app.config.public_url, q.origin) {
        (Some(public), _) => public.clone(),
        (None, Some(origin)) if is_origin(&origin) => origin,
        (None, _) => {
            return Err(AppError::BadRequest(
                "origin must be http(s)://host[:port]".to_owned(),
            ));
        }
    };
    let checked = token.clone();
    let seat = ask(&app, &id, |reply| Cmd::SeatOf {
        token: checked,
        reply,
    })
    .await?;
    if seat.is_none() {
        return Err(AppError::Forbidden(
            "that token is not a seat of this table".to_owned(),
        ));
    }
    let svg = link_svg(&format!("{origin}/play/{id}?token={token}"))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            // It holds the seat's token.
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_web_origins_are_links() {
        for ok in [
            "http://127.0.0.1:8080",
            "https://cards.example.org",
            "http://[::1]:3000",
        ] {
            assert!(is_origin(ok), "{ok}");
        }
        for bad in [
            "",
            "https://",
            "javascript:alert(1)",
            "ftp://host",
            "https://evil.example/path",
            "https://host?x=1",
            "https://a b",
            "https://a\"b",
        ] {
            assert!(!is_origin(bad), "{bad}");
        }
        assert!(!is_origin(&format!("https://{}", "a".repeat(MAX_ORIGIN))));
    }

    #[test]
    fn a_link_is_drawn_as_an_svg_picture_of_its_own() {
        let a = link_svg("http://127.0.0.1/play/0123456789abcdef?token=aa").unwrap();
        let b = link_svg("http://127.0.0.1/play/0123456789abcdef?token=ab").unwrap();
        assert!(a.contains("<svg") && a.ends_with("</svg>"), "{a}");
        assert_ne!(a, b);
        // Nothing of the link is written into the picture as text.
        assert!(!a.contains("token"));
    }
}
