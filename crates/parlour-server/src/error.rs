use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use thiserror::Error;
use tracing::error;

/// An HTTP request's failure, answered as `{"error": "..."}` with its status.
#[derive(Debug, Error)]
pub enum AppError {
    /// The request is malformed or asks for something impossible (400).
    #[error("{0}")]
    BadRequest(String),
    /// Not allowed (403): a foreign origin, a wrong token, a record not yet public.
    #[error("{0}")]
    Forbidden(String),
    /// No such thing (404).
    #[error("{0}")]
    NotFound(String),
    /// The table is not at the stage the request needs (409): a rematch of a table still in
    /// play.
    #[error("{0}")]
    Conflict(String),
    /// Another server process holds the table's lease (409): ask again through the proxy that
    /// routes the table there, or once that process has released it or died.
    #[error("{0}")]
    Elsewhere(String),
    /// Too many requests from this address (429): wait this many seconds.
    #[error("{message}")]
    TooMany {
        /// Why.
        message: String,
        /// Seconds until a request may succeed.
        retry_after: u64,
    },
    /// The server is full (503): too many tables are open.
    #[error("{0}")]
    Full(String),
    /// The server failed (500); the details go to the log, not to the client.
    #[error("internal error: {0}")]
    Internal(String),
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            AppError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            AppError::Forbidden(m) => (StatusCode::FORBIDDEN, m),
            AppError::NotFound(m) => (StatusCode::NOT_FOUND, m),
            AppError::Conflict(m) | AppError::Elsewhere(m) => (StatusCode::CONFLICT, m),
            AppError::TooMany {
                message,
                retry_after,
            } => {
                let body = Json(json!({ "error": message }));
                let wait = [(axum::http::header::RETRY_AFTER, retry_after.to_string())];
                return (StatusCode::TOO_MANY_REQUESTS, wait, body).into_response();
            }
            AppError::Full(m) => (StatusCode::SERVICE_UNAVAILABLE, m),
            AppError::Internal(m) => {
                error!(error = %m, "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error".to_owned(),
                )
            }
        };
        (status, Json(json!({ "error": message }))).into_response()
    }
}

impl From<crate::StoreError> for AppError {
    fn from(e: crate::StoreError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<getrandom::Error> for AppError {
    fn from(e: getrandom::Error) -> Self {
        AppError::Internal(format!("random numbers: {e}"))
    }
}
