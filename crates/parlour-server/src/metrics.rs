//! `/metrics`: the server's counters and latencies in Prometheus' text format (OpenMetrics),
//! for an operator's dashboards and alerts. Counts only: no table id, name or token.

use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

use crate::AppState;

/// Labels of a refusal: its `rejected` code.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct CodeLabel {
    code: &'static str,
}

/// Labels of an HTTP error: its status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct StatusLabel {
    status: u16,
}

/// Every metric of one server process. Updating one is an atomic add or a short lock, with no
/// allocation once a label has been seen.
#[derive(Debug)]
pub(crate) struct Metrics {
    registry: Registry,
    tables_open: Gauge,
    connections: Gauge,
    /// Actions applied, people's and bots'.
    pub(crate) actions: Counter,
    /// From a table reading an action to every connection having been sent its steps.
    pub(crate) step: Histogram,
    /// One write of a table's steps to the database (an action with the chance and the quick
    /// bots' moves that followed it at once).
    pub(crate) store: Histogram,
    /// Tables whose lease this process took over (PostgreSQL).
    pub(crate) takeovers: Counter,
    refusals: Family<CodeLabel, Counter>,
    http_errors: Family<StatusLabel, Counter>,
}

impl Default for Metrics {
    fn default() -> Self {
        // 100 µs to about 6.5 s, doubling.
        let buckets = || Histogram::new(exponential_buckets(0.0001, 2.0, 17));
        let (tables_open, connections) = (Gauge::default(), Gauge::default());
        let (actions, takeovers) = (Counter::default(), Counter::default());
        let (step, store) = (buckets(), buckets());
        let (refusals, http_errors) = (Family::default(), Family::default());
        let mut r = Registry::with_prefix("parlour");
        r.register(
            "tables_open",
            "Unfinished tables loaded in this process",
            tables_open.clone(),
        );
        r.register(
            "connections",
            "Open websocket connections",
            connections.clone(),
        );
        r.register(
            "actions",
            "Actions applied (people's and bots'); its rate is actions per second",
            actions.clone(),
        );
        r.register_with_unit(
            "step",
            "From a table reading an action to its steps being stored and sent to everyone",
            Unit::Seconds,
            step.clone(),
        );
        r.register_with_unit(
            "store",
            "One write of steps to the database",
            Unit::Seconds,
            store.clone(),
        );
        r.register(
            "lease_takeovers",
            "Unfinished tables this process loaded under a lease: taken over from a process \
             that died or let go, or its own before a restart (PostgreSQL)",
            takeovers.clone(),
        );
        r.register(
            "refusals",
            "Client messages refused, by rejected code",
            refusals.clone(),
        );
        r.register(
            "http_errors",
            "HTTP answers with an error status, by status",
            http_errors.clone(),
        );
        Metrics {
            registry: r,
            tables_open,
            connections,
            actions,
            step,
            store,
            takeovers,
            refusals,
            http_errors,
        }
    }
}

impl Metrics {
    /// Counts a `rejected` sent to a client.
    pub(crate) fn refused(&self, code: &'static str) {
        self.refusals.get_or_create(&CodeLabel { code }).inc();
    }
}

#[cfg(test)]
impl Metrics {
    /// How many writes of steps were timed, as `/metrics` shows it.
    pub(crate) fn writes(&self) -> u64 {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("parlour_store_seconds_count "))
            .expect("the store's histogram is shown")
            .parse()
            .unwrap()
    }
}

/// Seconds of a duration, for a histogram.
pub(crate) fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// `GET /metrics`.
pub(crate) async fn metrics(State(app): State<AppState>) -> Response {
    let m = &app.shared.metrics;
    let gauge = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    m.tables_open
        .set(gauge(app.shared.tables_open.load(Ordering::Relaxed)));
    m.connections
        .set(gauge(app.shared.connections.load(Ordering::Relaxed)));
    let mut text = String::new();
    if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &m.registry) {
        return (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response();
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// Counts every HTTP answer with an error status.
pub(crate) async fn count_errors(
    State(app): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    if status.is_client_error() || status.is_server_error() {
        app.shared
            .metrics
            .http_errors
            .get_or_create(&StatusLabel {
                status: status.as_u16(),
            })
            .inc();
    }
    res
}
