//! Every HTTP error is `{"error": "..."}` JSON (docs/table-protocol.md). The server's own errors
//! are ([`crate::AppError`]); axum's rejections (a body over the limit, a malformed query, an
//! unknown path or method) are plain text, so this layer rewrites them on the way out.

use axum::body::{Body, to_bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use parlour_protocol::MAX_MESSAGE_BYTES;
use serde_json::json;

/// The most of a plain-text error body carried into its JSON.
const MAX_ERROR_TEXT: usize = 4096;

/// `res` unchanged unless it is an error without a JSON body; then the same status and headers
/// with `{"error": ...}` holding its text (or the status's reason when it had none).
pub(crate) async fn json_errors(res: Response) -> Response {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let text = to_bytes(body, MAX_ERROR_TEXT)
        .await
        .ok()
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .filter(|t| !t.is_empty());
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!(
            "the request body is over the limit of {} KiB",
            MAX_MESSAGE_BYTES / 1024
        )
    } else {
        text.unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_lowercase())
    };
    let body = serde_json::to_vec(&json!({ "error": message })).unwrap_or_default();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}
